package dev.dbbench.report;

import java.util.Locale;

import dev.dbbench.verdict.ExpectationJudgement;

/** The message of a missed or inconclusive {@code @ExpectFasterThan}: both sides, the speed-up and its interval. */
public final class ExpectationMessage {

    private ExpectationMessage() {
    }

    public static String render(String className, ExpectationResult result) {
        final ExpectationJudgement judgement = result.judgement();
        final String simpleName = className.substring(className.lastIndexOf('.') + 1);
        final StringBuilder text = new StringBuilder("dbbench: ");
        text.append(simpleName).append('.').append(result.benchmark()).append(" should be at least ")
                .append(String.format(Locale.ROOT, "%.2fx", judgement.factor())).append(" faster than ")
                .append(result.other()).append(": ").append(judgement.verdict());
        if (!result.fails()) {
            text.append(" (warning, not failed)");
        }
        text.append('\n');
        line(text, "why", judgement.reason());
        line(text, "this side", Durations.format(judgement.thisMedian()) + " median (" + result.benchmark() + ")");
        line(text, "other side", Durations.format(judgement.otherMedian()) + " median (" + result.other() + ")");
        line(text, "speed-up", Durations.ratio(judgement.speedup()) + ", interval "
                + Durations.ratio(judgement.comparison().ratioLow()) + " to "
                + Durations.ratio(judgement.comparison().ratioHigh()) + ", samples interleaved in one run");
        judgement.firstPass().ifPresent(first -> line(text, "first pass", Durations.ratio(first.speedup())
                + " faster: " + first.verdict()));
        return text.toString().stripTrailing();
    }

    private static void line(StringBuilder text, String label, String value) {
        text.append(String.format(Locale.ROOT, "  %-12s %s", label, value)).append('\n');
    }
}
