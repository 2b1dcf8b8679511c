package dev.dbbench.baseline;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.dbbench.api.ConfigKeys;

/**
 * The baseline files of one directory, one {@code <fully.qualified.ClassName>.json} per test class.
 *
 * <p>Writes merge into the file as it is on disk at that moment, under a lock held across processes,
 * and replace it atomically: parallel Surefire forks never lose each other's entries, and a crash
 * never leaves a half-written file. A file that cannot be parsed is never overwritten.
 */
public final class BaselineStore {

    private final Path directory;
    private final BaselineCodec codec = new BaselineCodec();

    public BaselineStore(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    /** Where a class's baselines live. */
    public Path fileFor(String className) {
        return directory.resolve(className + ".json");
    }

    /** The class's baselines, or empty when it has no file yet. */
    public Optional<BaselineFile> read(String className) {
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new BaselineException("the baseline directory " + directory.toAbsolutePath() + " is not a directory."
                    + " Point " + ConfigKeys.BASELINE_DIR + " at a directory; nothing was written.");
        }
        final Path file = fileFor(className);
        final byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new BaselineException("cannot read " + file + ": " + e + ". Check its permissions.", e);
        }
        final BaselineFile parsed = codec.decode(bytes, file);
        if (!parsed.className().equals(className)) {
            throw new BaselineException(file + " holds the baselines of " + parsed.className() + ", not of " + className
                    + ". The file was not changed; rename or delete it.");
        }
        return Optional.of(parsed);
    }

    /**
     * Adds or replaces the given entries of a class's baseline file and keeps all others.
     *
     * @return the file as written
     */
    public synchronized BaselineFile merge(String className, Map<String, BaselineEntry> updates) {
        final Path file = fileFor(className);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw unwritable(e);
        }
        try (FileChannel lockChannel = FileChannel.open(lockFileFor(file),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = lockChannel.lock()) {
            final BaselineFile merged = read(className).orElseGet(() -> BaselineFile.empty(className)).with(updates);
            writeAtomically(file, codec.encode(merged));
            return merged;
        } catch (IOException e) {
            throw unwritable(e);
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
     * The lock lives in the temporary directory, not beside the baselines, so no lock file ever shows
     * up in the user's working tree; the name is derived from the baseline file's absolute path.
     */
    private static Path lockFileFor(Path file) {
        try {
            final byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(file.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
            return Paths.get(System.getProperty("java.io.tmpdir"),
                    "dbbench-" + HexFormat.of().formatHex(digest, 0, 12) + ".lock");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private BaselineException unwritable(IOException e) {
        final String reason = e instanceof AccessDeniedException ? "permission denied" : e.toString();
        return new BaselineException("cannot write baselines to " + directory.toAbsolutePath() + " (" + reason
                + "). Make the directory writable or point " + ConfigKeys.BASELINE_DIR + " at one that is; no baseline"
                + " file was changed.", e);
    }
}
