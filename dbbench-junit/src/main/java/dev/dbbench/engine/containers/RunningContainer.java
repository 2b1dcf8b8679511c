package dev.dbbench.engine.containers;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

import dev.dbbench.config.EngineOptions;
import dev.dbbench.spec.EngineTarget;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * A started Testcontainers container of one engine target. It is stopped and removed on
 * {@link #close()}, or by a shutdown hook if the JVM exits first (the reaper container is not
 * available everywhere, so dbbench does not rely on it).
 */
public final class RunningContainer implements AutoCloseable {

    /** Label on every container dbbench starts, with the target's label as value. */
    public static final String LABEL = "dev.dbbench.target";

    private static final int LOG_LINES = 30;
    private static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(2);

    private final GenericContainer<?> container;
    private final Duration startTime;
    private final Thread shutdownHook;
    private boolean closed;

    private RunningContainer(GenericContainer<?> container, Duration startTime, Thread shutdownHook) {
        this.container = container;
        this.startTime = startTime;
        this.shutdownHook = shutdownHook;
    }

    /** The image to use for a target, accepted as a substitute for the official one. */
    public static DockerImageName image(EngineTarget target, String officialImage) {
        return DockerImageName.parse(target.image()).asCompatibleSubstituteFor(officialImage);
    }

    /**
     * Pulls the image if needed (bounded by the options' pull timeout), then starts the configured
     * container; a container that fails to start is removed, and the error names the image and
     * carries its last log lines.
     */
    public static RunningContainer start(EngineTarget target, DockerImageName image, GenericContainer<?> container,
            String dataDirectory, EngineOptions options) {
        Images.ensurePresent(image, options.pullTimeout());
        container.withLabel(LABEL, target.label()).withStartupTimeout(STARTUP_TIMEOUT);
        if (options.tmpfs()) {
            container.withTmpFs(Map.of(dataDirectory, "rw"));
        }
        final Thread hook = new Thread(container::stop, "dbbench-stop-" + target.label().replace(' ', '-'));
        Runtime.getRuntime().addShutdownHook(hook);
        final long started = System.nanoTime();
        try {
            container.start();
        } catch (RuntimeException e) {
            final String logs = lastLogLines(container);
            stopAndForget(container, hook);
            throw new IllegalStateException("the container of [" + target.label() + "] from image "
                    + image.asCanonicalNameString() + " did not start: " + e.getMessage()
                    + (logs.isEmpty() ? "" : "\nits last log lines:\n" + logs), e);
        }
        return new RunningContainer(container, Duration.ofNanos(System.nanoTime() - started), hook);
    }

    public GenericContainer<?> container() {
        return container;
    }

    public Duration startTime() {
        return startTime;
    }

    public boolean running() {
        try {
            return container.isRunning();
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The log's last lines, or an empty string when the log cannot be read. */
    public String lastLogLines() {
        return lastLogLines(container);
    }

    /** {@code engine.image}, {@code engine.image.id}, {@code engine.image.digest} and {@code engine.tmpfs}. */
    public SortedMap<String, String> facts(DockerImageName image, boolean tmpfs) {
        final SortedMap<String, String> facts = new TreeMap<>();
        facts.put("engine.image", image.asCanonicalNameString());
        final Images.Identity identity = Images.identity(container.getContainerInfo().getImageId());
        facts.put("engine.image.id", identity.id());
        facts.put("engine.image.digest", identity.digest());
        facts.put("engine.tmpfs", Boolean.toString(tmpfs));
        return facts;
    }

    /** Why a benchmark failed, when the container stopped under it. */
    public Optional<String> diagnosis() {
        if (running()) {
            return Optional.empty();
        }
        return Optional.of("its container (image " + container.getDockerImageName() + ") is no longer running;"
                + " its last log lines:\n" + lastLogLines());
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stopAndForget(container, shutdownHook);
    }

    private static void stopAndForget(GenericContainer<?> container, Thread hook) {
        try {
            container.stop();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // The hook is running or about to; it stops the container again, which is harmless.
            }
        }
    }

    private static String lastLogLines(GenericContainer<?> container) {
        try {
            final List<String> lines = Arrays.asList(container.getLogs().split("\\R"));
            return lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()).stream()
                    .map(line -> "  | " + line)
                    .collect(Collectors.joining("\n"));
        } catch (RuntimeException e) {
            return "";
        }
    }
}
