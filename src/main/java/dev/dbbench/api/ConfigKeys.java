package dev.dbbench.api;

/**
 * The configuration parameters dbbench reads, set with {@code -Dkey=value} or in
 * {@code junit-platform.properties}; an annotation attribute, where there is one, wins over them.
 *
 * <p>A value that cannot be parsed fails the benchmarks that read it: dbbench never falls back to a
 * default, since a silent fallback could switch a gate off.
 */
public final class ConfigKeys {

    /** Warm-up samples per benchmark, zero or more. Default {@value #DEFAULT_WARMUPS}. */
    public static final String WARMUPS = "dbbench.warmups";

    /** Timed samples per benchmark, at least one. Default {@value #DEFAULT_SAMPLES}. */
    public static final String SAMPLES = "dbbench.samples";

    /** Calls of the body per sample, at least one; unset means calibrate to the minimum sample time. */
    public static final String OPS_PER_SAMPLE = "dbbench.ops-per-sample";

    /** Shortest sample when calibrating, in milliseconds. Default {@value #DEFAULT_MIN_SAMPLE_MILLIS}. */
    public static final String MIN_SAMPLE_MILLIS = "dbbench.min-sample-millis";

    /** Allowed slowdown of the median, in percent. Default {@value #DEFAULT_THRESHOLD_PERCENT}. */
    public static final String THRESHOLD_PERCENT = "dbbench.threshold-percent";

    /**
     * One-sided significance level of the Mann-Whitney U test a regression must pass; the ratio
     * interval has coverage {@code 1 - 2 alpha}. Default {@value #DEFAULT_ALPHA}.
     */
    public static final String ALPHA = "dbbench.alpha";

    /** How far, in percent, the ratio interval must clear 1 for a change to count. Default {@value #DEFAULT_NOISE_FLOOR_PERCENT}. */
    public static final String NOISE_FLOOR_PERCENT = "dbbench.noise-floor-percent";

    /**
     * {@code fail}, {@code warn} or {@code off}: what a confirmed timing regression does. Default
     * {@code fail}, except {@code warn} outside CI when the baseline was recorded in CI.
     */
    public static final String GATE_TIME = "dbbench.gate.time";

    /**
     * Whether timing ratios are divided by the machine-speed ruler's ratio, so a machine that is
     * slower as a whole (another runner, a busy neighbour) does not read as slower code. Default
     * {@value #DEFAULT_NORMALIZE}.
     */
    public static final String NORMALIZE = "dbbench.normalize";

    /**
     * {@code warn} or {@code refuse}: whether timings are compared with a baseline recorded on
     * another engine (version, provider, image, settings) or CPU. {@code warn} compares and lists the
     * differences; {@code refuse} makes such a verdict {@code INCONCLUSIVE}. Default {@code warn}.
     */
    public static final String ENVIRONMENT_MISMATCH = "dbbench.environment.mismatch";

    /**
     * How far, in percent, the machine-speed ruler may move between baseline and current run before
     * timing verdicts become inconclusive. Default {@value #DEFAULT_RULER_MAX_DRIFT_PERCENT}.
     */
    public static final String RULER_MAX_DRIFT_PERCENT = "dbbench.ruler.max-drift-percent";

    /** Longest one benchmark may run, in seconds. Default {@value #DEFAULT_TIMEOUT_SECONDS}. */
    public static final String TIMEOUT_SECONDS = "dbbench.timeout-seconds";

    /** Directory of the baseline files, relative to the working directory. Default {@value #DEFAULT_BASELINE_DIR}. */
    public static final String BASELINE_DIR = "dbbench.baseline.dir";

    /**
     * {@code compare} (default) judges against the baselines; {@code update} rewrites the entries of
     * the benchmarks that ran and keeps the rest; {@code record-missing} records only absent entries.
     */
    public static final String BASELINE_MODE = "dbbench.baseline.mode";

