package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import dev.dbbench.evaluate.ScalingResult;
import dev.dbbench.metric.MetricMessage;
import dev.dbbench.metric.Subject;
import dev.dbbench.text.Figures;
import dev.dbbench.verdict.CountGrowth;
import dev.dbbench.verdict.GrowthFit;
import dev.dbbench.verdict.ScalingJudge;
import dev.dbbench.verdict.ScalingJudgement;
import dev.dbbench.verdict.SeriesGrowth;
import dev.dbbench.verdict.StatementGrowth;

/**
 * The message of an {@code @ExpectScaling}: each judged count at each value of the parameter, its
 * growth from the smallest value and what its bound allowed there, the growth class, exponent and R²
 * of each count and of the figures that inform beside them (time, round trips, rows), and each
 * statement whose executions grew with the parameter.
 */
public final class ScalingMessage {

    private ScalingMessage() {
    }

    public static String render(Subject subject, ScalingResult result) {
        final ScalingJudgement judgement = result.judgement();
        final MetricMessage message = new MetricMessage("SCALING " + judgement.verdict() + " in "
                + subject.id().simpleClassName() + "." + result.benchmark() + ": " + annotation(judgement) + " over "
                + judgement.parameter() + (result.fails() || !result.warns() ? "" : " (warning, not failed)"));
        message.line("why", judgement.reason());
        final List<List<String>> counts = new ArrayList<>();
        for (CountGrowth count : judgement.counts()) {
            counts.add(row(count.name(), count.counts(), Figures::count, count.fit()));
            counts.add(ratios("  growth", count.ratios()));
            counts.add(ratios("  allowed (" + ScalingJudge.name(count.bound()) + ")", count.allowed()));
        }
        table(message, "counts", judgement, counts);
        final List<List<String>> informing = new ArrayList<>();
        for (SeriesGrowth series : judgement.informing()) {
            informing.add(row(series.name(), series.values(), value -> series.duration() ? Figures.duration(value)
                    : Figures.count(Math.round(value)), series.fit()));
        }
        table(message, "informs", judgement, informing);
        for (StatementGrowth statement : judgement.statements()) {
            message.finding(statement.within() ? "STATEMENT_GROWS" : "STATEMENT_BEYOND",
                    ScalingJudge.oneLine(statement.statement()),
                    ScalingJudge.executions(statement, judgement.parameter(), judgement.values()) + ": fits "
                            + statement.fit().describe() + (statement.within() ? ", within" : ", beyond")
                            + " at most " + ScalingJudge.name(judgement.statementsAtMost()));
        }
        message.line("fit", "~ n^k: the slope of log figure over log " + judgement.parameter() + " by least squares, R²"
                + " how well that power fits; the class: the slowest of a + b·g(n), g = 1, log n, n, n log n, n^2, whose"
                + " log error is within " + Figures.decimal(GrowthFit.TOLERANCE) + " of the best's (more for small"
                + " counts, by their rounding)");
        final String first = Figures.count(judgement.values().get(0));
        message.line("allowed", "count(n) / count(" + first + ") <= g(n) / g(" + first + ") x " + ScalingJudge.MARGIN
                + " at every value n of " + judgement.parameter() + ", g(n) = " + ScalingJudge.formula(judgement.atMost())
                + " (" + ScalingJudge.name(judgement.atMost()) + ")" + (judgement.statementsAtMost() == judgement.atMost()
                        ? "" : "; for statements, in total and each, g(n) = "
                                + ScalingJudge.formula(judgement.statementsAtMost()) + " ("
                                + ScalingJudge.name(judgement.statementsAtMost()) + ")"));
        message.line("judged", "on exact counts, one call per value: no statistics involved, whatever "
                + "dbbench.gate.time says; time, round trips and rows inform only");
        return message.write(subject);
    }

    /** {@code @ExpectScaling(atMost = LINEAR, statements = CONSTANT)}, as the benchmark declared it. */
    static String annotation(ScalingJudgement judgement) {
        return "@ExpectScaling(atMost = " + judgement.atMost() + (judgement.statementsAtMost() == judgement.atMost()
                ? "" : ", statements = " + judgement.statementsAtMost()) + ")";
    }

    private static <T> List<String> row(String name, List<T> values, Function<T, String> format, GrowthFit fit) {
        final List<String> row = new ArrayList<>(List.of(name));
        values.forEach(value -> row.add(format.apply(value)));
        row.add(fit.describe());
        return row;
    }

    private static List<String> ratios(String label, List<Double> ratios) {
        final List<String> row = new ArrayList<>(List.of(label));
        ratios.forEach(ratio -> row.add(Figures.ratio(ratio)));
        return row;
    }

    /** Rows under a header of the values and {@code fits}, each column aligned, the first on the labelled line. */
    private static void table(MetricMessage message, String label, ScalingJudgement judgement, List<List<String>> body) {
        if (body.isEmpty()) {
            return;
        }
        final List<List<String>> rows = new ArrayList<>();
        final List<String> header = new ArrayList<>(List.of("per call"));
        judgement.values().forEach(value -> header.add(judgement.parameter() + "=" + Figures.count(value)));
        header.add("fits");
        rows.add(header);
        rows.addAll(body);
        final int[] widths = new int[header.size()];
        rows.forEach(row -> {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        });
        String labelled = label;
        for (List<String> row : rows) {
            final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-" + widths[0] + "s",
                    row.get(0)));
            for (int i = 1; i < row.size(); i++) {
                line.append(i == header.size() - 1 ? "  " + row.get(i)
                        : String.format(Locale.ROOT, "  %" + widths[i] + "s", row.get(i)));
            }
            message.line(labelled, line.toString().stripTrailing());
            labelled = "";
        }
    }
}
