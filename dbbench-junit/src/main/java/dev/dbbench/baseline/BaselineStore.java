package dev.dbbench.baseline;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.FileLockInterruptionException;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;

import dev.dbbench.api.ConfigKeys;

/**
 * The baseline files of one directory, one {@code <fully.qualified.ClassName>.json} per test class.
 *
 * <p>Writes merge into the file as it is on disk at that moment, under a lock held across processes,
 * and replace it atomically: parallel Surefire forks never lose each other's entries, and a crash
 * never leaves a half-written file. A file that cannot be parsed is never overwritten.
 */
public final class BaselineStore {

    /**
     * A file lock is held by a whole JVM: a second {@code lock()} from this JVM fails at once instead of
     * waiting, so the threads of this JVM take turns here before taking the lock file.
     */
    private static final ReentrantLock IN_THIS_JVM = new ReentrantLock();
    /** The longest file name of the usual file systems (ext4, XFS, APFS, NTFS), in bytes. */
    private static final int LONGEST_FILE_NAME = 255;
    /** What a temporary file's name adds to the baseline file's: a dot, a random number, {@code .tmp}. */
    private static final int TEMPORARY_NAME_EXTRA = 1 + 20 + ".tmp".length();

    private final Path directory;
    private final BaselineCodec codec = new BaselineCodec();

    public BaselineStore(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    /**
     * Where a class's baselines live; a class whose file name would be longer than file systems allow
     * (with the temporary file a write makes beside it) is refused, naming it, rather than failing
     * later as a file that cannot be written.
     */
    public Path fileFor(String className) {
        final String name = className + ".json";
        final int bytes = name.getBytes(StandardCharsets.UTF_8).length;
        if (bytes + TEMPORARY_NAME_EXTRA > LONGEST_FILE_NAME) {
            throw new BaselineException("the baseline file of " + className + " would be named with " + bytes
                    + " bytes, and with the temporary file a write makes beside it (" + TEMPORARY_NAME_EXTRA
                    + " bytes more) that is over the " + LONGEST_FILE_NAME + " bytes file systems allow for a name;"
                    + " nothing was read or written. Shorten the class's name to at most "
                    + (LONGEST_FILE_NAME - TEMPORARY_NAME_EXTRA - ".json".length()) + " bytes (a nested class counts"
                    + " with its package and outer class)");
        }
        return directory.resolve(name);
    }

    /** The class's baselines, or empty when it has no file yet. */
    public Optional<BaselineFile> read(String className) {
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new BaselineException("the baseline directory " + directory.toAbsolutePath() + " is not a directory."
                    + " Point " + ConfigKeys.BASELINE_DIR + " at a directory; nothing was written.");
        }
        final Path file = fileFor(className);
        return bytes(file).map(bytes -> decode(bytes, file, className));
    }

    private static Optional<byte[]> bytes(Path file) {
        try {
            return Optional.of(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new BaselineException("cannot read " + file + ": " + e + ". Check its permissions.", e);
        }
    }

    private BaselineFile decode(byte[] bytes, Path file, String className) {
        final BaselineFile parsed = codec.decode(bytes, file);
        if (!parsed.className().equals(className)) {
            throw new BaselineException(file + " holds the baselines of " + parsed.className() + ", not of " + className
                    + ". The file was not changed; rename or delete it.");
        }
        return parsed;
    }

    /**
     * Adds or replaces the given entries of a class's baseline file and keeps all others, byte for
     * byte: a branch that rewrites one entry changes only that entry's lines (a file of the previous
     * schema is rewritten whole, in the current one).
     *
     * @return the file as written
     */
    public BaselineFile merge(String className, Map<String, BaselineEntry> updates) {
        return rewrite(className, updates, Set.of()).orElseThrow();
    }

    /**
     * Removes the entries of the given keys from a class's baseline file and keeps all others, byte for
     * byte, as {@link #merge} does.
     *
     * @return the file as written; empty where the class has no file
     */
    public Optional<BaselineFile> remove(String className, Set<String> keys) {
        return rewrite(className, Map.of(), keys);
    }

    private Optional<BaselineFile> rewrite(String className, Map<String, BaselineEntry> updates, Set<String> removed) {
        final Path file = fileFor(className);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw unwritable(e);
        }
        IN_THIS_JVM.lock();
        try (FileChannel lockChannel = openLockFile();
                FileLock lock = lockWaiting(lockChannel)) {
            final Path replaced = replaced(file);
            removeStaleTemporaries(replaced);
            final Optional<byte[]> onDisk = bytes(replaced);
            final Optional<BaselineFile> current = onDisk.map(bytes -> decode(bytes, file, className));
            if (current.isEmpty() && updates.isEmpty()) {
                return Optional.empty();
            }
            if (current.isPresent()) {
                requireReplaceable(replaced);
            }
            final BaselineFile merged = current.orElseGet(() -> BaselineFile.empty(className)).with(updates)
                    .without(removed);
            final byte[] encoded = codec.encode(merged);
            writeAtomically(replaced, current.isPresent() && current.get().schema() == BaselineFile.SCHEMA
                    ? EntryTexts.splice(encoded, kept(onDisk.get(), updates.keySet()))
                    : encoded);
            requireRecorded(file, updates.keySet(), read(className).orElseGet(() -> BaselineFile.empty(className)));
            return Optional.of(merged);
        } catch (IOException e) {
            throw unwritable(e);
        } finally {
            IN_THIS_JVM.unlock();
        }
    }

