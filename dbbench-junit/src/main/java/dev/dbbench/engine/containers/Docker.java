package dev.dbbench.engine.containers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.dbbench.spec.DockerAvailability;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientConfigUtils;
import org.testcontainers.utility.TestcontainersConfiguration;

/**
 * Asks Testcontainers whether a Docker engine answers and is ready for containers, within a bounded
 * time.
 */
public final class Docker {

    /** Longest the check may take; a Docker host that never answers counts as no Docker. */
    public static final Duration CHECK_TIMEOUT = Duration.ofSeconds(20);

    /** How Testcontainers names the image it could not get, in the message of the exception it throws then. */
    private static final Pattern PULLED_IMAGE = Pattern.compile("RemoteDockerImage\\(imageName=([^,)\\s]+)");

    /** What the check found; {@code description} says why, for the console and for errors. */
    public record Status(boolean available, String description) implements DockerAvailability {
    }

    /**
     * The steps of Testcontainers' own check ({@link DockerClientFactory#client()}) in the order it takes
     * them, taken one at a time so that a check that stops can say where: only the first one asks
     * whether Docker answers at all; the later ones may pull images.
     */
    enum Step {
        /** Finding a Docker engine that answers (DOCKER_HOST, the local socket). */
        ENGINE,
        /** Finding the Docker host's address; from inside a container, with a helper container. */
        HOST_ADDRESS,
        /** Testcontainers' setup: its resource reaper container, then its checks. */
        SETUP,
        DONE
    }

    /**
     * The images Testcontainers pulls before the first container, as this environment configures it,
     * by repository: Testcontainers pins their tags internally. Also how long it retries a failing pull.
     */
    record SetupImages(Optional<String> gatewayHelper, Optional<String> resourceReaper, String testcontainersVersion,
            int pullTimeoutSeconds) {

        static SetupImages ofEnvironment() {
            final boolean hostGiven = !isBlank(System.getenv("TESTCONTAINERS_HOST_OVERRIDE"));
            final boolean reaperDisabled = Boolean.parseBoolean(System.getenv("TESTCONTAINERS_RYUK_DISABLED"));
            return new SetupImages(
                    DockerClientConfigUtils.IN_A_CONTAINER && !hostGiven ? Optional.of("alpine") : Optional.empty(),
                    reaperDisabled ? Optional.empty() : Optional.of("testcontainers/ryuk"),
                    DockerClientFactory.TESTCONTAINERS_VERSION,
                    TestcontainersConfiguration.getInstance().getImagePullTimeout());
        }

        String named(String image) {
            return "image " + image + " (the tag Testcontainers " + testcontainersVersion + " pins)";
        }

        private static boolean isBlank(String value) {
            return value == null || value.isBlank();
        }
    }

    private Docker() {
    }

    /**
     * Testcontainers' own check, step by step, on a daemon thread so that a Docker host that never
     * answers, or an image pull that never ends, costs at most {@code timeout}.
     */
    public static Status probe(Duration timeout) {
        final AtomicReference<Step> step = new AtomicReference<>(Step.ENGINE);
        final AtomicReference<String> serverVersion = new AtomicReference<>("");
        final CompletableFuture<Void> check = new CompletableFuture<>();
        final Thread thread = new Thread(() -> {
            try {
                check(step, serverVersion);
                check.complete(null);
            } catch (RuntimeException | LinkageError e) {
                check.completeExceptionally(e);
            }
        }, "dbbench-docker-probe");
        thread.setDaemon(true);
        thread.start();
        Optional<Throwable> failure = Optional.empty();
        try {
            check.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // The step reached tells what did not finish.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Status(false, "interrupted while checking for Docker");
        } catch (ExecutionException e) {
            failure = Optional.of(e.getCause());
        }
        return status(step.get(), serverVersion.get(), failure, timeout, SetupImages.ofEnvironment());
    }

    private static void check(AtomicReference<Step> step, AtomicReference<String> serverVersion) {
        final DockerClientFactory factory = DockerClientFactory.instance();
        serverVersion.set(factory.getInfo().getServerVersion());
        step.set(Step.HOST_ADDRESS);
        factory.dockerHostIpAddress();
        step.set(Step.SETUP);
        factory.client();
        step.set(Step.DONE);
    }

    /**
     * What the check found, from the step it reached and how it stopped there: with a failure, or
     * (without one, short of {@link Step#DONE}) because time ran out.
     */
    static Status status(Step reached, String serverVersion, Optional<Throwable> failure, Duration timeout,
            SetupImages images) {
        final String answered = "Docker " + serverVersion + " answered";
        final String seconds = timeout.toSeconds() + " s";
        final String pulledIfMissing = ", pulling the image if that Docker engine does not have it";
        return switch (reached) {
            case DONE -> new Status(true, answered);
            case ENGINE -> new Status(false, failure.map(e -> e instanceof IllegalStateException
                            ? "no Docker engine answered Testcontainers' check (DOCKER_HOST, the local socket)"
                            : "the Docker check failed: " + reason(e))
                    .orElse("Docker did not answer within " + seconds));
            case HOST_ADDRESS -> new Status(false, answered + ", yet Testcontainers "
                    + failure.map(e -> "could not find the Docker host's address: " + reason(e))
                            .orElse("did not find the Docker host's address within " + seconds)
                    + images.gatewayHelper().map(image -> ". From inside a container it runs a helper container from "
                            + images.named(image) + " for that" + pulledIfMissing + ": make the image available to that"
                            + " engine, or set TESTCONTAINERS_HOST_OVERRIDE to the Docker host's address").orElse(""));
            case SETUP -> new Status(false, answered + ", yet Testcontainers"
                    + failure.map(e -> " could not set up: " + reason(e))
                            .orElse("' setup did not finish within " + seconds)
                    + images.resourceReaper().map(image -> ". Before the first container it starts its resource"
                            + " reaper from " + images.named(image) + pulledIfMissing
                            + (failure.isEmpty() ? " and retrying a failing pull for up to "
                                    + images.pullTimeoutSeconds() + " s" : "")
                            + ": make the image available to that engine, or set TESTCONTAINERS_RYUK_DISABLED=true"
                            + " (dbbench stops its containers itself)").orElse(""));
        };
    }

    /**
     * The messages of an exception and its causes, each once. A failed pull reads "pulling image X
     * failed: " with the Docker engine's reason, rather than Testcontainers' description of its image
     * object.
     */
    private static String reason(Throwable failure) {
        final List<String> messages = new ArrayList<>();
        for (Throwable cause = failure; cause != null && messages.size() < 5; cause = cause.getCause()) {
            final String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
            final Matcher image = PULLED_IMAGE.matcher(message);
            if (image.find() && cause.getCause() != null) {
                messages.clear();
                messages.add("pulling image " + image.group(1) + " failed");
            } else if (messages.stream().noneMatch(known -> known.contains(message.strip()))) {
                messages.add(message.strip());
            }
        }
        return String.join(": ", messages);
    }
}
