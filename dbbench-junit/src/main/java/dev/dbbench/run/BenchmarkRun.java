package dev.dbbench.run;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.baseline.BaselineFile;
import dev.dbbench.config.CountMode;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.InstructionCounting;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.ServerCpuProbe;
import dev.dbbench.env.HostFingerprint;
import dev.dbbench.env.MachineId;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.Evaluator;
import dev.dbbench.evaluate.ExpectationEvaluator;
import dev.dbbench.evaluate.Measurement;
import dev.dbbench.evaluate.Remeasurement;
import dev.dbbench.evaluate.ScalingSeries;
import dev.dbbench.explain.StatisticsRestore;
import dev.dbbench.measure.Operation;
import dev.dbbench.measure.RegionTimer;
import dev.dbbench.measure.Sampler;
import dev.dbbench.measure.Samples;
import dev.dbbench.measure.SamplingLock;
import dev.dbbench.measure.Watchdog;
import dev.dbbench.metric.InstructionCounts;
import dev.dbbench.metric.LatencySamples;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.ThroughputSamples;
import dev.dbbench.metric.Timings;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.BenchmarkSpec;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ExpectationSpec;

/**
 * Runs one benchmark on one engine target, start to finish: samples it (interleaved with the other
 * sides of its expectations), captures its statements' plans, turns what was measured into metric
 * values, and hands them to the evaluator, which judges, gates and records them and assembles the
 * result; what the evaluator asks to measure again, this run samples ({@link Remeasurement}).
 */
public final class BenchmarkRun {

    /** Where dbbench says what its own phases took, at DEBUG: for measuring dbbench, not for users' builds. */
    private static final System.Logger PHASES = System.getLogger("dev.dbbench.phases");

    private final RunContext run;
    private final ClassContext classContext;
    private final BenchmarkSpec spec;
    private final EngineTarget target;
    private final Arguments arguments;
    /** What ran before the benchmark's class in this JVM, which its timings are recorded with. */
    private final String layout;

    /** @param arguments gives the other sides and hooks their parameters, from the class's database */
    public BenchmarkRun(RunContext run, ClassContext classContext, BenchmarkSpec spec, EngineTarget target,
            Arguments arguments) {
        this.run = run;
        this.classContext = classContext;
        this.spec = spec;
        this.target = target;
        this.arguments = arguments;
        this.layout = run.layout(spec.testClass());
    }

    /** One other side of an expectation, ready to sample. */
    private record OtherSide(ExpectationSpec expectation, EngineTarget target, Sampler.Side side) {
    }

    /**
     * @param ownArguments the benchmark's arguments as JUnit resolved them
     * @param scope closes what was opened for the other sides and hooks when the benchmark ends
     * @param series the values of the benchmark's {@code @ExpectScaling} parameter evaluated so far; empty
     *     for a benchmark without one
     */
    public BenchmarkResult run(Object instance, Object[] ownArguments, RegionTimer timer, Closer scope,
            Optional<ScalingSeries> series) throws Throwable {
        try {
            return measure(instance, ownArguments, timer, scope, series);
        } catch (Throwable failure) {
            // Whatever failed, the body or dbbench's own statements: a server that died or restarted says so first.
            final Optional<ServerFailure> explained = classContext.explained(target, spec.where() + " on ["
                    + target.label() + "] failed because ", failure);
            if (explained.isPresent()) {
                throw explained.get();
            }
            throw failure;
        }
    }

