package dev.dbbench.quarkus;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import org.apiguardian.api.API;

/**
 * The test resource behind {@link ApplicationPerClass}: it holds no resource and sets no configuration
 * (the data source's URL, {@code jdbc:dbbench:postgresql}, is the test profile's, where Quarkus reads
 * it while building the application); being restricted to its class is what it is for.
 */
@API(status = INTERNAL)
public final class ClassApplicationResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return Map.of();
    }

    @Override
    public void stop() {
        // Nothing was started.
    }
}
