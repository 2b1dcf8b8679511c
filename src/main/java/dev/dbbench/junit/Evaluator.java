package dev.dbbench.junit;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.stream.Stream;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineFile;
import dev.dbbench.baseline.BaselineMode;
import dev.dbbench.engine.EngineKind;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.engine.ProviderKind;
import dev.dbbench.env.HostFingerprint;
import dev.dbbench.measure.Ruler;
import dev.dbbench.measure.Samples;
import dev.dbbench.plan.PlanExplainer;
import dev.dbbench.plan.PlanFinding;
import dev.dbbench.plan.PlanJudge;
import dev.dbbench.report.BenchmarkResult;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.Gate;
import dev.dbbench.verdict.Judge;
import dev.dbbench.verdict.Judgement;
import dev.dbbench.verdict.Verdict;

/**
 * Takes a benchmark's samples through the rest of the pipeline: verdict against the baseline, a
 * re-run to confirm a suspected regression, gate decision and, when the decision says so, the
 * baseline write. Confirmation samples are only judged, never written.
 */
final class Evaluator {

    /** Takes fresh samples of the same benchmark. */
    @FunctionalInterface
    interface Rerun {
        Samples run() throws Throwable;
    }

    private final RunContext run;

    Evaluator(RunContext run) {
        this.run = run;
    }

    BenchmarkResult evaluate(BenchmarkPlan plan, EngineTarget target, Samples samples,
            SortedMap<String, String> environment, SortedMap<String, Double> ruler,
            Optional<PlanExplainer.Explained> explained, Optional<BaselineFile> baselineFile, Rerun rerun)
            throws Throwable {
        final String className = plan.testClass().getName();
        final String key = plan.key(target);
        final Optional<BaselineEntry> baseline = baselineFile.map(file -> file.benchmarks().get(key));
        final Optional<Judge.Recorded> recorded = baseline.map(entry ->
                new Judge.Recorded(entry.summary(), entry.samples(), entry.environment(), entry.ruler()));
        final boolean baselineFromCi = baseline
                .map(entry -> "true".equals(entry.environment().get(HostFingerprint.CI)))
                .orElse(false);
        // An emulator's timings measure the emulator inside this JVM, not the database: they warn, never fail.
        final boolean emulated = target.provider() == ProviderKind.EMULATED;
        final Gate gate = emulated ? run.gate().warningOnly() : run.gate();
        final Judge judge = new Judge(plan.rule());
        Judgement judgement = judge.judge(samples.nanosPerOp(), environment, Ruler.withSlices(ruler, samples),
                recorded);
        // The result reports the pass its final verdict rests on: the re-run, when there was one.
        Samples reported = samples;
        if (gate.confirms(judgement.verdict(), baselineFromCi)) {
            reported = rerun.run();
            judgement = Judge.confirm(judgement, judge.judge(reported.nanosPerOp(), environment,
                    Ruler.withSlices(ruler, reported), recorded));
        }
        final List<PlanFinding> findings = explained.map(current -> new PlanJudge().judge(current,
                baseline.map(BaselineEntry::plans).orElse(List.of()),
                baseline.map(BaselineEntry::storage).orElse(List.of()), plan.planExpectations())).orElse(List.of())
                .stream()
                // Accepting a change means accepting its plans; declared expectations hold in every mode.
                .filter(finding -> run.gate().mode() != BaselineMode.UPDATE
                        || finding.kind() == PlanFinding.Kind.EXPECTATION_MISSED)
                .toList();
        final Gate.Decision decision = gate.decide(judgement.verdict(), baselineFromCi);
        if (decision.writesBaseline()) {
            final BaselineEntry entry = BaselineEntry.of(plan.method().getName(), target.label(), Instant.now(),
                    new BaselineEntry.Sampling(samples.warmups(), samples.nanosPerOp().length, samples.opsPerSample()),
                    Summary.of(samples.nanosPerOp()), samples.nanosPerOp(),
                    explained.map(PlanExplainer.Explained::plans).orElse(List.of()), Ruler.withSlices(ruler, samples),
                    environment)
                    .withServerCpu(samples.serverCpuNanosPerOp())
                    .withStorage(explained.map(PlanExplainer.Explained::storage).orElse(List.of()));
            run.baselines().merge(className, Map.of(key, entry));
        }
        final String note = String.join("; ", Stream.of(
                baseline.isEmpty() ? UncomparedBaselines.note(baselineFile, plan.method().getName(), target) : "",
                emulated && judgement.verdict() == Verdict.REGRESSION
                        ? "emulated " + target.kind().label() + ": timings of the emulator warn and never fail" : "",
                explained.isEmpty() && plan.planExpectations().declared() ? uncheckedExpectations(target) : "")
                .filter(part -> !part.isEmpty()).toList());
        final Optional<Summary> baselineServerCpu = baseline.map(BaselineEntry::serverCpu)
                .filter(nanos -> nanos.length > 0).map(Summary::of);
        return new BenchmarkResult(className, plan.method().getName(), target.label(), key, reported,
                baselineServerCpu, judgement, decision, run.gate().mode(), run.baselines().fileFor(className),
                baseline.map(BaselineEntry::recordedAt).orElse("-"), environment, acceptCommand(plan), List.of(),
                explained, findings, note);
    }

    /** Why the method's plan expectations could not be checked on this target. */
    private static String uncheckedExpectations(EngineTarget target) {
        return "plan expectations (@UsesIndex, @NoSeqScan, @MaxStatements) not checked: "
                + (target.kind() == EngineKind.POSTGRES
                        ? "the body takes no Connection or DataSource to capture statements from"
                        : target.kind().label() + " plans are not captured by this version of dbbench");
    }

    /** The Maven command that rewrites exactly this benchmark's entries. */
    static String acceptCommand(BenchmarkPlan plan) {
        final String binaryName = plan.testClass().getName();
        final String simpleName = binaryName.substring(binaryName.lastIndexOf('.') + 1);
        return "mvn verify -D" + ConfigKeys.BASELINE_MODE + "=update -Dtest='" + simpleName + "#"
                + plan.method().getName() + "'";
    }
}
