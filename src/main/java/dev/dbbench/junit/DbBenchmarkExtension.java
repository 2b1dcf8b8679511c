package dev.dbbench.junit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.SampleTimer;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.env.HostFingerprint;
import dev.dbbench.measure.Operation;
import dev.dbbench.measure.RegionTimer;
import dev.dbbench.measure.Sampler;
import dev.dbbench.measure.Samples;
import dev.dbbench.report.BenchmarkResult;
import dev.dbbench.report.Durations;
import dev.dbbench.report.FailureMessage;
import dev.dbbench.report.ResultRows;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.opentest4j.AssertionFailedError;

/**
 * The JUnit Jupiter extension behind {@code @DbBenchmark} and the engine annotations. It only wires
 * collaborators: plan, engine pool, sampler, evaluator, report.
 */
public final class DbBenchmarkExtension
        implements TestTemplateInvocationContextProvider, ParameterResolver, InvocationInterceptor {

    private static final Namespace NAMESPACE = Namespace.create(DbBenchmarkExtension.class);
    private static final String PLAN = "plan";
    private static final String TARGET = "target";

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(method -> AnnotationSupport.isAnnotated(method,
                dev.dbbench.api.DbBenchmark.class)).orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        final BenchmarkPlan plan = planFactory(context)
                .plan(context.getRequiredTestClass(), context.getRequiredTestMethod());
        InjectionCheck.check("@DbBenchmark method", plan.method(), plan.targets());
        validateBeforeSampleMethods(context.getRequiredTestClass(), plan);
        context.getStore(NAMESPACE).put(PLAN, plan);
        return plan.targets().stream().map(target -> new TargetInvocation(plan, target));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext context) {
        final Class<?> type = parameterContext.getParameter().getType();
        if (type == SampleTimer.class) {
            return parameterContext.getDeclaringExecutable() instanceof Method method
                    && AnnotationSupport.isAnnotated(method, dev.dbbench.api.DbBenchmark.class);
        }
        return targetsFor(context).stream().anyMatch(target -> target.kind().injectableTypes().contains(type));
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext context) {
        final Class<?> type = parameterContext.getParameter().getType();
        if (type == SampleTimer.class) {
            return timer(context);
        }
        try {
            return resolve(parameterContext.getParameter(), context);
        } catch (DbBenchConfigurationException e) {
            throw e;
        } catch (Exception e) {
            throw new ParameterResolutionException("dbbench could not provide " + type.getSimpleName() + " for "
                    + parameterContext.getDeclaringExecutable() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context) throws Throwable {
        final Store templateStore = context.getParent().orElseThrow().getStore(NAMESPACE);
        final BenchmarkPlan plan = templateStore.get(PLAN, BenchmarkPlan.class);
        if (plan == null) {
            invocation.proceed();
            return;
        }
        // dbbench calls the method itself, many times; JUnit's own single call is skipped.
        invocation.skip();
        final EngineTarget target = context.getStore(NAMESPACE).get(TARGET, EngineTarget.class);
        final RunContext run = runContext(context);
        final ClassContext classContext = classContext(context);
        final Method method = invocationContext.getExecutable();
        method.setAccessible(true);
        final Object instance = invocationContext.getTarget().orElse(null);
        final Object[] arguments = invocationContext.getArguments().toArray();
        final Operation body = () -> invoke(method, instance, arguments);
        final Operation beforeSample = beforeSampleHook(context, instance);

        final Samples samples;
        try {
            samples = new Sampler(plan.sampling()).run(body, beforeSample, timer(context));
        } catch (Throwable failure) {
            // When the server itself went away (a container that died), say so with its last log lines.
            final Optional<String> diagnosis = classContext.server(target).failureDiagnosis();
            if (diagnosis.isPresent()) {
                throw new AssertionFailedError(plan.where() + " on [" + target.label() + "] failed because "
                        + diagnosis.get(), failure);
            }
            throw failure;
        }

        final SortedMap<String, String> environment = new TreeMap<>(HostFingerprint.read());
        environment.putAll(classContext.server(target).fingerprint());
        final BenchmarkResult result = new Evaluator(run).evaluate(plan, target, samples, environment,
                classContext.baseline());
        run.report().add(result);
        context.publishReportEntry(reportEntry(result));
        // Surefire keeps a test's standard output in its XML report, but not its report entries.
        System.out.println(ResultRows.line(result));
        if (result.decision().fails()) {
            throw new AssertionFailedError(FailureMessage.render(result));
        }
    }

    private static Map<String, String> reportEntry(BenchmarkResult result) {
        return Map.of(
                "dbbench.verdict", result.judgement().verdict().name(),
                "dbbench.target", result.target(),
                "dbbench.median", Durations.format(result.judgement().current().median()),
                "dbbench.baseline", result.judgement().baseline()
                        .map(summary -> Durations.format(summary.median())).orElse("-"),
                "dbbench.ratio", Durations.ratio(result.judgement().ratio()));
    }

    private static void invoke(Method method, Object instance, Object[] arguments) throws Throwable {
        try {
            method.invoke(instance, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Calls every {@code @BeforeSample} method of the class, parameters resolved for this invocation. */
    private Operation beforeSampleHook(ExtensionContext context, Object instance) throws Exception {
        final List<Method> hooks = beforeSampleMethods(context.getRequiredTestClass());
        final List<Object[]> arguments = new ArrayList<>();
        for (Method hook : hooks) {
            final Parameter[] parameters = hook.getParameters();
            final Object[] values = new Object[parameters.length];
            for (int i = 0; i < parameters.length; i++) {
                values[i] = resolve(parameters[i], context);
            }
            hook.setAccessible(true);
            arguments.add(values);
        }
        return () -> {
            for (int i = 0; i < hooks.size(); i++) {
                invoke(hooks.get(i), instance, arguments.get(i));
            }
        };
    }

    private static List<Method> beforeSampleMethods(Class<?> testClass) {
        return AnnotationSupport.findAnnotatedMethods(testClass, BeforeSample.class, HierarchyTraversalMode.TOP_DOWN);
    }

    private static void validateBeforeSampleMethods(Class<?> testClass, BenchmarkPlan plan) {
        for (Method hook : beforeSampleMethods(testClass)) {
            // dbbench calls these hooks itself, so every parameter must be one an engine injects.
            for (Parameter parameter : hook.getParameters()) {
                for (EngineTarget target : plan.targets()) {
                    if (!target.kind().injectableTypes().contains(parameter.getType())) {
                        throw new DbBenchConfigurationException("@BeforeSample method " + testClass.getSimpleName()
                                + "." + hook.getName() + "() declares a parameter of type "
                                + parameter.getType().getName() + " that " + plan.where() + " cannot inject"
                                + (plan.targets().size() > 1 ? " on [" + target.label() + "]" : "") + "; allowed: "
                                + target.kind().injectableTypes().stream().map(Class::getSimpleName).sorted().toList());
                    }
                }
            }
            InjectionCheck.check("@BeforeSample method", hook, plan.targets());
            if (hook.getReturnType() != void.class) {
                throw new DbBenchConfigurationException("@BeforeSample method " + testClass.getSimpleName() + "."
                        + hook.getName() + "() must return void");
            }
        }
    }

    /** An engine resource for the current scope: this invocation, or the class for class-level methods. */
    private Object resolve(Parameter parameter, ExtensionContext context) throws Exception {
        final EngineTarget target = currentTarget(context, parameter.getType());
        final ClassContext classContext = classContext(context);
        final Closer scope = context.getTestMethod().isPresent()
                ? stored(context, "closer:" + context.getUniqueId(), Closer::new, Closer.class)
                : classContext.closer();
        return classContext.database(target).resolve(parameter, scope);
    }

    /**
     * The target of this invocation; for class-level methods the class's one target that injects the
     * type, so a class on PostgreSQL and MongoDB can load both in {@code @BeforeAll}.
     */
    private EngineTarget currentTarget(ExtensionContext context, Class<?> type) {
        final EngineTarget invocationTarget = context.getStore(NAMESPACE).get(TARGET, EngineTarget.class);
        if (invocationTarget != null) {
            return invocationTarget;
        }
        final List<EngineTarget> targets = targetsFor(context).stream()
                .filter(target -> target.kind().injectableTypes().contains(type))
                .toList();
        if (targets.size() != 1) {
            throw new DbBenchConfigurationException(context.getRequiredTestClass().getSimpleName() + " runs on "
                    + targets.size() + " engine targets that inject " + type.getSimpleName() + " " + targets
                    + ", so a class-level method cannot know which"
                    + " database to use; declare the parameter on a @BeforeEach method or a benchmark instead");
        }
        return targets.get(0);
    }

    private List<EngineTarget> targetsFor(ExtensionContext context) {
        final EngineTarget invocationTarget = context.getStore(NAMESPACE).get(TARGET, EngineTarget.class);
        if (invocationTarget != null) {
            return List.of(invocationTarget);
        }
        final Class<?> testClass = context.getRequiredTestClass();
        final PlanFactory plans = planFactory(context);
        return context.getTestMethod()
                .map(method -> plans.targets(testClass, method))
                .orElseGet(() -> plans.classTargets(testClass));
    }

    private static RegionTimer timer(ExtensionContext context) {
        return stored(context, "timer:" + context.getUniqueId(), RegionTimer::new, RegionTimer.class);
    }

    private static PlanFactory planFactory(ExtensionContext context) {
        final ProviderResolver providers = stored(context.getRoot(), "providers",
                () -> ProviderResolver.create(configuration(context)), ProviderResolver.class);
        return new PlanFactory(configuration(context), providers);
    }

    private static RunContext runContext(ExtensionContext context) {
        return stored(context.getRoot(), "run", () -> RunContext.create(configuration(context)), RunContext.class);
    }

    private static ClassContext classContext(ExtensionContext context) {
        final ExtensionContext classLevel = classLevel(context);
        return stored(classLevel, "class:" + classLevel.getUniqueId(),
                () -> new ClassContext(classLevel.getRequiredTestClass(), runContext(context)), ClassContext.class);
    }

    private static ExtensionContext classLevel(ExtensionContext context) {
        ExtensionContext current = context;
        while (current.getTestMethod().isPresent() && current.getParent().isPresent()) {
            current = current.getParent().get();
        }
        return current;
    }

    /**
     * The value under {@code key} in the context's store, created on first use. JUnit 6 renamed the
     * store method; the old name is used because it also exists in the JUnit 5 versions dbbench supports.
     */
    @SuppressWarnings("deprecation")
    private static <V> V stored(ExtensionContext context, String key, Supplier<V> factory, Class<V> type) {
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(key, ignored -> factory.get(), type);
    }

    private static Configuration configuration(ExtensionContext context) {
        return new Configuration(context::getConfigurationParameter, System::getenv);
    }

    /** One invocation of a benchmark: its display name names the engine target. */
    private static final class TargetInvocation implements TestTemplateInvocationContext {

        private final BenchmarkPlan plan;
        private final EngineTarget target;

        TargetInvocation(BenchmarkPlan plan, EngineTarget target) {
            this.plan = plan;
            this.target = target;
        }

        @Override
        public String getDisplayName(int invocationIndex) {
            return "[" + target.label() + "]";
        }

        @Override
        public List<org.junit.jupiter.api.extension.Extension> getAdditionalExtensions() {
            return List.of((BeforeEachCallback) context -> context.getStore(NAMESPACE).put(TARGET, target));
        }
    }
}
