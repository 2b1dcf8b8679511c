package dev.dbbench.engine;

import java.util.Optional;

/**
 * What one call wrote on the server, by the server's own count of the statements it ran: write-ahead
 * log records, full-page images and bytes (durability), the shared buffers it dirtied, those it had
 * to write out itself to make room, and the temporary-file blocks it wrote (sorts and hashes that did
 * not fit in {@code work_mem}); beside them, the WAL the whole server wrote meanwhile, which holds
 * what no statement's count does (commit records, {@code COPY}) and whatever the server did on its
 * own; and, where the server's WAL can be read, what it holds of the call record by record
 * ({@link ServerWrites}). Counted from a checkpoint taken right before the call, so full-page images and
 * dirtied buffers do not depend on when the server last checkpointed.
 *
 * @param server the call's WAL record by record; empty where the server's WAL cannot be read (a server
 *     before PostgreSQL 16, a role without {@code pg_read_server_files}) and in a baseline entry recorded
 *     before it was counted
 */
public record Writes(long walRecords, long walFullPageImages, long walBytes, long buffersDirtied,
        long buffersWritten, long tempBlocksWritten, long serverWalBytes, Optional<ServerWrites> server) {

    public static final Writes NONE = new Writes(0, 0, 0, 0, 0, 0, 0, Optional.empty());

    /** The counts of the call's statements alone. */
    public Writes(long walRecords, long walFullPageImages, long walBytes, long buffersDirtied, long buffersWritten,
            long tempBlocksWritten, long serverWalBytes) {
        this(walRecords, walFullPageImages, walBytes, buffersDirtied, buffersWritten, tempBlocksWritten,
                serverWalBytes, Optional.empty());
    }

    /** The sum of two counts. */
    public Writes plus(Writes other) {
        return new Writes(walRecords + other.walRecords, walFullPageImages + other.walFullPageImages,
                walBytes + other.walBytes, buffersDirtied + other.buffersDirtied, buffersWritten + other.buffersWritten,
                tempBlocksWritten + other.tempBlocksWritten, serverWalBytes + other.serverWalBytes);
    }

    /** What was counted since {@code earlier}, a reading of the same counters. */
    public Writes since(Writes earlier) {
        return new Writes(walRecords - earlier.walRecords, walFullPageImages - earlier.walFullPageImages,
                walBytes - earlier.walBytes, buffersDirtied - earlier.buffersDirtied,
                buffersWritten - earlier.buffersWritten, tempBlocksWritten - earlier.tempBlocksWritten,
                serverWalBytes - earlier.serverWalBytes);
    }

    /** The same statement counts, with the WAL the whole server wrote during the call. */
    public Writes withServerWalBytes(long bytes) {
        return new Writes(walRecords, walFullPageImages, walBytes, buffersDirtied, buffersWritten, tempBlocksWritten,
                bytes, server);
    }

    /**
     * The same counts with the server's reading, and without the page images of hint bits that the
     * reading found the call's statements logged: those depend on timing ({@link ServerWrites.HintImages}),
     * and are shown apart.
     */
    public Writes withServerApart(ServerWrites read) {
        final ServerWrites.HintImages hints = read.hintImages();
        return new Writes(Math.max(0, walRecords - hints.records()), Math.max(0, walFullPageImages - hints.records()),
                Math.max(0, walBytes - hints.bytes()), buffersDirtied, buffersWritten, tempBlocksWritten,
                serverWalBytes, Optional.of(read));
    }

    /** The same counts, with what the server's WAL holds of the call. */
    public Writes withServer(Optional<ServerWrites> read) {
        return new Writes(walRecords, walFullPageImages, walBytes, buffersDirtied, buffersWritten, tempBlocksWritten,
                serverWalBytes, read);
    }
}
