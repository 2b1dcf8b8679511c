package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.engine.Writes;
import dev.dbbench.text.Figures;

/**
 * What the statements of one call wrote on PostgreSQL, during the untimed capture call, by
 * {@code pg_stat_statements}: write-ahead log records, full-page images and bytes, and temporary-file
 * blocks written (each may rise by {@code dbbench.tolerance.bytes-percent}); the shared buffers the
 * statements dirtied and those they had to write out themselves are shown but not gated (a read
 * dirties a buffer when it sets a row's hint bits, which depends on what read the row before, and
 * writing out depends on what else the server's buffers hold). These catch write amplification that instruction counts and
 * time hide behind the disk: an added index, a wider row, an update that is no longer HOT. Commit
 * records are written after a statement ends and are not in its count, nor is {@code COPY} (the
 * server counts planned statements only): the WAL the whole server wrote during the call, which holds
 * them, is shown beside, not gated, since it holds the server's own background work too. Stored as
 * {@code "writes": {walRecords, walFullPageImages, walBytes, buffersDirtied, buffersWritten,
 * tempBlocksWritten, serverWalBytes}}.
 */
public final class WriteCounts extends ExactMetric<Writes> {

    WriteCounts() {
    }

    @Override
    public String id() {
        return "writes";
    }

    @Override
    public JsonNode write(Writes value) {
        return MetricJson.tree(value);
    }

    @Override
    public Writes read(JsonNode json) {
        final Writes writes = MetricJson.read(json, Writes.class);
        if (writes.walRecords() < 0 || writes.walFullPageImages() < 0 || writes.walBytes() < 0
                || writes.serverWalBytes() < 0 || writes.buffersDirtied() < 0 || writes.buffersWritten() < 0 || writes.tempBlocksWritten() < 0) {
            throw new InvalidValueException("counts must be zero or more");
        }
        return writes;
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
        return FindingsAssessment.of(findings, true);
    }

    @Override
    public List<String> columns() {
        return List.of("WAL");
    }

    @Override
    public List<String> cells(MetricResult<Writes, FindingsAssessment> result, MetricResults all) {
        return List.of(Figures.bytes(result.current().walBytes()));
    }

    @Override
    public Optional<String> summary(MetricResult<Writes, FindingsAssessment> result, MetricResults all) {
        final Writes writes = result.current();
        final String server = "; " + Figures.bytes(writes.serverWalBytes()) + " of WAL on the whole server, commits"
                + " and COPY included";
        if (writes.equals(Writes.NONE.withServerWalBytes(writes.serverWalBytes()))) {
            return Optional.of("writes nothing by its statements" + server);
        }
        return Optional.of("writes " + writes.walRecords() + " WAL record(s), " + writes.walFullPageImages()
                + " full-page image(s), " + Figures.bytes(writes.walBytes()) + " of WAL, " + writes.buffersDirtied()
                + " buffer(s) dirtied, " + writes.buffersWritten() + " written, " + writes.tempBlocksWritten()
                + " temp block(s)" + server);
    }

    @Override
    public Optional<ContextLine> context(MetricResult<Writes, FindingsAssessment> result, MetricResults all) {
        // A call that writes nothing, before and now, has nothing to say about writes.
        return result.baseline().filter(before -> before.walRecords() + result.current().walRecords() > 0)
                .map(before -> new ContextLine("writes", before.walRecords() + " -> "
                + result.current().walRecords() + " WAL record(s), " + Figures.bytes(before.walBytes()) + " -> "
                + Figures.bytes(result.current().walBytes()) + " of WAL per call"));
    }

    @Override
    public Optional<MetricMessage> message(MetricResult<Writes, FindingsAssessment> result, MetricResults all,
            Subject subject) {
        return FindingsAssessment.message(result.assessment(), "WRITES", "WAL, buffers and temp files of the"
                + " statements of one untimed call, by pg_stat_statements, counted from a checkpoint, no statistics"
                + " involved", subject);
    }

    @Override
    public JsonNode json(MetricResult<Writes, FindingsAssessment> result) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.set("writes", MetricJson.tree(result.current()));
        json.set("baselineWrites", result.baseline().map(MetricJson::tree).orElse(MetricJson.NODES.nullNode()));
        json.set("writesFindings", result.assessment().json());
        return json;
    }

    /** WAL records and bytes per call of the body. */
    @Override
    public List<Measure> measures(MetricResult<Writes, FindingsAssessment> result) {
        final Optional<Writes> baseline = result.baseline();
        return List.of(
                Measure.exact("wal-records", "records/op", result.current().walRecords(),
                        baseline.map(writes -> OptionalDouble.of(writes.walRecords())).orElse(OptionalDouble.empty())),
                Measure.exact("wal-bytes", "bytes/op", result.current().walBytes(),
                        baseline.map(writes -> OptionalDouble.of(writes.walBytes())).orElse(OptionalDouble.empty())));
    }
}
