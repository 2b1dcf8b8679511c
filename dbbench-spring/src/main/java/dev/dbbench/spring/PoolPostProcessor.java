package dev.dbbench.spring;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Points each HikariCP pool of the context (Spring Boot's default pool) at dbbench's connections of
 * the context's database, before the pool starts: the pool, its settings and its bean stay the
 * application's. A data source that is neither a HikariCP pool nor wraps one cannot be pointed, and
 * fails the context's start if no pool could be.
 */
final class PoolPostProcessor implements BeanPostProcessor {

    private static final String HIKARI = "com.zaxxer.hikari.HikariDataSource";

    private final ContextDatabase database;
    private final List<String> unpooled = new ArrayList<>();

    PoolPostProcessor(ContextDatabase database) {
        this.database = database;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof DataSource dataSource) {
            if (hikari(dataSource)) {
                HikariPools.point(dataSource, beanName, database);
            } else {
                unpooled.add("'" + beanName + "' (" + bean.getClass().getName() + ")");
            }
        }
        return bean;
    }

    private static boolean hikari(DataSource dataSource) {
        final Class<?> pool;
        try {
            pool = Class.forName(HIKARI, false, dataSource.getClass().getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
        try {
            return pool.isInstance(dataSource) || dataSource.isWrapperFor(pool);
        } catch (SQLException e) {
            return false;
        }
    }

    /** Once the context started: a context with data sources but no pool dbbench could point is an error. */
    void requireAPool() {
        if (!database.hasPools() && !unpooled.isEmpty()) {
            throw new IllegalStateException("dbbench-spring points the application's HikariCP pools (Spring Boot's"
                    + " default) at the test class's database, but the context's data sources are " + unpooled
                    + ", none of them a HikariCP pool; use HikariCP in tests (spring.datasource.type), or remove"
                    + " @AutoConfigureTestDatabase(replace = ...) if it replaces the application's pool");
        }
    }
}