    private BenchmarkResult measure(Object instance, Object[] ownArguments, RegionTimer timer, Closer scope,
            Optional<ScalingSeries> series) throws Throwable {
        // A broken baseline file fails the benchmark before anything is sampled.
        final Optional<BaselineFile> baseline = classContext.baseline();
        run.orphans(spec.testClass(), classContext.takeOrphans());
        final Injected injected = new Injected(spec.testClass());
        injected.add(spec.method(), ownArguments, target, arguments);
        // The class's database exists before the first sample even for a body that takes none of its values:
        // an application's own pool is pointed at it when it is created.
        // What loads the machine runs shared (the other JVMs' timed work waits for it), piece by piece.
        final SamplingLock lock = run.samplingLock();
        final Optional<StatisticsRestore.Restored> statistics = lock.shared(() -> classContext.productionStatistics(
                target, arguments.database(target)));
        final Operation beforeSample = lock.shared(() -> hooks(instance, target, scope, injected));
        final Sampler.Side own = lock.shared(() -> side(spec.method(), instance, ownArguments, beforeSample, timer,
                target, scope, injected));
        final List<OtherSide> others = lock.shared(() -> otherSides(instance, scope, injected));
        final List<Sampler.Side> sides = new ArrayList<>(List.of(own));
        others.forEach(other -> sides.add(other.side()));
        final Watchdog.Release release = new Watchdog.Release("dbbench " + spec.where() + " [" + target.label() + "]",
                injected.anyConnection() ? "cancelled the statements of the connections it had given the benchmark"
                        + " and closed them" : "", injected::abort);
        // Ruler slices run on a connection of their own, so a benchmark's session state never sees them.
        try (Closer slices = new Closer()) {
            final Optional<RulerWorkload> ruler = classContext.server(target).openRulerWorkload();
            ruler.ifPresent(slices::register);
            final Sampler sampler = new Sampler(spec.sampling(), ruler.map(workload -> workload::slice), release,
                    lock);
            final List<Samples> samples = sample(sampler, sides, injected);
            injected.requireNoOpenTransaction("after its samples");
            final SortedMap<String, Double> reading = run.ruler(target);
            final Watchdog watchdog = new Watchdog(spec.sampling().timeout(), release);
            final MetricValues captured = lock.shared(() -> CaptureCall.capture(target, spec.method(), instance,
                    ownArguments, beforeSample, arguments.database(target), watchdog,
                    () -> afterCapture(injected, statistics)));
            final SortedMap<String, String> environment = environment(statistics);
            final Measurement measured = counted(new Measurement(sampled(samples.get(0), reading, environment,
                    run.machine(), layout).withAll(captured), environment), instance, ownArguments, baseline)
                    .withExpectations(pairs(others, samples));
            return closingLeaks(injected, new Evaluator(run.gate(), run.recorder()).evaluate(spec, target, measured,
                    baseline, new Resampling(sampler, sides, injected, reading, environment), series));
        }
    }

    /**
     * The result, once the connections the body took from a data source it was given and left open are
     * closed and named: one kept across calls (a lock holder, say) is the body's until its last call.
     */
    private BenchmarkResult closingLeaks(Injected injected, BenchmarkResult result) throws Exception {
        injected.closeLeakedConnections("after its last call").ifPresent(run.report()::note);
        return result;
    }

    /** What the evaluator asks to measure again, sampled as the judged pass was. */
    private final class Resampling implements Remeasurement {

        private final Sampler sampler;
        /** The benchmark's own side first, then the other side of each expectation. */
        private final List<Sampler.Side> sides;
        private final Injected injected;
        private final SortedMap<String, Double> reading;
        private final SortedMap<String, String> environment;

        Resampling(Sampler sampler, List<Sampler.Side> sides, Injected injected, SortedMap<String, Double> reading,
                SortedMap<String, String> environment) {
            this.sampler = sampler;
            this.sides = List.copyOf(sides);
            this.injected = injected;
            this.reading = reading;
            this.environment = environment;
        }

        @Override
        public MetricValues confirmation() throws Throwable {
            final Samples samples = sampler.run(sides.get(0));
            return sampled(closed(injected, "after its confirmation re-run", samples), reading, environment,
                    run.machine(), layout);
        }

        /** Repeats the judged pass's interleaving with the other sides, so every run measures the same conditions. */
        @Override
        public MetricValues anotherRun() throws Throwable {
            final Samples samples = sample(sampler, sides, injected).get(0);
            return sampled(closed(injected, "after a further baseline run", samples), reading, environment,
                    run.machine(), layout);
        }

        @Override
        public List<double[]> expectation(int expectation) throws Throwable {
            return sampler.runInterleaved(List.of(sides.get(0), sides.get(expectation + 1))).stream()
                    .map(Samples::nanosPerOp).toList();
        }
    }

    /**
     * Checks what the capture call left before its statements are explained: no open transaction, and
     * the production statistics loaded into the class's database still in place.
     */
    private static void afterCapture(Injected injected, Optional<StatisticsRestore.Restored> statistics)
            throws Exception {
        injected.requireNoOpenTransaction("after the capture call");
        if (statistics.isPresent()) {
            statistics.get().requireIntact();
        }
    }

