package dev.dbbench.engine.containers;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.command.PullImageResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.DockerImageName;

/**
 * Makes sure an image is present before a container is created from it, pulling it within a bounded
 * time, so a missing image is an error naming it rather than a long silent wait.
 */
final class Images {

    private Images() {
    }

    static void ensurePresent(DockerImageName image, Duration timeout) {
        final DockerClient client = DockerClientFactory.instance().client();
        final String name = image.asCanonicalNameString();
        if (isPresent(client, name)) {
            return;
        }
        final PullImageResultCallback callback = new PullImageResultCallback();
        final boolean completed;
        try {
            client.pullImageCmd(image.getUnversionedPart()).withTag(image.getVersionPart()).exec(callback);
            completed = callback.awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pulling image " + name, e);
        } catch (RuntimeException e) {
            throw new IllegalStateException("image " + name + " is not present locally and pulling it failed: "
                    + e.getMessage() + "; pull or build it first, or point the image setting at one that exists", e);
        } finally {
            closeQuietly(callback);
        }
        if (!completed) {
            throw new IllegalStateException("image " + name + " is not present locally and could not be pulled"
                    + " within " + timeout.toSeconds() + " s; pull or build it first, or raise "
                    + "dbbench.containers.pull-timeout-seconds");
        }
        if (!isPresent(client, name)) {
            throw new IllegalStateException("image " + name + " is still not present after pulling it");
        }
    }

    /** An image's id and its first registry digest ("-" for a local build, which has none). */
    record Identity(String id, String digest) {
    }

    static Identity identity(String imageId) {
        final InspectImageResponse image = DockerClientFactory.instance().client().inspectImageCmd(imageId).exec();
        final List<String> digests = image.getRepoDigests();
        return new Identity(image.getId(), digests == null || digests.isEmpty() ? "-" : digests.get(0));
    }

    private static boolean isPresent(DockerClient client, String name) {
        try {
            client.inspectImageCmd(name).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // The pull's outcome is already decided; a callback that fails to close changes nothing.
        }
    }
}
