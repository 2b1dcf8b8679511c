package dev.dbbench.engine;

/**
 * What one call wrote on the server, by the server's own count of the statements it ran: write-ahead
 * log records, full-page images and bytes (durability), the shared buffers it dirtied, those it had
 * to write out itself to make room, and the temporary-file blocks it wrote (sorts and hashes that did
 * not fit in {@code work_mem}); beside them, the WAL the whole server wrote meanwhile, which holds
 * what no statement's count does (commit records, {@code COPY}) and whatever the server did on its
 * own. Counted from a checkpoint taken right before the call, so full-page images and dirtied buffers
 * do not depend on when the server last checkpointed.
 */
public record Writes(long walRecords, long walFullPageImages, long walBytes, long buffersDirtied,
        long buffersWritten, long tempBlocksWritten, long serverWalBytes) {

    public static final Writes NONE = new Writes(0, 0, 0, 0, 0, 0, 0);

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
                bytes);
    }
}
