package dev.dbbench.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.report.HeadlessChromium;
import dev.dbbench.report.History;
import dev.dbbench.report.JsonResults;
import dev.dbbench.report.Report;
import dev.dbbench.report.ResultFormat;
import dev.dbbench.report.SyntheticResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report at the size of a large suite: 500 synthetic benchmarks (judged by the real judges,
 * with plans, server CPU and expectations), the size of each file written, the time to render them,
 * and the time headless Chromium takes to load the page and to paint it, beside an empty page; and
 * the memory reading a history of 30 such runs takes.
 *
 * <p>Run with {@code mvn -B verify -Pharness-benchmarks -Dtest=ReportScaleBenchmark}; it prints the
 * figures quoted in the docs and asserts nothing on time.
 */
class ReportScaleBenchmark {

    static final int BENCHMARKS = 500;
    static final int ROUNDS = 5;

    @TempDir
    Path temp;

    @Test
    void report() throws Exception {
        final List<BenchmarkResult> results = SyntheticResults.generate(BENCHMARKS, 500);
        final Report report = Report.of(results, Instant.now());
        final StringBuilder figures = new StringBuilder(String.format(Locale.ROOT,
                "report of %d benchmarks (medians of %d rounds)%n", BENCHMARKS, ROUNDS));
        Path html = null;
        for (ResultFormat format : ResultFormat.ALL) {
            final List<Double> millis = new ArrayList<>();
            String rendered = "";
            for (int round = 0; round < ROUNDS; round++) {
                final long started = System.nanoTime();
                rendered = format.render(report);
                millis.add((System.nanoTime() - started) / 1e6);
            }
            final Path file = temp.resolve(format.name() + "." + format.extension());
            Files.writeString(file, rendered);
            html = format.name().equals("report") ? file : html;
            figures.append(String.format(Locale.ROOT, "  %-18s %,11d bytes, rendered in %6.1f ms%n",
                    file.getFileName(), Files.size(file), median(millis)));
        }
        final Path empty = temp.resolve("empty.html");
        Files.writeString(empty, "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>empty</title></head>"
                + "<body><p>empty</p></body></html>");
        final HeadlessChromium chromium = HeadlessChromium.require();
        figures.append(browser(chromium, empty, html));
        System.out.print(figures);
    }

    /**
     * Reads a history of 30 runs of 500 benchmarks, as {@code dbbench.report.history} and the merge
     * command do, and prints what it allocated, the heap's peak while it read (the pools' peaks, reset
     * after a collection first) and what the history keeps.
     */
    @Test
    void history() throws Exception {
        final int runs = 30;
        final Path folder = temp.resolve("history");
        long bytes = 0;
        for (int run = 0; run < runs; run++) {
            final Path file = folder.resolve("dbbench-report-" + run).resolve("results.json");
            Files.createDirectories(file.getParent());
            Files.writeString(file, new JsonResults().render(Report.of(SyntheticResults.generate(BENCHMARKS, 100 + run),
                    Instant.parse("2026-11-01T00:00:00Z").plusSeconds(3_600L * run))));
            bytes += Files.size(file);
        }
        final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        final long before = memory.getHeapMemoryUsage().getUsed();
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
        final long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
        final long started = System.nanoTime();
        final History history = History.read(folder);
        final double millis = (System.nanoTime() - started) / 1e6;
        final long allocated = threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
        final long peak = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP).mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
        System.gc();
        final long kept = memory.getHeapMemoryUsage().getUsed() - before;
        System.out.printf(Locale.ROOT, "history of %d runs x %d benchmarks (%,d bytes of results.json): read in %.0f ms,"
                + " %,d bytes allocated, heap peak %,d bytes (max heap %,d), %,d bytes kept%n", history.runs(),
                history.medians().size(), bytes, millis, allocated, peak, memory.getHeapMemoryUsage().getMax(), kept);
    }

    private String browser(HeadlessChromium chromium, Path empty, Path html) throws Exception {
        final List<Double> emptyLoad = new ArrayList<>();
        final List<Double> reportLoad = new ArrayList<>();
        final List<Double> emptyPaint = new ArrayList<>();
        final List<Double> reportPaint = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            // Alternated, so a machine that slows down meanwhile slows both alike.
            emptyLoad.add(millis(chromium.load(empty, temp)));
            reportLoad.add(millis(chromium.load(html, temp)));
            emptyPaint.add(millis(chromium.screenshot(empty, temp.resolve("empty.png"), temp)));
            reportPaint.add(millis(chromium.screenshot(html, temp.resolve("report.png"), temp)));
        }
        return String.format(Locale.ROOT, "headless Chromium, whole process (start, load, quit):%n"
                + "  --dump-dom    empty page %,6.0f ms, report %,6.0f ms: %,6.0f ms more%n"
                + "  --screenshot  empty page %,6.0f ms, report %,6.0f ms: %,6.0f ms more (1400x2400 window)%n",
                median(emptyLoad), median(reportLoad), median(reportLoad) - median(emptyLoad),
                median(emptyPaint), median(reportPaint), median(reportPaint) - median(emptyPaint));
    }

    private static double millis(HeadlessChromium.Page page) {
        if (!page.console().isEmpty()) {
            throw new AssertionError("console messages: " + page.console());
        }
        return page.elapsed().toNanos() / 1e6;
    }

    private static double median(List<Double> values) {
        final List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
