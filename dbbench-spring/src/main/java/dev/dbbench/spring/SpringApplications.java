package dev.dbbench.spring;

import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;

import dev.dbbench.engine.Closer;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.junit.ApplicationFramework;
import dev.dbbench.run.ApplicationDatabase;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * Spring as dbbench's application framework: a test class that runs with Spring's JUnit extension
 * has an application context; where dbbench built that context's database, the context is the
 * application whose pool uses the class's database.
 *
 * <p>Spring builds application contexts, and caches them JVM-wide, from factories it instantiates by
 * name ({@link DbBenchContextCustomizerFactory}), which are given the test class and nothing of
 * JUnit's. The dbbench runs in progress are therefore kept here, innermost last: the one piece of
 * static state of this module, forced by Spring's API. A run is removed when it ends, and the
 * contexts built for it are closed then.
 */
public final class SpringApplications implements ApplicationFramework {

    private static final Deque<SpringRun> RUNS = new ConcurrentLinkedDeque<>();

    /** One dbbench run, with the application contexts built for it. */
    static final class SpringRun implements AutoCloseable {

        private final ApplicationFramework.Run run;
        private final Closer contexts = new Closer();

        private SpringRun(ApplicationFramework.Run run) {
            this.run = run;
        }

        EngineTarget target(Class<?> testClass, EngineKind kind) {
            return run.target(testClass, kind);
        }

        ScratchDatabase database(EngineTarget target, String namePrefix) throws Exception {
            return run.database(target, namePrefix);
        }

        /** Closes {@code context} when the run ends, before its databases are dropped. */
        <T extends AutoCloseable> T closeAtEnd(T context) {
            return contexts.register(context);
        }

        @Override
        public void close() throws Exception {
            contexts.close();
        }
    }

    /** The run contexts are built in now: the innermost one in progress. */
    static Optional<SpringRun> currentRun() {
        return Optional.ofNullable(RUNS.peekLast());
    }

    @Override
    public AutoCloseable runStarted(ApplicationFramework.Run run) {
        final SpringRun started = new SpringRun(run);
        RUNS.addLast(started);
        return () -> {
            RUNS.remove(started);
            started.close();
        };
    }

    @Override
    public Optional<ApplicationDatabase> application(ExtensionContext classContext) {
        if (!springTest(classContext.getRequiredTestClass())) {
            return Optional.empty();
        }
        final ApplicationContext context = SpringExtension.getApplicationContext(classContext);
        return Optional.ofNullable(context.getBeanProvider(ApplicationDatabase.class).getIfAvailable());
    }

    /** Whether the class of this name is on the class path dbbench-spring was loaded from. */
    static boolean present(String className) {
        try {
            Class.forName(className, false, SpringApplications.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Whether Spring's JUnit extension runs the class (a Spring test annotation carries it). */
    static boolean springTest(Class<?> testClass) {
        final List<ExtendWith> extensions = new ArrayList<>(
                AnnotationSupport.findRepeatableAnnotations(testClass, ExtendWith.class));
        return extensions.stream().flatMap(extendWith -> List.of(extendWith.value()).stream())
                .anyMatch(SpringExtension.class::equals);
    }
}
