package dev.dbbench.maven.checked;

/** A fixture of {@code BenchmarkClassesTest}: runs the benchmarks it inherits. */
public class InheritedBench extends SharedBenchmarks {
}
