package dev.dbbench.report;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.dbbench.metric.Measure;
import dev.dbbench.stats.Summary;
import dev.dbbench.text.Figures;

/**
 * The HTML report's charts as inline SVG, drawn here without any library or script: samples of a
 * measure, baseline against current on one axis; a benchmark's median over earlier runs; and the
 * speed-ups of its {@code @ExpectFasterThan} with their intervals. Every label goes through
 * {@link Html#escape}.
 */
final class Charts {

    private static final int WIDTH = 640;
    private static final int LEFT = 78;
    private static final int RIGHT = WIDTH - 16;
    private static final int ROW = 26;
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private Charts() {
    }

    /** A strip plot: every sample a dot, the median a tick, the baseline's row above the current one. */
    static String samples(Measure measure, String tone) {
        final double[] current = measure.current();
        final double[] baseline = measure.baseline();
        final double[] all = concat(current, baseline);
        final Scale scale = Scale.over(Arrays.stream(all).min().orElseThrow(), Arrays.stream(all).max().orElseThrow(),
                LEFT, RIGHT);
        final int rows = baseline.length == 0 ? 1 : 2;
        final int height = 8 + rows * ROW + 26;
        final StringBuilder svg = open("samples", height, measure.name() + " per sample ("
                + measure.unit() + "): " + describe("baseline", baseline, measure.unit()) + "; "
                + describe("current", current, measure.unit()));
        int y = 8 + ROW / 2;
        if (baseline.length > 0) {
            row(svg, "baseline", baseline, scale, y, "base");
            y += ROW;
        }
        row(svg, "current", current, scale, y, tone);
        axis(svg, scale, 8 + rows * ROW, measure.unit());
        return svg.append("</svg>").toString();
    }

    private static String describe(String side, double[] values, String unit) {
        return values.length == 0 ? "no " + side + " values"
                : side + " " + values.length + " value(s), median " + Units.format(Summary.of(values).median(), unit);
    }

    /**
     * One row of samples. The dots are one path of zero-length strokes with round caps, which draw as
     * circles: a tenth of the markup of one element per sample, so a report of hundreds of benchmarks
     * stays small enough to open quickly.
     */
    private static void row(StringBuilder svg, String label, double[] values, Scale scale, int y, String tone) {
        svg.append("<text x=\"4\" y=\"").append(y + 4).append("\">").append(label).append("</text><path class=\"dots ")
                .append(tone).append("\" d=\"");
        for (int i = 0; i < values.length; i++) {
            // A fixed vertical offset per sample, so equal values stay visible side by side.
            final int jitter = (i * 7 % 9) - 4;
            svg.append('M').append(n(scale.position(values[i]))).append(' ').append(y + jitter).append("h0");
        }
        final double median = scale.position(Summary.of(values).median());
        svg.append("\"/><line class=\"median\" x1=\"").append(n(median)).append("\" x2=\"").append(n(median))
                .append("\" y1=\"").append(y - 10).append("\" y2=\"").append(y + 10).append("\"/>");
    }

    /** The axis line with its ticks as one path, and the tick labels in one group. */
    private static void axis(StringBuilder svg, Scale scale, int y, String unit) {
        final List<Double> ticks = scale.ticks();
        svg.append("<path class=\"axis\" d=\"M").append(LEFT).append(' ').append(y).append('H').append(RIGHT);
        ticks.forEach(tick -> svg.append('M').append(n(scale.position(tick))).append(' ').append(y).append("v4"));
        svg.append("\"/><g class=\"ticks\">");
        ticks.forEach(tick -> svg.append("<text x=\"").append(n(scale.position(tick))).append("\" y=\"").append(y + 16)
                .append("\">").append(Html.escape(Units.format(tick, unit))).append("</text>"));
        svg.append("</g>");
    }

