package dev.dbbench.engine;

import java.util.Optional;

/**
 * While open, the work any thread asks of the connections a database handed to the application (the
 * injected {@code DataSource}, an application's own pool) runs on another connection: the counting
 * copy's, for a counted call. Closing it ends the routing.
 */
public interface Routing extends AutoCloseable {

    /** Nothing routed: for databases whose engine does not route. */
    Routing NONE = new Routing() {
        @Override
        public Optional<String> refused() {
            return Optional.empty();
        }

        @Override
        public void close() {
        }
    };

    /** Why a connection was refused the routed one during the call, when one was. */
    Optional<String> refused();

    @Override
    void close();
}
