package dev.dbbench.engine;

/** A database created for one test class and dropped when closed. */
public interface ScratchDatabase extends AutoCloseable {

    /** The database's name on its server. */
    String name();

    /**
     * A value for a parameter of one of its engine's {@linkplain EngineKind#injectableTypes() injectable
     * types}; values that need closing (a connection, say) are
     * registered with {@code scope} and close when it does.
     */
    Object resolve(Class<?> parameterType, Closer scope) throws Exception;

    @Override
    void close() throws Exception;
}
