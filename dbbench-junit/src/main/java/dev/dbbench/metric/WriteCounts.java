package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.engine.ServerWrites;
import dev.dbbench.engine.Writes;
import dev.dbbench.text.Figures;

/**
 * What one call wrote on PostgreSQL, during the untimed capture call. By {@code pg_stat_statements},
 * the call's statements' write-ahead log records, full-page images and bytes, and temporary-file
 * blocks written (each may rise by {@code dbbench.tolerance.bytes-percent}); the shared buffers the
 * statements dirtied and those they had to write out themselves are shown but not gated (a read
 * dirties a buffer when it sets a row's hint bits, which depends on what read the row before, and
 * writing out depends on what else the server's buffers hold). By the WAL itself, where the server's
 * can be read ({@code pg_walinspect}): the call's records on its database, {@code COPY}'s included,
 * and the commit records among them, both gated like the others (a commit per row instead of one per
 * batch is as many more commit records, each a flush to disk where commits are synchronous); the
 * records that carried full-page images, the rest of the server's records, the WAL flushes the
 * sessions asked for, the blocks they added and the background writes, which depend on settings and
 * timing, are shown. These catch write amplification that instruction counts and time hide behind the
 * disk: an added index, a wider row, an update that is no longer HOT, a lost batch. The page images a
 * read logs when it marks rows as committed (hint bits, on a server with data checksums) depend on
 * when the commits reached the disk, so where the WAL is read they are taken out of every gated count
 * and shown apart. Stored as
 * {@code "writes": {walRecords, walFullPageImages, walBytes, buffersDirtied, buffersWritten,
 * tempBlocksWritten, serverWalBytes, server: {databaseRecords, commitRecords, fullPageImageRecords,
 * otherRecords, hintImageRecords, hintImageBytes, prunedOnAccessRecords, walFlushes, relationExtends,
 * backgroundWrites, autovacuumMeanwhile}}}; {@code server} and its last three counts are left out where
 * they were not counted, as in entries recorded before they were, {@code prunedOnAccessRecords} where it
 * is zero, and {@code autovacuumMeanwhile} where it is false. Pages pruned on access, which depend on
 * timing too, are kept out of the database's records and shown apart.
 * Where autovacuum worked on the database while the call ran, the records on the database are not
 * compared, in that run or against that entry.
 */
public final class WriteCounts extends ExactMetric<Writes> {

    private static final String SERVER = "server";
    private static final List<String> OPTIONAL_SERVER_COUNTS = List.of("walFlushes", "relationExtends",
            "backgroundWrites");
    private static final String AUTOVACUUM = "autovacuumMeanwhile";
    private static final String PRUNED = "prunedOnAccessRecords";

    /** The counts of the call's statements, as stored. */
    private record StatementWrites(long walRecords, long walFullPageImages, long walBytes, long buffersDirtied,
            long buffersWritten, long tempBlocksWritten, long serverWalBytes) {
    }

    /** The counts of the call's WAL that every reading has, as stored. */
    private record WalRecords(long databaseRecords, long commitRecords, long fullPageImageRecords, long otherRecords,
            long hintImageRecords, long hintImageBytes) {
    }

    WriteCounts() {
    }

    @Override
    public Optional<Class<Writes>> captured() {
        return Optional.of(Writes.class);
    }

    @Override
    public String id() {
        return "writes";
    }

    @Override
    public JsonNode write(Writes value) {
        final ObjectNode json = (ObjectNode) MetricJson.tree(new StatementWrites(value.walRecords(),
                value.walFullPageImages(), value.walBytes(), value.buffersDirtied(), value.buffersWritten(),
                value.tempBlocksWritten(), value.serverWalBytes()));
        value.server().ifPresent(server -> {
            final ObjectNode node = (ObjectNode) MetricJson.tree(new WalRecords(server.databaseRecords(),
                    server.commitRecords(), server.fullPageImageRecords(), server.otherRecords(),
                    server.hintImages().records(), server.hintImages().bytes()));
            server.walFlushes().ifPresent(count -> node.put("walFlushes", count));
            server.relationExtends().ifPresent(count -> node.put("relationExtends", count));
            server.backgroundWrites().ifPresent(count -> node.put("backgroundWrites", count));
            if (server.prunedOnAccess() > 0) {
                node.put(PRUNED, server.prunedOnAccess());
            }
            if (server.autovacuumMeanwhile()) {
                node.put(AUTOVACUUM, true);
            }
            json.set(SERVER, node);
        });
        return json;
    }

