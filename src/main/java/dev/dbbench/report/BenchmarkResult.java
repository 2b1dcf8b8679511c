package dev.dbbench.report;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.baseline.BaselineMode;
import dev.dbbench.measure.Samples;
import dev.dbbench.plan.PlanExplainer;
import dev.dbbench.plan.PlanFinding;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.Gate;
import dev.dbbench.verdict.Judgement;

/**
 * Everything known about one benchmark on one engine target after it ran: what was measured, how it
 * was judged and what that decided.
 *
 * @param className the test class's fully qualified name
 * @param key the baseline key, method name and target label
 * @param baselineServerCpu the baseline's server CPU time per operation, where it was measured
 * @param acceptCommand the command that rewrites this benchmark's baseline entry
 * @param plans the statements' plans from the untimed capture call, where the engine has plans
 * @param planFindings changed plans, counters and missed plan expectations
 * @param note why the verdict is what it is beyond the numbers, such as why a baseline on another
 *     target was not compared; empty when there is nothing to say
 */
public record BenchmarkResult(
        String className,
        String methodName,
        String target,
        String key,
        Samples samples,
        Optional<Summary> baselineServerCpu,
        Judgement judgement,
        Gate.Decision decision,
        BaselineMode mode,
        Path baselineFile,
        String baselineRecordedAt,
        SortedMap<String, String> environment,
        String acceptCommand,
        List<ExpectationResult> expectations,
        Optional<PlanExplainer.Explained> plans,
        List<PlanFinding> planFindings,
        String note) {

    public BenchmarkResult {
        environment = Collections.unmodifiableSortedMap(new TreeMap<>(environment));
        expectations = List.copyOf(expectations);
        planFindings = List.copyOf(planFindings);
    }

    /** This result with the outcomes of its relative expectations. */
    public BenchmarkResult withExpectations(List<ExpectationResult> outcomes) {
        return new BenchmarkResult(className, methodName, target, key, samples, baselineServerCpu, judgement, decision,
                mode, baselineFile, baselineRecordedAt, environment, acceptCommand, outcomes, plans, planFindings, note);
    }

    /** The server CPU time per operation of this run's samples, where the engine could measure it. */
    public Optional<Summary> serverCpu() {
        final double[] nanos = samples.serverCpuNanosPerOp();
        return nanos.length == 0 ? Optional.empty() : Optional.of(Summary.of(nanos));
    }

    /** Whether the benchmark or any of its expectations fails the test. */
    public boolean fails() {
        return decision.fails() || expectations.stream().anyMatch(ExpectationResult::fails)
                || planFindings.stream().anyMatch(PlanFinding::fails);
    }

    /** {@code SimpleClassName.method}, for tables and messages. */
    public String benchmarkName() {
        final int dot = className.lastIndexOf('.');
        return className.substring(dot + 1) + "." + methodName;
    }
}
