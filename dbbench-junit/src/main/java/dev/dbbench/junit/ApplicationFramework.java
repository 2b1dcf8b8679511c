package dev.dbbench.junit;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Optional;

import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.run.ApplicationDatabase;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An application framework whose own connection pool a test class's database serves, found through
 * {@link java.util.ServiceLoader}: dbbench-spring registers Spring's. dbbench tells it when a run
 * starts, and asks it, per test class, for the application that uses the class's database.
 */
@API(status = INTERNAL)
public interface ApplicationFramework {

    /** What the framework's application contexts may ask of the dbbench run they are built in. */
    interface Run {

        /**
         * The one target of an engine of a test class, from its annotations and the run's configuration.
         *
         * @throws dev.dbbench.api.DbBenchConfigurationException when the class has none or several
         */
        EngineTarget target(Class<?> testClass, EngineKind kind);

        /** A new database on the target's server, dropped when the run ends. */
        ScratchDatabase database(EngineTarget target, String namePrefix) throws Exception;
    }

    /**
     * A run started; application contexts built during it ask {@code run} for their databases. The
     * value returned is closed when the run ends, before its servers stop.
     */
    AutoCloseable runStarted(Run run);

    /**
     * The application whose pool uses the database of the test class of {@code classContext}; empty when
     * the class has none in this framework.
     */
    Optional<ApplicationDatabase> application(ExtensionContext classContext) throws Exception;
}