    @Override
    public Writes read(JsonNode json) {
        if (!json.isObject()) {
            throw new InvalidValueException("writes must be an object");
        }
        final ObjectNode statements = ((ObjectNode) json).deepCopy();
        final JsonNode server = statements.remove(SERVER);
        final StatementWrites read = MetricJson.read(statements, StatementWrites.class);
        final Writes writes = new Writes(read.walRecords(), read.walFullPageImages(), read.walBytes(),
                read.buffersDirtied(), read.buffersWritten(), read.tempBlocksWritten(), read.serverWalBytes(),
                server == null ? Optional.empty() : Optional.of(server(server)));
        if (writes.walRecords() < 0 || writes.walFullPageImages() < 0 || writes.walBytes() < 0
                || writes.serverWalBytes() < 0 || writes.buffersDirtied() < 0 || writes.buffersWritten() < 0
                || writes.tempBlocksWritten() < 0) {
            throw new InvalidValueException("counts must be zero or more");
        }
        return writes;
    }

    private static ServerWrites server(JsonNode json) {
        if (!json.isObject()) {
            throw new InvalidValueException("writes.server must be an object");
        }
        final ObjectNode records = ((ObjectNode) json).deepCopy();
        final OptionalLong[] optional = new OptionalLong[OPTIONAL_SERVER_COUNTS.size()];
        for (int i = 0; i < optional.length; i++) {
            final JsonNode count = records.remove(OPTIONAL_SERVER_COUNTS.get(i));
            if (count != null && !count.canConvertToLong()) {
                throw new InvalidValueException("writes.server." + OPTIONAL_SERVER_COUNTS.get(i) + " must be a count");
            }
            optional[i] = count == null ? OptionalLong.empty() : OptionalLong.of(count.asLong());
        }
        final JsonNode pruned = records.remove(PRUNED);
        if (pruned != null && (!pruned.canConvertToLong() || pruned.asLong() < 0)) {
            throw new InvalidValueException("writes.server." + PRUNED + " must be a count");
        }
        final JsonNode autovacuum = records.remove(AUTOVACUUM);
        if (autovacuum != null && !autovacuum.isBoolean()) {
            throw new InvalidValueException("writes.server." + AUTOVACUUM + " must be true or false");
        }
        final WalRecords read = MetricJson.read(records, WalRecords.class);
        return new ServerWrites(read.databaseRecords(), read.commitRecords(), read.fullPageImageRecords(),
                read.otherRecords(), new ServerWrites.HintImages(read.hintImageRecords(), read.hintImageBytes()),
                pruned == null ? 0 : pruned.asLong(), optional[0], optional[1], optional[2],
                autovacuum != null && autovacuum.asBoolean());
    }

    @Override
    public FindingsAssessment assess(Writes current, Optional<Writes> baseline, Judging context) {
        final List<Finding> findings = new ArrayList<>();
        if (baseline.isEmpty()) {
            return FindingsAssessment.of(findings, false);
        }
        final Writes before = baseline.get();
        final double tolerance = context.tolerances().bytesPercent() / 100;
        Counts.compare(findings, "-", "WAL records per call", before.walRecords(), current.walRecords(), tolerance, 0);
        Counts.compare(findings, "-", "WAL full-page images per call", before.walFullPageImages(),
                current.walFullPageImages(), tolerance, 0);
        Counts.compare(findings, "-", "WAL bytes per call", before.walBytes(), current.walBytes(), tolerance,
                TrafficCounts.MIN_BYTES);
        Counts.compare(findings, "-", "temp blocks written per call", before.tempBlocksWritten(),
                current.tempBlocksWritten(), tolerance, 0);
        // Records autovacuum logged on the database while a call ran are not the call's: not compared.
        if (before.server().isPresent() && current.server().isPresent() && !before.server().get().autovacuumMeanwhile()
                && !current.server().get().autovacuumMeanwhile()) {
            final ServerWrites was = before.server().get();
            final ServerWrites now = current.server().get();
            Counts.compare(findings, "-", "WAL records on the database per call (commits and COPY included)",
                    was.databaseRecords(), now.databaseRecords(), tolerance, 0);
            Counts.compare(findings, "-", "commit records per call", was.commitRecords(), now.commitRecords(),
                    tolerance, 0);
        }
        return FindingsAssessment.of(findings, true);
    }

    @Override
    public List<String> columns() {
        return List.of("WAL");
    }

    @Override
    public List<String> cells(MetricResult<Writes, FindingsAssessment> result, MetricResults all) {
        final Writes writes = result.current();
        return List.of(Figures.bytes(writes.walBytes()) + writes.server().map(server -> ", "
                + server.databaseRecords() + " record(s), " + server.commitRecords() + " commit(s)"
                + server.walFlushes().stream().mapToObj(flushes -> ", " + flushes + " flush(es)").findFirst()
                        .orElse("")).orElse(""));
    }

