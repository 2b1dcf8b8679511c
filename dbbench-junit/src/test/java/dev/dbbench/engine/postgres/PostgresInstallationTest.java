package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;

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
    void aFolderOfThisUsersThatOthersCouldOnlyReadIsClosedAndUsed() throws IOException {
        final Path earlier = Files.createDirectory(temp.resolve("earlier"));
        Files.setPosixFilePermissions(earlier, PosixFilePermissions.fromString("rwxr-xr-x"));

        PostgresInstallation.requirePrivate(earlier);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(earlier))).isEqualTo("rwx------");
    }
}
