package dev.dbbench.maven.checked;

import dev.dbbench.api.DbBenchmark;
import org.junit.jupiter.api.Nested;

/** A fixture of {@code BenchmarkClassesTest}: its benchmarks are in a {@code @Nested} class. */
public class NestedBenchmarks {

    @Nested
    class WithAnIndex {

        @DbBenchmark
        void findOrders() {
        }
    }
}
