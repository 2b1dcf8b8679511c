package dev.dbbench.junit;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.run.ApplicationDatabase;
import dev.dbbench.run.RunContext;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.TargetResolver;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The application frameworks on the class path (dbbench-spring's), told of runs and asked about classes. */
final class ApplicationFrameworks {

    private final List<ApplicationFramework> frameworks;

    private ApplicationFrameworks(List<ApplicationFramework> frameworks) {
        this.frameworks = List.copyOf(frameworks);
    }

    static ApplicationFrameworks load() {
        return new ApplicationFrameworks(ServiceLoader.load(ApplicationFramework.class,
                ApplicationFramework.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList());
    }

    boolean any() {
        return !frameworks.isEmpty();
    }

    /** Tells every framework that {@code run} started; each is told of its end when the run closes. */
    void started(RunContext run, TargetResolver targets) {
        final ApplicationFramework.Run frameworkRun = new ApplicationFramework.Run() {
            @Override
            public EngineTarget target(Class<?> testClass, EngineKind kind) {
                final List<EngineTarget> ofKind = targets.classTargets(testClass).stream()
                        .filter(target -> target.kind() == kind).toList();
                if (ofKind.size() != 1) {
                    final String annotation = kind == EngineKind.POSTGRES ? "@Postgres" : "@Mongo";
                    throw new DbBenchConfigurationException(testClass.getSimpleName() + " runs on " + ofKind.size()
                            + " " + (kind == EngineKind.POSTGRES ? "PostgreSQL" : "MongoDB") + " targets "
                            + ofKind.stream().map(EngineTarget::label).toList() + ", but its application connects to one"
                            + " database: declare one " + annotation + " on the class");
                }
                return ofKind.get(0);
            }

            @Override
            public ScratchDatabase database(EngineTarget target, String namePrefix) throws Exception {
                return run.runDatabase(target, namePrefix);
            }
        };
        frameworks.forEach(framework -> run.closeAtEnd(framework.runStarted(frameworkRun)));
    }

    /** The application whose pool uses the class's database, from the first framework that has one. */
    Optional<ApplicationDatabase> application(ExtensionContext classContext) throws Exception {
        for (ApplicationFramework framework : frameworks) {
            final Optional<ApplicationDatabase> application = framework.application(classContext);
            if (application.isPresent()) {
                return application;
            }
        }
        return Optional.empty();
    }
}
