package dev.dbbench.junit;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Deque;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.logging.Logger;

import dev.dbbench.engine.ScratchDatabase;

/**
 * A JDBC driver for the database of the dbbench test class running now: a pool or framework
 * configured with the URL {@value #URL} (and, where it asks for a driver class, this one) gets
 * connections to the class's PostgreSQL database, whose work is captured, counted and explained as
 * that of the connections dbbench injects, whichever pool holds them and whichever thread uses them
 * (Apache DBCP2, Tomcat JDBC, c3p0, Agroal, Oracle UCP, plain {@code DriverManager} code). The driver
 * is registered with {@code DriverManager} through {@code java.sql.Driver}'s service file.
 *
 * <p>{@code DriverManager} creates drivers by name and keeps them for the JVM, so the classes running
 * now are kept here, innermost last: the one piece of static state of the extension, forced by the
 * JDBC API. A class is added before any extension's callbacks for it run (a framework's that starts
 * an application, its {@code @BeforeAll} methods) and removed when it ends.
 */
public final class DbBenchDriver implements Driver {

    /** The URL of the running test class's PostgreSQL database. */
    public static final String URL = "jdbc:dbbench:postgresql";

    private static final String PREFIX = "jdbc:dbbench:";
    private static final Deque<RunningClass> CLASSES = new ConcurrentLinkedDeque<>();

    // DriverManager's service loading creates the driver; a driver registers itself.
    static {
        try {
            DriverManager.registerDriver(new DbBenchDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A test class that runs now, and how to reach its database. */
    interface RunningClass {

        String name();

        /** The class's database the running invocation uses, created on first use. */
        ScratchDatabase database() throws Exception;
    }

    /** A running class's place in the driver, until closed. */
    static final class Registration implements AutoCloseable {

        private final RunningClass running;

        private Registration(RunningClass running) {
            this.running = running;
        }

        @Override
        public void close() {
            CLASSES.remove(running);
        }
    }

    /** {@code running} runs now, until the registration is closed. */
    static Registration started(RunningClass running) {
        CLASSES.addLast(running);
        return new Registration(running);
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        if (!url.equals(URL)) {
            throw new SQLException("dbbench's JDBC driver serves " + URL + ", the database of the running test class,"
                    + " but was asked for " + url);
        }
        final RunningClass running = CLASSES.peekLast();
        if (running == null) {
            throw new SQLException("dbbench: " + URL + " names the database of the test class running now, and none"
                    + " runs: open connections from a class with @Postgres (its @BeforeAll and @DbFixture methods, its"
                    + " benchmarks and tests)");
        }
        try {
            return running.database().applicationDataSource().orElseThrow(() -> new SQLException("dbbench: the"
                    + " database of " + running.name() + " is not a PostgreSQL database")).getConnection();
        } catch (SQLException e) {
            throw e;
        } catch (Exception e) {
            throw new SQLException("dbbench could not open the database of " + running.name() + " for " + URL + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 0;
    }

    @Override
    public int getMinorVersion() {
        return 1;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("dbbench's driver logs nothing");
    }
}
