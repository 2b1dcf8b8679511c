package dev.dbbench.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.dbbench.metric.Finding;
import dev.dbbench.metric.Gating;
import dev.dbbench.metric.Measure;
import dev.dbbench.metric.Metric;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.ThroughputSamples;
import dev.dbbench.metric.Timings;
import dev.dbbench.stats.Summary;
import dev.dbbench.text.Figures;
import dev.dbbench.verdict.Verdict;

/**
 * What moved between a benchmark's baseline entry and a new recording of it, in the words a reviewer
 * reads: {@code instructions +3.1 %}, {@code statements 3 -> 53}. An update rewrites an entry only
 * when something moved: a figure beyond its tolerance (the verdict of its metric, as the gate judges it),
 * or the benchmark itself (its sampling, its recorded runs, its client threads, the metrics it
 * measures). Every other entry keeps its bytes, so branches that accept different benchmarks touch
 * different lines.
 *
 * @param moves what moved, each a short phrase; empty when nothing did
 */
public record EntryChange(List<String> moves) {

    /** Exact counts at most this large read as {@code 3 -> 53}; larger ones as a percentage. */
    private static final double COUNT_SHOWN_WHOLE = 10_000;

    /** How much of a statement's text a move shows. */
    private static final int SUBJECT_SHOWN = 60;

    public EntryChange {
        moves = List.copyOf(moves);
    }

    /** The change of a benchmark that had no entry. */
    public static EntryChange added() {
        return new EntryChange(List.of("new"));
    }

    /** The change of an entry removed because its class no longer has a benchmark method of its name. */
    public static EntryChange removed() {
        return new EntryChange(List.of("removed: the class has no @DbBenchmark method of this name"));
    }

    /**
     * What moved from an entry to a new recording of the benchmark.
     *
     * @param judged each metric of {@code after} judged against the entry's value, before the update
     *     mode accepted anything
     * @param opsPerSampleDeclared whether the benchmark declares its calls per sample (else they are
     *     calibrated, and a calibration that picks another count is no change)
     * @param runs the runs each written entry holds, as configured
     */
    public static EntryChange between(BaselineEntry before, MetricValues after, List<MetricResult<?, ?>> judged,
            boolean opsPerSampleDeclared, int runs) {
        final List<String> moves = new ArrayList<>();
        final MetricValues recorded = before.metrics();
        for (Metric<?, ?> metric : Metrics.ALL) {
            final boolean had = recorded.get(metric).isPresent();
            final boolean has = after.get(metric).isPresent();
            if (had != has) {
                moves.add(metric.id() + (has ? " recorded" : " removed"));
            }
        }
        // A baseline recorded before profiles were kept gets one, so a later move names its functions.
        recorded.get(Metrics.INSTRUCTIONS).filter(counts -> counts.profile().isEmpty())
                .flatMap(counts -> after.get(Metrics.INSTRUCTIONS)).filter(counts -> !counts.profile().isEmpty())
                .ifPresent(counts -> moves.add("instruction profile recorded"));
        sampling(recorded.get(Metrics.TIME), after.get(Metrics.TIME), opsPerSampleDeclared, runs).ifPresent(moves::add);
        final Optional<Integer> clientsBefore = recorded.get(Metrics.THROUGHPUT).map(ThroughputSamples::threads);
        final Optional<Integer> clientsAfter = after.get(Metrics.THROUGHPUT).map(ThroughputSamples::threads);
        if (clientsBefore.isPresent() && clientsAfter.isPresent() && !clientsBefore.equals(clientsAfter)) {
            moves.add("client threads " + clientsBefore.get() + " -> " + clientsAfter.get());
        }
        for (MetricResult<?, ?> result : judged) {
            if (result.baseline().isPresent() && moved(result)) {
                moves.addAll(describe(result));
            }
        }
        return new EntryChange(moves);
    }

    /**
     * The change of an entry recorded again although nothing moved beyond its tolerance (a merge of
     * recordings rewrites every entry it holds): how far its timing went anyway.
     */
    public static EntryChange rerecorded(List<MetricResult<?, ?>> judged) {
        final List<String> moves = new ArrayList<>();
        judged.stream().filter(result -> result.metric() == Metrics.TIME).findFirst()
                .flatMap(time -> time.measures().stream().findFirst()).flatMap(EntryChange::figure)
                .ifPresent(moves::add);
        return new EntryChange(List.of("recorded again, nothing judged beyond its tolerance"
                + (moves.isEmpty() ? "" : ": " + moves.get(0))));
    }

    /** Whether anything moved, so the entry is rewritten. */
    public boolean moved() {
        return !moves.isEmpty();
    }

