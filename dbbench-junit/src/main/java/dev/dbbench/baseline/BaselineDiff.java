package dev.dbbench.baseline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import dev.dbbench.config.ConfigSource;
import dev.dbbench.config.Settings;
import dev.dbbench.metric.Judging;
import dev.dbbench.metric.Metric;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.TimingRule;

/**
 * What a change of baselines moved, entry by entry, as Markdown for a pull request's job summary:
 * {@code instructions +3.1 %, statements 3 -> 53}. An update run collects it as it writes entries;
 * for two baseline directories (or files), before and after a merge of recordings, it is printed by
 *
 * <pre>java -cp CLASSPATH dev.dbbench.baseline.BaselineDiff BEFORE AFTER</pre>
 */
public final class BaselineDiff {

    /** One entry an update judged: rewritten with what moved, or kept as it was. */
    public record Row(String className, String key, EntryChange change, boolean rewritten) {
    }

    /**
     * A row as the Markdown shows it, which the JUnit runs of one build join into one table.
     *
     * @param moved what moved, or why the entry was rewritten although nothing moved
     */
    public record Line(String className, String key, String moved, boolean rewritten) {
    }

    private final List<Row> rows = new ArrayList<>();

    /** Notes what became of one entry. */
    public synchronized void add(String className, String key, EntryChange change, boolean rewritten) {
        rows.add(new Row(className, key, change, rewritten));
    }

