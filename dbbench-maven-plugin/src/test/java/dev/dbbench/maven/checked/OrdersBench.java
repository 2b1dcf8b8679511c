package dev.dbbench.maven.checked;

import dev.dbbench.api.DbBenchmark;

/** A fixture of {@code BenchmarkClassesTest}: a benchmark class as users write one. */
public class OrdersBench {

    @DbBenchmark
    void findOrders() {
    }
}
