package dev.dbbench.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineStoreTest {

    private static final SortedMap<String, Double> RULER = new TreeMap<>(Map.of("jvm", 12_000_000.0));

    private static final String CLASS_NAME = "com.example.OrderBench";

    @TempDir
    Path tempDir;

    @Test
    void classWithoutAFileHasNoBaselines() {
        assertThat(new BaselineStore(tempDir.resolve("baselines")).read(CLASS_NAME)).isEmpty();
    }

    @Test
    void fileIsNamedAfterTheClass() {
        final Path directory = tempDir.resolve("baselines");

        assertThat(new BaselineStore(directory).fileFor(CLASS_NAME))
                .isEqualTo(directory.resolve("com.example.OrderBench.json"));
    }

    @Test
    void firstMergeCreatesTheDirectoryAndTheFile() {
        final Path directory = tempDir.resolve("src/test/baselines");
        final BaselineStore store = new BaselineStore(directory);

        store.merge(CLASS_NAME, Map.of("findByBrand [pg]", entry("findByBrand", 100)));

        assertThat(store.fileFor(CLASS_NAME)).isRegularFile();
        final BaselineFile file = store.read(CLASS_NAME).orElseThrow();
        assertThat(file.className()).isEqualTo(CLASS_NAME);
        assertThat(file.schema()).isEqualTo(BaselineFile.SCHEMA);
        assertThat(file.benchmarks()).containsOnlyKeys("findByBrand [pg]");
        assertThat(file.benchmarks().get("findByBrand [pg]").metrics().get(Metrics.TIME).orElseThrow().summary().median()).isEqualTo(100);
    }

    @Test
    void mergeKeepsOtherEntriesAndReplacesTheSameKey() {
        final BaselineStore store = new BaselineStore(tempDir);
        store.merge(CLASS_NAME, Map.of("a [pg]", entry("a", 100), "b [pg]", entry("b", 200)));

        final BaselineFile returned = store.merge(CLASS_NAME, Map.of("b [pg]", entry("b", 250), "c [pg]", entry("c", 300)));

        final BaselineFile onDisk = store.read(CLASS_NAME).orElseThrow();
        assertThat(medians(onDisk)).isEqualTo(Map.of("a [pg]", 100.0, "b [pg]", 250.0, "c [pg]", 300.0));
        assertThat(returned).usingRecursiveComparison().isEqualTo(onDisk);
    }

    @Test
    void mergeWritesWhatTheCodecWrites() throws IOException {
        final BaselineStore store = new BaselineStore(tempDir);

        final BaselineFile written = store.merge(CLASS_NAME, Map.of("a [pg]", entry("a", 100)));

        // So a baseline written by a run is byte-identical to one the codec would produce for review.
        assertThat(Files.readAllBytes(store.fileFor(CLASS_NAME))).isEqualTo(new BaselineCodec().encode(written));
    }

    @Test
    void mergeIntoACorruptFileFailsAndLeavesItByteForByte() throws IOException {
        final BaselineStore store = new BaselineStore(tempDir);
        final Path file = store.fileFor(CLASS_NAME);
        // What an unresolved merge conflict leaves in a committed baseline.
        final byte[] corrupt = "{\n<<<<<<< HEAD\n  \"schema\" : 1,\n".getBytes(StandardCharsets.UTF_8);
        Files.write(file, corrupt);

        assertThatThrownBy(() -> store.merge(CLASS_NAME, Map.of("a [pg]", entry("a", 100))))
                .isInstanceOf(BaselineException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("The file was not changed");

        assertThat(Files.readAllBytes(file)).isEqualTo(corrupt);
        assertThat(filesIn(tempDir)).containsExactly(file.getFileName().toString());
    }

    @Test
    void fileHoldingAnotherClassIsRejectedOnReadAndMerge() throws IOException {
        final BaselineStore store = new BaselineStore(tempDir);
        final Path file = store.fileFor(CLASS_NAME);
        final byte[] otherClass = new BaselineCodec().encode(
                BaselineFile.empty("com.example.CustomerBench").with(Map.of("x [pg]", entry("x", 2))));
        Files.write(file, otherClass);

        assertThatThrownBy(() -> store.read(CLASS_NAME))
                .isInstanceOf(BaselineException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("com.example.CustomerBench")
                .hasMessageContaining("not of " + CLASS_NAME);
        assertThatThrownBy(() -> store.merge(CLASS_NAME, Map.of("a [pg]", entry("a", 100))))
                .isInstanceOf(BaselineException.class)
                .hasMessageContaining("com.example.CustomerBench");

        assertThat(Files.readAllBytes(file)).isEqualTo(otherClass);
    }

    @Test
    void directoryPathTakenByARegularFileFailsNamingTheDirectory() throws IOException {
        final Path directory = tempDir.resolve("baselines");
        Files.writeString(directory, "not a directory");
        final BaselineStore store = new BaselineStore(directory);

        assertThatThrownBy(() -> store.merge(CLASS_NAME, Map.of("a [pg]", entry("a", 100))))
                .isInstanceOf(BaselineException.class)
                .hasMessageContaining("cannot write baselines to " + directory.toAbsolutePath())
                .hasMessageContaining("no baseline file was changed");

        assertThat(Files.readString(directory)).isEqualTo("not a directory");
        assertThat(filesIn(tempDir)).containsExactly("baselines");
    }

    @Test
    void mergesLeaveNoTemporaryFilesBehind() throws IOException {
        final BaselineStore store = new BaselineStore(tempDir);
        for (int i = 0; i < 5; i++) {
            store.merge(CLASS_NAME, Map.of("m" + i + " [pg]", entry("m" + i, i + 2)));
            store.merge("com.example.CustomerBench", Map.of("m" + i + " [pg]", entry("m" + i, i + 2)));
        }

        // Hidden ".tmp" files would show up as untracked files in the user's working tree.
        assertThat(filesIn(tempDir)).containsExactlyInAnyOrder("com.example.OrderBench.json",
                "com.example.CustomerBench.json");
    }

    @Test
    void aTemporaryFileAWriterKilledMidWriteLeftIsRemovedByTheNextWriteAndAFreshOneIsKept() throws IOException {
        final BaselineStore store = new BaselineStore(tempDir);
        store.merge(CLASS_NAME, Map.of("m [pg]", entry("m", 2)));
        // What kill -9 during a write leaves: an empty temporary file beside the baseline.
        final Path stale = Files.createFile(tempDir.resolve("." + CLASS_NAME + ".json4711.tmp"));
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(BaselineStore.STALE).minusSeconds(1)));
        final Path inFlight = Files.createFile(tempDir.resolve("." + CLASS_NAME + ".json4712.tmp"));

        store.merge(CLASS_NAME, Map.of("n [pg]", entry("n", 3)));

        assertThat(stale).doesNotExist();
        assertThat(inFlight).exists();
        assertThat(store.read(CLASS_NAME).orElseThrow().benchmarks()).containsKeys("m [pg]", "n [pg]");
    }

    @Test
    void readOnlyFileIsNotReplacedAndTheMessageNamesItsMode() throws IOException {
        final BaselineStore store = new BaselineStore(tempDir);
        store.merge(CLASS_NAME, Map.of("a [pg]", entry("a", 100)));
        final Path file = store.fileFor(CLASS_NAME);
        final byte[] before = Files.readAllBytes(file);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));

        // Also as root, who could write the file anyway: the mode is the user's word, not an obstacle.
        assertThatThrownBy(() -> store.merge(CLASS_NAME, Map.of("b [pg]", entry("b", 200))))
                .isInstanceOf(BaselineException.class)
                .hasMessageStartingWith("cannot replace " + file + " (mode r--r--r--)")
                .hasMessageContaining("chmod u+w " + file)
                .hasMessageContaining("nothing was written");

        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("r--r--r--");
        assertThat(filesIn(tempDir)).containsExactly(file.getFileName().toString());
    }

    @Test
    void anEntryMissingFromTheFileAfterWritingIsAnErrorNamingFileAndEntry() {
        final Path file = tempDir.resolve(CLASS_NAME + ".json");
        // What the file holds when a writer that ignores the lock replaced it right after this merge.
        final BaselineFile onDisk = BaselineFile.empty(CLASS_NAME).with(Map.of("a [pg]", entry("a", 2)));

        BaselineStore.requireRecorded(file, Set.of("a [pg]"), onDisk);
        assertThatThrownBy(() -> BaselineStore.requireRecorded(file, Set.of("a [pg]", "b [pg]", "c [pg]"), onDisk))
                .isInstanceOf(BaselineException.class)
                .hasMessageStartingWith("the entries [b [pg], c [pg]] just recorded in " + file
                        + " are missing from it");
    }

    @Test
    void concurrentMergesThroughOneStoreLoseNoEntry() throws Exception {
        final BaselineStore store = new BaselineStore(tempDir);
        final int threads = 8;
        final int mergesPerThread = 25;
        final CountDownLatch start = new CountDownLatch(1);
        final ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            final List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final int thread = t;
                futures.add(executor.submit(() -> {
                    start.await();
                    for (int i = 0; i < mergesPerThread; i++) {
                        final String method = "t" + thread + "m" + i;
                        store.merge(CLASS_NAME, Map.of(method + " [pg]", entry(method, i + 2)));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
        }

        assertThat(store.read(CLASS_NAME).orElseThrow().benchmarks()).hasSize(threads * mergesPerThread);
        assertThat(filesIn(tempDir)).containsExactly("com.example.OrderBench.json");
    }

    @Test
    void concurrentMergesFromSeveralJvmsLoseNoEntryAlsoWhenEachHasATemporaryDirectoryOfItsOwn() throws Exception {
        // As test forks of one build that each set java.io.tmpdir to a folder of their own.
        final Path directory = tempDir.resolve("baselines");

        runMergingJvms(List.of(directory, directory, directory), 30, 1, home());

        final BaselineFile merged = new BaselineStore(directory).read(CLASS_NAME).orElseThrow();
        assertThat(merged.benchmarks()).hasSize(3 * 30);
        assertThat(merged.benchmarks().keySet()).allMatch(key -> key.matches("p[0-2]m\\d+ \\[pg\\]"));
        assertThat(filesIn(directory)).containsExactly("com.example.OrderBench.json");
    }

    @Test
    void concurrentMergesThroughASymlinkedDirectoryLoseNoEntry() throws Exception {
        final Path directory = Files.createDirectory(tempDir.resolve("baselines"));
        // One project's baselines folder is a link to another's: both write the same files.
        final Path linked = Files.createSymbolicLink(tempDir.resolve("linked-baselines"), directory);
        final BaselineStore direct = new BaselineStore(directory);
        final BaselineStore throughLink = new BaselineStore(linked);
        final int threads = 3;
        final int mergesPerThread = 20;
        final CountDownLatch start = new CountDownLatch(1);
        final ExecutorService executor = Executors.newFixedThreadPool(2 * threads);
        try {
            final List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 2 * threads; t++) {
                final int thread = t;
                final BaselineStore store = thread % 2 == 0 ? direct : throughLink;
                futures.add(executor.submit(() -> {
                    start.await();
                    for (int i = 0; i < mergesPerThread; i++) {
                        final String method = "t" + thread + "m" + i;
                        store.merge(CLASS_NAME, Map.of(method + " [pg]", entry(method, i + 2)));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(120, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
        }

        assertThat(direct.read(CLASS_NAME).orElseThrow().benchmarks()).hasSize(2 * threads * mergesPerThread);
    }

    @Test
    void aClassNameTooLongForAFileNameIsRefusedNamingTheLimit() {
        final String longest = "com.example." + "A".repeat(225 - "com.example.".length());
        final String tooLong = longest + "B";
        final BaselineStore store = new BaselineStore(tempDir.resolve("baselines"));

        store.merge(longest, Map.of("a [pg]", entry("a", 2)));
        assertThat(store.read(longest)).isPresent();
        assertThatThrownBy(() -> store.read(tooLong)).isInstanceOf(BaselineException.class)
                .hasMessage("the baseline file of " + tooLong + " would be named with 231 bytes, and with the"
                        + " temporary file a write makes beside it (25 bytes more) that is over the 255 bytes file"
                        + " systems allow for a name; nothing was read or written. Shorten the class's name to at most"
                        + " 225 bytes (a nested class counts with its package and outer class)");
    }

    @Test
    void aBaselineFileThatIsASymbolicLinkStaysOneAndItsTargetGetsTheEntries() throws IOException {
        final BaselineStore shared = new BaselineStore(tempDir.resolve("shared"));
        shared.merge(CLASS_NAME, Map.of("a [pg]", entry("a", 2)));
        final Path directory = Files.createDirectory(tempDir.resolve("baselines"));
        final Path link = Files.createSymbolicLink(directory.resolve(CLASS_NAME + ".json"),
                shared.fileFor(CLASS_NAME));

        new BaselineStore(directory).merge(CLASS_NAME, Map.of("b [pg]", entry("b", 3)));

        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(shared.read(CLASS_NAME).orElseThrow().benchmarks()).containsOnlyKeys("a [pg]", "b [pg]");
        assertThat(filesIn(directory)).containsExactly(CLASS_NAME + ".json");
    }

    @Test
    void aBaselineFileThatIsADanglingLinkIsLeftAndNamed() throws IOException {
        final Path directory = Files.createDirectory(tempDir.resolve("baselines"));
        final Path link = Files.createSymbolicLink(directory.resolve(CLASS_NAME + ".json"), tempDir.resolve("gone.json"));

        assertThatThrownBy(() -> new BaselineStore(directory).merge(CLASS_NAME, Map.of("b [pg]", entry("b", 3))))
                .hasMessageStartingWith(link + " is a symbolic link to " + tempDir.resolve("gone.json")
                        + ", which does not exist, so dbbench leaves it as it is; nothing was written");
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void concurrentMergesFromJvmsThroughASymlinkedDirectoryLoseNoEntry() throws Exception {
        final Path directory = Files.createDirectory(tempDir.resolve("baselines"));
        final Path linked = Files.createSymbolicLink(tempDir.resolve("linked-baselines"), directory);

        runMergingJvms(List.of(directory, linked, directory, linked), 25, 1, home());

        assertThat(new BaselineStore(directory).read(CLASS_NAME).orElseThrow().benchmarks()).hasSize(4 * 25);
    }

    @Test
    void mergesIntoManyFilesAndDirectoriesLeaveOneLockFileInTheUsersCache() throws Exception {
        // A home of their own, so that the lock file of other runs on this machine does not count.
        final Path home = Files.createDirectory(tempDir.resolve("home"));
        final Path first = tempDir.resolve("first");
        final Path second = tempDir.resolve("second");

        runMergingJvms(List.of(first, second), 12, 6, home);

        assertThat(filesIn(first)).hasSize(6);
        assertThat(filesIn(second)).hasSize(6);
        assertThat(filesIn(home.resolve(".cache/dbbench"))).containsExactly("baselines.lock");
    }

    private static Path home() {
        return Path.of(System.getProperty("user.home"));
    }

    /**
     * Starts one JVM per directory, each with a temporary directory of its own and {@code home} as its
     * user's home, each merging {@code merges} entries spread over {@code classes} baseline files,
     * releases them together and waits until all have finished.
     */
    private void runMergingJvms(List<Path> directories, int merges, int classes, Path home) throws Exception {
        final Path control = Files.createDirectory(tempDir.resolve("control"));
        final List<Process> children = new ArrayList<>();
        try {
            for (int p = 0; p < directories.size(); p++) {
                children.add(new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        // The lock lives in the user's cache folder, whatever each fork's temporary directory.
                        "-Djava.io.tmpdir=" + Files.createDirectories(tempDir.resolve("tmp-p" + p)),
                        "-Duser.home=" + home,
                        "-cp", System.getProperty("java.class.path"),
                        MergingProcess.class.getName(),
                        directories.get(p).toString(), control.toString(), "p" + p, Integer.toString(merges),
                        Integer.toString(classes))
                        .redirectErrorStream(true)
                        .redirectOutput(control.resolve("p" + p + ".log").toFile())
                        .start());
            }
            // Release the children together once all are up, so their merges really overlap.
            awaitFiles(control, directories.size(), ".ready");
            Files.createFile(control.resolve("go"));
            for (int p = 0; p < directories.size(); p++) {
                final Process child = children.get(p);
                assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("process p%d finished in time", p).isTrue();
                assertThat(child.exitValue()).as("exit value of p%d, log: %s", p, log(control, p)).isZero();
            }
        } finally {
            children.forEach(Process::destroyForcibly);
        }
    }

    /** A separate JVM that merges its own keys into the shared baseline files. */
    static final class MergingProcess {

        public static void main(String[] args) throws Exception {
            final BaselineStore store = new BaselineStore(Path.of(args[0]));
            final Path control = Path.of(args[1]);
            final String prefix = args[2];
            final int merges = Integer.parseInt(args[3]);
            final int classes = Integer.parseInt(args[4]);
            Files.createFile(control.resolve(prefix + ".ready"));
            final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.exists(control.resolve("go"))) {
                if (System.nanoTime() > giveUp) {
                    throw new IllegalStateException("never told to go");
                }
                Thread.sleep(1);
            }
            for (int i = 0; i < merges; i++) {
                final String method = prefix + "m" + i;
                final String className = classes == 1 ? CLASS_NAME : "com.example.Bench" + i % classes;
                store.merge(className, Map.of(method + " [pg]", entry(method, i + 2)));
            }
        }
    }

    private static void awaitFiles(Path directory, int count, String suffix) throws Exception {
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (filesIn(directory).stream().filter(name -> name.endsWith(suffix)).count() < count) {
            assertThat(System.nanoTime()).as("%d child JVMs started within 30 s", count).isLessThan(giveUp);
            Thread.sleep(10);
        }
    }

    private static String log(Path control, int process) {
        try {
            return Files.readString(control.resolve("p" + process + ".log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static List<String> filesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }

    private static Map<String, Double> medians(BaselineFile file) {
        return file.benchmarks().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, entry -> entry.getValue().metrics().get(Metrics.TIME).orElseThrow().summary().median()));
    }

    static BaselineEntry entry(String method, double median) {
        final double[] samples = IntStream.of(-1, 0, 1).mapToDouble(offset -> median + offset).toArray();
        return BaselineEntry.of(method, "pg", Instant.parse("2025-01-02T03:04:05Z"),
                MetricValues.empty().with(Metrics.TIME, new Timings(0, 1, samples, RULER)), new TreeMap<>());
    }

    @Test
    void mergeKeepsTheFilePermissions() throws Exception {
        final BaselineStore store = new BaselineStore(tempDir);
        final Path file = store.fileFor("a.B");
        Files.writeString(file, "{\"schema\":1,\"class\":\"a.B\",\"benchmarks\":{}}");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-r--"));
        final double[] samples = {1, 2, 3};

        store.merge("a.B", Map.of("k", BaselineEntry.of("m", "t", Instant.EPOCH,
                MetricValues.empty().with(Metrics.TIME, new Timings(0, 1, samples, RULER)), new TreeMap<>())));

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-rw-r--");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store.fileFor("a.B"))))
                .isEqualTo("rw-rw-r--");
    }

    @Test
    void newFileIsReadableByEveryone() throws Exception {
        final BaselineStore store = new BaselineStore(tempDir);
        final double[] samples = {1, 2, 3};

        store.merge("c.D", Map.of("k", BaselineEntry.of("m", "t", Instant.EPOCH,
                MetricValues.empty().with(Metrics.TIME, new Timings(0, 1, samples, RULER)), new TreeMap<>())));

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store.fileFor("c.D"))))
                .isEqualTo("rw-r--r--");
    }
}
