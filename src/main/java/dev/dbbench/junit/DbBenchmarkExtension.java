package dev.dbbench.junit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;

import javax.sql.DataSource;
import java.util.stream.Stream;

import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.SampleTimer;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.EngineKind;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.ServerCpuProbe;
import dev.dbbench.env.HostFingerprint;
import dev.dbbench.measure.Operation;
import dev.dbbench.plan.PlanExplainer;
import dev.dbbench.plan.PlanFinding;
import dev.dbbench.plan.RecordingJdbc;
import dev.dbbench.plan.StatementLog;
import dev.dbbench.measure.RegionTimer;
import dev.dbbench.measure.Sampler;
import dev.dbbench.measure.Samples;
import dev.dbbench.report.BenchmarkResult;
import dev.dbbench.report.ExpectationMessage;
import dev.dbbench.report.ExpectationResult;
import dev.dbbench.report.PlanMessage;
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
        final Operation beforeSample = beforeSampleHook(context, instance, target);
        final Sampler.Side own = new Sampler.Side(body, beforeSample, timer(context),
                serverCpu(arguments, target, context));
        final List<ExpectationEvaluator.OtherSide> others = otherSides(plan, target, context, instance);
        final List<Sampler.Side> sides = new ArrayList<>();
        sides.add(own);
        others.forEach(other -> sides.add(other.side()));

        final BenchmarkResult result;
        // Ruler slices run on a connection of their own, so a benchmark's session state never sees them.
        try (Closer slices = new Closer()) {
            final Optional<RulerWorkload> ruler = classContext.server(target).openRulerWorkload();
            ruler.ifPresent(slices::register);
            final Sampler sampler = new Sampler(plan.sampling(), ruler.map(workload -> workload::slice));
            final List<Samples> samples;
            try {
                samples = sampler.runInterleaved(sides);
            } catch (Throwable failure) {
                // When the server itself went away (a container that died), say so with its last log lines.
                final Optional<String> diagnosis = classContext.server(target).failureDiagnosis();
                if (diagnosis.isPresent()) {
                    throw new AssertionFailedError(plan.where() + " on [" + target.label() + "] failed because "
                            + diagnosis.get(), failure);
                }
                throw failure;
            }

            final SortedMap<String, String> environment = new TreeMap<>(HostFingerprint.read(run.inCi()));
            environment.putAll(classContext.server(target).fingerprint());
            final Optional<PlanExplainer.Explained> plans = capturePlans(target, method, instance, arguments,
                    beforeSample, context);
            result = new Evaluator(run).evaluate(plan, target, samples.get(0), environment, run.ruler(target), plans,
                    classContext.baseline(), () -> sampler.run(own))
                    .withExpectations(new ExpectationEvaluator(run.gate(), plan.rule().alpha(), sampler)
                            .evaluate(plan, target, own, others, samples));
        }
        run.report().add(result);
        context.publishReportEntry(reportEntry(result));
        report(result);
    }

    /**
     * One more call of the body, untimed, through JDBC wrappers that record each statement, then an
     * EXPLAIN of each: only PostgreSQL targets, and only bodies that take a Connection or DataSource.
     */
    private Optional<PlanExplainer.Explained> capturePlans(EngineTarget target, Method method, Object instance,
            Object[] arguments, Operation beforeSample, ExtensionContext context) throws Throwable {
        final boolean usesJdbc = Arrays.stream(arguments)
                .anyMatch(argument -> argument instanceof Connection || argument instanceof DataSource);
        if (target.kind() != EngineKind.POSTGRES || !usesJdbc) {
            return Optional.empty();
        }
        final StatementLog log = new StatementLog();
        final Object[] recording = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            recording[i] = arguments[i] instanceof Connection connection ? RecordingJdbc.record(connection, log)
                    : arguments[i] instanceof DataSource dataSource ? RecordingJdbc.record(dataSource, log)
                    : arguments[i];
        }
        beforeSample.run();
        invoke(method, instance, recording);
        final Optional<DataSource> database = database(target, context).dataSource();
        return database.isEmpty() ? Optional.empty() : Optional.of(new PlanExplainer().explain(database.get(), log));
    }

    /** A probe of the server CPU behind the body's first injected connection, where the engine has one. */
    private Optional<ServerCpuProbe> serverCpu(Object[] arguments, EngineTarget target, ExtensionContext context)
            throws Exception {
        final Optional<Object> connection = Arrays.stream(arguments).filter(Connection.class::isInstance).findFirst();
        return connection.isEmpty() ? Optional.empty() : database(target, context).serverCpuProbe(connection.get());
    }

    /** Prints the result line and any warning, and fails with every failing message of the benchmark at once. */
    private static void report(BenchmarkResult result) {
        // Surefire keeps a test's standard output in its XML report, but not its report entries.
        System.out.println(ResultRows.line(result));
        final List<String> failures = new ArrayList<>();
        if (result.decision().fails()) {
            failures.add(FailureMessage.render(result));
        } else if (result.decision().warns()) {
            System.out.println(FailureMessage.render(result));
        }
        if (!result.planFindings().isEmpty()) {
            final String plans = PlanMessage.render(result);
            if (result.planFindings().stream().anyMatch(PlanFinding::fails)) {
                failures.add(plans);
            } else {
                System.out.println(plans);
            }
        }
        for (ExpectationResult expectation : result.expectations()) {
            System.out.println(ResultRows.line(expectation));
            if (expectation.fails()) {
                failures.add(ExpectationMessage.render(result.className(), expectation));
            } else if (expectation.warns()) {
                System.out.println(ExpectationMessage.render(result.className(), expectation));
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionFailedError(String.join("\n\n", failures));
        }
    }

    /** The other sides of this benchmark's expectations that apply on this target, with their parameters resolved. */
    private List<ExpectationEvaluator.OtherSide> otherSides(BenchmarkPlan plan, EngineTarget target,
            ExtensionContext context, Object instance) throws Exception {
        final List<ExpectationEvaluator.OtherSide> others = new ArrayList<>();
        for (ExpectationPlan expectation : plan.expectations()) {
            final Optional<EngineTarget> otherTarget = expectation.otherTarget(target);
            if (otherTarget.isEmpty()) {
                continue;
            }
            final Method other = expectation.other();
            other.setAccessible(true);
            final RegionTimer timer = new RegionTimer();
            final Parameter[] parameters = other.getParameters();
            final Object[] arguments = new Object[parameters.length];
            for (int i = 0; i < parameters.length; i++) {
                arguments[i] = parameters[i].getType() == SampleTimer.class
                        ? timer
                        : resolve(parameters[i], otherTarget.get(), context);
            }
            others.add(new ExpectationEvaluator.OtherSide(expectation, otherTarget.get(), new Sampler.Side(
                    () -> invoke(other, instance, arguments), beforeSampleHook(context, instance, otherTarget.get()),
                    timer, serverCpu(arguments, otherTarget.get(), context))));
        }
        return others;
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

    /** Calls every {@code @BeforeSample} method of the class, parameters resolved for a target in this invocation. */
    private Operation beforeSampleHook(ExtensionContext context, Object instance, EngineTarget target)
            throws Exception {
        final List<Method> hooks = beforeSampleMethods(context.getRequiredTestClass());
        final List<Object[]> arguments = new ArrayList<>();
        for (Method hook : hooks) {
            final Parameter[] parameters = hook.getParameters();
            final Object[] values = new Object[parameters.length];
            for (int i = 0; i < parameters.length; i++) {
                values[i] = resolve(parameters[i], target, context);
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
        return resolve(parameter, currentTarget(context, parameter.getType()), context);
    }

    private Object resolve(Parameter parameter, EngineTarget target, ExtensionContext context) throws Exception {
        final ClassContext classContext = classContext(context);
        final Closer scope = context.getTestMethod().isPresent()
                ? stored(context, "closer:" + context.getUniqueId(), Closer::new, Closer.class)
                : classContext.closer();
        return database(target, context).resolve(parameter, scope);
    }

    /** The class's database on a target, created and filled by its {@code @DbFixture} methods on first use. */
    private ScratchDatabase database(EngineTarget target, ExtensionContext context) throws Exception {
        final Object instance = context.getTestInstance().orElse(null);
        return classContext(context).database(target, (created, database) -> fill(context, instance, created, database));
    }

    /** Calls the class's {@code @DbFixture} methods on a database dbbench just created. */
    private static void fill(ExtensionContext context, Object instance, EngineTarget target, ScratchDatabase database)
            throws Exception {
        final Closer scope = new Closer();
        try (scope) {
            for (Method fixture : AnnotationSupport.findAnnotatedMethods(context.getRequiredTestClass(),
                    DbFixture.class, HierarchyTraversalMode.TOP_DOWN)) {
                final Parameter[] parameters = fixture.getParameters();
                final Object[] arguments = new Object[parameters.length];
                for (int i = 0; i < parameters.length; i++) {
                    if (!target.kind().injectableTypes().contains(parameters[i].getType())) {
                        throw new DbBenchConfigurationException("@DbFixture method "
                                + context.getRequiredTestClass().getSimpleName() + "." + fixture.getName()
                                + "() declares a parameter of type " + parameters[i].getType().getName()
                                + " that [" + target.label() + "] cannot inject");
                    }
                    arguments[i] = database.resolve(parameters[i], scope);
                }
                if (!Modifier.isStatic(fixture.getModifiers()) && instance == null) {
                    throw new DbBenchConfigurationException("@DbFixture method "
                            + context.getRequiredTestClass().getSimpleName() + "." + fixture.getName()
                            + "() is not static, but the database is first needed before a test instance exists;"
                            + " make it static");
                }
                fixture.setAccessible(true);
                try {
                    invoke(fixture, Modifier.isStatic(fixture.getModifiers()) ? null : instance, arguments);
                } catch (Exception | Error e) {
                    throw e;
                } catch (Throwable e) {
                    throw new IllegalStateException(e);
                }
            }
        }
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
