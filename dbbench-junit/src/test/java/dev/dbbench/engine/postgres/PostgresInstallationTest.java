package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.TreeMap;

import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The folder dbbench runs embedded PostgreSQL from has a predictable name, so another local user who
 * made it first could plant the binaries: it is used only when it is this user's alone.
 */
class PostgresInstallationTest {

    @TempDir
    Path temp;

    @Test
    void aFolderOthersCanWriteOrALinkIsRefusedNamingIt() throws IOException {
        final Path shared = Files.createDirectory(temp.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        final Path link = Files.createSymbolicLink(temp.resolve("link"), shared);

        assertThatThrownBy(() -> PostgresInstallation.requirePrivate(shared)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("dbbench runs embedded PostgreSQL only from a folder of its user's own, and "
                        + shared + " is writable by other users (mode rwxrwxrwx): another user could have put"
                        + " binaries there");
        assertThatThrownBy(() -> PostgresInstallation.requirePrivate(link))
                .hasMessageContaining(link + " is not a folder but a symbolic link");
    }

    @Test
    void aFolderOfAnotherUserIsRefused() throws IOException {
        assumeTrue("root".equals(System.getProperty("user.name")), "only root can give a folder to another user");
        final Path planted = Files.createDirectory(temp.resolve("planted"));
        final UserPrincipal nobody = planted.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName("nobody");
        Files.setOwner(planted, nobody);

        assertThatThrownBy(() -> PostgresInstallation.requirePrivate(planted))
                .hasMessageContaining(planted + " belongs to user nobody, not to root");
    }

    @Test
    void aTemporaryDirectoryThatCannotBeWrittenFailsTheStartNamingItAndWhatToDo() throws IOException {
        // A folder under a regular file: nothing can be created in it, also by root.
        final Path unwritable = Files.createFile(temp.resolve("a-file")).resolve("tmp");
        final String before = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", unwritable.toString());
        try {
            assertThatThrownBy(() -> EmbeddedPostgresServer.start(new EngineTarget(EngineKind.POSTGRES, "17",
                    new TreeMap<>(), ProviderKind.EMBEDDED, "")))
                    .hasMessageStartingWith("embedded PostgreSQL 17.6.0 (from ")
                    .hasMessageContaining(unwritable + "/dbbench-postgres-")
                    .hasMessageEndingWith(". dbbench keeps embedded PostgreSQL in java.io.tmpdir (" + unwritable
                            + "): about 60 MB of binaries per version and 40 MB per running server, which must be"
                            + " written there. Free space in it, or point java.io.tmpdir at a writable folder with room"
                            + " (for the test JVMs: <argLine>-Djava.io.tmpdir=...</argLine> in Surefire's"
                            + " configuration)");
        } finally {
            System.setProperty("java.io.tmpdir", before);
        }
    }

    @Test
    void aFullDiskInInitdbsLogIsToldWhereEmbeddedPostgresLives() {
        assertThat(PostgresInstallation.whereItLives(new IOException("initdb exited with code 1; its last log"
                + " lines:\n  | could not write to file \"pg_wal/xlogtemp.12\": No space left on device")))
                .startsWith(". dbbench keeps embedded PostgreSQL in java.io.tmpdir (");
        assertThat(PostgresInstallation.whereItLives(new IOException("the server exited with code 1 while starting")))
                .isEmpty();
    }

    @Test
    void aFolderOfThisUsersThatOthersCouldOnlyReadIsClosedAndUsed() throws IOException {
        final Path earlier = Files.createDirectory(temp.resolve("earlier"));
        Files.setPosixFilePermissions(earlier, PosixFilePermissions.fromString("rwxr-xr-x"));

        PostgresInstallation.requirePrivate(earlier);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(earlier))).isEqualTo("rwx------");
    }
}
