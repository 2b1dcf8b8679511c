package dev.dbbench.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.Provider;

/**
 * Every configuration parameter of a run, resolved once into typed values: the parameter if set,
 * else the default beside its key in {@link ConfigKeys}. Sections are resolved on first use and
 * kept, value or error: a bad value fails whatever needs its section, the same way every time,
 * while a run that never needs a section is not failed by it.
 */
public final class Settings {

    /**
     * What a {@code @DbBenchmark} attribute left unset takes, and the statistical rule's parameters.
     *
     * @param opsPerSample calls per sample; empty means calibrate to {@code minSampleMillis}
     * @param threads client threads; empty means none, the body runs alone
     */
    public record BenchmarkDefaults(int warmups, int samples, OptionalInt opsPerSample, int minSampleMillis,
            double thresholdPercent, int timeoutSeconds, double alpha, double noiseFloorPercent, double rulerMaxDriftPercent,
            boolean normalize, EnvironmentPolicy environmentMismatch, Tolerances tolerances, OptionalInt threads) {
    }

    /** How far, in percent, counts that are not exact may rise before they fail. */
    public record Tolerances(double instructionsPercent, double bytesPercent, double allocationsPercent) {
    }

    /**
     * What an engine annotation left unset takes.
     *
     * @param externalPostgres whether an external PostgreSQL server is named
     * @param externalMongo whether an external MongoDB server is named
     */
    public record EngineDefaults(Provider provider, String postgresVersion, Optional<String> postgresImage,
            String mongoVersion, Optional<String> mongoImage, boolean externalPostgres, boolean externalMongo) {
    }

    /**
     * What the run does with baselines.
     *
     * @param failOnMissing whether {@link BaselineMode#COMPARE} fails a benchmark without a baseline
     *     instead of recording it
     * @param timeGate the configured timing gate; empty takes the default, which depends on where
     *     the baseline was recorded
     * @param runs how many independent runs each written entry holds
     * @param machine the name the team gave this machine; empty for the host's own identity
     */
    public record BaselinePolicy(BaselineMode mode, boolean failOnMissing, Optional<TimeGate> timeGate,
            Path directory, int runs, Optional<String> machine) {
    }

    /**
     * Where the reports go and what they show beside the run.
     *
     * @param history a folder of earlier runs' results files; empty for none
     * @param artifact the name CI uploads the report directory under
     */
    public record ReportOptions(Path directory, Optional<Path> history, String artifact) {
    }

    /** What a name given through {@link ConfigKeys#MACHINE} may be made of. */
    private static final Pattern MACHINE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private final ConfigSource source;
    private final Section<BenchmarkDefaults> benchmarks;
    private final Section<EngineDefaults> engines;
    private final Section<EngineOptions> engineOptions;
    private final Section<BaselinePolicy> baselines;
    private final Section<ReportOptions> report;
    private final Section<Optional<Shard>> shard;
    private final Section<ScaleLevel> scale;
    private final Section<Optional<Path>> samplingLock;

    public Settings(ConfigSource source) {
        this.source = source;
        this.benchmarks = new Section<>(this::resolveBenchmarks);
        this.engines = new Section<>(this::resolveEngines);
        this.engineOptions = new Section<>(this::resolveEngineOptions);
        this.baselines = new Section<>(this::resolveBaselines);
        this.report = new Section<>(this::resolveReport);
        this.shard = new Section<>(() -> source.string(ConfigKeys.SHARD).map(text -> Shard.parse(ConfigKeys.SHARD,
                text)));
        this.scale = new Section<>(() -> choice(ConfigKeys.SCALE, ConfigKeys.DEFAULT_SCALE, ScaleLevel.values()));
        this.samplingLock = new Section<>(this::resolveSamplingLock);
    }

    public BenchmarkDefaults benchmarks() {
        return benchmarks.get();
    }

    public EngineDefaults engines() {
        return engines.get();
    }

    public EngineOptions engineOptions() {
        return engineOptions.get();
    }

    public BaselinePolicy baselines() {
        return baselines.get();
    }

    public Path reportDirectory() {
        return report().directory();
    }

    public ReportOptions report() {
        return report.get();
    }

    /** The shard of the suite this run runs; empty runs every class. */
    public Optional<Shard> shard() {
        return shard.get();
    }

