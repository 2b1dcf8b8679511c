package dev.dbbench.report;

import java.nio.file.Path;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.baseline.BaselineMode;
import dev.dbbench.measure.Samples;
import dev.dbbench.verdict.Gate;
import dev.dbbench.verdict.Judgement;

/**
 * Everything known about one benchmark on one engine target after it ran: what was measured, how it
 * was judged and what that decided.
 *
 * @param className the test class's fully qualified name
 * @param key the baseline key, method name and target label
 * @param acceptCommand the command that rewrites this benchmark's baseline entry
 * @param note why the verdict is what it is beyond the numbers, such as why a baseline on another
 *     target was not compared; empty when there is nothing to say
 */
public record BenchmarkResult(
        String className,
        String methodName,
        String target,
        String key,
        Samples samples,
        Judgement judgement,
        Gate.Decision decision,
        BaselineMode mode,
        Path baselineFile,
        String baselineRecordedAt,
        SortedMap<String, String> environment,
        String acceptCommand,
        String note) {

    public BenchmarkResult {
        environment = Collections.unmodifiableSortedMap(new TreeMap<>(environment));
    }

    /** {@code SimpleClassName.method}, for tables and messages. */
    public String benchmarkName() {
        final int dot = className.lastIndexOf('.');
        return className.substring(dot + 1) + "." + methodName;
    }
}
