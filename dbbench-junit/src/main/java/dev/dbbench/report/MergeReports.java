package dev.dbbench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.baseline.BaselineCodec;
import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineException;
import dev.dbbench.baseline.BaselineFile;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.config.Invocation;

/**
 * Merges the results of a suite split across CI runners (see {@code dbbench.shard}) into one report
 * and one baselines update. Each input is one runner's folder (a downloaded artifact holding its
 * report directory and, after an update run, its {@code baselines/}); every {@code *.json} file under
 * it that is a dbbench results file or baseline file is read, whatever its name.
 *
 * <p>Writes {@code results.json} and every other report format to the report directory, and the
 * baseline entries the runners wrote into the baseline directory through {@link BaselineStore#merge},
 * one atomic replacement per file. Everything is read and checked first: a benchmark two runners
 * both report (so two runners could have written its entry), a written entry a runner's folder does
 * not hold, or a baseline file that cannot be read, is an error, and nothing is written.
 *
 * <pre>
 * java -cp "$(cat target/test-classpath.txt)" dev.dbbench.report.MergeReports \
 *     [--report-dir target/dbbench] [--baseline-dir baselines] [--history DIR] [--artifact NAME] INPUT...
 * </pre>
 */
public final class MergeReports {

    static final String USAGE = "usage: java -cp <test class path> dev.dbbench.report.MergeReports"
            + " [--report-dir DIR] [--baseline-dir DIR] [--history DIR] [--artifact NAME] INPUT...\n"
            + "  INPUT           a runner's folder (or results file): its report directory and baselines/\n"
            + "  --report-dir    where the merged report goes (default " + ConfigKeys.DEFAULT_REPORT_DIR + ")\n"
            + "  --baseline-dir  where the runners' new baseline entries go (default "
            + ConfigKeys.DEFAULT_BASELINE_DIR + ")\n"
            + "  --history       a folder of earlier results.json files for the report's history charts\n"
            + "  --artifact      the artifact name the job summary names (default "
            + ConfigKeys.DEFAULT_REPORT_ARTIFACT + ")";

    /** What the command line asks for. */
    record Options(Path reportDirectory, Path baselineDirectory, Optional<Path> history, String artifact,
            List<Path> inputs) {
    }

    /** The merged report and the baseline entries to write, per class. */
    record Merged(Report report, Map<String, Map<String, BaselineEntry>> baselines, int files) {
    }

