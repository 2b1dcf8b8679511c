package dev.dbbench.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.concurrent.ConcurrentHashMap;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.config.BaselineMode;
import dev.dbbench.config.Settings;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.EnginePool;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.Engines;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.env.MachineId;
import dev.dbbench.env.RunId;
import dev.dbbench.evaluate.BaselineRecorder;
import dev.dbbench.evaluate.Gate;
import dev.dbbench.measure.Ruler;
import dev.dbbench.measure.SamplingLock;
import dev.dbbench.report.RunReport;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.text.Figures;

/**
 * What lives for a whole test run: the settings, the engine servers with their machine-speed ruler
 * readings, the gate, the baseline recorder and the run report. Closing it stops the servers and
 * prints and writes the report.
 */
public final class RunContext implements AutoCloseable {

    /** Waits for other JVMs' timed work shorter than this in all are not worth a line of the summary. */
    private static final long NOTEWORTHY_WAIT_NANOS = 100_000_000L;

    private final Settings settings;
    private final EnginePool pool;
    private final Gate gate;
    private final MachineId machine;
    /** The test classes whose benchmarks ran in this JVM, in order. */
    private final List<String> classesRun = new ArrayList<>();
    private final BaselineRecorder recorder;
    private final RunReport report;
    private final Closer closer = new Closer();
    private final Map<EngineTarget, SortedMap<String, Double>> rulers = new ConcurrentHashMap<>();
    private final SamplingLock samplingLock;
    /** What the JVM's lock had waited before this run, which runs nested in a test's run share. */
    private final long waitedBefore;

    private RunContext(Settings settings, RunReport report, Engines engines, PrintStream console) {
        this.settings = settings;
        this.samplingLock = samplingLock(settings, report);
        this.waitedBefore = samplingLock.waitedNanos();
        final Settings.BaselinePolicy policy = settings.baselines();
        this.gate = new Gate(policy.mode(), policy.failOnMissing(), policy.timeGate(), settings.inCi());
        this.machine = MachineId.here(policy.machine());
        this.recorder = new BaselineRecorder(new BaselineStore(policy.directory()), policy.mode(),
                policy.failOnMissing(), policy.runs());
        // Closed after the report, so the console shows the results table first.
        closer.register(() -> baselineChanges(console));
        this.report = closer.register(report);
        this.pool = closer.register(new EnginePool(target -> {
            final EngineServer server = engines.start(target);
            final SortedMap<String, Double> ruler;
            try {
                ruler = samplingLock.alone(() -> readRuler(server));
            } catch (Exception | Error e) {
                server.close();
                throw e;
            }
            rulers.put(target, ruler);
            report.note("started " + target.label() + " (" + describe(server.fingerprint()) + ") in "
                    + Figures.duration(server.startTime().toNanos()) + "; speed ruler " + describeRuler(ruler));
            return server;
        }, report::note));
    }

    /** The run's context; its settings' warnings are printed once, here. */
    public static RunContext create(Settings settings, PrintStream console) {
        settings.warnings().forEach(console::println);
        final RunReport report = new RunReport(settings.report(), RunId.current(), RunReport.githubJobSummary(),
                console);
        return new RunContext(settings, report, new Engines(settings.engineOptions()), console);
    }

    /**
     * What an update run did to each entry, rewritten with what moved or kept, on the console; the
     * run report shows it in the GitHub Actions job summary, so the pull request's reviewer reads
     * "instructions +3.1 %".
     */
    private void baselineChanges(PrintStream console) {
        final String markdown = recorder.mode() == BaselineMode.UPDATE ? recorder.changes().markdown() : "";
        if (!markdown.isEmpty()) {
            console.print("\n" + markdown);
            console.flush();
        }
    }

    /**
     * The lock that keeps this run's timed work apart from the dbbench work of the machine's other test
     * JVMs; without one (a file that cannot be opened), the run says so and times regardless.
     */
    private static SamplingLock samplingLock(Settings settings, RunReport report) {
        final Optional<Path> file = settings.samplingLock();
        if (file.isEmpty()) {
            return SamplingLock.NONE;
        }
        try {
            return SamplingLock.at(file.get());
        } catch (IOException e) {
            report.note("timed work was not kept apart from other test JVMs': " + file.get() + " could not be opened"
                    + " (" + e + "); name a writable file with " + ConfigKeys.SAMPLING_LOCK);
            return SamplingLock.NONE;
        }
    }

    /** The facts the run summary shows per started server; absent ones are left out. */
    private static String describe(Map<String, String> fingerprint) {
        final List<String> facts = new ArrayList<>();
        facts.add("version " + fingerprint.getOrDefault("engine.version", "?"));
        for (String key : List.of("engine.image", "engine.setting.fsync", "engine.setting.synchronous_commit",
                "engine.setting.writeConcern", "engine.setting.storageEngine", "engine.tmpfs")) {
            if (fingerprint.containsKey(key)) {
                facts.add(key.substring(key.lastIndexOf('.') + 1) + "=" + fingerprint.get(key));
            }
        }
        return String.join(", ", facts);
    }

