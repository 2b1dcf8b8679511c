package dev.dbbench.engine.containers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Docker check tells a Docker engine that does not answer from one that answers but cannot give
 * Testcontainers the images it pulls before its first container.
 */
class DockerTest {

    private static final String REAPER_IMAGE = "testcontainers/ryuk:0.14.0";

    private static final Docker.SetupImages IMAGES = new Docker.SetupImages(Optional.of("alpine"),
            Optional.of("testcontainers/ryuk"), "2.0.5", 120);

    @TempDir
    Path temp;

    @Test
    void aPullThatNeverEndsIsNotReportedAsADockerThatDoesNotAnswer() throws Exception {
        final CountDownLatch never = new CountDownLatch(1);
        final HttpServer daemon = fakeDaemon(exchange -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            // Long enough for a cold JVM on a busy machine to reach the pull, which then never ends.
            final String description = probeInAnotherJvm(daemon, 15);

            assertThat(description)
                    .doesNotContain("did not answer")
                    .contains("Docker 28.2.2 answered")
                    .contains("Testcontainers' setup did not finish within 15 s")
                    .contains("resource reaper from image testcontainers/ryuk")
                    .contains("TESTCONTAINERS_RYUK_DISABLED=true");
        } finally {
            never.countDown();
            daemon.stop(0);
        }
    }

    @Test
    void aPullThatFailsNamesTheImageAndTheDaemonsReason() throws Exception {
        final HttpServer daemon = fakeDaemon(exchange -> respond(exchange, 404, "{\"message\":\"pull access denied"
                + " for testcontainers/ryuk, repository does not exist or may require docker login\"}"));
        try {
            // A refused pull ends the check at once; the timeout only bounds a test gone wrong.
            final String description = probeInAnotherJvm(daemon, 60);

            assertThat(description)
                    .doesNotContain("did not answer")
                    .contains("Docker 28.2.2 answered, yet Testcontainers could not set up: pulling image"
                            + " testcontainers/ryuk:")
                    .contains("pull access denied for testcontainers/ryuk")
                    .contains("TESTCONTAINERS_RYUK_DISABLED=true");
        } finally {
            daemon.stop(0);
        }
    }

    @Test
    void setupThatRunsOutOfTimeNamesTheReaperImageAndHowToDoWithout() {
        final Docker.Status status = Docker.status(Docker.Step.SETUP, "28.2.2", Optional.empty(),
                Duration.ofSeconds(20), IMAGES);

        assertThat(status.available()).isFalse();
        assertThat(status.description()).isEqualTo("Docker 28.2.2 answered, yet Testcontainers' setup did not finish"
                + " within 20 s. Before the first container it starts its resource reaper from image"
                + " testcontainers/ryuk (the tag Testcontainers 2.0.5 pins), pulling the image if that Docker engine"
                + " does not have it and retrying a failing pull for up to 120 s: make the image available to that"
                + " engine, or set TESTCONTAINERS_RYUK_DISABLED=true (dbbench stops its containers itself)");
    }

    @Test
    void aFailedPullReadsAsThePullOfTheImageWithTheEnginesReason() {
        // What Testcontainers throws when the Docker engine refuses a pull.
        final RuntimeException failure = new IllegalStateException("Can't get Docker image: RemoteDockerImage("
                + "imageName=" + REAPER_IMAGE + ", imagePullPolicy=DefaultPullPolicy(), imageNameSubstitutor=x@1)",
                new RuntimeException("Status 500: {\"message\":\"dial tcp: lookup registry.invalid: no such host\"}"));

        final Docker.Status status = Docker.status(Docker.Step.SETUP, "28.2.2", Optional.of(failure),
                Duration.ofSeconds(20), IMAGES);

        assertThat(status.description()).startsWith("Docker 28.2.2 answered, yet Testcontainers could not set up:"
                + " pulling image " + REAPER_IMAGE + " failed: Status 500: {\"message\":\"dial tcp: lookup"
                + " registry.invalid: no such host\"}. Before the first container it starts its resource reaper"
                + " from image testcontainers/ryuk (the tag Testcontainers 2.0.5 pins), pulling the image if that"
                + " Docker engine does not have it: make");
    }

    @Test
    void aHostAddressSearchThatRunsOutOfTimeNamesTheHelperImageAndTheOverride() {
        final Docker.Status status = Docker.status(Docker.Step.HOST_ADDRESS, "28.2.2", Optional.empty(),
                Duration.ofSeconds(20), IMAGES);

        assertThat(status.description()).isEqualTo("Docker 28.2.2 answered, yet Testcontainers did not find the"
                + " Docker host's address within 20 s. From inside a container it runs a helper container from image"
                + " alpine (the tag Testcontainers 2.0.5 pins) for that, pulling the image if that Docker engine does"
                + " not have it: make the image available to that engine, or set TESTCONTAINERS_HOST_OVERRIDE to the"
                + " Docker host's address");
    }

