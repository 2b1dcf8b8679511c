package dev.dbbench.workload;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * One {@code COPY ... FROM STDIN} in text format fed row by row from a generator: rows are appended
 * to a buffer and shipped in chunks, so a load of any size holds one chunk in memory.
 */
final class CopyStream {

    // COPY messages of this size amortise the per-message cost without holding much in memory.
    private static final int CHUNK_CHARS = 64 * 1024;

    /** Appends the rows of one generator unit (one or more lines, each ending in a newline). */
    @FunctionalInterface
    interface UnitWriter {
        /** Appends the lines of unit {@code unit} to {@code out} and returns how many lines it appended. */
        long write(long unit, StringBuilder out);
    }

    private CopyStream() {
    }

    /**
     * Runs {@code copySql} with the lines of units {@code 0 .. units-1}; on failure the COPY is
     * cancelled, so nothing is loaded. Returns the number of rows the server reports.
     */
    static long copy(final Connection connection, final String copySql, final long units,
            final UnitWriter writer, final Progress progress) throws SQLException {
        Objects.requireNonNull(connection, "connection");
        final CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(copySql);
        try {
            final StringBuilder chunk = new StringBuilder(CHUNK_CHARS + 16 * 1024);
            long pendingLines = 0;
            for (long unit = 0; unit < units; unit++) {
                pendingLines += writer.write(unit, chunk);
                if (chunk.length() >= CHUNK_CHARS) {
                    send(copy, chunk);
                    progress.advance(pendingLines);
                    pendingLines = 0;
                }
            }
            send(copy, chunk);
            progress.advance(pendingLines);
            final long rows = copy.endCopy();
            progress.finish();
            return rows;
        } catch (SQLException | RuntimeException e) {
            try {
                if (copy.isActive()) {
                    copy.cancelCopy();
                }
            } catch (SQLException | RuntimeException cancelFailure) {
                e.addSuppressed(cancelFailure);
            }
            throw e;
        }
    }

    private static void send(final CopyIn copy, final StringBuilder chunk) throws SQLException {
        if (chunk.length() == 0) {
            return;
        }
        // The driver sets client_encoding to UTF8, so the server decodes these bytes as UTF-8.
        final byte[] bytes = chunk.toString().getBytes(StandardCharsets.UTF_8);
        copy.writeToCopy(bytes, 0, bytes.length);
        chunk.setLength(0);
    }
}
