package dev.dbbench.spec;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.CountTolerance;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.MaxStatements;
import dev.dbbench.api.NoSeqScan;
import dev.dbbench.api.SampleTimer;
import dev.dbbench.api.UsesIndex;
import dev.dbbench.config.ConfigSource;
import dev.dbbench.config.Settings;
import dev.dbbench.text.Figures;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Builds a {@link BenchmarkSpec} from a method's annotations and the run's settings: each value from
 * the annotation attribute, then the configuration parameter, then the default in {@link ConfigKeys}.
 */
public final class SpecFactory {

    private final Settings settings;
    private final TargetResolver targets;

    public SpecFactory(Settings settings, TargetResolver targets) {
        this.settings = settings;
        this.targets = targets;
    }

    public BenchmarkSpec spec(Class<?> testClass, Method method) {
        final DbBenchmark annotation = AnnotationSupport.findAnnotation(method, DbBenchmark.class)
                .orElseThrow(() -> new IllegalArgumentException(method + " has no @DbBenchmark"));
        final String element = testClass.getSimpleName() + "." + method.getName() + "()";
        final String where = "@DbBenchmark on " + element;
        final Settings.BenchmarkDefaults defaults = settings.benchmarks();
        final Sampling sampling = new Sampling(
                attribute(where, "warmups", annotation.warmups(), 0, Integer.MAX_VALUE, defaults.warmups()),
                attribute(where, "samples", annotation.samples(), 1, ConfigKeys.MAX_SAMPLES, defaults.samples(),
                        " (the most a baseline entry holds)"),
                attribute(where, "opsPerSample", annotation.opsPerSample(), 1, Integer.MAX_VALUE,
                        defaults.opsPerSample().orElse(Sampling.CALIBRATE)),
                Duration.ofMillis(attribute(where, "minSampleMillis", annotation.minSampleMillis(), 1,
                        Integer.MAX_VALUE, defaults.minSampleMillis())),
                Duration.ofSeconds(attribute(where, "timeoutSeconds", annotation.timeoutSeconds(), 1,
                        ConfigKeys.MAX_TIMEOUT_SECONDS, defaults.timeoutSeconds())),
                threads(where, method, annotation.threads(), defaults.threads()));
        final TimingRule rule = new TimingRule(
                percent(where, "thresholdPercent", annotation.thresholdPercent(), DbBenchmark.DEFAULT,
                        defaults.thresholdPercent()),
                defaults.alpha(), defaults.noiseFloorPercent(), defaults.rulerMaxDriftPercent(), defaults.normalize(),
                defaults.environmentMismatch());
        final List<EngineTarget> methodTargets = targets.targets(testClass, method);
        final Optional<ScaleSpec> scale = Scales.of(testClass, method, settings.scale());
        final Optional<String> scaleName = scale.map(ScaleSpec::name);
        InjectionCheck.check("@DbBenchmark method", method, methodTargets, InjectionCheck.Caller.BENCHMARK, scaleName);
        scaleName.ifPresent(name -> Scales.checkTaken(testClass, method, name));
        return new BenchmarkSpec(testClass, method, sampling, rule, methodTargets,
                new ExpectationResolver(targets).resolve(testClass, method, methodTargets),
                planExpectations(element, method), LifecycleMethods.beforeSample(testClass, methodTargets, scaleName),
                tolerances(testClass, method, defaults.tolerances()), scale, Optional.empty());
    }

    /** The method's {@code @CountTolerance}, else its class's, over the configured tolerances. */
    private static Settings.Tolerances tolerances(Class<?> testClass, Method method, Settings.Tolerances configured) {
        final Optional<CountTolerance> declared = AnnotationSupport.findAnnotation(method, CountTolerance.class)
                .or(() -> AnnotationSupport.findAnnotation(testClass, CountTolerance.class));
        if (declared.isEmpty()) {
            return configured;
        }
        final String where = "@CountTolerance on " + testClass.getSimpleName() + "." + method.getName() + "()";
        return new Settings.Tolerances(
                percent(where, "instructionsPercent", declared.get().instructionsPercent(), CountTolerance.DEFAULT,
                        configured.instructionsPercent()),
                percent(where, "bytesPercent", declared.get().bytesPercent(), CountTolerance.DEFAULT,
                        configured.bytesPercent()),
                percent(where, "allocationsPercent", declared.get().allocationsPercent(), CountTolerance.DEFAULT,
                        configured.allocationsPercent()));
    }

