package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.stream.Stream;

import javax.sql.DataSource;

/**
 * Copies a running server's data directory with PostgreSQL's low-level base backup: backup start,
 * a plain file copy, backup stop, then the WAL written meanwhile and the backup label, from which a
 * server started on the copy recovers a consistent state. The embedded binaries have no
 * {@code pg_basebackup}, and the server's files are local, so the copy is made here.
 */
final class BaseBackup {

    /** Directories whose contents a backup leaves out; the server recreates them. */
    private static final Set<String> EMPTIED = Set.of("pg_wal", "pg_replslot", "pg_dynshmem", "pg_notify",
            "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans");
    /** Files of the running server, never of a copy. */
    private static final Set<String> LEFT_OUT = Set.of("postmaster.pid", "postmaster.opts", "pg_internal.init");

    private BaseBackup() {
    }

    static void copy(DataSource server, Path data, Path copy) throws SQLException, IOException {
        try (Connection connection = server.getConnection(); Statement statement = connection.createStatement()) {
            final boolean since15 = connection.getMetaData().getDatabaseMajorVersion() >= 15;
            statement.execute(since15 ? "SELECT pg_backup_start('dbbench', true)"
                    : "SELECT pg_start_backup('dbbench', true, false)");
            final String label;
            try {
                copyTree(data, copy);
            } finally {
                try (ResultSet stop = statement.executeQuery(since15 ? "SELECT labelfile FROM pg_backup_stop(false)"
                        : "SELECT labelfile FROM pg_stop_backup(false, false)")) {
                    stop.next();
                    label = stop.getString(1);
                }
            }
            // The WAL from the backup's start to its stop, which the copy replays to become consistent.
            try (Stream<Path> segments = Files.list(data.resolve("pg_wal"))) {
                for (Path segment : segments.filter(Files::isRegularFile).toList()) {
                    Files.copy(segment, copy.resolve("pg_wal").resolve(segment.getFileName()),
                            StandardCopyOption.COPY_ATTRIBUTES, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.writeString(copy.resolve("backup_label"), label, StandardCharsets.UTF_8);
        }
    }

    private static void copyTree(Path data, Path copy) throws IOException {
        Files.walkFileTree(data, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes)
                    throws IOException {
                Files.copy(directory, copy.resolve(data.relativize(directory).toString()),
                        StandardCopyOption.COPY_ATTRIBUTES);
                return directory.getParent() != null && !directory.equals(data)
                        && EMPTIED.contains(directory.getFileName().toString())
                        ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                final String name = file.getFileName().toString();
                if (!LEFT_OUT.contains(name) && !name.startsWith("pgsql_tmp")) {
                    try {
                        Files.copy(file, copy.resolve(data.relativize(file).toString()),
                                StandardCopyOption.COPY_ATTRIBUTES);
                    } catch (NoSuchFileException removedMeanwhile) {
                        return visitFileFailed(file, removedMeanwhile);
                    }
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                // A file the server removed while it was copied (a temporary one) is not part of the backup.
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }
        });
    }
}
