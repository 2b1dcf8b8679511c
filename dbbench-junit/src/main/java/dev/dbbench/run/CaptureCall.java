package dev.dbbench.run;

import java.lang.reflect.Method;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.engine.CaptureProbe;
import dev.dbbench.engine.Facts;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.Traffic;
import dev.dbbench.explain.PlanExplainer;
import dev.dbbench.explain.RecordingJdbc;
import dev.dbbench.explain.StatementLog;
import dev.dbbench.measure.Operation;
import dev.dbbench.measure.Watchdog;
import dev.dbbench.metric.Metric;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.spec.EngineTarget;

/**
 * One more call of a benchmark body, untimed, after its samples: what it said to the server is
 * counted (requests, round trips, bytes), and on PostgreSQL every statement is recorded, to be
 * explained afterwards. The capture is the database's: on PostgreSQL every connection dbbench handed
 * out for it (the injected ones, an application's own pool) on the calling thread, checked against
 * the server's own count of the statements it ran; on MongoDB every command of the clients dbbench
 * created or wired, checked against what the server received. Each other figure the engine measured
 * goes to the metric that takes its type ({@link Metric#captured()}).
 */
final class CaptureCall {

    private CaptureCall() {
    }

    /**
     * The values of the metrics one call measures: plans, table sizes and traffic, where the engine
     * and the body's parameters allow. The call runs on the watchdog's thread and within its deadline,
     * and each statement's EXPLAIN within the benchmark's timeout.
     *
     * @param beforeSample run first, as before every sample, so the call sees the state samples saw
     * @param afterCall checks what the call left behind before its statements are explained (an open
     *     transaction, whose locks the EXPLAIN on a connection of its own would wait for)
     */
    static MetricValues capture(EngineTarget target, Method method, Object instance, Object[] arguments,
            Operation beforeSample, ScratchDatabase database, Watchdog watchdog, Operation afterCall)
            throws Throwable {
        final Optional<CaptureProbe> capture = database.captureProbe();
        if (capture.isEmpty()) {
            return MetricValues.empty();
        }
        final StatementLog log = new StatementLog();
        final CaptureProbe.Captured captured = watchdog.call(() -> "the capture call after the samples", () -> {
            beforeSample.run();
            return capture.get().during(RecordingJdbc.into(log), () -> Invoker.invoke(method, instance, arguments));
        });
        afterCall.run();
        Traffic traffic = captured.traffic();
        if (!log.entries().isEmpty()) {
            traffic = traffic.withRequests(requests(log));
        }
        if (captured.serverStatements().isPresent()) {
            traffic = traffic.withUnseen(Math.max(0, captured.serverStatements().getAsLong() - log.serverStatements()));
        }
        MetricValues values = MetricValues.empty().with(Metrics.TRAFFIC, traffic);
        for (Metric<?, ?> metric : Metrics.ALL) {
            values = withCaptured(values, metric, captured.facts());
        }
        if (database.dataSource().isPresent()) {
            final PlanExplainer.Explained explained = new PlanExplainer().explain(database.dataSource().get(), log,
                    watchdog.timeout());
            values = values.with(Metrics.PLANS, explained.statements()).with(Metrics.STORAGE, explained.storage());
        }
        return values;
    }

    /** The values with the figure of the engine's that {@code metric} stores, where the capture measured one. */
    private static <V> MetricValues withCaptured(MetricValues values, Metric<V, ?> metric, Facts facts) {
        return metric.captured().flatMap(facts::get).map(value -> values.with(metric, value)).orElse(values);
    }

    /** The statements of the call by their text, each with its executions. */
    private static SortedMap<String, Long> requests(StatementLog log) {
        final SortedMap<String, Long> requests = new TreeMap<>();
        log.entries().forEach(entry -> requests.put(entry.sql(), (long) entry.executions()));
        return requests;
    }
}
