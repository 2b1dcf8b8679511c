package dev.dbbench.junit;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.MaxStatements;
import dev.dbbench.api.Mongo;
import dev.dbbench.api.NoSeqScan;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.Provider;
import dev.dbbench.api.UsesIndex;
import dev.dbbench.engine.EngineKind;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.engine.ProviderKind;
import dev.dbbench.measure.SamplingPlan;
import dev.dbbench.plan.PlanJudge;
import dev.dbbench.verdict.DecisionRule;
import dev.dbbench.verdict.EnvironmentPolicy;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Builds a {@link BenchmarkPlan} from a method's annotations and the configuration: each setting from
 * the annotation attribute, then the configuration parameter, then the default in {@link ConfigKeys}.
 */
final class PlanFactory {

    private final Configuration configuration;
    private final ProviderResolver providers;

    PlanFactory(Configuration configuration, ProviderResolver providers) {
        this.configuration = configuration;
        this.providers = providers;
    }

    BenchmarkPlan plan(Class<?> testClass, Method method) {
        final DbBenchmark annotation = AnnotationSupport.findAnnotation(method, DbBenchmark.class)
                .orElseThrow(() -> new IllegalArgumentException(method + " has no @DbBenchmark"));
        final String where = "@DbBenchmark on " + testClass.getSimpleName() + "." + method.getName() + "()";
        final int warmups = setting(where, "warmups", annotation.warmups(), ConfigKeys.WARMUPS, 0,
                ConfigKeys.DEFAULT_WARMUPS);
        final int samples = setting(where, "samples", annotation.samples(), ConfigKeys.SAMPLES, 1,
                ConfigKeys.DEFAULT_SAMPLES);
        final int opsPerSample = setting(where, "opsPerSample", annotation.opsPerSample(), ConfigKeys.OPS_PER_SAMPLE, 1,
                SamplingPlan.CALIBRATE);
        final int minSampleMillis = setting(where, "minSampleMillis", annotation.minSampleMillis(),
                ConfigKeys.MIN_SAMPLE_MILLIS, 1, ConfigKeys.DEFAULT_MIN_SAMPLE_MILLIS);
        final int thresholdPercent = setting(where, "thresholdPercent", annotation.thresholdPercent(),
                ConfigKeys.THRESHOLD_PERCENT, 0, ConfigKeys.DEFAULT_THRESHOLD_PERCENT);
        final int timeoutSeconds = setting(where, "timeoutSeconds", annotation.timeoutSeconds(),
                ConfigKeys.TIMEOUT_SECONDS, 1, ConfigKeys.DEFAULT_TIMEOUT_SECONDS);
        final SamplingPlan sampling = new SamplingPlan(warmups, samples, opsPerSample,
                Duration.ofMillis(minSampleMillis), Duration.ofSeconds(timeoutSeconds));
        final DecisionRule rule = new DecisionRule(thresholdPercent,
                configuration.decimal(ConfigKeys.ALPHA, 0, 0.5).orElse(ConfigKeys.DEFAULT_ALPHA),
                configuration.integer(ConfigKeys.NOISE_FLOOR_PERCENT, 0).orElse(ConfigKeys.DEFAULT_NOISE_FLOOR_PERCENT),
                configuration.integer(ConfigKeys.RULER_MAX_DRIFT_PERCENT, 0)
                        .orElse(ConfigKeys.DEFAULT_RULER_MAX_DRIFT_PERCENT),
                configuration.bool(ConfigKeys.NORMALIZE).orElse(ConfigKeys.DEFAULT_NORMALIZE),
                configuration.string(ConfigKeys.ENVIRONMENT_MISMATCH).map(text -> EnvironmentPolicy.parse(text)
                        .orElseThrow(() -> Configuration.invalid(ConfigKeys.ENVIRONMENT_MISMATCH, text,
                                "one of " + EnvironmentPolicy.allowed())))
                        .orElse(EnvironmentPolicy.WARN));
        final List<EngineTarget> targets = targets(testClass, method);
        return new BenchmarkPlan(testClass, method, sampling, rule, targets,
                new ExpectationPlanner(this).plan(testClass, method, targets), planExpectations(where, method));
    }

