package dev.dbbench.junit;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.baseline.BaselineMode;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.EnginePool;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.engine.Engines;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.measure.Ruler;
import dev.dbbench.report.Durations;
import dev.dbbench.report.RunReport;
import dev.dbbench.verdict.Gate;
import dev.dbbench.verdict.TimeGate;

/**
 * What lives for a whole test run: the engine servers, the baseline store, the gate policy and the
 * run report. Held in the root store, so it closes (servers stop, report prints) when the run ends.
 */
final class RunContext implements AutoCloseable {

    private final EnginePool pool;
    private final BaselineStore baselines;
    private final Gate gate;
    private final RunReport report;
    private final Closer closer = new Closer();
    private final boolean inCi;
    private final Map<EngineTarget, SortedMap<String, Double>> rulers = new HashMap<>();

    private RunContext(BaselineStore baselines, Gate gate, RunReport report, boolean inCi) {
        this.inCi = inCi;
        this.baselines = baselines;
        this.gate = gate;
        this.report = closer.register(report);
        this.pool = closer.register(new EnginePool(target -> {
            final EngineServer server = Engines.start(target);
            report.note("started " + target.label() + " (" + describe(server.fingerprint()) + ") in "
                    + Durations.format(server.startTime().toNanos()));
            return server;
        }));
    }

    static RunContext create(Configuration configuration) {
        final BaselineMode mode = configuration.string(ConfigKeys.BASELINE_MODE)
                .map(text -> BaselineMode.parse(text).orElseThrow(() ->
                        Configuration.invalid(ConfigKeys.BASELINE_MODE, text, "one of " + BaselineMode.allowed())))
                .orElse(BaselineMode.COMPARE);
        final boolean failOnMissing = configuration.string(ConfigKeys.BASELINE_MISSING)
                .map(text -> switch (text.toLowerCase(Locale.ROOT)) {
                    case "fail" -> true;
                    case "record" -> false;
                    default -> throw Configuration.invalid(ConfigKeys.BASELINE_MISSING, text, "fail or record");
                })
                .orElse(configuration.inCi());
        final Path baselineDir = Paths.get(configuration.string(ConfigKeys.BASELINE_DIR)
                .orElse(ConfigKeys.DEFAULT_BASELINE_DIR));
        final Path reportDir = Paths.get(configuration.string(ConfigKeys.REPORT_DIR)
                .orElse(ConfigKeys.DEFAULT_REPORT_DIR));
        final String fork = System.getProperty("surefire.forkNumber", "1");
        final RunReport report = new RunReport(reportDir, "1".equals(fork) ? "" : "-" + fork,
                RunReport.githubJobSummary(), System.out);
        final Optional<TimeGate> timeGate = configuration.string(ConfigKeys.GATE_TIME)
                .map(text -> TimeGate.parse(text).orElseThrow(() ->
                        Configuration.invalid(ConfigKeys.GATE_TIME, text, "one of " + TimeGate.allowed())));
        return new RunContext(new BaselineStore(baselineDir),
                new Gate(mode, failOnMissing, timeGate, configuration.inCi()), report, configuration.inCi());
    }

    private static String describe(Map<String, String> fingerprint) {
        return "version " + fingerprint.getOrDefault("engine.version", "?")
                + ", fsync=" + fingerprint.getOrDefault("engine.setting.fsync", "?")
                + ", synchronous_commit=" + fingerprint.getOrDefault("engine.setting.synchronous_commit", "?");
    }

    boolean inCi() {
        return inCi;
    }

    /** The machine-speed ruler for a target's server, measured once per run. */
    synchronized SortedMap<String, Double> ruler(EngineTarget target) throws Exception {
        SortedMap<String, Double> reading = rulers.get(target);
        if (reading == null) {
            final Optional<RulerWorkload> workload = pool.server(target).openRulerWorkload();
            try {
                reading = Ruler.read(workload);
            } finally {
                if (workload.isPresent()) {
                    workload.get().close();
                }
            }
            rulers.put(target, reading);
        }
        return reading;
    }

    EnginePool pool() {
        return pool;
    }

    BaselineStore baselines() {
        return baselines;
    }

    Gate gate() {
        return gate;
    }

    RunReport report() {
        return report;
    }

    @Override
    public void close() throws Exception {
        closer.close();
    }
}
