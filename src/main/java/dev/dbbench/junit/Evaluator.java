package dev.dbbench.junit;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineFile;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.measure.Samples;
import dev.dbbench.report.BenchmarkResult;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.Gate;
import dev.dbbench.verdict.Judge;
import dev.dbbench.verdict.Judgement;

/**
 * Takes a benchmark's samples through the rest of the pipeline: summary, verdict against the baseline,
 * gate decision and, when the decision says so, the baseline write.
 */
final class Evaluator {

    private final RunContext run;

    Evaluator(RunContext run) {
        this.run = run;
    }

    BenchmarkResult evaluate(BenchmarkPlan plan, EngineTarget target, Samples samples,
            SortedMap<String, String> environment, Optional<BaselineFile> baselineFile) {
        final String className = plan.testClass().getName();
        final String key = plan.key(target);
        final Summary summary = Summary.of(samples.nanosPerOp());
        final Optional<BaselineEntry> baseline = baselineFile.map(file -> file.benchmarks().get(key));
        final Judgement judgement = new Judge(plan.thresholdPercent()).judge(summary, environment,
                baseline.map(entry -> new Judge.Recorded(entry.summary(), entry.environment())));
        final Gate.Decision decision = run.gate().decide(judgement.verdict());
        if (decision.writesBaseline()) {
            final BaselineEntry entry = BaselineEntry.of(plan.method().getName(), target.label(), Instant.now(),
                    new BaselineEntry.Sampling(samples.warmups(), samples.nanosPerOp().length, samples.opsPerSample()),
                    summary, samples.nanosPerOp(), environment);
            run.baselines().merge(className, Map.of(key, entry));
        }
        final String note = baseline.isEmpty()
                ? UncomparedBaselines.note(baselineFile, plan.method().getName(), target)
                : "";
        return new BenchmarkResult(className, plan.method().getName(), target.label(), key, samples, judgement,
                decision, run.gate().mode(), run.baselines().fileFor(className),
                baseline.map(BaselineEntry::recordedAt).orElse("-"), environment, acceptCommand(plan), note);
    }

    /** The Maven command that rewrites exactly this benchmark's entries. */
    static String acceptCommand(BenchmarkPlan plan) {
        final String binaryName = plan.testClass().getName();
        final String simpleName = binaryName.substring(binaryName.lastIndexOf('.') + 1);
        return "mvn verify -D" + ConfigKeys.BASELINE_MODE + "=update -Dtest='" + simpleName + "#"
                + plan.method().getName() + "'";
    }
}