    /** The moves as one line, such as {@code instructions +3.1 %, statements 3 -> 53}. */
    public String describe() {
        return moves.isEmpty() ? "nothing moved beyond its tolerance" : String.join(", ", moves);
    }

    /** Whether a judged metric moved beyond its tolerance: a timing beyond the gate's rule, a count's finding. */
    private static boolean moved(MetricResult<?, ?> result) {
        final Verdict verdict = result.assessment().verdict();
        return switch (result.metric().gating()) {
            case TIMING -> verdict == Verdict.REGRESSION || verdict == Verdict.IMPROVEMENT;
            case EXACT -> !result.assessment().findings().isEmpty() || verdict == Verdict.INCONCLUSIVE;
            case INFORMATIONAL -> false;
        };
    }

    private static List<String> describe(MetricResult<?, ?> result) {
        final List<String> moves = new ArrayList<>();
        final List<Measure> measures = result.measures();
        // A timed metric moves by its judged figure, its first measure; a count by each figure that moved.
        for (Measure measure : result.metric().gating() == Gating.TIMING && !measures.isEmpty()
                ? measures.subList(0, 1) : measures) {
            figure(measure).ifPresent(moves::add);
        }
        final List<Finding> findings = result.assessment().findings();
        findings.stream().filter(finding -> finding.kind() == Finding.Kind.PLAN_CHANGED)
                .forEach(finding -> moves.add("plan changed: " + shortened(finding.subject())));
        if (moves.isEmpty() && !findings.isEmpty()) {
            // No figure of the metric as a whole moved: say where the work moved, statement by statement.
            moves.add(result.metric().id() + ": " + String.join(", ", findings.stream()
                    .map(finding -> finding.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " in "
                            + shortened(finding.subject())).toList()));
        }
        if (moves.isEmpty()) {
            moves.add(result.metric().id() + ": " + result.assessment().reason());
        }
        return moves;
    }

    /** A statement or table as a table cell holds it: at most 60 characters. */
    private static String shortened(String subject) {
        return subject.length() <= SUBJECT_SHOWN ? subject : subject.substring(0, SUBJECT_SHOWN - 3) + "...";
    }

    /** One figure's move, such as {@code statements 3 -> 53} or {@code time 1.20 ms -> 1.57 ms (+31 %)}. */
    static Optional<String> figure(Measure measure) {
        if (measure.baseline().length == 0) {
            return Optional.empty();
        }
        final double now = median(measure.current());
        final double then = median(measure.baseline());
        if (now == then) {
            return Optional.empty();
        }
        final String name = measure.name().equals("latency") ? "time" : measure.name().replace('-', ' ');
        final boolean single = measure.current().length == 1 && measure.baseline().length == 1;
        if (single && whole(now) && whole(then) && Math.max(now, then) < COUNT_SHOWN_WHOLE) {
            return Optional.of(name + " " + (long) then + " -> " + (long) now);
        }
        final String change = then == 0 ? "from 0" : String.format(Locale.ROOT, "%+.1f %%", 100 * (now / then - 1));
        return Optional.of(measure.unit().startsWith("ns")
                ? name + " " + Figures.duration(then) + " -> " + Figures.duration(now) + " (" + change + ")"
                : name + " " + change);
    }

    /** A change of how the benchmark is sampled, which makes its figures another benchmark's. */
    private static Optional<String> sampling(Optional<Timings> before, Optional<Timings> after,
            boolean opsPerSampleDeclared, int runs) {
        if (before.isEmpty() || after.isEmpty()) {
            return Optional.empty();
        }
        final Timings then = before.get();
        final Timings now = after.get();
        final List<String> changes = new ArrayList<>();
        if (then.warmups() != now.warmups()) {
            changes.add("warm-ups " + then.warmups() + " -> " + now.warmups());
        }
        final int samplesThen = then.nanosPerOp().length / then.runCount();
        final int samplesNow = now.nanosPerOp().length / now.runCount();
        if (samplesThen != samplesNow) {
            changes.add("samples " + samplesThen + " -> " + samplesNow);
        }
        if (opsPerSampleDeclared && then.opsPerSample() != now.opsPerSample()) {
            changes.add("calls per sample " + then.opsPerSample() + " -> " + now.opsPerSample());
        }
        // Recording one run again would throw away the spread of an entry of several; asking for N does not.
        if (runs > 1 && then.runCount() != runs) {
            changes.add("runs " + then.runCount() + " -> " + runs);
        }
        return changes.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", changes));
    }

    private static boolean whole(double value) {
        return value == Math.rint(value);
    }

    private static double median(double[] values) {
        return Summary.of(values).median();
    }
}