    /** The samples, once no method left a transaction open during them. */
    private static Samples closed(Injected injected, String after, Samples samples) throws Exception {
        injected.requireNoOpenTransaction(after);
        return samples;
    }

    /**
     * Samples the sides (their timed part alone on the machine); when the body left connections open,
     * which is likely why it failed ("too many clients"), says that first and frees them for the
     * benchmarks after it.
     */
    private List<Samples> sample(Sampler sampler, List<Sampler.Side> sides, Injected injected) throws Throwable {
        try {
            return sampler.runInterleaved(sides);
        } catch (Throwable failure) {
            final Optional<String> leaked = injected.closeLeakedConnections("when it failed");
            if (leaked.isPresent()) {
                throw new IllegalStateException(leaked.get() + "\nIt failed with: " + failure, failure);
            }
            throw failure;
        }
    }

    /**
     * The values of the metrics sampling measures: wall time (with the run's summary, where and when it
     * was taken), the throughput and latency of client threads, server CPU where the engine reads it,
     * and allocations where the JVM counts them.
     */
    private static MetricValues sampled(Samples samples, SortedMap<String, Double> reading,
            SortedMap<String, String> environment, MachineId machine, String layout) {
        final Timings time = Timings.of(samples, reading, Instant.now(), machine.stored(),
                HostFingerprint.cpu(environment), layout);
        MetricValues values = MetricValues.empty().with(Metrics.TIME, time);
        if (samples.clients().isPresent()) {
            values = values.with(Metrics.THROUGHPUT, ThroughputSamples.of(samples.clients().get(), time))
                    .with(Metrics.LATENCY, LatencySamples.of(samples.clients().get(), time));
        }
        if (samples.serverCpuNanosPerOp().length > 0) {
            values = values.with(Metrics.SERVER_CPU, samples.serverCpuNanosPerOp());
        }
        if (samples.allocatedBytesPerOp().length > 0) {
            values = values.with(Metrics.ALLOCATIONS, samples.allocatedBytesPerOp());
        }
        return values;
    }

    /**
     * The measurement with the body's server instructions, counted on the counting copy of the class's
     * database (PostgreSQL), or with why they could not be.
     */
    private Measurement counted(Measurement measured, Object instance, Object[] ownArguments,
            Optional<BaselineFile> baseline) throws Throwable {
        if (target.kind() != EngineKind.POSTGRES) {
            return measured;
        }
        if (run.settings().engineOptions().counting().mode() == CountMode.OFF) {
            return new Measurement(measured.values(), measured.environment(), measured.unmeasured(),
                    new TreeMap<>(Map.of(Metrics.INSTRUCTIONS.id(), ConfigKeys.COUNT_INSTRUCTIONS + "=off")));
        }
        final ScratchDatabase database = arguments.database(target);
        final long started = System.nanoTime();
        // Started as shared work; then its server stops whenever a JVM waits to time, rather than timed work waiting for it.
        final Optional<InstructionCounting> counting = run.samplingLock().shared(() -> {
            final Optional<InstructionCounting> copy = database.instructionCounting();
            if (copy.isPresent()) {
                run.samplingLock().pauses(copy.get().server());
            }
            return copy;
        });
        if (counting.isEmpty()) {
            return unmeasured(measured, database.whyNoInstructionCounting());
        }
        final Optional<InstructionCounts> recorded = baseline.map(file -> file.benchmarks().get(spec.id(target).key()))
                .flatMap(entry -> entry.metrics().get(Metrics.INSTRUCTIONS));
        final InstructionCountRun.Counted counted = OwnThread.call("dbbench instruction count", () ->
                InstructionCountRun.count(counting.get(), database, spec.method(), instance, ownArguments,
                        spec.beforeSample(), spec.point(), recorded));
        PHASES.log(System.Logger.Level.DEBUG, () -> String.format(Locale.ROOT, "counting %s [%s] took %.3f s",
                spec.where(), target.label(), (System.nanoTime() - started) / 1e9));
        if (counted.counts().isEmpty()) {
            return unmeasured(measured, counted.uncountable().orElseThrow());
        }
        return new Measurement(measured.values().with(Metrics.INSTRUCTIONS, counted.counts().get()),
                measured.environment(), measured.unmeasured());
    }

