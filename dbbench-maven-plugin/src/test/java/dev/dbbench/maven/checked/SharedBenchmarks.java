package dev.dbbench.maven.checked;

import dev.dbbench.api.DbBenchmark;

/** A fixture of {@code BenchmarkClassesTest}: benchmarks that only the classes extending it run. */
public abstract class SharedBenchmarks {

    @DbBenchmark
    void countOrders() {
    }
}