    /** The bytes of every entry of a file that a write leaves as it is. */
    private static Map<String, byte[]> kept(byte[] file, Set<String> replaced) throws IOException {
        final Map<String, byte[]> kept = new TreeMap<>(EntryTexts.of(file));
        kept.keySet().removeAll(replaced);
        return kept;
    }

    private static FileChannel openLockFile() {
        final Path lockFile = lockFile();
        try {
            return FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new BaselineException("cannot open " + lockFile + ", the lock file that serializes baseline writes ("
                    + e + "); no baseline file was changed. Make it writable, or delete it while no build runs.", e);
        }
    }

    private static FileLock lockWaiting(FileChannel channel) throws IOException {
        while (true) {
            try {
                return channel.lock();
            } catch (OverlappingFileLockException e) {
                // Held by a copy of this class from another class loader of this JVM; wait our turn.
                try {
                    Thread.sleep(5);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new FileLockInterruptionException();
                }
            }
        }
    }

    /**
     * The file a write replaces: where the baseline file is a symbolic link (a baselines folder shared
     * file by file), the file it points to, so that the link stays a link.
     */
    private static Path replaced(Path file) throws IOException {
        if (!Files.isSymbolicLink(file)) {
            return file;
        }
        try {
            return file.toRealPath();
        } catch (NoSuchFileException e) {
            throw new BaselineException(file + " is a symbolic link to " + Files.readSymbolicLink(file) + ", which does"
                    + " not exist, so dbbench leaves it as it is; nothing was written. Point it at a baseline file, or"
                    + " delete it to record a new one in its place.", e);
        }
    }

    /**
     * A read-only baseline file is the user's word that it must not change, so it is not replaced,
     * although a rename over it would succeed (the directory is writable) and root could write it
     * anyway: the mode bits decide, for every user alike.
     */
    private static void requireReplaceable(Path file) throws IOException {
        final boolean posix = Files.getFileStore(file).supportsFileAttributeView(PosixFileAttributeView.class);
        final Set<PosixFilePermission> permissions = posix ? Files.getPosixFilePermissions(file) : Set.of();
        final String mode = posix ? "mode " + PosixFilePermissions.toString(permissions) : "read-only";
        if (posix ? !permissions.contains(PosixFilePermission.OWNER_WRITE) : !Files.isWritable(file)) {
            throw new BaselineException("cannot replace " + file + " (" + mode + "): the file is read-only, so"
                    + " dbbench leaves it as it is; nothing was written. To record the new entries, make it writable"
                    + (posix ? " (chmod u+w " + file + ")" : "") + " and run again.");
        }
        if (!Files.isWritable(file)) {
            throw new BaselineException("cannot replace " + file + " (" + mode + ", owner "
                    + Files.getOwner(file).getName() + "): user " + System.getProperty("user.name") + " may not write"
                    + " it, so dbbench leaves it as it is; nothing was written. Run the update as its owner.");
        }
    }

