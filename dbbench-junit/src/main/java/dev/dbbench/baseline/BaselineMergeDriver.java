package dev.dbbench.baseline;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Git's merge driver for baseline files: merges two branches' versions of a file entry by entry, so
 * two branches that each accepted a change of another benchmark merge without a conflict, however
 * close their entries sit in the file. Git calls it as {@code BaselineMergeDriver %O %A %B %P} (the
 * common ancestor's version, ours, theirs, the path) and it writes the merge into ours:
 *
 * <ul>
 *   <li>an entry one branch changed (rewrote, added or removed) and the other left alone is taken
 *       from the branch that changed it, byte for byte;</li>
 *   <li>an entry both branches changed alike is taken once;</li>
 *   <li>an entry both changed differently is a conflict: both versions stand between git's markers
 *       and the driver exits with 1, naming the benchmarks and how to settle them.</li>
 * </ul>
 *
 * <p>A version that does not read as a baseline file at all (cut short, or holding conflict markers)
 * is a conflict, never merged: a line merge could drop the other side's entries and succeed. Files
 * of an earlier schema, or of different classes, are merged line by line by {@code git merge-file}
 * instead, as git would have without the driver. Set up with {@code scripts/install-merge-driver.sh}.
 */
public final class BaselineMergeDriver {

    /** Git's conflict markers, of git's default size. */
    private static final String OURS = "<<<<<<< ours";
    private static final String SEPARATOR = "=======";
    private static final String THEIRS = ">>>>>>> theirs";

    private final BaselineCodec codec = new BaselineCodec();

    /**
     * What a merge gives: the file's new bytes and the keys of the entries both branches changed differently.
     */
    record Merged(byte[] bytes, String className, SortedMap<String, BaselineEntry> conflicts) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: BaselineMergeDriver BASE OURS THEIRS [PATH]\n"
                    + "  git's merge driver for dbbench baseline files (%O %A %B %P); writes the merge into OURS");
            System.exit(2);
        }
        final Path base = Paths.get(args[0]);
        final Path ours = Paths.get(args[1]);
        final Path theirs = Paths.get(args[2]);
        final String path = args.length > 3 ? args[3] : ours.toString();
        System.exit(new BaselineMergeDriver().run(base, ours, theirs, path, System.err));
    }

    /** Merges the three versions into {@code ours}; returns the exit status git reads: 0 clean, 1 conflicts. */
    int run(Path base, Path ours, Path theirs, String path, PrintStream err) throws IOException {
        for (Map.Entry<String, Path> side : Map.of("ours", ours, "theirs", theirs).entrySet()) {
            try {
                codec.decode(Files.readAllBytes(side.getValue()), Paths.get(path + " (" + side.getKey() + ")"));
            } catch (BaselineException e) {
                // A line merge of a file that does not parse (cut short, say) could drop the other side's entries.
                err.println("dbbench: " + path + ": " + side.getKey() + " version is not a baseline file dbbench can"
                        + " read, so it is not merged: " + e.getMessage() + ". The file is left as ours; take the"
                        + " version that reads (git checkout --ours/--theirs -- " + path + ") and record the other"
                        + " branch's benchmarks again");
                return 1;
            }
        }
        final Merged merged;
        try {
            merged = merge(Files.readAllBytes(base), Files.readAllBytes(ours), Files.readAllBytes(theirs), path);
        } catch (BaselineException e) {
            err.println("dbbench: merging " + path + " line by line, as git would: " + e.getMessage());
            return lineByLine(base, ours, theirs);
        }
        Files.write(ours, merged.bytes());
        if (merged.conflicts().isEmpty()) {
            return 0;
        }
        err.println("dbbench: " + path + ": both branches changed " + merged.conflicts().size() + " entr"
                + (merged.conflicts().size() == 1 ? "y" : "ies") + " differently: "
                + String.join(", ", merged.conflicts().keySet()) + ". Keep one version of each between the markers,"
                + " or keep either and record the benchmark again: " + rerecord(merged));
        return 1;
    }

    /** The command that records the conflicting benchmarks anew. */
    private static String rerecord(Merged merged) {
        final String simpleName = merged.className().substring(merged.className().lastIndexOf('.') + 1);
        final SortedSet<String> methods = new TreeSet<>();
        merged.conflicts().values().forEach(entry -> methods.add(entry.method()));
        return "mvn verify -Ddbbench.baseline.mode=update -Dtest='" + simpleName + "#" + String.join("+", methods)
                + "'";
    }

    /**
     * Merges three versions of a baseline file entry by entry.
     *
     * @param base the common ancestor's version; empty when the file did not exist there
     * @throws BaselineException when a version is not a baseline file of the current schema, or the
     *     versions belong to different classes
     */
    Merged merge(byte[] base, byte[] ours, byte[] theirs, String path) throws IOException {
        final BaselineFile ourFile = current(ours, path, "ours");
        final BaselineFile theirFile = current(theirs, path, "theirs");
        final BaselineFile baseFile = base.length == 0 ? BaselineFile.empty(ourFile.className())
                : current(base, path, "the common ancestor's");
        if (!ourFile.className().equals(theirFile.className())
                || !ourFile.className().equals(baseFile.className())) {
            throw new BaselineException("the versions hold the baselines of different classes ("
                    + baseFile.className() + ", " + ourFile.className() + ", " + theirFile.className() + ")");
        }
        final Map<String, byte[]> baseTexts = EntryTexts.of(base);
        final Map<String, byte[]> ourTexts = EntryTexts.of(ours);
        final Map<String, byte[]> theirTexts = EntryTexts.of(theirs);
        final SortedSet<String> keys = new TreeSet<>(ourTexts.keySet());
        keys.addAll(theirTexts.keySet());
        keys.addAll(baseTexts.keySet());

        final SortedMap<String, BaselineEntry> entries = new TreeMap<>();
        final SortedMap<String, byte[]> texts = new TreeMap<>();
        final SortedMap<String, BaselineEntry> conflicts = new TreeMap<>();
        for (String key : keys) {
            final byte[] mine = ourTexts.get(key);
            final byte[] other = theirTexts.get(key);
            final byte[] ancestor = baseTexts.get(key);
            final boolean oursKept = Arrays.equals(mine, other) || Arrays.equals(other, ancestor);
            final boolean theirsKept = !oursKept && Arrays.equals(mine, ancestor);
            if (!oursKept && !theirsKept) {
                final BaselineEntry either = Objects.requireNonNullElse(ourFile.benchmarks().get(key),
                        theirFile.benchmarks().get(key));
                conflicts.put(key, either);
                entries.put(key, either);
            } else if (oursKept && mine != null) {
                entries.put(key, ourFile.benchmarks().get(key));
                texts.put(key, mine);
            } else if (theirsKept && other != null) {
                entries.put(key, theirFile.benchmarks().get(key));
                texts.put(key, other);
            }
        }
        final byte[] spliced = EntryTexts.splice(codec.encode(new BaselineFile(BaselineFile.SCHEMA,
                ourFile.className(), entries)), texts);
        return new Merged(conflicts.isEmpty() ? spliced : marked(spliced, conflicts.keySet(), ourTexts, theirTexts),
                ourFile.className(), conflicts);
    }

    private BaselineFile current(byte[] bytes, String path, String which) {
        final BaselineFile file = codec.decode(bytes, Paths.get(path + " (" + which + ")"));
        if (file.schema() != BaselineFile.SCHEMA) {
            throw new BaselineException(which + " version has schema " + file.schema() + ", which is rewritten whole"
                    + " by the next recording");
        }
        return file;
    }

    /**
     * The file with each conflicting entry's lines replaced by both branches' versions between git's
     * markers (a side that removed the entry shows nothing).
     */
    private static byte[] marked(byte[] file, Set<String> conflicts, Map<String, byte[]> ours,
            Map<String, byte[]> theirs) throws IOException {
        final String text = new String(file, StandardCharsets.UTF_8);
        final ByteArrayOutputStream out = new ByteArrayOutputStream(file.length * 2);
        int copied = 0;
        for (Map.Entry<String, long[]> span : EntryTexts.sortedByStart(EntryTexts.spans(file))) {
            if (!conflicts.contains(span.getKey())) {
                continue;
            }
            final int start = (int) span.getValue()[0];
            final int end = (int) span.getValue()[1];
            final int lineStart = text.lastIndexOf('\n', start - 1) + 1;
            final int newline = text.indexOf('\n', end);
            final int lineEnd = newline < 0 ? file.length : newline;
            out.write(file, copied, lineStart - copied);
            final List<String> lines = new ArrayList<>();
            lines.add(OURS);
            side(file, lineStart, start, end, lineEnd, ours.get(span.getKey())).ifPresent(lines::add);
            lines.add(SEPARATOR);
            side(file, lineStart, start, end, lineEnd, theirs.get(span.getKey())).ifPresent(lines::add);
            lines.add(THEIRS);
            out.write(String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
            copied = lineEnd;
        }
        out.write(file, copied, file.length - copied);
        return out.toByteArray();
    }

    /** One branch's version of an entry's lines: the lines as merged, with that branch's entry in place. */
    private static Optional<String> side(byte[] file, int lineStart, int start, int end, int lineEnd,
            byte[] entry) {
        if (entry == null) {
            return Optional.empty();
        }
        return Optional.of(new String(file, lineStart, start - lineStart, StandardCharsets.UTF_8)
                + new String(entry, StandardCharsets.UTF_8)
                + new String(file, end, lineEnd - end, StandardCharsets.UTF_8));
    }

    /** What git does without a driver: a line-by-line merge into {@code ours}, with conflict markers. */
    private static int lineByLine(Path base, Path ours, Path theirs) throws IOException {
        final Process process = new ProcessBuilder("git", "merge-file", "-L", "ours", "-L", "base", "-L", "theirs",
                ours.toString(), base.toString(), theirs.toString()).inheritIO().start();
        try {
            return process.waitFor() == 0 ? 0 : 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroy();
            return 1;
        }
    }
}
