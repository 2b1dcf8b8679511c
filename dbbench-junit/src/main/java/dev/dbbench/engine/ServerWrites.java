package dev.dbbench.engine;

import java.util.OptionalLong;

/**
 * What the server wrote during one call beyond what its statements' own counts hold, read from the
 * write-ahead log itself and the server's I/O statistics: the call's WAL records on its database
 * (every record that changed a block of the database, {@code COPY}'s included, and the commit records
 * of the transactions that did), the commit records among them, those that carried a full-page
 * image, and the records of everything else the server logged meanwhile; the images of pages
 * whose rows a read marked as committed, apart from all of those; and, where the server counts
 * them, the WAL flushes to disk its client sessions asked for, the relation blocks they added, and the
 * buffers the checkpointer and background writer wrote out.
 *
 * @param walFlushes fsyncs of the WAL by client sessions (PostgreSQL 18's {@code pg_stat_io}), or by the
 *     whole server ({@code pg_stat_wal} before 18); zero where {@code fsync} is off; empty where not counted
 * @param relationExtends blocks client sessions added to relations ({@code pg_stat_io}, PostgreSQL 16 and
 *     later); empty where not counted
 * @param backgroundWrites buffers the checkpointer and background writer wrote out meanwhile
 *     ({@code pg_stat_io}); empty where not counted
 * @param prunedOnAccess the records of pages a session pruned as it read them (PostgreSQL 17's
 *     {@code PRUNE_ON_ACCESS}; 16's {@code PRUNE}, which a {@code VACUUM} the call runs writes too), apart
 *     from the database's records: a read prunes a page of rows deleted or replaced earlier once no
 *     snapshot needs them, and a session's first query or a planner's catalog read after an invalidation
 *     reads catalog pages that the statements' counts do not hold, so whether the call or a sample before
 *     it prunes depends on timing
 * @param autovacuumMeanwhile whether autovacuum worked on the call's database while the call ran: its
 *     records are then among the database's, which are shown but not compared
 */
public record ServerWrites(long databaseRecords, long commitRecords, long fullPageImageRecords, long otherRecords,
        HintImages hintImages, long prunedOnAccess, OptionalLong walFlushes, OptionalLong relationExtends,
        OptionalLong backgroundWrites, boolean autovacuumMeanwhile) {

    /** The same reading, marked as taken while autovacuum worked on the database. */
    public ServerWrites withAutovacuum() {
        return new ServerWrites(databaseRecords, commitRecords, fullPageImageRecords, otherRecords, hintImages,
                prunedOnAccess, walFlushes, relationExtends, backgroundWrites, true);
    }

    /**
     * The images of pages whose rows a read marked as committed (hint bits), which a server with data
     * checksums or {@code wal_log_hints} logs the first time after a checkpoint. A row is marked only once
     * its inserting transaction's commit is on disk, which without {@code synchronous_commit} the WAL
     * writer does up to a fifth of a second later: whether the call or a sample before it marks a
     * freshly loaded row depends on that timing, so these images are kept out of every gated count.
     */
    public record HintImages(long records, long bytes) {

        public static final HintImages NONE = new HintImages(0, 0);
    }
}
