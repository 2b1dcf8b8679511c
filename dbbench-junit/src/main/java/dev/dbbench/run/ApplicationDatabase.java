package dev.dbbench.run;

import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.spec.EngineTarget;

/**
 * An application whose own connection pool uses a test class's database, such as a Spring
 * application context shared by the classes of one configuration: its schema lives in a template
 * database, which its migrations filled once, and each class's database is a copy of it that the
 * application's pool is pointed at while the class runs.
 */
public interface ApplicationDatabase {

    /** The target whose server holds the template; the application uses no database of other targets. */
    EngineTarget target();

    /** The name of the template database on the target's server. */
    String template();

    /** Lets go of the template, which a database is copied from only when no session is connected to it. */
    void releaseTemplate() throws Exception;

    /** Points the application's pool at {@code database}, a copy of the template, letting go of any other. */
    void use(ScratchDatabase database) throws Exception;

    /** Lets go of {@code database} if the application uses it: it is about to be dropped. */
    void release(ScratchDatabase database) throws Exception;
}