    private static PlanJudge.Expectations planExpectations(String where, Method method) {
        final Optional<UsesIndex> usesIndex = AnnotationSupport.findAnnotation(method, UsesIndex.class);
        final Optional<NoSeqScan> noSeqScan = AnnotationSupport.findAnnotation(method, NoSeqScan.class);
        final Optional<MaxStatements> maxStatements = AnnotationSupport.findAnnotation(method, MaxStatements.class);
        if (maxStatements.isPresent() && maxStatements.get().value() < 1) {
            throw new DbBenchConfigurationException("@MaxStatements on " + where.substring(where.indexOf(" on ") + 4)
                    + " must declare a value >= 1 but was " + maxStatements.get().value());
        }
        if (usesIndex.isPresent() && usesIndex.get().value().length == 0) {
            throw new DbBenchConfigurationException("@UsesIndex on " + where.substring(where.indexOf(" on ") + 4)
                    + " must name at least one index");
        }
        return new PlanJudge.Expectations(
                usesIndex.map(annotation -> List.of(annotation.value())).orElse(List.of()),
                noSeqScan.map(annotation -> List.of(annotation.value())).orElse(List.of()),
                noSeqScan.map(annotation -> annotation.value().length == 0).orElse(false),
                maxStatements.map(MaxStatements::value).orElse(PlanJudge.Expectations.UNLIMITED));
    }

    private int setting(String where, String attribute, int annotated, String key, int min, int fallback) {
        if (annotated != DbBenchmark.DEFAULT) {
            if (annotated < min) {
                throw new DbBenchConfigurationException(where + " must declare " + attribute + " >= " + min + " but was "
                        + annotated);
            }
            return annotated;
        }
        return configuration.integer(key, min).orElse(fallback);
    }

    /**
     * The method's own engine annotations ({@code @Postgres}, {@code @Mongo}) if it has any, else the
     * class's, else the default PostgreSQL target.
     */
    List<EngineTarget> targets(Class<?> testClass, Method method) {
        final Declared declared = Declared.on(method);
        if (declared.isEmpty()) {
            return classTargets(testClass);
        }
        return targets(testClass.getSimpleName() + "." + method.getName() + "()", declared);
    }

    /** The targets the class declares (or an enclosing class), else the default target. */
    List<EngineTarget> classTargets(Class<?> testClass) {
        for (Class<?> current = testClass; current != null; current = current.getEnclosingClass()) {
            final Declared found = Declared.on(current);
            if (!found.isEmpty()) {
                return targets(testClass.getSimpleName(), found);
            }
        }
        return targets(testClass.getSimpleName(), new Declared(List.of(), List.of()));
    }

    /** The engine annotations of one element. */
    private record Declared(List<Postgres> postgres, List<Mongo> mongo) {

        static Declared on(AnnotatedElement element) {
            return new Declared(AnnotationSupport.findRepeatableAnnotations(element, Postgres.class),
                    AnnotationSupport.findRepeatableAnnotations(element, Mongo.class));
        }

        boolean isEmpty() {
            return postgres.isEmpty() && mongo.isEmpty();
        }
    }

    private List<EngineTarget> targets(String element, Declared declared) {
        final List<EngineTarget> targets = new ArrayList<>();
        if (declared.isEmpty()) {
            targets.add(postgres("@Postgres on " + element, "", new String[0], "", Provider.DEFAULT));
        }
        for (Postgres postgres : declared.postgres()) {
            add(targets, "@Postgres on " + element, postgres("@Postgres on " + element, postgres.version(),
                    postgres.settings(), postgres.image(), postgres.provider()));
        }
        for (Mongo mongo : declared.mongo()) {
            add(targets, "@Mongo on " + element, mongo("@Mongo on " + element, mongo));
        }
        return targets;
    }

    // Equal labels would share a baseline key, so two targets that differ only in image are refused too.
    private static void add(List<EngineTarget> targets, String where, EngineTarget target) {
        if (targets.stream().anyMatch(existing -> existing.label().equals(target.label()))) {
            throw new DbBenchConfigurationException(where + " declares the target [" + target.label() + "] twice");
        }
        targets.add(target);
    }

    private EngineTarget postgres(String where, String annotatedVersion, String[] settings, String annotatedImage,
            Provider annotatedProvider) {
        final String version;
        if (!annotatedVersion.isBlank()) {
            version = annotatedVersion.trim();
            requireMajor(version, where + " must declare version");
        } else {
            version = configuration.string(ConfigKeys.POSTGRES_VERSION).orElse(ConfigKeys.DEFAULT_POSTGRES_VERSION);
            requireMajor(version, "configuration parameter " + ConfigKeys.POSTGRES_VERSION + " must be");
        }
        final SortedMap<String, String> parsed = parseSettings(where, settings, SettingsSyntax.POSTGRES);
        final ProviderKind provider = providers.resolve(where, annotatedProvider, EngineKind.POSTGRES);
        if (provider == ProviderKind.EXTERNAL && !parsed.isEmpty()) {
            throw new DbBenchConfigurationException(where + " declares settings " + parsed + ", which dbbench cannot"
                    + " apply to an external server; remove them or choose another provider");
        }
        final String image = provider == ProviderKind.CONTAINER
                ? image(where, annotatedImage, ConfigKeys.POSTGRES_IMAGE, "postgres:" + version)
                : "";
        return new EngineTarget(EngineKind.POSTGRES, version, parsed, provider, image);
    }

