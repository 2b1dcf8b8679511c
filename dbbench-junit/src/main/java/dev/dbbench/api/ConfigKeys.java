package dev.dbbench.api;

/**
 * The configuration parameters dbbench reads, each with its default beside it, set with
 * {@code -Dkey=value} or in {@code junit-platform.properties}; an annotation attribute, where there is
 * one, wins over them.
 *
 * <p>A value that cannot be parsed fails the benchmarks that read it: dbbench never falls back to a
 * default, since a silent fallback could switch a gate off. Values with a fixed set of choices are
 * spelled in lower case with hyphens ({@code pull-timeout-seconds} as a key, {@code compare} as a
 * value); every key ending in {@code -percent} takes a number of at least 0, with decimals or without.
 * Every key is listed in {@code docs/configuration.md}, which a test holds to this class.
 */
public final class ConfigKeys {

    /** Warm-up samples per benchmark, zero or more. */
    public static final String WARMUPS = "dbbench.warmups";
    public static final int DEFAULT_WARMUPS = 5;

    /** Timed samples per benchmark, at least one and at most {@value #MAX_SAMPLES}. */
    public static final String SAMPLES = "dbbench.samples";
    public static final int DEFAULT_SAMPLES = 15;
    /**
     * The most timed samples a benchmark may take: a baseline entry holds them, and the bootstrap
     * resamples them two thousand times, so this bounds the work of one verdict to well under a second.
     */
    public static final int MAX_SAMPLES = 10_000;

    /** Calls of the body per sample, at least one; unset means calibrate to the minimum sample time. */
    public static final String OPS_PER_SAMPLE = "dbbench.ops-per-sample";

    /** Shortest sample when calibrating, in milliseconds. */
    public static final String MIN_SAMPLE_MILLIS = "dbbench.min-sample-millis";
    public static final int DEFAULT_MIN_SAMPLE_MILLIS = 10;

    /**
     * Client threads per benchmark, from 1 to {@link #MAX_THREADS}, each calling the body with a
     * connection of its own; unset means none: the body runs alone on dbbench's own thread.
     */
    public static final String THREADS = "dbbench.threads";
    /** The most client threads a benchmark may have: each holds a connection, and a server holds a few hundred. */
    public static final int MAX_THREADS = 256;

    /** Allowed slowdown of the median, in percent. */
    public static final String THRESHOLD_PERCENT = "dbbench.threshold-percent";
    public static final double DEFAULT_THRESHOLD_PERCENT = 25;

    /**
     * Longest one benchmark may run, in seconds, at most {@value #MAX_TIMEOUT_SECONDS}; it also bounds
     * each single call of the body.
     */
    public static final String TIMEOUT_SECONDS = "dbbench.timeout-seconds";
    public static final int DEFAULT_TIMEOUT_SECONDS = 300;
    /** The longest timeout PostgreSQL's statement_timeout, in milliseconds, can hold: about 24.8 days. */
    public static final int MAX_TIMEOUT_SECONDS = Integer.MAX_VALUE / 1000;

    /**
     * One-sided significance level of the Mann-Whitney U test a regression must pass; the ratio
     * interval has coverage {@code 1 - 2 alpha}.
     */
    public static final String ALPHA = "dbbench.alpha";
    public static final double DEFAULT_ALPHA = 0.01;

    /** How far, in percent, the ratio interval must clear 1 for a change to count. */
    public static final String NOISE_FLOOR_PERCENT = "dbbench.noise-floor-percent";
    public static final double DEFAULT_NOISE_FLOOR_PERCENT = 3;

    /**
     * {@code fail}, {@code warn} or {@code off}: what a confirmed timing regression against a baseline does
     * where that baseline's timings may gate (runs recorded on this machine). Unset
     * means {@code fail}, except {@code warn} outside CI when the baseline was recorded in CI. It governs
     * timings compared with a stored baseline only: counts, plans, sizes, {@code @ExpectScaling} and
     * {@code @ExpectFasterThan} (measured side by side in one run) gate whatever it says.
     */
    public static final String GATE_TIME = "dbbench.gate.time";

    /**
     * A name for this machine, for a dedicated benchmark runner: letters, digits, {@code .}, {@code _} and
     * {@code -}, up to 64. Runs recorded under a name count as this machine's wherever the same name is
     * set, so their timings may fail the build there. Unset means this boot of this host (its
     * {@code /etc/machine-id}, host name and the kernel's boot id): timings recorded on another host,
     * or before a reboot, are reported, not failed.
     */
    public static final String MACHINE = "dbbench.machine";

    /**
     * Whether timing ratios are divided by the machine-speed ruler's ratio, so a machine that is
     * slower as a whole (another runner, a busy neighbour) does not read as slower code.
     */
    public static final String NORMALIZE = "dbbench.normalize";
    public static final boolean DEFAULT_NORMALIZE = true;

