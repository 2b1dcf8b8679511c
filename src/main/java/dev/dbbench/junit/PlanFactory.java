package dev.dbbench.junit;

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
import dev.dbbench.api.NoSeqScan;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.UsesIndex;
import dev.dbbench.engine.EngineKind;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.engine.ProviderKind;
import dev.dbbench.measure.SamplingPlan;
import dev.dbbench.plan.PlanJudge;
import dev.dbbench.verdict.DecisionRule;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Builds a {@link BenchmarkPlan} from a method's annotations and the configuration: each setting from
 * the annotation attribute, then the configuration parameter, then the default in {@link ConfigKeys}.
 */
final class PlanFactory {

    private final Configuration configuration;

    PlanFactory(Configuration configuration) {
        this.configuration = configuration;
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
                configuration.bool(ConfigKeys.NORMALIZE).orElse(ConfigKeys.DEFAULT_NORMALIZE));
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

    /** The method's own {@code @Postgres} annotations if it has any, else the class's, else the default. */
    List<EngineTarget> targets(Class<?> testClass, Method method) {
        final List<Postgres> declared = AnnotationSupport.findRepeatableAnnotations(method, Postgres.class);
        if (declared.isEmpty()) {
            return classTargets(testClass);
        }
        return targets("@Postgres on " + testClass.getSimpleName() + "." + method.getName() + "()", declared);
    }

    /** The targets the class declares (or an enclosing class), else the default target. */
    List<EngineTarget> classTargets(Class<?> testClass) {
        return targets("@Postgres on " + testClass.getSimpleName(), findOnClass(testClass));
    }

    private List<EngineTarget> targets(String where, List<Postgres> declared) {
        final List<EngineTarget> targets = new ArrayList<>();
        if (declared.isEmpty()) {
            targets.add(postgres(where, "", new String[0]));
        }
        for (Postgres postgres : declared) {
            final EngineTarget target = postgres(where, postgres.version(), postgres.settings());
            if (targets.contains(target)) {
                throw new DbBenchConfigurationException(where + " declares the target [" + target.label() + "] twice");
            }
            targets.add(target);
        }
        return targets;
    }

    private static List<Postgres> findOnClass(Class<?> testClass) {
        for (Class<?> current = testClass; current != null; current = current.getEnclosingClass()) {
            final List<Postgres> found = AnnotationSupport.findRepeatableAnnotations(current, Postgres.class);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    private EngineTarget postgres(String where, String annotatedVersion, String[] settings) {
        final String version;
        if (!annotatedVersion.isBlank()) {
            version = annotatedVersion.trim();
            requireMajor(version, where + " must declare version");
        } else {
            version = configuration.string(ConfigKeys.POSTGRES_VERSION).orElse(ConfigKeys.DEFAULT_POSTGRES_VERSION);
            requireMajor(version, "configuration parameter " + ConfigKeys.POSTGRES_VERSION + " must be");
        }
        return new EngineTarget(EngineKind.POSTGRES, version, parseSettings(where, settings), ProviderKind.EMBEDDED);
    }

    private static void requireMajor(String version, String what) {
        if (!version.matches("1[4-8]")) {
            throw new DbBenchConfigurationException(what + " a PostgreSQL major version from 14 to 18 but was '"
                    + version + "'");
        }
    }

    private static SortedMap<String, String> parseSettings(String where, String[] settings) {
        final SortedMap<String, String> parsed = new TreeMap<>();
        for (String setting : settings) {
            final int equals = setting.indexOf('=');
            final String name = equals < 0 ? "" : setting.substring(0, equals).trim();
            final String value = equals < 0 ? "" : setting.substring(equals + 1).trim();
            if (!name.matches("[a-z_][a-z0-9_.]*") || value.isEmpty()) {
                throw new DbBenchConfigurationException(where + " must declare settings as name=value, such as"
                        + " \"shared_buffers=256MB\", but one was \"" + setting + "\"");
            }
            if (parsed.put(name, value) != null) {
                throw new DbBenchConfigurationException(where + " declares the setting " + name + " twice");
            }
        }
        return parsed;
    }
}