    public Settings settings() {
        return settings;
    }

    /**
     * The machine-speed ruler for a target's server, read once per run as the server starts, before
     * any benchmark has loaded data or left background work behind on it.
     */
    SortedMap<String, Double> ruler(EngineTarget target) throws Exception {
        pool.server(target);
        return rulers.get(target);
    }

    private static SortedMap<String, Double> readRuler(EngineServer server) throws Exception {
        final Optional<RulerWorkload> workload = server.openRulerWorkload();
        try {
            return Ruler.read(workload);
        } finally {
            if (workload.isPresent()) {
                workload.get().close();
            }
        }
    }

    private static String describeRuler(SortedMap<String, Double> ruler) {
        final List<String> parts = new ArrayList<>();
        ruler.forEach((workload, nanos) -> parts.add(workload + " " + Figures.duration(nanos)));
        return String.join(", ", parts);
    }

    /** The context of one test class of this run. */
    public ClassContext classContext(Class<?> testClass) {
        return classContext(testClass, ClassContext.Applications.NONE);
    }

    /** The context of one test class of this run, whose database an application's own pool may use. */
    public ClassContext classContext(Class<?> testClass, ClassContext.Applications applications) {
        return new ClassContext(testClass, pool::server, recorder.store(), applications, samplingLock);
    }

    /**
     * A new database on the target's server that lives as long as the run: the template of an
     * application's schema, shared by the classes that use the application.
     */
    public ScratchDatabase runDatabase(EngineTarget target, String namePrefix) throws Exception {
        final EngineServer server = pool.server(target);
        final ScratchDatabase database = server.createDatabase(namePrefix);
        closer.register(() -> {
            if (server.alive()) {
                database.close();
            }
        });
        return database;
    }

    /** Closes {@code resource} when the run ends, before its servers stop and its report is written. */
    public <T extends AutoCloseable> T closeAtEnd(T resource) {
        return closer.register(resource);
    }

    Gate gate() {
        return gate;
    }

    /** The machine this run's timings are taken on, as their recorded runs name it. */
    MachineId machine() {
        return machine;
    }

    /**
     * What ran before {@code testClass} in this test JVM, the class registered on first asking:
     * {@code 2:3fa9c01e}, how many classes and a hash of their names in order. A class's timings move
     * with what the JVM ran before it, so a timing gates only against runs of the same layout.
     */
    synchronized String layout(Class<?> testClass) {
        if (!classesRun.contains(testClass.getName())) {
            classesRun.add(testClass.getName());
        }
        final List<String> before = classesRun.subList(0, classesRun.indexOf(testClass.getName()));
        return before.size() + ":" + String.format("%08x", String.join(",", before).hashCode());
    }

    BaselineRecorder recorder() {
        return recorder;
    }

    /**
     * Says which entries of a class's baseline file belong to no benchmark method of the class: update
     * mode removes them, other modes keep them and say how to.
     */
    void orphans(Class<?> testClass, SortedSet<String> keys) {
        if (keys.isEmpty()) {
            return;
        }
        final Path file = recorder.store().fileFor(testClass.getName());
        final String entries = keys.size() + (keys.size() == 1 ? " entry" : " entries")
                + " of no @DbBenchmark method of " + BenchmarkId.simpleClassName(testClass.getName())
                + " (renamed or deleted): " + String.join(", ", keys);
        if (recorder.removeOrphans(testClass.getName(), keys)) {
            report.note("removed from " + file + " " + entries);
        } else {
            report.note(file + " holds " + entries + "; a run with " + ConfigKeys.BASELINE_MODE + "=update removes "
                    + (keys.size() == 1 ? "it" : "them"));
        }
    }

    public RunReport report() {
        return report;
    }

    /** Keeps this run's timed work apart from the dbbench work of the machine's other test JVMs. */
    public SamplingLock samplingLock() {
        return samplingLock;
    }

    @Override
    public void close() throws Exception {
        final long waited = samplingLock.waitedNanos() - waitedBefore;
        if (waited >= NOTEWORTHY_WAIT_NANOS) {
            report.note("dbbench waited " + Figures.duration(waited) + " in all so that timed work ran alone on this"
                    + " machine (" + ConfigKeys.SAMPLING_LOCK + "=" + samplingLock.file().orElseThrow() + ")");
        }
        if (recorder.mode() == BaselineMode.UPDATE) {
            // The job summary joins them with those of the build's other JUnit runs, under one table.
            report.baselineChanges(recorder.changes().lines());
        }
        closer.close();
    }
}