    /** Which values each {@code @Scale} runs over. */
    public ScaleLevel scale() {
        return scale.get();
    }

    /** The file through which test JVMs keep timed work alone on the machine; empty when switched off. */
    public Optional<Path> samplingLock() {
        return samplingLock.get();
    }

    /** Whether the build runs in CI, as CI services announce with {@code CI=true}. */
    public boolean inCi() {
        return source.inCi();
    }

    /**
     * The old spelling of "record what is missing, compare the rest", which {@code dbbench.baseline.missing=record}
     * says now; still read.
     */
    private boolean recordMissingMode() {
        return source.string(ConfigKeys.BASELINE_MODE).filter(DEPRECATED_RECORD_MISSING::equalsIgnoreCase).isPresent();
    }

    /** Settings that work but should be given another way, said once per run. */
    public List<String> warnings() {
        final List<String> warnings = new ArrayList<>();
        if (recordMissingMode()) {
            warnings.add("dbbench: " + ConfigKeys.BASELINE_MODE + "=" + DEPRECATED_RECORD_MISSING + " is deprecated"
                    + " and will be removed; it is read as " + ConfigKeys.BASELINE_MISSING + "=record (with the"
                    + " default " + ConfigKeys.BASELINE_MODE + "=compare), which is how to say it now");
        }
        if (source.inCi() && source.isSystemProperty(ConfigKeys.POSTGRES_PASSWORD)) {
            warnings.add("dbbench: the external PostgreSQL password came as the system property "
                    + ConfigKeys.POSTGRES_PASSWORD + ", which Maven Surefire writes into target/surefire-reports;"
                    + " pass it in the environment variable " + ConfigKeys.POSTGRES_PASSWORD_ENV + " instead");
        }
        final Optional<String> uri = source.raw(ConfigKeys.MONGODB_URI);
        if (source.inCi() && source.isSystemProperty(ConfigKeys.MONGODB_URI) && uri.isPresent()
                && !Redaction.url(uri.get()).equals(uri.get())) {
            warnings.add("dbbench: the external MongoDB connection string, with its password, came as the system"
                    + " property " + ConfigKeys.MONGODB_URI + ", which Maven Surefire writes into"
                    + " target/surefire-reports; pass it in the environment variable " + ConfigKeys.MONGODB_URI_ENV
                    + " instead");
        }
        return warnings;
    }

    private BenchmarkDefaults resolveBenchmarks() {
        final String opsKey = ConfigKeys.OPS_PER_SAMPLE;
        return new BenchmarkDefaults(
                source.integer(ConfigKeys.WARMUPS, 0, ConfigKeys.DEFAULT_WARMUPS),
                source.integer(ConfigKeys.SAMPLES, 1, ConfigKeys.MAX_SAMPLES, ConfigKeys.DEFAULT_SAMPLES),
                source.string(opsKey).isEmpty() ? OptionalInt.empty() : OptionalInt.of(source.integer(opsKey, 1, 1)),
                source.integer(ConfigKeys.MIN_SAMPLE_MILLIS, 1, ConfigKeys.DEFAULT_MIN_SAMPLE_MILLIS),
                source.percent(ConfigKeys.THRESHOLD_PERCENT, ConfigKeys.DEFAULT_THRESHOLD_PERCENT),
                source.integer(ConfigKeys.TIMEOUT_SECONDS, 1, ConfigKeys.MAX_TIMEOUT_SECONDS,
                        ConfigKeys.DEFAULT_TIMEOUT_SECONDS),
                source.decimal(ConfigKeys.ALPHA, 0, 0.5, ConfigKeys.DEFAULT_ALPHA),
                source.percent(ConfigKeys.NOISE_FLOOR_PERCENT, ConfigKeys.DEFAULT_NOISE_FLOOR_PERCENT),
                source.percent(ConfigKeys.RULER_MAX_DRIFT_PERCENT, ConfigKeys.DEFAULT_RULER_MAX_DRIFT_PERCENT),
                source.bool(ConfigKeys.NORMALIZE, ConfigKeys.DEFAULT_NORMALIZE),
                choice(ConfigKeys.ENVIRONMENT_MISMATCH, ConfigKeys.DEFAULT_ENVIRONMENT_MISMATCH,
                        EnvironmentPolicy.values()),
                new Tolerances(
                        source.percent(ConfigKeys.TOLERANCE_INSTRUCTIONS_PERCENT,
                                ConfigKeys.DEFAULT_TOLERANCE_INSTRUCTIONS_PERCENT),
                        source.percent(ConfigKeys.TOLERANCE_BYTES_PERCENT, ConfigKeys.DEFAULT_TOLERANCE_BYTES_PERCENT),
                        source.percent(ConfigKeys.TOLERANCE_ALLOCATIONS_PERCENT,
                                ConfigKeys.DEFAULT_TOLERANCE_ALLOCATIONS_PERCENT)),
                source.string(ConfigKeys.THREADS).isEmpty() ? OptionalInt.empty()
                        : OptionalInt.of(source.integer(ConfigKeys.THREADS, 1, ConfigKeys.MAX_THREADS, 1)));
    }

