package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.dbbench.evaluate.ScalingResult;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.text.Figures;
import dev.dbbench.text.Message;
import dev.dbbench.verdict.CountGrowth;
import dev.dbbench.verdict.ScalingJudge;
import dev.dbbench.verdict.ScalingJudgement;

/**
 * The message of an {@code @ExpectScaling}: each count at each value of the parameter, its growth
 * from the smallest value, what the bound allowed there, and the growth the counts fit.
 */
public final class ScalingMessage {

    /** Where a message's values start: two spaces, a label of 12, a space. */
    private static final String INDENT = " ".repeat(15);

    private ScalingMessage() {
    }

    public static String render(BenchmarkId id, ScalingResult result) {
        final ScalingJudgement judgement = result.judgement();
        final Message message = new Message("dbbench: SCALING " + judgement.verdict() + " in " + id.simpleClassName()
                + "." + result.benchmark() + ": @ExpectScaling(atMost = " + judgement.atMost() + ") over "
                + judgement.parameter() + (result.fails() || !result.warns() ? "" : " (warning, not failed)"));
        message.line("why", judgement.reason());
        final List<String> table = table(judgement);
        if (!table.isEmpty()) {
            message.line("counts", table.get(0));
            table.subList(1, table.size()).forEach(row -> message.raw(INDENT + row));
        }
        final List<String> fitted = new ArrayList<>();
        judgement.counts().forEach(count -> fitted.add(count.name() + ": " + ScalingJudge.describe(count)));
        if (!fitted.isEmpty()) {
            message.line("fitted", String.join("; ", fitted));
        }
        message.line("allowed", "count(n) / count(" + Figures.count(judgement.values().get(0)) + ") <= g(n) / g("
                + Figures.count(judgement.values().get(0)) + ") x " + ScalingJudge.MARGIN + " at every value n of "
                + judgement.parameter() + ", g(n) = " + ScalingJudge.formula(judgement.atMost()) + " ("
                + ScalingJudge.name(judgement.atMost()) + ")");
        message.line("judged", "on exact counts, one call per value: no statistics involved, whatever "
                + "dbbench.gate.time says");
        return message.toString();
    }

    /** Rows of per-call counts under the values, each count's growth below it, the allowed growth on top. */
    private static List<String> table(ScalingJudgement judgement) {
        if (judgement.counts().isEmpty()) {
            return List.of();
        }
        final List<List<String>> rows = new ArrayList<>();
        final List<String> header = new ArrayList<>(List.of("per call"));
        judgement.values().forEach(value -> header.add(judgement.parameter() + "=" + Figures.count(value)));
        rows.add(header);
        rows.add(ratios("allowed growth", judgement.counts().get(0).allowed()));
        for (CountGrowth count : judgement.counts()) {
            final List<String> counts = new ArrayList<>(List.of(count.name()));
            count.counts().forEach(value -> counts.add(Figures.count(value)));
            rows.add(counts);
            rows.add(ratios("  growth", count.ratios()));
        }
        final int[] widths = new int[header.size()];
        rows.forEach(row -> {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        });
        final List<String> lines = new ArrayList<>();
        for (List<String> row : rows) {
            final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-" + widths[0] + "s",
                    row.get(0)));
            for (int i = 1; i < row.size(); i++) {
                line.append(String.format(Locale.ROOT, "  %" + widths[i] + "s", row.get(i)));
            }
            lines.add(line.toString());
        }
        return lines;
    }

    private static List<String> ratios(String label, List<Double> ratios) {
        final List<String> row = new ArrayList<>(List.of(label));
        ratios.forEach(ratio -> row.add(Figures.ratio(ratio)));
        return row;
    }
}