    /**
     * What {@code compare} does with a benchmark that has no baseline: {@code record} it, or
     * {@code fail}. Default {@code fail} when the environment variable {@code CI} is {@code true},
     * else {@code record}.
     */
    public static final String BASELINE_MISSING = "dbbench.baseline.missing";

    /** Directory of the run reports (JSON, Markdown). Default {@value #DEFAULT_REPORT_DIR}. */
    public static final String REPORT_DIR = "dbbench.report.dir";

    /** PostgreSQL major version when {@link Postgres#version()} is empty. Default {@value #DEFAULT_POSTGRES_VERSION}. */
    public static final String POSTGRES_VERSION = "dbbench.postgres.version";

    /**
     * Where servers come from when an engine annotation leaves {@code provider} unset: {@code auto}
     * (default: {@code containers} when Docker answers, else {@code embedded}), {@code containers},
     * {@code embedded} or {@code external}.
     */
    public static final String PROVIDER = "dbbench.provider";

    /** Docker image of PostgreSQL containers when {@link Postgres#image()} is empty. Default {@code postgres:<version>}. */
    public static final String POSTGRES_IMAGE = "dbbench.postgres.image";

    /** JDBC URL of the external PostgreSQL server, such as {@code jdbc:postgresql://localhost:5432/postgres}. */
    public static final String POSTGRES_URL = "dbbench.postgres.url";

    /** User of the external PostgreSQL server; it needs the right to create databases. */
    public static final String POSTGRES_USER = "dbbench.postgres.user";

    /** Password of {@link #POSTGRES_USER}; never printed nor stored. */
    public static final String POSTGRES_PASSWORD = "dbbench.postgres.password";

    /** MongoDB version ({@code major.minor}) when {@link Mongo#version()} is empty. Default {@value #DEFAULT_MONGODB_VERSION}. */
    public static final String MONGODB_VERSION = "dbbench.mongodb.version";

    /** Docker image of MongoDB containers when {@link Mongo#image()} is empty. Default {@code mongo:<version>}. */
    public static final String MONGODB_IMAGE = "dbbench.mongodb.image";

    /** Connection string of the external MongoDB server; credentials in it are never printed nor stored. */
    public static final String MONGODB_URI = "dbbench.mongodb.uri";

    /** {@code true} puts the data directory of containers on a tmpfs (memory); default {@code false}. */
    public static final String CONTAINERS_TMPFS = "dbbench.containers.tmpfs";

    /**
     * Longest wait, in seconds, for an image that is not present locally to be pulled. Default
     * {@value #DEFAULT_PULL_TIMEOUT_SECONDS}.
     */
    public static final String CONTAINERS_PULL_TIMEOUT_SECONDS = "dbbench.containers.pull-timeout-seconds";

    public static final int DEFAULT_WARMUPS = 5;
    public static final int DEFAULT_SAMPLES = 15;
    public static final int DEFAULT_MIN_SAMPLE_MILLIS = 10;
    public static final int DEFAULT_THRESHOLD_PERCENT = 25;
    public static final int DEFAULT_TIMEOUT_SECONDS = 300;
    public static final double DEFAULT_ALPHA = 0.01;
    public static final int DEFAULT_NOISE_FLOOR_PERCENT = 3;
    public static final int DEFAULT_RULER_MAX_DRIFT_PERCENT = 50;
    public static final boolean DEFAULT_NORMALIZE = true;
    public static final String DEFAULT_BASELINE_DIR = "baselines";
    public static final String DEFAULT_REPORT_DIR = "target/dbbench";
    public static final String DEFAULT_POSTGRES_VERSION = "17";
    public static final String DEFAULT_PROVIDER = "auto";
    public static final String DEFAULT_MONGODB_VERSION = "8.0";
    public static final int DEFAULT_PULL_TIMEOUT_SECONDS = 120;

    private ConfigKeys() {
    }
}
