package dev.dbbench.engine.containers;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.dbbench.spec.DockerAvailability;
import org.testcontainers.DockerClientFactory;

/** Asks Testcontainers whether a Docker engine answers, within a bounded time. */
public final class Docker {

    /** Longest the check may take; a Docker host that never answers counts as no Docker. */
    public static final Duration CHECK_TIMEOUT = Duration.ofSeconds(20);

    /** What the check found; {@code description} says why, for the console and for errors. */
    public record Status(boolean available, String description) implements DockerAvailability {
    }

    private Docker() {
    }

    /**
     * Testcontainers' own check ({@link DockerClientFactory#isDockerAvailable()}), on a daemon thread so
     * that a Docker host that never answers costs at most {@code timeout}.
     */
    public static Status probe(Duration timeout) {
        final CompletableFuture<Status> check = new CompletableFuture<>();
        final Thread thread = new Thread(() -> {
            try {
                check.complete(ask());
            } catch (RuntimeException | LinkageError e) {
                check.complete(new Status(false, "the Docker check failed: " + e));
            }
        }, "dbbench-docker-probe");
        thread.setDaemon(true);
        thread.start();
        try {
            return check.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return new Status(false, "Docker did not answer within " + timeout.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Status(false, "interrupted while checking for Docker");
        } catch (ExecutionException e) {
            return new Status(false, "the Docker check failed: " + e.getCause());
        }
    }

    private static Status ask() {
        final DockerClientFactory factory = DockerClientFactory.instance();
        if (!factory.isDockerAvailable()) {
            return new Status(false, "no Docker engine answered Testcontainers' check (DOCKER_HOST, the local socket)");
        }
        return new Status(true, "Docker " + factory.getInfo().getServerVersion() + " answered");
    }
}