    @Test
    void onlyAnEngineThatDoesNotAnswerReadsSo() {
        assertThat(Docker.status(Docker.Step.ENGINE, "", Optional.empty(), Duration.ofSeconds(20), IMAGES))
                .isEqualTo(new Docker.Status(false, "Docker did not answer within 20 s"));
        assertThat(Docker.status(Docker.Step.ENGINE, "", Optional.of(new IllegalStateException(
                "Could not find a valid Docker environment")), Duration.ofSeconds(20), IMAGES))
                .isEqualTo(new Docker.Status(false,
                        "no Docker engine answered Testcontainers' check (DOCKER_HOST, the local socket)"));
        assertThat(Docker.status(Docker.Step.DONE, "28.2.2", Optional.empty(), Duration.ofSeconds(20), IMAGES))
                .isEqualTo(new Docker.Status(true, "Docker 28.2.2 answered"));
    }

    /** The probe in a JVM of its own: Testcontainers keeps what it found about Docker for the life of a JVM. */
    private String probeInAnotherJvm(HttpServer daemon, int timeoutSeconds) throws Exception {
        final Path output = temp.resolve("probe.out");
        final ProcessBuilder builder = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // Away from any ~/.testcontainers.properties of this machine.
                "-Duser.home=" + temp,
                "-cp", System.getProperty("java.class.path"),
                ProbeProcess.class.getName(), Integer.toString(timeoutSeconds))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().keySet().removeIf(key -> key.startsWith("TESTCONTAINERS_") || key.startsWith("DOCKER_"));
        builder.environment().put("DOCKER_HOST", "tcp://127.0.0.1:" + daemon.getAddress().getPort());
        final Process child = builder.start();
        try {
            assertThat(child.waitFor(timeoutSeconds + 60, TimeUnit.SECONDS)).as("the probe finished").isTrue();
        } finally {
            child.destroyForcibly();
        }
        final String printed = Files.readString(output);
        assertThat(printed).as("probe output").contains("status: ");
        return printed.substring(printed.lastIndexOf("status: "));
    }

    /** Runs the probe and prints what it found. */
    static final class ProbeProcess {

        public static void main(String[] args) {
            final Docker.Status status = Docker.probe(Duration.ofSeconds(Long.parseLong(args[0])));
            System.out.println("status: " + status.available() + " " + status.description());
            System.exit(0);
        }
    }

    @FunctionalInterface
    private interface Handler {
        void handle(HttpExchange exchange) throws IOException;
    }

    /**
     * Enough of the Docker Engine API for Testcontainers to find an engine that answers and has no
     * images; what a pull gets is up to the test.
     */
    private static HttpServer fakeDaemon(Handler pull) throws IOException {
        final HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool(runnable -> {
            final Thread thread = new Thread(runnable, "fake-docker-daemon");
            thread.setDaemon(true);
            return thread;
        }));
        server.createContext("/", exchange -> {
            final String path = exchange.getRequestURI().getPath();
            if (path.endsWith("/_ping")) {
                respond(exchange, 200, "OK");
            } else if (path.endsWith("/version")) {
                respond(exchange, 200, "{\"Version\":\"28.2.2\",\"ApiVersion\":\"1.50\",\"MinAPIVersion\":\"1.24\","
                        + "\"Os\":\"linux\",\"Arch\":\"amd64\",\"KernelVersion\":\"6.1.0\"}");
            } else if (path.endsWith("/info")) {
                respond(exchange, 200, "{\"ID\":\"fake\",\"ServerVersion\":\"28.2.2\",\"OperatingSystem\":\"Fake\","
                        + "\"OSType\":\"linux\",\"Architecture\":\"x86_64\",\"MemTotal\":1073741824,\"NCPU\":2,"
                        + "\"Labels\":[],\"Name\":\"fake\",\"DockerRootDir\":\"/var/lib/docker\"}");
            } else if (path.endsWith("/images/json")) {
                respond(exchange, 200, "[]");
            } else if (path.endsWith("/images/create")) {
                pull.handle(exchange);
            } else {
                respond(exchange, 404, "{\"message\":\"not in this fake: " + path + "\"}");
            }
        });
        server.start();
        return server;
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", body.startsWith("{") || body.startsWith("[")
                ? "application/json" : "text/plain");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
