package dev.dbbench.junit;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.SampleTimer;
import dev.dbbench.config.ConfigSource;
import dev.dbbench.config.Settings;
import dev.dbbench.config.Shard;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.containers.Docker;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.ScalingSeries;
import dev.dbbench.measure.RegionTimer;
import dev.dbbench.report.ReportedResult;
import dev.dbbench.report.ResultMessages;
import dev.dbbench.run.ApplicationDatabase;
import dev.dbbench.run.Arguments;
import dev.dbbench.run.BenchmarkRun;
import dev.dbbench.run.ClassContext;
import dev.dbbench.run.RunContext;
import dev.dbbench.spec.BenchmarkSpec;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderResolver;
import dev.dbbench.spec.ScalePoint;
import dev.dbbench.spec.Scales;
import dev.dbbench.spec.SpecFactory;
import dev.dbbench.spec.TargetResolver;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.AssertionFailedError;

/**
 * The JUnit Jupiter extension behind {@code @DbBenchmark} and the engine annotations. It only wires:
 * specs from {@code spec}, arguments and runs from {@code run}, messages from {@code report}; state
 * lives in JUnit's stores, run-wide things in the root store.
 */
public final class DbBenchmarkExtension implements TestTemplateInvocationContextProvider, ParameterResolver,
        InvocationInterceptor, ExecutionCondition, BeforeAllCallback, BeforeEachCallback {

    private static final Namespace NAMESPACE = Namespace.create(DbBenchmarkExtension.class);
    private static final String SPEC = "spec";
    private static final String TARGET = "target";
    private static final String POINT = "point";
    private static final String INTERCEPTED = "intercepted";

    /**
     * With {@code dbbench.shard=i/n}, skips the classes of other shards. A class that runs starts the
     * run first where an application framework is on the class path, whose contexts, built before any
     * other callback of the class, ask the run for their databases; and a class on PostgreSQL becomes
     * the running class of dbbench's JDBC driver ({@link DbBenchDriver}) until it ends, before any
     * other extension's callbacks (a framework's that starts an application connecting by its URL).
     */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        final Optional<Shard> shard = settings(context).shard();
        if (context.getTestClass().isPresent() && context.getTestMethod().isEmpty()
                && shard.map(in -> in.includes(shardClass(context.getRequiredTestClass()).getName())).orElse(true)) {
            if (frameworks(context).any()) {
                runContext(context);
            }
            final List<EngineTarget> postgres = postgresTargets(context);
            if (!postgres.isEmpty()) {
                stored(context.getStore(NAMESPACE), "driver:" + context.getUniqueId(),
                        () -> DbBenchDriver.started(new DriverClass(context, postgres)), DbBenchDriver.Registration.class);
            }
        }
        if (shard.isEmpty() || context.getTestClass().isEmpty()) {
            return ConditionEvaluationResult.enabled("no shard");
        }
        final String name = shardClass(context.getTestClass().get()).getName();
        return shard.get().includes(name) ? ConditionEvaluationResult.enabled("in shard " + shard.get())
                : ConditionEvaluationResult.disabled(ConfigKeys.SHARD + "=" + shard.get() + ": " + name + " runs in"
                        + " shard " + Shard.of(name, shard.get().count()) + "/" + shard.get().count());
    }

    /** The class that decides the shard: a {@code @Nested} class goes with the class around it. */
    private static Class<?> shardClass(Class<?> testClass) {
        Class<?> outer = testClass;
        while (outer.isMemberClass() && !Modifier.isStatic(outer.getModifiers())) {
            outer = outer.getEnclosingClass();
        }
        return outer;
    }

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(method -> AnnotationSupport.isAnnotated(method, DbBenchmark.class))
                .orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        final BenchmarkSpec spec = new SpecFactory(settings(context), targets(context))
                .spec(context.getRequiredTestClass(), context.getRequiredTestMethod());
        context.getStore(NAMESPACE).put(SPEC, spec);
        return spec.targets().stream()
                .flatMap(target -> spec.points().stream().map(point -> new TargetInvocation(target, point)));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext context) {
        final Class<?> type = parameterContext.getParameter().getType();
        if (type == SampleTimer.class) {
            return parameterContext.getDeclaringExecutable() instanceof Method method
                    && AnnotationSupport.isAnnotated(method, DbBenchmark.class);
        }
        if (ScalePoint.isValueType(type)) {
            return point(context).filter(point -> point.receivedBy(parameterContext.getParameter())).isPresent()
                    || classLevelScale(parameterContext, context);
        }
        return targetsFor(context).stream().anyMatch(target -> target.kind().injects(type));
    }

    /** A class-level method, such as {@code @BeforeAll}, asking for the value of one of the class's parameters. */
    private static boolean classLevelScale(ParameterContext parameterContext, ExtensionContext context) {
        return context.getTestMethod().isEmpty()
                && Scales.namesIn(context.getRequiredTestClass()).contains(parameterContext.getParameter().getName());
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext context) {
        final Class<?> type = parameterContext.getParameter().getType();
        if (type == SampleTimer.class) {
            return timer(context);
        }
        if (classLevelScale(parameterContext, context)) {
            throw new DbBenchConfigurationException(parameterContext.getDeclaringExecutable().getName() + "() of "
                    + context.getRequiredTestClass().getSimpleName() + " runs once for the class, so it cannot take"
                    + " parameter " + parameterContext.getParameter().getName() + ", which has a value per"
                    + " benchmark invocation; load data that depends on it in a @DbFixture method that declares it:"
                    + " each value then gets a database of its own, filled for it");
        }
        if (ScalePoint.isValueType(type)) {
            // Supported only where the invocation's value goes to the parameter: it needs no engine target.
            return point(context).orElseThrow().argument(parameterContext.getParameter());
        }
        try {
            final Closer scope = context.getTestMethod().isPresent() ? scope(context) : classContext(context).closer();
            return runContext(context).samplingLock().shared(() -> arguments(context)
                    .resolve(parameterContext.getParameter(), currentTarget(context, type), scope));
        } catch (DbBenchConfigurationException e) {
            throw e;
        } catch (Exception e) {
            throw new ParameterResolutionException("dbbench could not provide " + type.getSimpleName() + " for "
                    + parameterContext.getDeclaringExecutable() + ": " + e.getMessage(), e);
        }
    }

    /** A class whose application uses its database gets that database before its first test. */
    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (frameworks(context).any()) {
            runContext(context).samplingLock().shared(() -> {
                classContext(context).prepareApplicationDatabase();
                return null;
            });
        }
    }

    /** The class's PostgreSQL targets; none where its annotations are in error, which its benchmarks report. */
    private static List<EngineTarget> postgresTargets(ExtensionContext context) {
        try {
            return targets(context).classTargets(context.getRequiredTestClass()).stream()
                    .filter(target -> target.kind() == EngineKind.POSTGRES).toList();
        } catch (DbBenchConfigurationException e) {
            return List.of();
        }
    }

    /**
     * Before a test that is not a benchmark, in a class whose application uses the class's database:
     * the database, created and filled on first use, and the application pointed at it. (A benchmark
     * does so itself, for the value of its parameter it runs at.)
     */
    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        if (AnnotationSupport.isAnnotated(context.getRequiredTestMethod(), DbBenchmark.class)
                || !frameworks(context).any()) {
            return;
        }
        final Optional<ApplicationDatabase> application = frameworks(context).application(classLevel(context));
        if (application.isPresent()) {
            runContext(context).samplingLock().shared(() -> arguments(context).database(application.get().target()));
        }
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context) throws Throwable {
        final BenchmarkSpec spec = context.getParent().orElseThrow().getStore(NAMESPACE).get(SPEC, BenchmarkSpec.class);
        if (spec == null) {
            invocation.proceed();
            return;
        }
        // dbbench calls the method itself, many times; JUnit's own single call is skipped.
        invocation.skip();
        context.getStore(NAMESPACE).put(INTERCEPTED, true);
        final EngineTarget target = context.getStore(NAMESPACE).get(TARGET, EngineTarget.class);
        final Object instance = invocationContext.getTarget().orElse(null);
        // The invocations of one benchmark share its template's store: there it gathers the values' results.
        final Optional<ScalingSeries> series = spec.scale().filter(scale -> scale.atMost().isPresent())
                .map(scale -> stored(context.getParent().orElseThrow().getStore(NAMESPACE), "scaling",
                        () -> new ScalingSeries(scale), ScalingSeries.class));
        final RunContext run = runContext(context);
        final BenchmarkResult result = new BenchmarkRun(run, classContext(context), spec.at(point(context)), target,
                arguments(context)).run(instance, invocationContext.getArguments().toArray(), timer(context),
                scope(context), series);
        final ReportedResult reported = ReportedResult.of(result);
        run.report().add(reported);
        context.publishReportEntry(ResultMessages.reportEntry(result));
        // Surefire keeps a test's standard output in its XML report, but not its report entries.
        final ResultMessages messages = ResultMessages.of(reported);
        messages.printed().forEach(System.out::println);
        if (!messages.failures().isEmpty()) {
            throw verdict(String.join("\n\n", messages.failures()), invocationContext.getExecutable());
        }
    }

    /**
     * A benchmark's failure whose trace is the benchmark's own frame: the message is the verdict, and
     * the frames of JUnit and dbbench below it (some 30 lines in every report) say nothing a user acts on.
     */
    static AssertionFailedError verdict(String message, Method benchmark) {
        final AssertionFailedError failure = new AssertionFailedError(message);
        Class<?> outermost = benchmark.getDeclaringClass();
        while (outermost.getEnclosingClass() != null) {
            outermost = outermost.getEnclosingClass();
        }
        failure.setStackTrace(new StackTraceElement[] {new StackTraceElement(benchmark.getDeclaringClass().getName(),
                benchmark.getName(), outermost.getSimpleName() + ".java", -1)});
        return failure;
    }

    /** The target of this invocation; for class-level methods the class's one target that injects the type. */
    private EngineTarget currentTarget(ExtensionContext context, Class<?> type) {
        return TargetResolver.injecting(context.getRequiredTestClass(), type, targetsFor(context));
    }

    private List<EngineTarget> targetsFor(ExtensionContext context) {
        final EngineTarget invocationTarget = context.getStore(NAMESPACE).get(TARGET, EngineTarget.class);
        if (invocationTarget != null) {
            return List.of(invocationTarget);
        }
        final Class<?> testClass = context.getRequiredTestClass();
        return context.getTestMethod()
                .map(method -> targets(context).targets(testClass, method))
                .orElseGet(() -> targets(context).classTargets(testClass));
    }

    private static Settings settings(ExtensionContext context) {
        return stored(runStore(context), "settings", () -> new Settings(new ConfigSource(
                context::getConfigurationParameter, System::getenv, System::getProperty)), Settings.class);
    }

    /** A test class as dbbench's JDBC driver reaches it: its PostgreSQL database in use, or a new one. */
    private record DriverClass(ExtensionContext context, List<EngineTarget> postgres)
            implements DbBenchDriver.RunningClass {

        @Override
        public String name() {
            return context.getRequiredTestClass().getSimpleName();
        }

        @Override
        public ScratchDatabase database() throws Exception {
            if (postgres.size() != 1) {
                throw new DbBenchConfigurationException(name() + " runs on " + postgres.size() + " PostgreSQL targets "
                        + postgres.stream().map(EngineTarget::label).toList() + ", and " + DbBenchDriver.URL + " names"
                        + " one database: declare one @Postgres on the class");
            }
            final ClassContext classContext = classContext(context);
            // Creating the database loads the machine, as shared work; one in use is only handed out (also
            // to a pool that opens a connection during a timed sample).
            return classContext.inUseOn(postgres.get(0)) ? classContext.inUse(postgres.get(0))
                    : runContext(context).samplingLock().shared(() -> classContext.inUse(postgres.get(0)));
        }
    }

    private static TargetResolver targets(ExtensionContext context) {
        return new TargetResolver(settings(context), stored(runStore(context), "providers", () ->
                new ProviderResolver(settings(context), () -> Docker.probe(Docker.CHECK_TIMEOUT), System.out),
                ProviderResolver.class));
    }

    private static RunContext runContext(ExtensionContext context) {
        return stored(runStore(context), "run", () -> {
            final RunContext run = RunContext.create(settings(context), System.out);
            frameworks(context).started(run, targets(context));
            return run;
        }, RunContext.class);
    }

    private static ApplicationFrameworks frameworks(ExtensionContext context) {
        return stored(runStore(context), "frameworks", ApplicationFrameworks::load, ApplicationFrameworks.class);
    }

    private static ClassContext classContext(ExtensionContext context) {
        final ExtensionContext owner = classLevel(context);
        return stored(owner.getStore(NAMESPACE), "class:" + owner.getUniqueId(), () -> runContext(context)
                .classContext(owner.getRequiredTestClass(), () -> frameworks(context).application(owner)),
                ClassContext.class);
    }

    /** The context of the class a method belongs to. */
    private static ExtensionContext classLevel(ExtensionContext context) {
        ExtensionContext classLevel = context;
        while (classLevel.getTestMethod().isPresent() && classLevel.getParent().isPresent()) {
            classLevel = classLevel.getParent().get();
        }
        return classLevel;
    }

    private static Arguments arguments(ExtensionContext context) {
        return new Arguments(classContext(context), context.getTestInstance().orElse(null), point(context));
    }

    /** The value of its {@code @Scale} parameter the invocation runs at; empty for class-level methods and none. */
    private static Optional<ScalePoint> point(ExtensionContext context) {
        return Optional.ofNullable(context.getStore(NAMESPACE).get(POINT, ScalePoint.class));
    }

    private static RegionTimer timer(ExtensionContext context) {
        return stored(context.getStore(NAMESPACE), "timer:" + context.getUniqueId(), RegionTimer::new,
                RegionTimer.class);
    }

    /** What the invocation opened (connections for the body, hooks and other sides), closed when it ends. */
    private static Closer scope(ExtensionContext context) {
        return stored(context.getStore(NAMESPACE), "closer:" + context.getUniqueId(), Closer::new, Closer.class);
    }

    /**
     * The store of what lives as long as the test JVM's run: the settings, the run context with its
     * servers and report. Surefire with {@code forkCount} above 1 launches each class on its own in a
     * JVM's one launcher session, so the launcher session's store (JUnit 5.13 on) holds them for the
     * whole JVM; JUnit 5.12, which has none, gets the root's, one per launch.
     */
    private static ExtensionContext.Store runStore(ExtensionContext context) {
        try {
            return context.getStore(ExtensionContext.StoreScope.LAUNCHER_SESSION, NAMESPACE);
        } catch (LinkageError olderJUnit) {
            return context.getRoot().getStore(NAMESPACE);
        }
    }

    /**
     * The value under {@code key} in the store, created on first use. JUnit 6 renamed the
     * store method; the old name is used because it also exists in the JUnit 5 versions dbbench supports.
     *
     * <p>A value that needs closing is closed with its store's context: JUnit from 5.13 closes stored
     * {@link AutoCloseable}s, and the older versions a Spring Boot 3.5 build brings (5.12) close only
     * their {@code CloseableResource}s, so one of those goes with it (closing twice is harmless).
     */
    @SuppressWarnings("deprecation")
    private static <V> V stored(ExtensionContext.Store store, String key, Supplier<V> factory, Class<V> type) {
        final V value = store.getOrComputeIfAbsent(key, ignored -> factory.get(), type);
        if (value instanceof AutoCloseable closeable) {
            store.getOrComputeIfAbsent(key + ":closed", ignored -> new ClosedWithContext(closeable),
                    ClosedWithContext.class);
        }
        return value;
    }

    /**
     * Closes a stored value with its context on the JUnit versions that close only their own resource
     * type; an {@link AutoCloseable} too, as later versions expect of that type.
     */
    @SuppressWarnings("deprecation")
    private record ClosedWithContext(AutoCloseable value)
            implements ExtensionContext.Store.CloseableResource, AutoCloseable {

        @Override
        public void close() throws Exception {
            value.close();
        }
    }

    /**
     * One invocation of a benchmark: its display name names the engine target and the value of its
     * parameter, {@code [postgres 17 embedded] rows=1000}.
     */
    private record TargetInvocation(EngineTarget target, Optional<ScalePoint> point)
            implements TestTemplateInvocationContext {

        @Override
        public String getDisplayName(int invocationIndex) {
            return "[" + target.label() + "]" + point.map(value -> " " + value.label()).orElse("");
        }

        @Override
        public List<Extension> getAdditionalExtensions() {
            return List.of((BeforeEachCallback) context -> {
                context.getStore(NAMESPACE).put(TARGET, target);
                point.ifPresent(value -> context.getStore(NAMESPACE).put(POINT, value));
            }, (AfterTestExecutionCallback) TargetInvocation::requireIntercepted);
        }

        /**
         * Fails an invocation whose method dbbench was not given to run: an extension registered before
         * dbbench's intercepted it and ran it itself, once and unmeasured (Quarkus' {@code @QuarkusTest}
         * does, running every test method on its own). Without this it would pass, having measured nothing.
         */
        private static void requireIntercepted(ExtensionContext context) {
            if (context.getStore(NAMESPACE).get(INTERCEPTED) == null && context.getExecutionException().isEmpty()) {
                throw new DbBenchConfigurationException("dbbench did not run " + context.getRequiredTestClass()
                        .getSimpleName() + "." + context.getRequiredTestMethod().getName() + ": an extension registered"
                        + " before dbbench's ran the method itself, once, and nothing was measured (@QuarkusTest's"
                        + " extension does so with every test method). Declare @Postgres or @Mongo on the class before"
                        + " that extension's annotation, so that dbbench's extension comes first (docs/quarkus.md)");
            }
        }
    }
}
