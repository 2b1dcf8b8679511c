package dev.dbbench.report;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;

/**
 * Opens a page in headless Chromium (Debian's {@code chromium}, or the browser named by
 * {@code DBBENCH_CHROMIUM}) and returns the DOM after loading and every console message. Without a
 * browser the tests that need one are skipped with the reason, unless {@code CI=true}, where they fail.
 */
public final class HeadlessChromium {

    /** What the browser made of a page. */
    public record Page(String dom, List<String> console, Duration elapsed) {
    }

    private final Path binary;

    private HeadlessChromium(Path binary) {
        this.binary = binary;
    }

    /** The browser, or the test is skipped (failed with {@code CI=true}) naming what is missing. */
    public static HeadlessChromium require() {
        final Optional<Path> binary = find();
        if (binary.isEmpty()) {
            final String reason = "no headless Chromium: install Debian's chromium (apt-get install -y chromium, as"
                    + " .ci/run does) or point DBBENCH_CHROMIUM at a Chromium or Chrome binary";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI=true, but " + reason);
            }
            Assumptions.abort(reason);
        }
        return new HeadlessChromium(binary.get());
    }

    static Optional<Path> find() {
        final String configured = System.getenv("DBBENCH_CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(Files::isExecutable);
        }
        return Stream.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
                .map(Path::of).filter(Files::isExecutable).findFirst();
    }

    /** Loads the file and dumps its DOM; console messages are read from Chromium's log. */
    public Page load(Path html, Path workDirectory) throws IOException, InterruptedException {
        return run(html, workDirectory, "--dump-dom");
    }

    /** Loads the file, lays it out and paints it into a PNG of the given window size. */
    public Page screenshot(Path html, Path png, Path workDirectory) throws IOException, InterruptedException {
        return screenshot(html, png, workDirectory, 1400, 2400);
    }

    /** Loads the file and paints what a window of the given size shows first into a PNG. */
    public Page screenshot(Path html, Path png, Path workDirectory, int width, int height)
            throws IOException, InterruptedException {
        return run(html, workDirectory, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height,
                "--hide-scrollbars");
    }

    private Page run(Path html, Path workDirectory, String... action) throws IOException, InterruptedException {
        final Path profile = Files.createTempDirectory(workDirectory, "chromium-profile");
        final Path out = workDirectory.resolve("chromium.out");
        final Path err = workDirectory.resolve("chromium.err");
        final List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run",
                "--disable-default-apps", "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND",
                "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"));
        command.addAll(List.of(action));
        command.add(html.toAbsolutePath().toUri().toString());
        final long started = System.nanoTime();
        final Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            // Chromium starts helper processes of its own; end them with it.
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail("headless Chromium did not finish loading " + html + " within 120 s");
        }
        final Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        final List<String> log = Files.readAllLines(err, StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            fail("headless Chromium exited with " + process.exitValue() + ":\n" + String.join("\n", log));
        }
        // Chromium logs each console message as "[...:INFO:CONSOLE:<line>] "<text>", source: <url> (<line>)".
        final List<String> console = log.stream().filter(line -> line.contains(":CONSOLE")).toList();
        return new Page(Files.readString(out, StandardCharsets.UTF_8), console, elapsed);
    }
}