    /**
     * Checks that the file as read back holds every entry just recorded: a writer that ignores the lock
     * (another tool, an older dbbench) may have replaced it in between, and a lost entry must not go
     * unnoticed.
     */
    static void requireRecorded(Path file, Set<String> recorded, BaselineFile onDisk) {
        final SortedSet<String> missing = new TreeSet<>(recorded);
        missing.removeAll(onDisk.benchmarks().keySet());
        if (!missing.isEmpty()) {
            throw new BaselineException("the entries " + missing + " just recorded in " + file + " are missing from it"
                    + " when read back: another process replaced the file without dbbench's lock. Run the update"
                    + " again when nothing else writes " + file + ".");
        }
    }

    /** A temporary file older than this was left by a writer that died: a write takes milliseconds. */
    static final Duration STALE = Duration.ofMinutes(10);

    /**
     * Deletes the temporary files of {@code file} that a writer killed mid-write left beside it
     * ({@code .<file><random>.tmp}, which {@code git status} would show for good): those older than
     * {@link #STALE}, so that no write in flight loses its file.
     */
    private void removeStaleTemporaries(Path file) throws IOException {
        final String prefix = "." + file.getFileName();
        final FileTime before = FileTime.from(Instant.now().minus(STALE));
        try (DirectoryStream<Path> temporaries = Files.newDirectoryStream(directory, prefix + "*.tmp")) {
            for (Path temporary : temporaries) {
                if (Files.isRegularFile(temporary, LinkOption.NOFOLLOW_LINKS)
                        && Files.getLastModifiedTime(temporary).compareTo(before) < 0) {
                    Files.deleteIfExists(temporary);
                }
            }
        }
    }

    private void writeAtomically(Path file, byte[] bytes) throws IOException {
        final Path temp = Files.createTempFile(directory, "." + file.getFileName(), ".tmp");
        try {
            keepPermissions(file, temp);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                final ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * A temporary file is created owner-only; the replaced file keeps the permissions it had, and a
     * new one gets the usual rw-r--r--, so a merge never hides a baseline from other users.
     */
    private static void keepPermissions(Path file, Path temp) throws IOException {
        if (!Files.getFileStore(temp).supportsFileAttributeView(PosixFileAttributeView.class)) {
            return;
        }
        final Set<PosixFilePermission> permissions = Files.exists(file)
                ? Files.getPosixFilePermissions(file)
                : PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(temp, permissions);
    }

    /**
     * Every process of this user on this machine takes the same lock file for every baseline directory,
     * rather than one per file or per directory path. So mutual exclusion does not depend on how a
     * path is spelled (a symlinked or bind-mounted baselines folder is the same folder), and the
     * machine holds one dbbench lock file, not one per path ever written. The file is never deleted: a
     * process waiting on a deleted lock file would, once it got the lock, hold a lock that a process
     * opening the file anew does not see. A merge holds it for milliseconds, so merges into unrelated
     * directories barely wait for each other. It lives in the user's cache folder
     * ({@code ~/.cache/dbbench}), not in the working tree and not in {@code java.io.tmpdir}, which
     * test JVMs of one build may set apart (a fork's own {@code -Djava.io.tmpdir}): JVMs with
     * different temporary directories must still take one lock. Without a home to write, it falls
     * back to the temporary directory, per user, since a lock file created by another user cannot be
     * opened for writing.
     */
    private static Path lockFile() {
        try {
            final Path cache = Files.createDirectories(Paths.get(System.getProperty("user.home", ""), ".cache",
                    "dbbench"));
            if (Files.isWritable(cache)) {
                return cache.resolve("baselines.lock");
            }
        } catch (IOException | InvalidPathException e) {
            // No home of its own to write (a container's user without one): the temporary directory's lock.
        }
        final String user = System.getProperty("user.name", "").replaceAll("[^A-Za-z0-9._-]", "_");
        return Paths.get(System.getProperty("java.io.tmpdir"), "dbbench-baselines-" + user + ".lock");
    }

    private BaselineException unwritable(IOException e) {
        final String reason = e instanceof AccessDeniedException ? "permission denied" : e.toString();
        return new BaselineException("cannot write baselines to " + directory.toAbsolutePath() + " (" + reason
                + "). Make the directory writable or point " + ConfigKeys.BASELINE_DIR + " at one that is; no baseline"
                + " file was changed.", e);
    }
}
