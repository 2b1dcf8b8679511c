package dev.dbbench.maven;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.stats.Summary;
import dev.dbbench.text.Figures;
import org.apache.maven.plugin.MojoExecutionException;

/**
 * The A/B's outcome: per benchmark figure, the median of the base's and of the head's round figures, the
 * per-pair ratios, the paired rule's verdict and what the benchmark cost; rendered as
 * {@code compare.json} and as the Markdown table of {@code compare.md} and the job summary.
 *
 * @param base what was compared against: the ref as given and the merge base's commit
 * @param head the head's commit and how its working tree differs from it
 */
record CompareSummary(String base, String head, List<AbRounds.Round> rounds, List<Row> rows) {

    /** One figure of one benchmark, judged. */
    record Row(RoundFigures.Figure figure, double baseMedian, double headMedian, PairedRule rule,
            PairedRule.Judgement judgement, double costSeconds) {
    }

    CompareSummary {
        rounds = List.copyOf(rounds);
        rows = List.copyOf(rows);
    }

    /** Judges every figure the first round measured; a figure some round lacks is an error naming it. */
    static CompareSummary judge(String base, String head, List<AbRounds.Round> rounds, Map<String, PairedRule> rules)
            throws MojoExecutionException {
        final List<Row> rows = new ArrayList<>();
        final int pairs = rounds.size() / 2;
        for (RoundFigures.Figure figure : rounds.get(0).figures().keySet()) {
            final double[] baseFigures = new double[pairs];
            final double[] headFigures = new double[pairs];
            for (AbRounds.Round round : rounds) {
                final Double value = round.figures().get(figure);
                if (value == null) {
                    throw new MojoExecutionException("round " + (round.number() + 1) + " (" + round.side().label()
                            + ") has no result of " + figure + ", which round 1 measured: does the "
                            + round.side().label() + " have it? Compare only benchmarks both commits declare"
                            + " (-Ddbbench.compare.benchmarks=Class#method,...).");
                }
                (round.side() == AbRounds.Side.BASE ? baseFigures : headFigures)[round.number() / 2] = value;
            }
            final PairedRule rule = rules.get(figure.fullName());
            final double cost = rounds.stream().mapToDouble(round -> round.benchmarkSeconds()
                    .getOrDefault(figure.benchmark(), 0.0)).sum();
            rows.add(new Row(figure, Summary.of(baseFigures).median(), Summary.of(headFigures).median(), rule,
                    rule.judge(headFigures, baseFigures), cost));
        }
        return new CompareSummary(base, head, rounds, rows);
    }

    boolean fails() {
        return rows.stream().anyMatch(row -> row.judgement().fails());
    }

    double seconds() {
        return rounds.stream().mapToDouble(AbRounds.Round::seconds).sum();
    }

    String markdown() {
        final StringBuilder text = new StringBuilder("### dbbench A/B: head against base\n\n")
                .append("Base ").append(base).append(", head ").append(head).append("; ").append(rounds.size())
                .append(" rounds in ABBA order, each a fresh JVM and fresh servers; ")
                .append(String.format(java.util.Locale.ROOT, "%.0f s in all, %.1f s per round. A round's figure"
                        + " is its fastest sample per operation; the medians are over the rounds.%n%n", seconds(),
                        seconds() / rounds.size()))
                .append("| benchmark | base median | head median | per-round ratios (head / base) | verdict | cost |\n")
                .append("|---|---:|---:|---|---|---:|\n");
        for (Row row : rows) {
            text.append("| ").append(row.figure()).append(" | ").append(Figures.duration(row.baseMedian()))
                    .append(" | ").append(Figures.duration(row.headMedian())).append(" | ")
                    .append(String.join(" ", Arrays.stream(row.judgement().ratios()).mapToObj(Figures::ratio).toList()))
                    .append(" | **").append(row.judgement().verdict()).append("**: ")
                    .append(row.judgement().reason()).append(" | ")
                    .append(String.format(java.util.Locale.ROOT, "%.1f s", row.costSeconds())).append(" |\n");
        }
        return text.toString();
    }

    String json() {
        final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        final ObjectNode document = mapper.createObjectNode().put("base", base).put("head", head)
                .put("order", "ABBA").put("failed", fails()).put("seconds", seconds());
        final ArrayNode roundSeconds = document.putArray("roundSeconds");
        rounds.forEach(round -> roundSeconds.add(round.seconds()));
        final ArrayNode results = document.putArray("results");
        for (Row row : rows) {
            final ObjectNode result = results.addObject().put("benchmark", row.figure().name())
                    .put("fullName", row.figure().fullName()).put("metric", row.figure().metric())
                    .put("unit", "ns/op").put("baseMedian", row.baseMedian()).put("headMedian", row.headMedian())
                    .put("verdict", row.judgement().verdict().name()).put("reason", row.judgement().reason())
                    .put("alpha", row.rule().alpha()).put("thresholdPercent", row.rule().thresholdPercent())
                    .put("confidence", row.judgement().comparison().confidence())
                    .put("costSeconds", row.costSeconds());
            final ArrayNode ratios = result.putArray("ratios");
            Arrays.stream(row.judgement().ratios()).forEach(ratios::add);
            result.putArray("interval").add(row.judgement().comparison().ratioLow())
                    .add(row.judgement().comparison().ratioHigh());
        }
        try {
            return mapper.writeValueAsString(document) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot render the comparison as JSON", e);
        }
    }
}