    private MergeReports() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; returns its exit code: 0 done, 1 the inputs cannot be merged, 2 a usage error. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        final Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("dbbench merge: " + e.getMessage() + "\n" + USAGE);
            return 2;
        }
        try {
            final Merged merged = merge(options.inputs());
            final Report report = merged.report().withHistory(options.history().map(History::read)
                    .orElseGet(History::none));
            final int files = writeBaselines(merged.baselines(), options.baselineDirectory());
            final ReportFiles reportFiles = new ReportFiles(options.reportDirectory(), options.artifact());
            reportFiles.write(report);
            reportFiles.summarize(report, RunReport.githubJobSummary());
            out.print(new ConsoleTable().render(report));
            out.println("dbbench merge: " + report.results().size() + " result(s) from " + merged.files()
                    + " results file(s) -> " + reportFiles.path(new HtmlReport()) + " and the other formats in "
                    + options.reportDirectory() + "; " + merged.baselines().values().stream().mapToInt(Map::size).sum()
                    + " baseline entr(ies) written to " + files + " file(s) in " + options.baselineDirectory());
            return 0;
        } catch (IllegalArgumentException | BaselineException | IOException | UncheckedIOException e) {
            err.println("dbbench merge: " + e.getMessage());
            return 1;
        }
    }

    static Options parse(String[] args) {
        Path reportDirectory = Paths.get(ConfigKeys.DEFAULT_REPORT_DIR);
        Path baselineDirectory = Paths.get(ConfigKeys.DEFAULT_BASELINE_DIR);
        Optional<Path> history = Optional.empty();
        String artifact = ConfigKeys.DEFAULT_REPORT_ARTIFACT;
        final List<Path> inputs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            final String arg = args[i];
            if (arg.startsWith("--")) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(arg + " needs a value");
                }
                final String value = args[++i];
                switch (arg) {
                    case "--report-dir" -> reportDirectory = Paths.get(value);
                    case "--baseline-dir" -> baselineDirectory = Paths.get(value);
                    case "--history" -> history = Optional.of(existing(value, arg));
                    case "--artifact" -> artifact = value;
                    default -> throw new IllegalArgumentException("unknown option " + arg);
                }
            } else {
                inputs.add(existing(arg, "input"));
            }
        }
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("name at least one input folder");
        }
        return new Options(reportDirectory, baselineDirectory, history, artifact, inputs);
    }

    private static Path existing(String path, String what) {
        final Path existing = Paths.get(path);
        if (!Files.exists(existing)) {
            throw new IllegalArgumentException(what + " " + path + " does not exist");
        }
        return existing;
    }

    /** Reads and checks every input; writes nothing. */
    static Merged merge(List<Path> inputs) throws IOException {
        final Map<String, String> reportedBy = new LinkedHashMap<>();
        final List<ReportedResult> results = new ArrayList<>();
        final Map<String, Map<String, BaselineEntry>> baselines = new TreeMap<>();
        Instant recordedAt = Instant.EPOCH;
        Invocation invocation = null;
        int files = 0;
        for (Path input : inputs) {
            final Input read = Input.read(input);
            for (Map.Entry<Path, Report> entry : read.reports().entrySet()) {
                files++;
                // The runners ran one command, but for their shard: the first stands for all of them.
                invocation = invocation == null ? entry.getValue().invocation() : invocation;
                recordedAt = recordedAt.isAfter(entry.getValue().recordedAt()) ? recordedAt
                        : entry.getValue().recordedAt();
                for (ReportedResult result : entry.getValue().results()) {
                    final String previous = reportedBy.putIfAbsent(result.fullName(), entry.getKey().toString());
                    if (previous != null) {
                        throw new IllegalArgumentException(result.fullName() + " is in both " + previous + " and "
                                + entry.getKey() + ": two runners ran the same benchmark. Give each runner its own"
                                + " shard of the same count (" + ConfigKeys.SHARD + "=i/n), or merge only one of them.");
                    }
                    results.add(result);
                    if (result.baselineWritten()) {
                        baselines.computeIfAbsent(result.className(), name -> new TreeMap<>())
                                .put(result.key(), read.entry(result));
                    }
                }
            }
        }
        if (files == 0) {
            throw new IllegalArgumentException("no dbbench results file under " + inputs);
        }
        return new Merged(new Report(recordedAt, results, History.none(), invocation), baselines, files);
    }

    /** Writes the entries, each class's file replaced atomically; every file is checked before the first write. */
    static int writeBaselines(Map<String, Map<String, BaselineEntry>> entries, Path directory) {
        final BaselineStore store = new BaselineStore(directory);
        entries.keySet().forEach(store::read);
        entries.forEach(store::merge);
        return entries.size();
    }

    /** What one input folder holds: its results files and its baseline files by class. */
    private record Input(Path folder, Map<Path, Report> reports, Map<String, List<BaselineFile>> baselines) {

        static Input read(Path folder) throws IOException {
            final Map<Path, Report> reports = new LinkedHashMap<>();
            final Map<String, List<BaselineFile>> baselines = new TreeMap<>();
            final List<Path> files = Files.isDirectory(folder) ? History.jsonFiles(folder) : List.of(folder);
            for (Path file : files) {
                final JsonNode document;
                try {
                    document = ResultJson.MAPPER.readTree(file.toFile());
                } catch (IOException e) {
                    throw new IllegalArgumentException(file + " is not JSON: " + e.getMessage(), e);
                }
                if (Report.isResults(document)) {
                    reports.put(file, Report.read(document, file.toString()));
                } else if (document.isObject() && document.has("class") && document.has("benchmarks")) {
                    final BaselineFile baseline = new BaselineCodec().decode(Files.readAllBytes(file), file);
                    baselines.computeIfAbsent(baseline.className(), name -> new ArrayList<>()).add(baseline);
                }
            }
            return new Input(folder, reports, baselines);
        }

        /** The entry a result of this input says it wrote, from this input's baseline files. */
        BaselineEntry entry(ReportedResult result) {
            final List<BaselineEntry> found = baselines.getOrDefault(result.className(), List.of()).stream()
                    .map(file -> file.benchmarks().get(result.key())).filter(entry -> entry != null).distinct().toList();
            if (found.size() != 1) {
                throw new IllegalArgumentException(folder + " reports that it wrote the baseline entry " + result.key()
                        + " of " + result.className() + ", but " + (found.isEmpty() ? "holds no baseline file of that"
                        + " class with it: upload the runner's baselines/ folder with its report directory"
                        : "holds differing copies of it"));
            }
            return found.get(0);
        }
    }
}