    private EngineDefaults resolveEngines() {
        final Provider provider = choice(ConfigKeys.PROVIDER, ConfigKeys.DEFAULT_PROVIDER, Provider.AUTO,
                Provider.CONTAINERS, Provider.EMBEDDED, Provider.EXTERNAL);
        final String postgresVersion = source.string(ConfigKeys.POSTGRES_VERSION)
                .orElse(ConfigKeys.DEFAULT_POSTGRES_VERSION);
        if (!Versions.isPostgresMajor(postgresVersion)) {
            throw ConfigSource.invalid(ConfigKeys.POSTGRES_VERSION, postgresVersion, Versions.POSTGRES_ALLOWED);
        }
        final String mongoVersion = source.string(ConfigKeys.MONGODB_VERSION).orElse(ConfigKeys.DEFAULT_MONGODB_VERSION);
        if (!Versions.isMongoVersion(mongoVersion)) {
            throw ConfigSource.invalid(ConfigKeys.MONGODB_VERSION, mongoVersion, Versions.MONGO_ALLOWED + ",");
        }
        return new EngineDefaults(provider, postgresVersion, source.string(ConfigKeys.POSTGRES_IMAGE), mongoVersion,
                source.string(ConfigKeys.MONGODB_IMAGE), source.string(ConfigKeys.POSTGRES_URL).isPresent(),
                mongoUri().isPresent());
    }

    private EngineOptions resolveEngineOptions() {
        final boolean tmpfs = source.bool(ConfigKeys.CONTAINERS_TMPFS, ConfigKeys.DEFAULT_CONTAINERS_TMPFS);
        final int pullTimeout = source.integer(ConfigKeys.CONTAINERS_PULL_TIMEOUT_SECONDS, 1,
                ConfigKeys.DEFAULT_PULL_TIMEOUT_SECONDS);
        final Optional<EngineOptions.ExternalPostgres> postgres = source.string(ConfigKeys.POSTGRES_URL).map(url -> {
            if (!url.startsWith("jdbc:postgresql:")) {
                throw ConfigSource.invalid(ConfigKeys.POSTGRES_URL, Redaction.url(url),
                        "a PostgreSQL JDBC URL such as jdbc:postgresql://localhost:5432/postgres");
            }
            final String user = source.string(ConfigKeys.POSTGRES_USER).orElseThrow(() ->
                    new DbBenchConfigurationException("configuration parameter " + ConfigKeys.POSTGRES_USER
                            + " must be set when " + ConfigKeys.POSTGRES_URL + " is"));
            // Not trimmed or filtered like other values: a password is taken exactly as given.
            final String password = source.environmentVariable(ConfigKeys.POSTGRES_PASSWORD_ENV)
                    .or(() -> source.raw(ConfigKeys.POSTGRES_PASSWORD))
                    .orElse("");
            return new EngineOptions.ExternalPostgres(url, user, password);
        });
        return new EngineOptions(tmpfs, Duration.ofSeconds(pullTimeout), postgres, mongoUri(), new EngineOptions.Counting(
                choice(ConfigKeys.COUNT_INSTRUCTIONS, ConfigKeys.DEFAULT_COUNT_INSTRUCTIONS, CountMode.values()),
                source.string(ConfigKeys.COUNT_VALGRIND).orElse(ConfigKeys.DEFAULT_COUNT_VALGRIND)));
    }