    /** A percentage attribute, or the configured value where the attribute holds its "not set" marker. */
    private static double percent(String where, String attribute, double declared, double notSet,
            double configured) {
        if (declared == notSet) {
            return configured;
        }
        if (!(declared >= 0 && Double.isFinite(declared))) {
            throw new DbBenchConfigurationException(where + " must declare " + attribute + " as "
                    + ConfigSource.PERCENTAGE + " but was " + Figures.decimal(declared));
        }
        return declared;
    }

    private static PlanExpectations planExpectations(String element, Method method) {
        final Optional<UsesIndex> usesIndex = AnnotationSupport.findAnnotation(method, UsesIndex.class);
        final Optional<NoSeqScan> noSeqScan = AnnotationSupport.findAnnotation(method, NoSeqScan.class);
        final Optional<MaxStatements> maxStatements = AnnotationSupport.findAnnotation(method, MaxStatements.class);
        if (maxStatements.isPresent() && maxStatements.get().value() < 1) {
            throw new DbBenchConfigurationException("@MaxStatements on " + element + " must declare a value >= 1 but"
                    + " was " + maxStatements.get().value());
        }
        if (usesIndex.isPresent() && usesIndex.get().value().length == 0) {
            throw new DbBenchConfigurationException("@UsesIndex on " + element + " must name at least one index");
        }
        return new PlanExpectations(
                usesIndex.map(annotation -> List.of(annotation.value())).orElse(List.of()),
                noSeqScan.map(annotation -> List.of(annotation.value())).orElse(List.of()),
                noSeqScan.map(annotation -> annotation.value().length == 0).orElse(false),
                maxStatements.map(MaxStatements::value).orElse(PlanExpectations.UNLIMITED));
    }

    /**
     * The client threads: the attribute if set (from 1 to {@link ConfigKeys#MAX_THREADS}), else the
     * configured count, else none. Clients time each call whole, so their body takes no {@link SampleTimer}.
     */
    private static int threads(String where, Method method, int annotated, OptionalInt configured) {
        if (annotated != DbBenchmark.DEFAULT && (annotated < 1 || annotated > ConfigKeys.MAX_THREADS)) {
            throw new DbBenchConfigurationException(where + " must declare threads from 1 to "
                    + ConfigKeys.MAX_THREADS + " but was " + annotated);
        }
        final int threads = annotated == DbBenchmark.DEFAULT ? configured.orElse(Sampling.NO_CLIENTS) : annotated;
        if (threads != Sampling.NO_CLIENTS && Arrays.asList(method.getParameterTypes()).contains(SampleTimer.class)) {
            throw new DbBenchConfigurationException(where + " runs " + threads + " client thread(s), which time"
                    + " each call whole, so it cannot take a SampleTimer; remove the parameter or threads");
        }
        return threads;
    }

    /** An annotation attribute if set (and at least {@code min}), else the configured value. */
    private static int attribute(String where, String name, int annotated, int min, int max, int configured) {
        return attribute(where, name, annotated, min, max, configured, "");
    }

    /** @param why why the most allowed is {@code max}, for the message, such as {@code " (the most ...)"} */
    private static int attribute(String where, String name, int annotated, int min, int max, int configured,
            String why) {
        if (annotated == DbBenchmark.DEFAULT) {
            return configured;
        }
        if (annotated < min || annotated > max) {
            throw new DbBenchConfigurationException(where + " must declare " + name + (max == Integer.MAX_VALUE
                    ? " >= " + min : " from " + min + " to " + String.format(Locale.ROOT, "%,d", max) + why)
                    + " but was " + String.format(Locale.ROOT, "%,d", annotated));
        }
        return annotated;
    }
}
