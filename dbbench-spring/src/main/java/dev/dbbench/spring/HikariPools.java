package dev.dbbench.spring;

import java.sql.SQLException;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;

/** What dbbench does to a HikariCP pool; loaded only where HikariCP is on the class path. */
final class HikariPools {

    private HikariPools() {
    }

    /**
     * Makes the pool take its physical connections from the context's database, and lets the database
     * evict them when it moves to another class's.
     */
    static void point(DataSource bean, String beanName, ContextDatabase database) {
        final HikariDataSource pool;
        try {
            pool = bean instanceof HikariDataSource hikari ? hikari : bean.unwrap(HikariDataSource.class);
        } catch (SQLException e) {
            throw new IllegalStateException("dbbench could not reach the HikariCP pool of DataSource bean '" + beanName
                    + "': " + e.getMessage(), e);
        }
        if (pool.getHikariPoolMXBean() != null) {
            throw new IllegalStateException("dbbench-spring points the HikariCP pool of DataSource bean '" + beanName
                    + "' at the test class's database before it starts, but it started while the bean was created;"
                    + " let the pool start on its first connection (as Spring Boot's does)");
        }
        pool.setDataSource(database.physicalConnections());
        database.pool(() -> {
            final HikariPoolMXBean running = pool.getHikariPoolMXBean();
            if (running != null) {
                running.softEvictConnections();
            }
        });
    }
}
