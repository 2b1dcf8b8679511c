package dev.dbbench.baseline;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import dev.dbbench.measure.Ruler;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import dev.dbbench.metric.WallTime;
import dev.dbbench.verdict.Fence;

/**
 * Merges baseline directories recorded by separate JVMs, servers or CI jobs into one, so an entry
 * holds the runs of all of them and its fence allows for what changes between them:
 *
 * <pre>java -cp CLASSPATH dev.dbbench.baseline.BaselineMerge INTO FROM...</pre>
 *
 * <p>For every benchmark entry found in the {@code FROM} directories, the timed metrics of each
 * source (wall time; the throughput and latency of client threads) are pooled in the order the
 * directories are given: samples and runs one after another, each ruler reading the median of the
 * sources'. Every other metric, the environment and the method and target come from the first source
 * that holds the entry; {@code recordedAt} is the latest. The merged
 * entries replace those of the same benchmarks in {@code INTO} and every other entry there is kept,
 * as {@code -Ddbbench.baseline.mode=update} would; each file is written through {@link BaselineStore},
 * atomically and under its lock, so a merge that fails leaves every file as it was.
 */
public final class BaselineMerge {

    private final PrintStream out;

    /** @param out where the merge reports each entry's runs and fence */
    public BaselineMerge(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: java -cp CLASSPATH dev.dbbench.baseline.BaselineMerge INTO FROM...\n"
                    + "  merges the baseline entries of the FROM directories, their runs pooled, into INTO");
            System.exit(2);
        }
        final List<Path> sources = Stream.of(args).skip(1).map(Paths::get).toList();
        try {
            new BaselineMerge(System.out).merge(Paths.get(args[0]), sources);
        } catch (BaselineException | IOException e) {
            System.err.println("dbbench: " + e.getMessage());
            System.exit(1);
        }
    }

    /**
     * Merges the sources' entries into {@code into}.
     *
     * @return the files as written, by class name
     */
    public SortedMap<String, BaselineFile> merge(Path into, List<Path> sources) throws IOException {
        final SortedSet<String> classes = new TreeSet<>();
        for (Path source : sources) {
            if (!Files.isDirectory(source)) {
                throw new BaselineException(source + " is not a directory of baseline files; nothing was merged.");
            }
            try (Stream<Path> files = Files.list(source)) {
                files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".json"))
                        .forEach(name -> classes.add(name.substring(0, name.length() - ".json".length())));
            }
        }
        // Every source is read before anything is written: a broken file stops the merge untouched.
        final SortedMap<String, Map<String, BaselineEntry>> merged = new TreeMap<>();
        for (String className : classes) {
            merged.put(className, mergedEntries(className, sources));
        }
        final BaselineStore target = new BaselineStore(into);
        final SortedMap<String, BaselineFile> written = new TreeMap<>();
        merged.forEach((className, entries) -> written.put(className, target.merge(className, entries)));
        out.println("dbbench: merged " + sources.size() + " baseline director" + (sources.size() == 1 ? "y" : "ies")
                + " into " + into + ": " + merged.values().stream().mapToInt(Map::size).sum() + " entries of "
                + merged.size() + " classes");
        return written;
    }

    private Map<String, BaselineEntry> mergedEntries(String className, List<Path> sources) {
        final SortedMap<String, List<BaselineEntry>> byKey = new TreeMap<>();
        for (Path source : sources) {
            final Optional<BaselineFile> file = new BaselineStore(source).read(className);
            file.ifPresent(found -> found.benchmarks().forEach((key, entry) ->
                    byKey.computeIfAbsent(key, ignored -> new ArrayList<>()).add(entry)));
        }
        final SortedMap<String, BaselineEntry> entries = new TreeMap<>();
        byKey.forEach((key, found) -> {
            final BaselineEntry entry = pooled(className, key, found);
            entries.put(key, entry);
            final Timings time = entry.metrics().get(Metrics.TIME).orElseThrow();
            out.println("  " + className + " " + key + ": " + time.runCount() + " runs from " + found.size() + " of "
                    + sources.size() + " directories; " + Fence.of(time.runs(), time.summary().median(),
                    time.ruler().getOrDefault(Ruler.SLICES, Double.NaN), false, Fence.DEFAULT_LEVEL).describe());
        });
        return entries;
    }

    private static BaselineEntry pooled(String className, String key, List<BaselineEntry> entries) {
        final BaselineEntry first = entries.get(0);
        final MetricValues metrics = MetricValues.pooled(entries.stream().map(BaselineEntry::metrics).toList());
        final Timings time = metrics.get(Metrics.TIME).orElseThrow();
        if (time.nanosPerOp().length > WallTime.MAX_SAMPLES) {
            throw new BaselineException(className + " \"" + key + "\" would hold " + time.nanosPerOp().length
                    + " samples, more than the " + WallTime.MAX_SAMPLES + " an entry may hold; merge fewer"
                    + " directories or record fewer samples. Nothing was merged.");
        }
        final String latest = entries.stream().map(BaselineEntry::recordedAt).max(String::compareTo).orElseThrow();
        return new BaselineEntry(first.method(), first.target(), latest, metrics, first.environment());
    }
}
