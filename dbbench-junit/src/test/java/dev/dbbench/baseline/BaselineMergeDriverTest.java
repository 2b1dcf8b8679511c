package dev.dbbench.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two branches of a real git repository, each accepting another benchmark's change and recording a new
 * one, merged with the driver configured as the install script configures it.
 */
class BaselineMergeDriverTest {

    private static final String CLASS_NAME = "com.example.OrderBench";

    @TempDir
    Path repository;

    private Path baselines;

    @BeforeEach
    void twoBranchesFromOneCommit() throws Exception {
        git("init", "-q", "-b", "main");
        git("config", "user.name", "dbbench test");
        git("config", "user.email", "test@example.com");
        baselines = repository.resolve("baselines");
        final BaselineStore store = new BaselineStore(baselines);
        store.merge(CLASS_NAME, Map.of("findByBrand [pg]", BaselineStoreTest.entry("findByBrand", 100),
                "findByCustomer [pg]", BaselineStoreTest.entry("findByCustomer", 200)));
        commitAll("baselines of two benchmarks");

        git("checkout", "-q", "-b", "left");
        // Accepts a change of findByBrand and records a new benchmark, as an update run does.
        store.merge(CLASS_NAME, Map.of("findByBrand [pg]", BaselineStoreTest.entry("findByBrand", 130),
                "findCheapest [pg]", BaselineStoreTest.entry("findCheapest", 50)));
        commitAll("accept findByBrand, record findCheapest");

        git("checkout", "-q", "-b", "right", "main");
        store.merge(CLASS_NAME, Map.of("findByCustomer [pg]", BaselineStoreTest.entry("findByCustomer", 260),
                "findNewest [pg]", BaselineStoreTest.entry("findNewest", 70)));
        commitAll("accept findByCustomer, record findNewest");
    }

    @Test
    void branchesAcceptingDifferentBenchmarksMergeWithoutConflict() throws Exception {
        final byte[] left = show("left");
        final byte[] right = show("right");
        installDriver();

        git("checkout", "-q", "left");
        final Result merge = run("git", "merge", "-q", "--no-edit", "right");

        assertThat(merge.status()).as(merge.output()).isZero();
        final BaselineFile merged = new BaselineStore(baselines).read(CLASS_NAME).orElseThrow();
        assertThat(merged.benchmarks()).containsOnlyKeys("findByBrand [pg]", "findByCustomer [pg]",
                "findCheapest [pg]", "findNewest [pg]");
        // Each entry is the bytes of the branch that changed it.
        final Map<String, byte[]> texts = EntryTexts.of(Files.readAllBytes(file()));
        assertThat(texts.get("findByBrand [pg]")).isEqualTo(EntryTexts.of(left).get("findByBrand [pg]"));
        assertThat(texts.get("findCheapest [pg]")).isEqualTo(EntryTexts.of(left).get("findCheapest [pg]"));
        assertThat(texts.get("findByCustomer [pg]")).isEqualTo(EntryTexts.of(right).get("findByCustomer [pg]"));
        assertThat(texts.get("findNewest [pg]")).isEqualTo(EntryTexts.of(right).get("findNewest [pg]"));
        // In the order the codec writes, so the next update run does not move entries around.
        assertThat(Files.readAllBytes(file())).isEqualTo(new BaselineCodec().encode(merged));
        assertThat(run("git", "status", "--porcelain").output()).isEmpty();
    }

    @Test
    void anEntryBothBranchesChangedDifferentlyIsAConflictNamingTheBenchmark() throws Exception {
        git("checkout", "-q", "left");
        new BaselineStore(baselines).merge(CLASS_NAME, Map.of("findByCustomer [pg]",
                BaselineStoreTest.entry("findByCustomer", 999)));
        commitAll("accept findByCustomer differently");
        installDriver();

        final Result merge = run("git", "merge", "-q", "--no-edit", "right");

        assertThat(merge.status()).isNotZero();
        assertThat(merge.output()).contains("both branches changed 1 entry differently: findByCustomer [pg]")
                .contains("mvn verify -Ddbbench.baseline.mode=update -Dtest='OrderBench#findByCustomer'");
        final String text = Files.readString(file());
        assertThat(text).contains("<<<<<<< ours\n    \"findByCustomer [pg]\"").contains("\n=======\n")
                .contains("\n>>>>>>> theirs\n");
        assertThatThrownBy(() -> new BaselineStore(baselines).read(CLASS_NAME))
                .isInstanceOf(BaselineException.class)
                .hasMessageContaining("holds git's merge-conflict markers");
    }

    @Test
    void aVersionCutShortIsAConflictNeverAMergeThatDropsTheOtherSidesEntries() throws Exception {
        final Path base = repository.resolve("base.json");
        final Path ours = repository.resolve("ours.json");
        final Path theirs = repository.resolve("theirs.json");
        Files.write(base, show("main"));
        Files.write(ours, show("left"));
        final byte[] right = show("right");
        Files.write(theirs, Arrays.copyOf(right, right.length / 2));
        final ByteArrayOutputStream messages = new ByteArrayOutputStream();

        final int status = new BaselineMergeDriver().run(base, ours, theirs, "baselines/x.json",
                new PrintStream(messages, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(1);
        assertThat(Files.readAllBytes(ours)).isEqualTo(show("left"));
        assertThat(messages.toString(StandardCharsets.UTF_8)).startsWith("dbbench: baselines/x.json: theirs version is"
                + " not a baseline file dbbench can read, so it is not merged:")
                .contains("git checkout --ours/--theirs -- baselines/x.json");
    }

    /** What the install script sets up, with this test's class path. */
    private void installDriver() throws Exception {
        final String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        git("config", "merge.dbbench-baselines.driver", "'" + java + "' -cp '" + System.getProperty("java.class.path")
                + "' " + BaselineMergeDriver.class.getName() + " %O %A %B %P");
        // The script adds this line to .gitattributes, for the team to commit; here it stays out of the branches.
        Files.writeString(repository.resolve(".git/info/attributes"), "**/baselines/*.json merge=dbbench-baselines\n");
    }

    private Path file() {
        return baselines.resolve(CLASS_NAME + ".json");
    }

    private byte[] show(String branch) throws Exception {
        return run("git", "show", branch + ":baselines/" + CLASS_NAME + ".json").output()
                .getBytes(StandardCharsets.UTF_8);
    }

    private void commitAll(String message) throws Exception {
        git("add", "-A");
        git("commit", "-q", "-m", message);
    }

    private void git(String... arguments) throws Exception {
        final List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments));
        final Result result = run(command.toArray(String[]::new));
        assertThat(result.status()).as(String.join(" ", command) + ": " + result.output()).isZero();
    }

    private record Result(int status, String output) {
    }

    private Result run(String... command) throws IOException, InterruptedException {
        final Process process = new ProcessBuilder(command).directory(repository.toFile()).redirectErrorStream(true)
                .start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), output);
    }
}
