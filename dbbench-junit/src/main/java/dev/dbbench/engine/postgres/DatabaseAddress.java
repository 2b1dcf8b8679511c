package dev.dbbench.engine.postgres;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Properties;

import dev.dbbench.api.JdbcDatabase;
import org.postgresql.Driver;

/**
 * How dbbench reaches one database of a server: its plain URL, which users may see and give to a
 * framework, and the connection properties of dbbench's own, which stay out of that URL.
 *
 * @param url the database's URL, with the parameters the server's own URL had (such as {@code sslmode})
 * @param driverProperties the user, the password and dbbench's own settings (timeouts)
 */
record DatabaseAddress(String url, String user, String password, String database, Properties driverProperties) {

    private static final Driver DRIVER = new Driver();
    /**
     * Why the driver cannot reach this copy of the socket factory, which it loads by name through its
     * own class loader; empty when it can. An application framework that loads dbbench again in a class
     * loader of its own, and leaves the driver to the class path's (Quarkus does), splits them.
     */
    private static final Optional<String> FACTORY_UNREACHABLE = factoryUnreachable();

    DatabaseAddress {
        final Properties copy = new Properties();
        copy.putAll(driverProperties);
        driverProperties = copy;
    }

    /**
     * The database {@code name} on the server of {@code serverUrl}: the URL's database replaced, its
     * hosts and parameters kept.
     */
    static DatabaseAddress of(String serverUrl, String user, String password, String name, Properties own) {
        final Properties properties = new Properties();
        properties.putAll(own);
        properties.setProperty("user", user);
        if (password != null) {
            properties.setProperty("password", password);
        }
        return new DatabaseAddress(withDatabase(serverUrl, name), user, password == null ? "" : password, name,
                properties);
    }

    /** {@code url} naming {@code database} instead of its own. */
    static String withDatabase(String url, String database) {
        final String encoded = URLEncoder.encode(database, StandardCharsets.UTF_8).replace("+", "%20");
        final int query = url.indexOf('?');
        final String base = query < 0 ? url : url.substring(0, query);
        final String parameters = query < 0 ? "" : url.substring(query);
        final int hosts = base.indexOf("//");
        if (hosts < 0) {
            // jdbc:postgresql:database, the short form for localhost
            return "jdbc:postgresql:" + encoded + parameters;
        }
        final int path = base.indexOf('/', hosts + 2);
        return (path < 0 ? base : base.substring(0, path)) + "/" + encoded + parameters;
    }

    private static Optional<String> factoryUnreachable() {
        final ClassLoader driverLoader = Driver.class.getClassLoader();
        Class<?> seen;
        try {
            seen = Class.forName(CountingSockets.Factory.class.getName(), false, driverLoader);
        } catch (ClassNotFoundException e) {
            seen = null;
        }
        if (seen == CountingSockets.Factory.class) {
            return Optional.empty();
        }
        return Optional.of("dbbench's classes were loaded by " + DatabaseAddress.class.getClassLoader() + " and the"
                + " PostgreSQL driver by " + driverLoader + ", which " + (seen == null ? "cannot load them" : "loads a"
                + " copy of its own") + ", so dbbench cannot count what its connections send. Have dbbench loaded"
                + " where the driver is: under Quarkus, add %test.quarkus.class-loading.parent-first-artifacts="
                + "dev.dbbench:dbbench-junit to application.properties (docs/quarkus.md)");
    }

    /** A connection whose traffic counts into {@code meter}; its URL is still the plain one. */
    @SuppressWarnings("deprecation")
    Connection connect(CountingSockets.Meter meter) throws SQLException {
        if (FACTORY_UNREACHABLE.isPresent()) {
            throw new SQLException(FACTORY_UNREACHABLE.get());
        }
        final Properties counted = new Properties();
        counted.putAll(driverProperties);
        counted.setProperty("socketFactory", CountingSockets.Factory.class.getName());
        // The driver hands this one string to the factory's constructor; it names the meter.
        counted.setProperty("socketFactoryArg", meter.key());
        final Connection connection = DRIVER.connect(url, counted);
        if (connection == null) {
            throw new SQLException("the PostgreSQL driver does not accept the URL " + url);
        }
        return connection;
    }

    /** The address as users see it. */
    JdbcDatabase details() {
        return new JdbcDatabase(url, user, password, database);
    }

    @Override
    public String toString() {
        return url + " as " + user;
    }
}