    /** The measurement, with why its server instructions were not counted. */
    private static Measurement unmeasured(Measurement measured, String why) {
        final SortedMap<String, String> unmeasured = new TreeMap<>(measured.unmeasured());
        unmeasured.put(Metrics.INSTRUCTIONS.id(), why);
        return new Measurement(measured.values(), measured.environment(), unmeasured);
    }

    private SortedMap<String, String> environment(Optional<StatisticsRestore.Restored> statistics) throws Exception {
        final SortedMap<String, String> environment = new TreeMap<>(HostFingerprint.read(run.settings().inCi()));
        environment.putAll(classContext.server(target).fingerprint());
        statistics.ifPresent(loaded -> environment.put(StatisticsRestore.ENVIRONMENT, loaded.describe()));
        return environment;
    }

    /**
     * A body to sample: alone, or called by the benchmark's client threads, the first with
     * {@code values} and each other with values of its own, resolved for it and checked with the rest.
     */
    private Sampler.Side side(Method method, Object instance, Object[] values, Operation beforeSample,
            RegionTimer timer, EngineTarget on, Closer scope, Injected injected) throws Exception {
        if (!spec.sampling().hasClients()) {
            return new Sampler.Side(() -> Invoker.invoke(method, instance, values), beforeSample, timer,
                    serverCpu(values, on));
        }
        final List<Operation> clients = new ArrayList<>(List.of(() -> Invoker.invoke(method, instance, values)));
        while (clients.size() < spec.sampling().threads()) {
            final Object[] own = arguments.resolve(method, on, scope, timer);
            injected.add(method, own, on, arguments);
            clients.add(() -> Invoker.invoke(method, instance, own));
        }
        return Sampler.Side.clients(clients, beforeSample);
    }

    /** Calls every {@code @BeforeSample} method of the class, parameters resolved once for the target. */
    private Operation hooks(Object instance, EngineTarget on, Closer scope, Injected injected) throws Exception {
        final List<Object[]> values = new ArrayList<>();
        for (Method hook : spec.beforeSample()) {
            values.add(arguments.resolve(hook, on, scope, new RegionTimer()));
            injected.add(hook, values.get(values.size() - 1), on, arguments);
        }
        return () -> {
            for (int i = 0; i < spec.beforeSample().size(); i++) {
                Invoker.invoke(spec.beforeSample().get(i), instance, values.get(i));
            }
        };
    }

    /** The other sides of this benchmark's expectations that apply on this target, with their parameters resolved. */
    private List<OtherSide> otherSides(Object instance, Closer scope, Injected injected) throws Exception {
        final List<OtherSide> others = new ArrayList<>();
        for (ExpectationSpec expectation : spec.expectations()) {
            final Optional<EngineTarget> otherTarget = expectation.otherTarget(target);
            if (otherTarget.isPresent()) {
                final RegionTimer timer = new RegionTimer();
                final Object[] values = arguments.resolve(expectation.other(), otherTarget.get(), scope, timer);
                injected.add(expectation.other(), values, otherTarget.get(), arguments);
                others.add(new OtherSide(expectation, otherTarget.get(), side(expectation.other(), instance, values,
                        hooks(instance, otherTarget.get(), scope, injected), timer, otherTarget.get(), scope,
                        injected)));
            }
        }
        return others;
    }

    /** The samples of each expectation's two sides, from the judged pass. */
    private List<ExpectationEvaluator.Pair> pairs(List<OtherSide> others, List<Samples> samples) {
        final List<ExpectationEvaluator.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < others.size(); i++) {
            final OtherSide other = others.get(i);
            pairs.add(new ExpectationEvaluator.Pair(new BenchmarkId(spec.testClass().getName(),
                    other.expectation().other().getName(), other.target().label(), spec.point()).key(),
                    other.expectation().factor(), samples.get(0).nanosPerOp(), samples.get(i + 1).nanosPerOp()));
        }
        return pairs;
    }

    /** A probe of the server CPU behind the body's first injected connection, where the engine has one. */
    private Optional<ServerCpuProbe> serverCpu(Object[] values, EngineTarget on) throws Exception {
        final Optional<Object> connection = Arrays.stream(values).filter(Connection.class::isInstance).findFirst();
        return connection.isEmpty() ? Optional.empty() : arguments.database(on).serverCpuProbe(connection.get());
    }
}