    /**
     * {@code warn} or {@code refuse}: whether timings are compared with a baseline recorded on
     * another engine (version, provider, image, settings) or CPU. {@code warn} compares and lists the
     * differences; {@code refuse} makes such a verdict {@code INCONCLUSIVE}.
     */
    public static final String ENVIRONMENT_MISMATCH = "dbbench.environment.mismatch";
    public static final String DEFAULT_ENVIRONMENT_MISMATCH = "warn";

    /**
     * How far, in percent, the machine-speed ruler may move between baseline and current run before
     * timing verdicts become inconclusive.
     */
    public static final String RULER_MAX_DRIFT_PERCENT = "dbbench.ruler.max-drift-percent";
    public static final double DEFAULT_RULER_MAX_DRIFT_PERCENT = 50;

    /**
     * {@code auto}, {@code on} or {@code off}: whether the server instructions of each PostgreSQL
     * benchmark are counted under valgrind's callgrind, on a copy of the class's database. {@code auto}
     * counts where valgrind is installed and says once where it is not; {@code on} makes a missing
     * valgrind an error.
     */
    public static final String COUNT_INSTRUCTIONS = "dbbench.count.instructions";
    public static final String DEFAULT_COUNT_INSTRUCTIONS = "auto";

    /** The valgrind executable that counts instructions. */
    public static final String COUNT_VALGRIND = "dbbench.count.valgrind";
    public static final String DEFAULT_COUNT_VALGRIND = "valgrind";

    /**
     * How far, in percent, server instructions per operation may rise before a count fails. Counts of
     * an unchanged benchmark agree within 0.002 % across fresh servers, so any real change of work shows.
     */
    public static final String TOLERANCE_INSTRUCTIONS_PERCENT = "dbbench.tolerance.instructions-percent";
    public static final double DEFAULT_TOLERANCE_INSTRUCTIONS_PERCENT = 1.0;

    /**
     * How far, in percent, the bytes a call sends or receives, and what its statements write (WAL
     * records, full-page images and bytes, buffers dirtied, temp blocks), may rise before they fail.
     */
    public static final String TOLERANCE_BYTES_PERCENT = "dbbench.tolerance.bytes-percent";
    public static final double DEFAULT_TOLERANCE_BYTES_PERCENT = 1.0;

    /** How far, in percent, the bytes the benchmark's thread allocates per operation may rise before they fail. */
    public static final String TOLERANCE_ALLOCATIONS_PERCENT = "dbbench.tolerance.allocations-percent";
    public static final double DEFAULT_TOLERANCE_ALLOCATIONS_PERCENT = 10.0;

    /** Directory of the baseline files, relative to the working directory. */
    public static final String BASELINE_DIR = "dbbench.baseline.dir";
    public static final String DEFAULT_BASELINE_DIR = "baselines";

    /**
     * {@code compare} judges against the baselines; {@code update} rewrites the entries of the
     * benchmarks that ran whose figures moved beyond their tolerance (or whose sampling changed) and
     * keeps every other entry byte for byte. The old value {@code record-missing} is still read, as
     * {@link #BASELINE_MISSING}{@code =record}, and reported as deprecated.
     */
    public static final String BASELINE_MODE = "dbbench.baseline.mode";
    public static final String DEFAULT_BASELINE_MODE = "compare";

    /**
     * What {@code compare} does with a benchmark that has no baseline: {@code record} it, or
     * {@code fail}. Unset means {@code fail} when the environment variable {@code CI} is {@code true},
     * else {@code record}. The one way to say "record what is missing, compare the rest".
     */
    public static final String BASELINE_MISSING = "dbbench.baseline.missing";

    /**
     * How many independent runs of each benchmark a written baseline entry holds, at least one. Each
     * run is a full pass (calibration, warm-ups, samples, interleaved with the sides of its
     * {@code @ExpectFasterThan} like the judged pass); their spread sets the fence later runs are
     * judged against. Baselines recorded by separate JVMs or CI jobs are merged with
     * {@code dev.dbbench.baseline.BaselineMerge}.
     */
    public static final String BASELINE_RUNS = "dbbench.baseline.runs";
    public static final int DEFAULT_BASELINE_RUNS = 1;

    /** Directory of the run reports (HTML, JSON, Markdown, the JMH and Bencher exports). */
    public static final String REPORT_DIR = "dbbench.report.dir";
    public static final String DEFAULT_REPORT_DIR = "target/dbbench";

    /**
     * A folder of earlier runs' {@code results.json} files (downloaded CI artifacts, say: any file
     * names, nested folders), whose medians the HTML report draws beside this run's; unset means no
     * history. The folder must exist.
     */
    public static final String REPORT_HISTORY = "dbbench.report.history";

