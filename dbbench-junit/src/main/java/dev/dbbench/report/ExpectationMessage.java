package dev.dbbench.report;

import dev.dbbench.evaluate.ExpectationResult;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.text.Figures;
import dev.dbbench.text.Message;
import dev.dbbench.verdict.ExpectationJudgement;

/** The message of a missed or inconclusive {@code @ExpectFasterThan}: both sides, the speed-up and its interval. */
public final class ExpectationMessage {

    private ExpectationMessage() {
    }

    public static String render(BenchmarkId id, ExpectationResult result) {
        final ExpectationJudgement judgement = result.judgement();
        final Message message = new Message("dbbench: " + id.simpleClassName() + "." + result.benchmark()
                + " should be at least " + Figures.ratio(judgement.factor()) + " faster than " + result.other() + ": "
                + judgement.verdict() + (result.fails() ? "" : " (warning, not failed)"));
        message.line("why", judgement.reason());
        message.line("this side", Figures.duration(judgement.thisMedian()) + " median (" + result.benchmark() + ")");
        message.line("other side", Figures.duration(judgement.otherMedian()) + " median (" + result.other() + ")");
        message.line("speed-up", Figures.ratio(judgement.speedup()) + ", interval "
                + Figures.ratio(judgement.comparison().ratioLow()) + " to "
                + Figures.ratio(judgement.comparison().ratioHigh()) + ", samples interleaved in one run");
        judgement.firstPass().ifPresent(first -> message.line("first pass", Figures.ratio(first.speedup())
                + " faster: " + first.verdict()));
        return message.toString();
    }
}
