package dev.dbbench.run;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.util.Arrays;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import javax.sql.DataSource;

import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.Traffic;
import dev.dbbench.engine.TrafficProbe;
import dev.dbbench.explain.PlanExplainer;
import dev.dbbench.explain.RecordingJdbc;
import dev.dbbench.explain.StatementLog;
import dev.dbbench.measure.Operation;
import dev.dbbench.measure.Watchdog;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;

/**
 * One more call of a benchmark body, untimed, after its samples: what it said to the server is
 * counted (requests, round trips, bytes), and on PostgreSQL every statement goes through JDBC
 * wrappers that record it, to be explained afterwards.
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
        final boolean recordsJdbc = target.kind() == EngineKind.POSTGRES && database.dataSource().isPresent()
                && Arrays.stream(arguments).anyMatch(argument -> argument instanceof Connection
                        || argument instanceof DataSource);
        final Optional<TrafficProbe> probe = Arrays.stream(arguments)
                .map(database::trafficProbe).flatMap(Optional::stream).findFirst();
        if (!recordsJdbc && probe.isEmpty()) {
            return MetricValues.empty();
        }
        final StatementLog log = new StatementLog();
        final Object[] called = recordsJdbc ? recording(arguments, log) : arguments;
        final TrafficProbe.Call call = () -> Invoker.invoke(method, instance, called);
        final Optional<Traffic> traffic = watchdog.call(() -> "the capture call after the samples", () -> {
            beforeSample.run();
            if (probe.isPresent()) {
                return Optional.of(probe.get().during(call));
            }
            call.run();
            return Optional.<Traffic>empty();
        });
        afterCall.run();
        MetricValues values = MetricValues.empty();
        if (traffic.isPresent()) {
            values = values.with(Metrics.TRAFFIC, recordsJdbc ? traffic.get().withRequests(requests(log))
                    : traffic.get());
        }
        if (recordsJdbc) {
            final PlanExplainer.Explained explained = new PlanExplainer().explain(database.dataSource().get(), log,
                    watchdog.timeout());
            values = values.with(Metrics.PLANS, explained.statements()).with(Metrics.STORAGE, explained.storage());
        }
        return values;
    }

    private static Object[] recording(Object[] arguments, StatementLog log) {
        final Object[] recording = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            recording[i] = arguments[i] instanceof Connection connection ? RecordingJdbc.record(connection, log)
                    : arguments[i] instanceof DataSource dataSource ? RecordingJdbc.record(dataSource, log)
                    : arguments[i];
        }
        return recording;
    }

    /** The statements of the call by their text, each with its executions. */
    private static SortedMap<String, Long> requests(StatementLog log) {
        final SortedMap<String, Long> requests = new TreeMap<>();
        log.entries().forEach(entry -> requests.put(entry.sql(), (long) entry.executions()));
        return requests;
    }
}
