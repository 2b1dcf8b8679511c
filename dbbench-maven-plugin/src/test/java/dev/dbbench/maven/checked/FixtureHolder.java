package dev.dbbench.maven.checked;

import dev.dbbench.api.DbBenchmark;
import org.junit.jupiter.api.Test;

/** A fixture of {@code BenchmarkClassesTest}: a test whose benchmark class is a static nested fixture. */
public class FixtureHolder {

    @Test
    void runsItsCase() {
    }

    static class OrdersCase {

        @DbBenchmark
        void findOrders() {
        }
    }
}
