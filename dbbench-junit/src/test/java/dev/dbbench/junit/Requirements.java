package dev.dbbench.junit;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

import dev.dbbench.engine.containers.Docker;
import org.junit.jupiter.api.Assumptions;

/**
 * What the end-to-end tests need from the machine. Outside CI a missing piece skips them with the
 * reason; with {@code CI=true} it fails them, because CI must run them for real.
 */
final class Requirements {

    private Requirements() {
    }

    /** Docker, answering Testcontainers' check. */
    static void docker() {
        final Docker.Status status = Docker.probe(Duration.ofSeconds(20));
        if (!status.available()) {
            unmet("Docker is not available (" + status.description() + "); `source .ci/docker.sh` starts it and"
                    + " builds the local images");
        }
    }

    /** valgrind, which counts server instructions. */
    static void valgrind() {
        try {
            final Process version = new ProcessBuilder("valgrind", "--version").redirectErrorStream(true).start();
            if (version.waitFor() == 0) {
                return;
            }
        } catch (IOException e) {
            // reported below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        unmet("valgrind is not installed (apt-get install -y valgrind); .ci/run installs it");
    }

    /** An environment variable the CI script exports, such as an image name or a server URL. */
    static String env(String name, String whatFor) {
        final Optional<String> value = Optional.ofNullable(System.getenv(name)).filter(text -> !text.isBlank());
        if (value.isEmpty()) {
            unmet(name + " is not set, so " + whatFor + " cannot run; .ci/run sets it");
        }
        return value.orElseThrow();
    }

    private static void unmet(String reason) {
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail("CI=true, but " + reason);
        }
        Assumptions.abort(reason);
    }
}