    /**
     * The name under which CI uploads the report directory as an artifact, which the GitHub Actions
     * job summary names so readers find the HTML report.
     */
    public static final String REPORT_ARTIFACT = "dbbench.report.artifact";
    public static final String DEFAULT_REPORT_ARTIFACT = "dbbench-report";

    /**
     * {@code i/n}: run only the test classes of shard {@code i} of {@code n} (1-based), for a suite split
     * across CI runners. A class belongs to shard {@code floorMod(name.hashCode(), n) + 1} (a
     * {@code @Nested} class to its enclosing class's), the same on every machine and JVM, so shards
     * write disjoint baseline files. Unset runs every class.
     */
    public static final String SHARD = "dbbench.shard";

    /**
     * The file through which the test JVMs of a machine keep timed work alone (calibration, warm-ups,
     * samples, the machine-speed ruler): while one JVM times, the other JVMs' dbbench work waits,
     * and the rest of their work (servers starting, data, plans, instruction counting) runs side by
     * side. Builds that must not time beside each other name the same file; {@code off} lets every
     * JVM time whenever it likes. Unset: {@value #DEFAULT_SAMPLING_LOCK_NAME} in {@code java.io.tmpdir}.
     */
    public static final String SAMPLING_LOCK = "dbbench.sampling.lock";
    public static final String DEFAULT_SAMPLING_LOCK_NAME = "dbbench-sampling.lock";

    /**
     * {@code small} or {@code large}: which list of values each {@link Scale} runs over, its
     * {@link Scale#small()} (quick enough for every build) or its {@link Scale#large()} (the sizes a
     * study of the workload needs, run on demand).
     */
    public static final String SCALE = "dbbench.scale";
    public static final String DEFAULT_SCALE = "small";

    /**
     * Where servers come from when an engine annotation leaves {@code provider} unset: {@code auto}
     * ({@code containers} when Docker answers, else {@code embedded}), {@code containers},
     * {@code embedded} or {@code external}.
     */
    public static final String PROVIDER = "dbbench.provider";
    public static final String DEFAULT_PROVIDER = "auto";

    /** PostgreSQL major version when {@link Postgres#version()} is empty. */
    public static final String POSTGRES_VERSION = "dbbench.postgres.version";
    public static final String DEFAULT_POSTGRES_VERSION = "17";

    /** Docker image of PostgreSQL containers when {@link Postgres#image()} is empty; unset means {@code postgres:<version>}. */
    public static final String POSTGRES_IMAGE = "dbbench.postgres.image";

    /** JDBC URL of the external PostgreSQL server, such as {@code jdbc:postgresql://localhost:5432/postgres}. */
    public static final String POSTGRES_URL = "dbbench.postgres.url";

    /** User of the external PostgreSQL server; it needs the right to create databases. */
    public static final String POSTGRES_USER = "dbbench.postgres.user";

    /**
     * Password of {@link #POSTGRES_USER}; never printed nor stored by dbbench. Prefer the environment
     * variable {@link #POSTGRES_PASSWORD_ENV}: Maven's Surefire writes system properties into its XML
     * reports, so a password given as {@code -D} ends up on disk.
     */
    public static final String POSTGRES_PASSWORD = "dbbench.postgres.password";

    /** The environment variable holding {@link #POSTGRES_USER}'s password; it wins over {@link #POSTGRES_PASSWORD}. */
    public static final String POSTGRES_PASSWORD_ENV = "DBBENCH_POSTGRES_PASSWORD";

    /** MongoDB version ({@code major.minor}) when {@link Mongo#version()} is empty. */
    public static final String MONGODB_VERSION = "dbbench.mongodb.version";
    public static final String DEFAULT_MONGODB_VERSION = "8.0";

    /** Docker image of MongoDB containers when {@link Mongo#image()} is empty; unset means {@code mongo:<version>}. */
    public static final String MONGODB_IMAGE = "dbbench.mongodb.image";

    /**
     * Connection string of the external MongoDB server; credentials in it are never printed nor
     * stored. Prefer the environment variable {@link #MONGODB_URI_ENV} when it holds a password.
     */
    public static final String MONGODB_URI = "dbbench.mongodb.uri";

    /** The environment variable holding the external MongoDB connection string; it wins over {@link #MONGODB_URI}. */
    public static final String MONGODB_URI_ENV = "DBBENCH_MONGODB_URI";

    /** {@code true} puts the data directory of containers on a tmpfs (memory). */
    public static final String CONTAINERS_TMPFS = "dbbench.containers.tmpfs";
    public static final boolean DEFAULT_CONTAINERS_TMPFS = false;

    /** Longest wait, in seconds, for an image that is not present locally to be pulled. */
    public static final String CONTAINERS_PULL_TIMEOUT_SECONDS = "dbbench.containers.pull-timeout-seconds";
    public static final int DEFAULT_PULL_TIMEOUT_SECONDS = 120;

    private ConfigKeys() {
    }
}