    /**
     * A benchmark's median in each earlier run and this one, oldest first, with the baseline's
     * median as a dashed line.
     */
    static String history(List<History.Point> points, double baselineMedian, String unit) {
        final int height = 132;
        final int top = 10;
        final int bottom = height - 30;
        double min = points.stream().mapToDouble(History.Point::median).min().orElseThrow();
        double max = points.stream().mapToDouble(History.Point::median).max().orElseThrow();
        if (!Double.isNaN(baselineMedian)) {
            min = Math.min(min, baselineMedian);
            max = Math.max(max, baselineMedian);
        }
        final Scale y = Scale.over(min, max, bottom, top);
        final StringBuilder svg = open("history", height, "median over " + points.size() + " runs, from "
                + DAY.format(points.get(0).recordedAt()) + " to " + DAY.format(points.get(points.size() - 1)
                .recordedAt()) + "; baseline median " + Units.format(baselineMedian, unit));
        final double step = points.size() == 1 ? 0 : (double) (RIGHT - LEFT) / (points.size() - 1);
        if (!Double.isNaN(baselineMedian)) {
            final String level = n(y.position(baselineMedian));
            svg.append("<line class=\"baseline\" x1=\"").append(LEFT).append("\" x2=\"").append(RIGHT)
                    .append("\" y1=\"").append(level).append("\" y2=\"").append(level).append("\"/><text x=\"")
                    .append(RIGHT).append("\" y=\"").append(n(y.position(baselineMedian) - 4))
                    .append("\" class=\"end\">baseline</text>");
        }
        final StringBuilder line = new StringBuilder();
        for (int i = 0; i < points.size(); i++) {
            line.append(i == 0 ? "" : " ").append(n(LEFT + i * step)).append(',')
                    .append(n(y.position(points.get(i).median())));
        }
        svg.append("<polyline class=\"trend\" points=\"").append(line).append("\"/>");
        for (int i = 0; i < points.size(); i++) {
            svg.append("<circle class=\"").append(i == points.size() - 1 ? "now" : "run").append("\" cx=\"")
                    .append(n(LEFT + i * step)).append("\" cy=\"").append(n(y.position(points.get(i).median())))
                    .append("\" r=\"3\"><title>").append(Html.escape(DAY.format(points.get(i).recordedAt()) + ": "
                            + Units.format(points.get(i).median(), unit))).append("</title></circle>");
        }
        historyLabels(svg, y, points, unit, bottom);
        return svg.append("</svg>").toString();
    }

    private static void historyLabels(StringBuilder svg, Scale y, List<History.Point> points, String unit,
            int bottom) {
        for (double tick : y.ticks()) {
            svg.append("<text x=\"4\" y=\"").append(n(y.position(tick) + 4)).append("\">")
                    .append(Html.escape(Units.format(tick, unit))).append("</text>");
        }
        svg.append("<text x=\"").append(LEFT).append("\" y=\"").append(bottom + 20).append("\">")
                .append(DAY.format(points.get(0).recordedAt())).append("</text><text class=\"end\" x=\"")
                .append(RIGHT).append("\" y=\"").append(bottom + 20).append("\">")
                .append(DAY.format(points.get(points.size() - 1).recordedAt())).append(" (this run)</text>");
    }

    /** Each expectation's speed-up with its interval, the required factor as a dashed mark, on one ratio axis. */
    static String speedups(List<ReportedExpectation> expectations) {
        double min = 1;
        double max = 1;
        for (ReportedExpectation expectation : expectations) {
            min = Math.min(min, Math.min(expectation.low(), expectation.factor()));
            max = Math.max(max, Math.max(expectation.high(), expectation.factor()));
        }
        final Scale scale = Scale.ratios(min, max, LEFT, RIGHT);
        final int height = 8 + expectations.size() * ROW + 26;
        final StringBuilder svg = open("speedups", height, "speed-ups with their intervals against the required"
                + " factors");
        int y = 8 + ROW / 2;
        for (ReportedExpectation expectation : expectations) {
            final String tone = expectation.failed() ? "fail" : expectation.warned() ? "warn" : "pass";
            svg.append("<text x=\"4\" y=\"").append(y + 4).append("\">").append(Figures.ratio(expectation.factor()))
                    .append(" needed</text><line class=\"interval ").append(tone).append("\" x1=\"")
                    .append(n(scale.position(expectation.low()))).append("\" x2=\"")
                    .append(n(scale.position(expectation.high()))).append("\" y1=\"").append(y).append("\" y2=\"")
                    .append(y).append("\"/><circle class=\"").append(tone).append("\" cx=\"")
                    .append(n(scale.position(expectation.speedup()))).append("\" cy=\"").append(y)
                    .append("\" r=\"4\"/><line class=\"factor\" x1=\"").append(n(scale.position(expectation.factor())))
                    .append("\" x2=\"").append(n(scale.position(expectation.factor()))).append("\" y1=\"")
                    .append(y - 10).append("\" y2=\"").append(y + 10).append("\"/>");
            y += ROW;
        }
        axis(svg, scale, 8 + expectations.size() * ROW, "x");
        return svg.append("</svg>").toString();
    }

    private static StringBuilder open(String kind, int height, String description) {
        return new StringBuilder("<svg class=\"chart ").append(kind).append("\" viewBox=\"0 0 ").append(WIDTH)
                .append(' ').append(height).append("\" width=\"").append(WIDTH).append("\" height=\"").append(height)
                .append("\" role=\"img\"><title>").append(Html.escape(description)).append("</title>");
    }

    private static double[] concat(double[] first, double[] second) {
        final double[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    /** A coordinate with one decimal, which is finer than a pixel. */
    private static String n(double value) {
        final long tenths = Math.round(value * 10);
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : Double.toString(tenths / 10.0);
    }
}
