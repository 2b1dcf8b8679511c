package dev.dbbench.junit;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.baseline.BaselineMode;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.EngineOptions;
import dev.dbbench.engine.EnginePool;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.engine.Engines;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.measure.Ruler;
import dev.dbbench.engine.Redaction;
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
    private final Map<EngineTarget, SortedMap<String, Double>> rulers = new ConcurrentHashMap<>();

    private RunContext(BaselineStore baselines, Gate gate, RunReport report, Engines engines, boolean inCi) {
        this.inCi = inCi;
        this.baselines = baselines;
        this.gate = gate;
        this.report = closer.register(report);
        this.pool = closer.register(new EnginePool(target -> {
            final EngineServer server = engines.start(target);
            final SortedMap<String, Double> ruler;
            try {
                ruler = readRuler(server);
            } catch (Exception | Error e) {
                server.close();
                throw e;
            }
            rulers.put(target, ruler);
            report.note("started " + target.label() + " (" + describe(server.fingerprint()) + ") in "
                    + Durations.format(server.startTime().toNanos()) + "; speed ruler " + describeRuler(ruler));
            return server;
        }, report::note));
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
                new Gate(mode, failOnMissing, timeGate, configuration.inCi()), report,
                new Engines(engineOptions(configuration)), configuration.inCi());
    }

    static EngineOptions engineOptions(Configuration configuration) {
        final boolean tmpfs = configuration.bool(ConfigKeys.CONTAINERS_TMPFS).orElse(false);
        final int pullTimeout = configuration.integer(ConfigKeys.CONTAINERS_PULL_TIMEOUT_SECONDS, 1)
                .orElse(ConfigKeys.DEFAULT_PULL_TIMEOUT_SECONDS);
        final Optional<EngineOptions.ExternalPostgres> postgres = configuration.string(ConfigKeys.POSTGRES_URL)
                .map(url -> {
                    if (!url.startsWith("jdbc:postgresql:")) {
                        throw Configuration.invalid(ConfigKeys.POSTGRES_URL, Redaction.url(url),
                                "a PostgreSQL JDBC URL such as jdbc:postgresql://localhost:5432/postgres");
                    }
                    final String user = configuration.string(ConfigKeys.POSTGRES_USER).orElseThrow(() ->
                            new DbBenchConfigurationException("configuration parameter " + ConfigKeys.POSTGRES_USER
                                    + " must be set when " + ConfigKeys.POSTGRES_URL + " is"));
                    // Not trimmed or filtered like other values: a password is taken exactly as given.
                    return new EngineOptions.ExternalPostgres(url, user,
                            configuration.raw(ConfigKeys.POSTGRES_PASSWORD).orElse(""));
                });
        return new EngineOptions(tmpfs, Duration.ofSeconds(pullTimeout), postgres,
                configuration.string(ConfigKeys.MONGODB_URI));
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

    boolean inCi() {
        return inCi;
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
        ruler.forEach((workload, nanos) -> parts.add(workload + " " + Durations.format(nanos)));
        return String.join(", ", parts);
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