    private EngineTarget mongo(String where, Mongo mongo) {
        final String version;
        if (!mongo.version().isBlank()) {
            version = mongo.version().trim();
            requireMongoVersion(version, where + " must declare version");
        } else {
            version = configuration.string(ConfigKeys.MONGODB_VERSION).orElse(ConfigKeys.DEFAULT_MONGODB_VERSION);
            requireMongoVersion(version, "configuration parameter " + ConfigKeys.MONGODB_VERSION + " must be");
        }
        final SortedMap<String, String> options = parseSettings(where, mongo.options(), SettingsSyntax.MONGOD);
        final ProviderKind provider = providers.resolve(where, mongo.provider(), EngineKind.MONGODB);
        if (provider != ProviderKind.CONTAINER && !options.isEmpty()) {
            throw new DbBenchConfigurationException(where + " declares options " + options + ", which only apply to"
                    + " a mongod dbbench starts in a container, but the provider is " + provider.label());
        }
        // The emulator has no version of its own: its label says emulated, not a MongoDB version.
        return new EngineTarget(EngineKind.MONGODB, provider == ProviderKind.EMULATED ? "" : version, options,
                provider, provider == ProviderKind.CONTAINER
                        ? image(where, mongo.image(), ConfigKeys.MONGODB_IMAGE, "mongo:" + version)
                        : "");
    }

    private String image(String where, String annotated, String key, String fallback) {
        final String image;
        final String source;
        if (!annotated.isBlank()) {
            image = annotated.trim();
            source = where + " must declare image";
        } else {
            image = configuration.string(key).orElse(fallback);
            source = "configuration parameter " + key + " must be";
        }
        if (!image.matches("[A-Za-z0-9][A-Za-z0-9._/:@-]*")) {
            throw new DbBenchConfigurationException(source + " a Docker image name such as " + fallback + " but was '"
                    + image + "'");
        }
        return image;
    }

    private static void requireMajor(String version, String what) {
        if (!version.matches("1[4-8]")) {
            throw new DbBenchConfigurationException(what + " a PostgreSQL major version from 14 to 18 but was '"
                    + version + "'");
        }
    }

    private static void requireMongoVersion(String version, String what) {
        if (!version.matches("\\d+\\.\\d+")) {
            throw new DbBenchConfigurationException(what + " a MongoDB version as major.minor, such as "
                    + ConfigKeys.DEFAULT_MONGODB_VERSION + ", but was '" + version + "'");
        }
    }

    /** How one engine annotation spells its server settings. */
    private record SettingsSyntax(String attribute, String namePattern, String example) {
        static final SettingsSyntax POSTGRES = new SettingsSyntax("settings", "[a-z_][a-z0-9_.]*", "shared_buffers=256MB");
        // mongod's option names are camelCase.
        static final SettingsSyntax MONGOD = new SettingsSyntax("options", "[A-Za-z][A-Za-z0-9_.]*",
                "wiredTigerCacheSizeGB=1");
    }

    private static SortedMap<String, String> parseSettings(String where, String[] settings, SettingsSyntax syntax) {
        final SortedMap<String, String> parsed = new TreeMap<>();
        for (String setting : settings) {
            final int equals = setting.indexOf('=');
            final String name = equals < 0 ? "" : setting.substring(0, equals).trim();
            final String value = equals < 0 ? "" : setting.substring(equals + 1).trim();
            if (!name.matches(syntax.namePattern()) || value.isEmpty()) {
                throw new DbBenchConfigurationException(where + " must declare " + syntax.attribute() + " as"
                        + " name=value, such as \"" + syntax.example() + "\", but one was \"" + setting + "\"");
            }
            if (parsed.put(name, value) != null) {
                throw new DbBenchConfigurationException(where + " declares the " + syntax.attribute() + " entry " + name
                        + " twice");
            }
        }
        return parsed;
    }
}
