package dev.dbbench.engine;

import java.util.OptionalLong;

/**
 * What the server wrote during one call beyond what its statements' own counts hold, read from the
 * write-ahead log itself and the server's I/O statistics: the call's WAL records on its database
 * (every record that changed a block of the database, {@code COPY}'s included, and the commit records
 * of the transactions that did), the commit records among them, those that carried a full-page
 * image, and the records of everything else the server logged meanwhile; and, where the server counts
 * them, the WAL flushes to disk its client sessions asked for, the relation blocks they added, and the
 * buffers the checkpointer and background writer wrote out.
 *
 * @param walFlushes fsyncs of the WAL by client sessions (PostgreSQL 18's {@code pg_stat_io}), or by the
 *     whole server ({@code pg_stat_wal} before 18); zero where {@code fsync} is off; empty where not counted
 * @param relationExtends blocks client sessions added to relations ({@code pg_stat_io}, PostgreSQL 16 and
 *     later); empty where not counted
 * @param backgroundWrites buffers the checkpointer and background writer wrote out meanwhile
 *     ({@code pg_stat_io}); empty where not counted
 */
public record ServerWrites(long databaseRecords, long commitRecords, long fullPageImageRecords, long otherRecords,
        OptionalLong walFlushes, OptionalLong relationExtends, OptionalLong backgroundWrites) {
}