    public synchronized List<Row> rows() {
        return List.copyOf(rows);
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: java -cp CLASSPATH dev.dbbench.baseline.BaselineDiff BEFORE AFTER\n"
                    + "  prints, as Markdown, what moved in each baseline entry from BEFORE to AFTER (directories"
                    + " of baseline files, or two files)");
            System.exit(2);
        }
        try {
            System.out.print(between(Paths.get(args[0]), Paths.get(args[1])).markdown());
        } catch (BaselineException | IOException e) {
            System.err.println("dbbench: " + e.getMessage());
            System.exit(1);
        }
    }

    /**
     * What moved from the baseline files of {@code before} to those of {@code after}, judged by the
     * default rule and tolerances; an entry whose bytes did not change is kept.
     */
    public static BaselineDiff between(Path before, Path after) throws IOException {
        final BaselineCodec codec = new BaselineCodec();
        final BaselineDiff diff = new BaselineDiff();
        final SortedMap<String, Path> afterFiles = files(after);
        // Two files are two versions of one file, whatever their names.
        final SortedMap<String, Path> beforeFiles = Files.isRegularFile(before) && Files.isRegularFile(after)
                ? new TreeMap<>(Map.of(afterFiles.firstKey(), before)) : files(before);
        final SortedSet<String> names = new TreeSet<>(beforeFiles.keySet());
        names.addAll(afterFiles.keySet());
        for (String name : names) {
            final byte[] then = read(beforeFiles.get(name));
            final byte[] now = read(afterFiles.get(name));
            final Map<String, BaselineEntry> thenEntries = entries(codec, then, beforeFiles.get(name));
            final Map<String, BaselineEntry> nowEntries = entries(codec, now, afterFiles.get(name));
            final Map<String, byte[]> thenTexts = EntryTexts.of(then);
            final Map<String, byte[]> nowTexts = EntryTexts.of(now);
            final String className = name.substring(0, name.length() - ".json".length());
            final SortedSet<String> keys = new TreeSet<>(thenEntries.keySet());
            keys.addAll(nowEntries.keySet());
            for (String key : keys) {
                final BaselineEntry old = thenEntries.get(key);
                final BaselineEntry current = nowEntries.get(key);
                if (current == null) {
                    diff.add(className, key, new EntryChange(List.of("removed")), true);
                } else if (old == null) {
                    diff.add(className, key, EntryChange.added(), true);
                } else if (Arrays.equals(thenTexts.get(key), nowTexts.get(key))) {
                    diff.add(className, key, new EntryChange(List.of()), false);
                } else {
                    final List<MetricResult<?, ?>> judged = judged(old.metrics(), current.metrics(),
                            defaultJudging(EngineKind.ofLabel(key)));
                    final EntryChange change = EntryChange.between(old, current.metrics(), judged, true, 1);
                    diff.add(className, key, change.moved() ? change : EntryChange.rerecorded(judged), true);
                }
            }
        }
        return diff;
    }

    /** The rows as the Markdown shows them. */
    public synchronized List<Line> lines() {
        return rows.stream().map(row -> new Line(row.className(), row.key(), row.change().describe(), row.rewritten()))
                .toList();
    }

    /**
     * The Markdown: a heading with how many entries were rewritten and kept, and a table of the
     * rewritten ones with what moved; nothing when no entry was judged.
     */
    public String markdown() {
        return markdown(lines());
    }

    /** The Markdown of these lines, such as those of several runs joined. */
    public static String markdown(List<Line> lines) {
        if (lines.isEmpty()) {
            return "";
        }
        final List<Line> rewritten = lines.stream().filter(Line::rewritten).toList();
        final StringBuilder text = new StringBuilder("### dbbench baselines: ").append(rewritten.size())
                .append(rewritten.size() == 1 ? " entry" : " entries").append(" rewritten, ")
                .append(lines.size() - rewritten.size()).append(" kept\n\n");
        if (rewritten.isEmpty()) {
            return text.append("Nothing moved beyond its tolerance; every entry keeps its bytes.\n").toString();
        }
        text.append("| benchmark | what moved |\n|---|---|\n");
        for (Line line : rewritten) {
            final String simpleName = line.className().substring(line.className().lastIndexOf('.') + 1);
            text.append("| `").append(cell(simpleName + "." + line.key())).append("` | ")
                    .append(cell(line.moved())).append(" |\n");
        }
        return text.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    private static List<MetricResult<?, ?>> judged(MetricValues before, MetricValues after, Judging judging) {
        final List<MetricResult<?, ?>> results = new ArrayList<>();
        for (Metric<?, ?> metric : after.metrics()) {
            results.add(judge(metric, before, after, judging));
        }
        return results;
    }

    private static <V> MetricResult<?, ?> judge(Metric<V, ?> metric, MetricValues before, MetricValues after,
            Judging judging) {
        return MetricResult.judge(metric, after.get(metric).orElseThrow(), before.get(metric), judging);
    }

    /** The rule and tolerances of a run that configures nothing, on an engine. */
    private static Judging defaultJudging(EngineKind engine) {
        final Settings.BenchmarkDefaults defaults = new Settings(new ConfigSource(key -> Optional.empty(),
                name -> null, name -> null)).benchmarks();
        return new Judging(engine, new TimingRule(defaults.thresholdPercent(), defaults.alpha(), defaults.noiseFloorPercent(),
                defaults.rulerMaxDriftPercent(), defaults.normalize(), defaults.environmentMismatch()),
                PlanExpectations.NONE, defaults.tolerances(), new TreeMap<>(), Optional.empty());
    }

    /** The baseline files of a directory by file name, or the one file given. */
    private static SortedMap<String, Path> files(Path path) throws IOException {
        final SortedMap<String, Path> files = new TreeMap<>();
        if (Files.isRegularFile(path)) {
            files.put(path.getFileName().toString(), path);
            return files;
        }
        if (!Files.isDirectory(path)) {
            throw new BaselineException(path + " is neither a baseline file nor a directory of them");
        }
        try (Stream<Path> listed = Files.list(path)) {
            listed.filter(file -> file.getFileName().toString().endsWith(".json"))
                    .forEach(file -> files.put(file.getFileName().toString(), file));
        }
        return files;
    }

    private static byte[] read(Path file) throws IOException {
        return file == null ? new byte[0] : Files.readAllBytes(file);
    }

    private static Map<String, BaselineEntry> entries(BaselineCodec codec, byte[] bytes, Path file) {
        return bytes.length == 0 ? Map.of() : codec.decode(bytes, file).benchmarks();
    }
}
