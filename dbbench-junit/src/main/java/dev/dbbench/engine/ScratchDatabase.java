package dev.dbbench.engine;

import java.lang.reflect.Parameter;
import java.sql.Connection;
import java.util.Optional;

import javax.sql.DataSource;

import dev.dbbench.api.JdbcDatabase;
import dev.dbbench.spec.EngineKind;

/** A database created for one test class and dropped when closed. */
public interface ScratchDatabase extends AutoCloseable {

    /** The database's name on its server. */
    String name();

    /**
     * A value for a parameter of one of its engine's {@linkplain EngineKind#injects injectable
     * types}; the parameter itself is given because its annotations may say more (which collection,
     * say). Values that need closing (a connection) are registered with {@code scope} and close when it
     * does.
     */
    Object resolve(Parameter parameter, Closer scope) throws Exception;

    /** Where the database is, for frameworks that connect by URL; empty for engines that do not speak JDBC. */
    default Optional<JdbcDatabase> details() {
        return Optional.empty();
    }

    /** The database as a JDBC data source, for engines that speak JDBC (plans are captured through it). */
    default Optional<DataSource> dataSource() {
        return Optional.empty();
    }

    /**
     * The data source an application's own pool takes its physical connections from (and the one
     * injected as {@code DataSource}): connections whose traffic and statements a capture sees, and
     * whose work a counted call routes to the counting copy. Empty for engines that do not speak JDBC.
     */
    default Optional<DataSource> applicationDataSource() {
        return Optional.empty();
    }

    /** How many real connections of {@link #applicationDataSource()} are open now. */
    default int openApplicationConnections() {
        return 0;
    }

    /**
     * A capture of everything one call does to this database, whichever of its connections or clients
     * the work goes through; empty where the engine captures nothing.
     */
    default Optional<CaptureProbe> captureProbe() {
        return Optional.empty();
    }

    /**
     * Routes the work any thread asks of the {@link #applicationDataSource()}'s connections to
     * {@code connection} until the routing is closed: the application's work in a counted call.
     */
    default Routing routeTo(Connection connection) {
        return Routing.NONE;
    }

    /**
     * A probe of the server CPU time spent serving {@code injected}, a value this database injected
     * (a connection), where the engine can measure it; empty otherwise.
     */
    default Optional<ServerCpuProbe> serverCpuProbe(Object injected) {
        return Optional.empty();
    }

    /**
     * Counting of the server instructions a call costs, on a copy of this database under valgrind,
     * where the engine and the machine allow it; empty otherwise, with {@link #whyNoInstructionCounting()}.
     */
    default Optional<InstructionCounting> instructionCounting() throws Exception {
        return Optional.empty();
    }

    /** Why {@link #instructionCounting()} is empty. */
    default String whyNoInstructionCounting() {
        return "server instructions are counted on embedded PostgreSQL only";
    }

    /**
     * Stops what {@code injected}, a value this database gave a benchmark, is doing for a call that
     * did not return by its timeout: a connection's running statement is cancelled and the connection
     * closed. Called from another thread than the call's.
     */
    default void abort(Object injected) throws Exception {
    }

    /**
     * Rolls back a transaction that {@code injected}, a value this database gave a benchmark (a
     * connection), has open, and says whether there was one.
     */
    default boolean rollBackOpenTransaction(Object injected) throws Exception {
        return false;
    }

    /**
     * Closes the connections that {@code injected}, a value this database gave a benchmark (a data
     * source), handed out and nobody closed, and says how many there were.
     */
    default int closeLeakedConnections(Object injected) throws Exception {
        return 0;
    }

    @Override
    void close() throws Exception;
}