    @Override
    public Optional<String> summary(MetricResult<Writes, FindingsAssessment> result, MetricResults all) {
        final Writes writes = result.current();
        final String server = "; " + Figures.bytes(writes.serverWalBytes()) + " of WAL on the whole server"
                + writes.server().map(WriteCounts::records).orElse(", commits and COPY included");
        if (writes.equals(Writes.NONE.withServerWalBytes(writes.serverWalBytes()).withServer(writes.server()))) {
            return Optional.of("writes nothing by its statements" + server);
        }
        return Optional.of("writes " + writes.walRecords() + " WAL record(s), " + writes.walFullPageImages()
                + " full-page image(s), " + Figures.bytes(writes.walBytes()) + " of WAL, " + writes.buffersDirtied()
                + " buffer(s) dirtied, " + writes.buffersWritten() + " written, " + writes.tempBlocksWritten()
                + " temp block(s) by its statements" + server);
    }

    /** The WAL of the call record by record, as a summary says it. */
    private static String records(ServerWrites server) {
        return ": " + server.databaseRecords() + " record(s) on its database (" + server.commitRecords()
                + " commit(s), " + server.fullPageImageRecords() + " with a full-page image), "
                + server.otherRecords() + " other record(s), " + server.hintImages().records()
                + " hint-bit page image(s) apart"
                + (server.prunedOnAccess() > 0 ? ", " + server.prunedOnAccess() + " page(s) pruned on access apart" : "")
                + server.walFlushes().stream().mapToObj(count -> ", " + count + " WAL flush(es)").findFirst().orElse("")
                + server.relationExtends().stream().mapToObj(count -> ", " + count + " block(s) added").findFirst()
                        .orElse("")
                + server.backgroundWrites().stream().mapToObj(count -> ", " + count + " background write(s)")
                        .findFirst().orElse("")
                + (server.autovacuumMeanwhile() ? " (autovacuum worked on the database meanwhile: its records are"
                        + " among these, so they are not compared)" : "");
    }

    @Override
    public Optional<ContextLine> context(MetricResult<Writes, FindingsAssessment> result, MetricResults all) {
        // A call that writes nothing, before and now, has nothing to say about writes.
        return result.baseline().filter(before -> before.walRecords() + result.current().walRecords() > 0
                || before.server().isPresent() && result.current().server().isPresent()
                && before.server().get().databaseRecords() + result.current().server().get().databaseRecords() > 0)
                .map(before -> new ContextLine("writes", before.walRecords() + " -> "
                        + result.current().walRecords() + " WAL record(s) by statements, " + Figures.bytes(
                        before.walBytes()) + " -> " + Figures.bytes(result.current().walBytes()) + " of WAL per call"
                        + before.server().flatMap(was -> result.current().server().map(now -> "; "
                                + was.databaseRecords() + " -> " + now.databaseRecords() + " record(s) on the database, "
                                + was.commitRecords() + " -> " + now.commitRecords() + " commit(s)")).orElse("")));
    }

    @Override
    public Optional<MetricMessage> message(MetricResult<Writes, FindingsAssessment> result, MetricResults all,
            Subject subject) {
        return FindingsAssessment.message(result.assessment(), "WRITES", "WAL, buffers and temp files of one untimed"
                + " call, by pg_stat_statements and the WAL itself, counted from a checkpoint, no statistics"
                + " involved", subject);
    }

    @Override
    public JsonNode json(MetricResult<Writes, FindingsAssessment> result) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.set("writes", write(result.current()));
        json.set("baselineWrites", result.baseline().map(this::write).orElse(MetricJson.NODES.nullNode()));
        json.set("writesFindings", result.assessment().json());
        return json;
    }

    /** WAL records and bytes per call of the body, and commit records where the WAL was read. */
    @Override
    public List<Measure> measures(MetricResult<Writes, FindingsAssessment> result) {
        final Optional<Writes> baseline = result.baseline();
        final List<Measure> measures = new ArrayList<>(List.of(
                Measure.exact("wal-records", "records/op", result.current().walRecords(),
                        baseline.map(writes -> OptionalDouble.of(writes.walRecords())).orElse(OptionalDouble.empty())),
                Measure.exact("wal-bytes", "bytes/op", result.current().walBytes(),
                        baseline.map(writes -> OptionalDouble.of(writes.walBytes())).orElse(OptionalDouble.empty()))));
        result.current().server().ifPresent(server -> measures.add(Measure.exact("commit-records", "commits/op",
                server.commitRecords(), baseline.flatMap(Writes::server)
                        .map(was -> OptionalDouble.of(was.commitRecords())).orElse(OptionalDouble.empty()))));
        return measures;
    }
}