    private Optional<String> mongoUri() {
        return source.environmentVariable(ConfigKeys.MONGODB_URI_ENV).map(String::trim)
                .or(() -> source.string(ConfigKeys.MONGODB_URI));
    }

    private BaselinePolicy resolveBaselines() {
        final boolean recordMissing = recordMissingMode();
        final BaselineMode mode = recordMissing ? BaselineMode.COMPARE
                : choice(ConfigKeys.BASELINE_MODE, ConfigKeys.DEFAULT_BASELINE_MODE, BaselineMode.values());
        final Optional<MissingBaseline> missing = source.choice(ConfigKeys.BASELINE_MISSING, MissingBaseline.values());
        if (recordMissing && missing.filter(choice -> choice == MissingBaseline.FAIL).isPresent()) {
            throw new DbBenchConfigurationException("configuration parameters " + ConfigKeys.BASELINE_MODE
                    + "=record-missing and " + ConfigKeys.BASELINE_MISSING + "=fail contradict each other: set "
                    + ConfigKeys.BASELINE_MISSING + " alone (record or fail)");
        }
        final boolean failOnMissing = !recordMissing && missing.map(choice -> choice == MissingBaseline.FAIL)
                .orElse(source.inCi());
        return new BaselinePolicy(mode, failOnMissing, source.choice(ConfigKeys.GATE_TIME, TimeGate.values()),
                Paths.get(source.string(ConfigKeys.BASELINE_DIR).orElse(ConfigKeys.DEFAULT_BASELINE_DIR)),
                source.integer(ConfigKeys.BASELINE_RUNS, 1, ConfigKeys.DEFAULT_BASELINE_RUNS),
                source.string(ConfigKeys.MACHINE).map(name -> {
                    if (!MACHINE_NAME.matcher(name).matches()) {
                        throw ConfigSource.invalid(ConfigKeys.MACHINE, name, "a name of letters, digits, '.', '_'"
                                + " and '-', starting with a letter or digit, up to 64 characters");
                    }
                    return name;
                }));
    }

    private ReportOptions resolveReport() {
        final Optional<Path> history = source.string(ConfigKeys.REPORT_HISTORY).map(Paths::get);
        if (history.isPresent() && !Files.isDirectory(history.get())) {
            throw ConfigSource.invalid(ConfigKeys.REPORT_HISTORY, history.get().toString(),
                    "an existing folder of earlier results.json files");
        }
        return new ReportOptions(Paths.get(source.string(ConfigKeys.REPORT_DIR).orElse(ConfigKeys.DEFAULT_REPORT_DIR)),
                history, source.string(ConfigKeys.REPORT_ARTIFACT).orElse(ConfigKeys.DEFAULT_REPORT_ARTIFACT));
    }

    private Optional<Path> resolveSamplingLock() {
        final Optional<String> named = source.string(ConfigKeys.SAMPLING_LOCK);
        if (named.isEmpty()) {
            return Optional.of(Paths.get(System.getProperty("java.io.tmpdir"), ConfigKeys.DEFAULT_SAMPLING_LOCK_NAME));
        }
        return named.get().equalsIgnoreCase("off") ? Optional.empty() : Optional.of(Paths.get(named.get()));
    }

    /** The choice a key names, or its default, which is spelled like any value. */
    @SafeVarargs
    private <E extends Enum<E>> E choice(String key, String fallback, E... allowed) {
        return source.choice(key, allowed).orElseGet(() -> Choices.parse(fallback, allowed).orElseThrow());
    }

    /** The deprecated value of {@link ConfigKeys#BASELINE_MODE} that {@code dbbench.baseline.missing=record} replaces. */
    private static final String DEPRECATED_RECORD_MISSING = "record-missing";

    /** What {@code compare} does with a benchmark that has no baseline. */
    private enum MissingBaseline {
        FAIL, RECORD
    }

    /** A part of the settings, resolved on first use; its value or its error is kept. */
    private static final class Section<T> {

        private final Supplier<T> resolver;
        private T value;
        private RuntimeException failure;

        Section(Supplier<T> resolver) {
            this.resolver = resolver;
        }

        synchronized T get() {
            if (failure != null) {
                throw failure;
            }
            if (value == null) {
                try {
                    value = resolver.get();
                } catch (RuntimeException e) {
                    failure = e;
                    throw e;
                }
            }
            return value;
        }
    }
}
