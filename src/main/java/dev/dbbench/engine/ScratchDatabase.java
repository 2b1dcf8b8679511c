package dev.dbbench.engine;

import java.lang.reflect.Parameter;

/** A database created for one test class and dropped when closed. */
public interface ScratchDatabase extends AutoCloseable {

    /** The database's name on its server. */
    String name();

    /**
     * A value for a parameter of one of its engine's {@linkplain EngineKind#injectableTypes() injectable
     * types}; the parameter itself is given because its annotations may say more (which collection,
     * say). Values that need closing (a connection) are registered with {@code scope} and close when it
     * does.
     */
    Object resolve(Parameter parameter, Closer scope) throws Exception;

    @Override
    void close() throws Exception;
}
