package dev.dbbench.engine.postgres;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import dev.dbbench.text.Digests;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * PostgreSQL binaries unpacked from a binaries archive, once per machine and archive content, and
 * shared by every server and JVM that uses the same archive.
 */
final class PostgresInstallation {

    /** Unpacking that stopped longer ago than this belongs to a JVM that died; its leftovers go. */
    private static final Duration ABANDONED = Duration.ofHours(1);
    private static final SecureRandom RANDOM = new SecureRandom();
    /** How the file system's refusals read in the logs of initdb and postgres, which run as processes. */
    private static final List<String> FILE_SYSTEM_ERRORS = List.of("No space left on device", "Read-only file system",
            "Permission denied", "Not a directory", "Disk quota exceeded");

    private PostgresInstallation() {
    }

    /**
     * Everything dbbench keeps of embedded PostgreSQL: unpacked binaries and the servers' files, in a
     * folder of this user's, created with mode 0700 and checked on every use: its name is predictable,
     * so another local user who made it first could plant the binaries dbbench runs. A folder under that
     * name that is a link, another user's, or writable by others is refused, naming it.
     */
    static Path home() throws IOException {
        final String user = System.getProperty("user.name", "").replaceAll("[^A-Za-z0-9._-]", "_");
        final Path home = Paths.get(System.getProperty("java.io.tmpdir"), "dbbench-postgres-" + user);
        try {
            Files.createDirectory(home, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (FileAlreadyExistsException e) {
            // Made earlier, by this user's run or by someone else: checked below either way.
        }
        requirePrivate(home);
        return home;
    }

    /** Only this user may read, write or enter it. */
    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    /** Refuses a folder dbbench would run binaries from that this user does not alone control. */
    static void requirePrivate(Path home) throws IOException {
        final PosixFileAttributes attributes = Files.readAttributes(home, PosixFileAttributes.class,
                LinkOption.NOFOLLOW_LINKS);
        final String me = System.getProperty("user.name", "");
        final String what;
        if (attributes.isSymbolicLink() || !attributes.isDirectory()) {
            what = "is not a folder but " + (attributes.isSymbolicLink() ? "a symbolic link" : "a file");
        } else if (!attributes.owner().getName().equals(me)) {
            what = "belongs to user " + attributes.owner().getName() + ", not to " + me;
        } else if (attributes.permissions().contains(PosixFilePermission.GROUP_WRITE)
                || attributes.permissions().contains(PosixFilePermission.OTHERS_WRITE)) {
            what = "is writable by other users (mode " + PosixFilePermissions.toString(attributes.permissions()) + ")";
        } else {
            // Readable by others (made by an earlier dbbench, under the usual umask), never writable: closed now.
            if (!attributes.permissions().equals(OWNER_ONLY)) {
                Files.setPosixFilePermissions(home, OWNER_ONLY);
            }
            return;
        }
        throw new IOException("dbbench runs embedded PostgreSQL only from a folder of its user's own, and " + home + " "
                + what + ": another user could have put binaries there. Delete it (dbbench makes it again, mode 0700),"
                + " or point java.io.tmpdir at a folder only you can write");
    }

    /**
     * The file holding the password of the embedded servers' superuser, made once in {@link #home()}
     * (mode 0600, in a folder only this user may enter) from 32 random bytes. The servers authenticate
     * every connection with it (SCRAM), local and over TCP alike: another local user reaches neither
     * the password nor a server. Written aside and linked into place, so JVMs making it at once agree
     * on the first one whole.
     */
    static Path superuserPasswordFile() throws IOException {
        final Path home = home();
        final Path file = home.resolve("superuser-password");
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return file;
        }
        final byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        final Path written = Files.createTempFile(home, "password-", ".tmp",
                PosixFilePermissions.asFileAttribute(EnumSet.of(PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE)));
        try {
            Files.writeString(written, Base64.getUrlEncoder().withoutPadding().encodeToString(secret),
                    StandardCharsets.US_ASCII);
            try {
                Files.createLink(file, written);
            } catch (FileAlreadyExistsException e) {
                // Another JVM's came first: that one is the password.
            }
        } finally {
            Files.deleteIfExists(written);
        }
        return file;
    }

    /**
     * For a start that failed on the file system (a full disk, a folder that cannot be written), where
     * embedded PostgreSQL lives and what to do; empty for any other failure.
     */
    static String whereItLives(IOException failure) {
        final String message = String.valueOf(failure.getMessage());
        final boolean fileSystem = failure instanceof FileSystemException
                || FILE_SYSTEM_ERRORS.stream().anyMatch(message::contains);
        if (!fileSystem) {
            return "";
        }
        return ". dbbench keeps embedded PostgreSQL in java.io.tmpdir (" + System.getProperty("java.io.tmpdir")
                + "): about 60 MB of binaries per version and 40 MB per running server, which must be written"
                + " there. Free space in it, or point java.io.tmpdir at a writable folder with room (for the test JVMs:"
                + " <argLine>-Djava.io.tmpdir=...</argLine> in Surefire's configuration)";
    }

    /** The directory holding {@code bin}, {@code lib} and {@code share} of the archive. */
    static Path unpack(PostgresBinaries.Choice binaries) throws IOException {
        final byte[] archive;
        try (InputStream in = binaries.archive().open()) {
            archive = in.readAllBytes();
        }
        final Path home = home();
        final Path installation = home.resolve("binaries-" + binaries.version() + "-" + Digests.sha256(archive, 8));
        if (Files.isDirectory(installation)) {
            return installation;
        }
        removeAbandoned(home, "unpacking-", ABANDONED);
        // Unpacked aside and renamed into place, so a directory under the final name is always complete
        // and JVMs unpacking the same archive at once need no lock: the first rename wins.
        final Path staging = Files.createTempDirectory(home, "unpacking-");
        try {
            extract(archive, staging);
            try {
                Files.move(staging, installation, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Files.isDirectory(installation)) {
                    throw e;
                }
            }
        } finally {
            deleteRecursively(staging);
        }
        return installation;
    }

    private static void extract(byte[] archive, Path target) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZInputStream(
                new ByteArrayInputStream(archive)))) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                final Path path = target.resolve(entry.getName()).normalize();
                if (!path.startsWith(target)) {
                    throw new IOException("the PostgreSQL archive has an entry outside its root: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                    continue;
                }
                Files.createDirectories(path.getParent());
                if (entry.isSymbolicLink()) {
                    Files.createSymbolicLink(path, Paths.get(entry.getLinkName()));
                } else if (entry.isLink()) {
                    Files.createLink(path, target.resolve(entry.getLinkName()).normalize());
                } else {
                    Files.copy(tar, path);
                    Files.setPosixFilePermissions(path, permissions(entry.getMode()));
                }
            }
        }
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        final Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        final PosixFilePermission[] bits = {
            PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
            PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ,
        };
        for (int bit = 0; bit < bits.length; bit++) {
            if ((mode & (1 << bit)) != 0) {
                permissions.add(bits[bit]);
            }
        }
        // The owner must be able to read what it unpacked, whatever the archive says.
        permissions.add(PosixFilePermission.OWNER_READ);
        return permissions;
    }

    /** Deletes the entries of {@code directory} named {@code prefix...} and unchanged for {@code age}. */
    static void removeAbandoned(Path directory, String prefix, Duration age) {
        final FileTime before = FileTime.from(Instant.now().minus(age));
        try (Stream<Path> entries = Files.list(directory)) {
            entries.filter(path -> path.getFileName().toString().startsWith(prefix))
                    .filter(path -> lastModified(path).compareTo(before) < 0)
                    .forEach(PostgresInstallation::deleteRecursively);
        } catch (IOException e) {
            // Leftovers only take space; they never stop a server from starting.
        }
    }

    private static FileTime lastModified(Path path) {
        try {
            return Files.getLastModifiedTime(path);
        } catch (IOException e) {
            return FileTime.from(Instant.now());
        }
    }

    /** Deletes a directory tree, as far as it can; symbolic links are removed, never followed. */
    static void deleteRecursively(Path root) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    // What cannot be deleted stays; the caller's work does not depend on it.
                }
            });
        } catch (IOException e) {
            // As above.
        }
    }
}
