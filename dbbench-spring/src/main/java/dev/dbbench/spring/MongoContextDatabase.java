package dev.dbbench.spring;

import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.run.ApplicationDatabase;
import dev.dbbench.spec.EngineTarget;

/**
 * The MongoDB side of one application context that dbbench built: the template database the
 * application started on (its index creation, its migrations), and the database its Spring Data
 * MongoDB factory uses now, the running test class's, a copy of the template.
 */
final class MongoContextDatabase implements ApplicationDatabase, AutoCloseable {

    private final EngineTarget target;
    private final ScratchDatabase template;
    private final AutoCloseable context;
    private volatile String inUse;

    /** @param context closed with this, at the end of the run the context was built for */
    MongoContextDatabase(EngineTarget target, ScratchDatabase template, AutoCloseable context) {
        this.target = target;
        this.template = template;
        this.context = context;
        this.inUse = template.name();
    }

    @Override
    public EngineTarget target() {
        return target;
    }

    @Override
    public String template() {
        return template.name();
    }

    /** The template the application started on. */
    ScratchDatabase templateDatabase() {
        return template;
    }

    /** The name of the database the application's factory hands out now. */
    String inUse() {
        return inUse;
    }

    /** MongoDB copies a database whatever clients are connected to its template: nothing to let go of. */
    @Override
    public void releaseTemplate() {
    }

    @Override
    public void use(ScratchDatabase database) {
        inUse = database.name();
    }

    /** Between two classes the application works on its template again, never on a dropped database. */
    @Override
    public void release(ScratchDatabase database) {
        if (database.name().equals(inUse)) {
            inUse = template.name();
        }
    }

    @Override
    public void close() throws Exception {
        try (ScratchDatabase dropped = template) {
            context.close();
        }
    }
}
