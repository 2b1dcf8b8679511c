package dev.dbbench.engine;

import java.util.EnumMap;
import java.util.Map;
import java.util.ServiceLoader;

import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.config.EngineOptions;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;

/** Starts the server a target asks for, through the {@link EngineProvider} of its engine kind. */
public final class Engines implements EnginePool.Starter {

    private final EngineOptions options;
    private final Map<EngineKind, EngineProvider> providers = new EnumMap<>(EngineKind.class);

    /** The engines whose modules are on the class path. */
    public Engines(EngineOptions options) {
        this.options = options;
        for (EngineProvider provider : ServiceLoader.load(EngineProvider.class, Engines.class.getClassLoader())) {
            providers.putIfAbsent(provider.kind(), provider);
        }
    }

    @Override
    public EngineServer start(EngineTarget target) throws Exception {
        final EngineProvider provider = providers.get(target.kind());
        if (provider == null) {
            throw new DbBenchConfigurationException("[" + target.label() + "] needs the artifact dev.dbbench:"
                    + target.kind().artifact() + ", which is not on the test class path: add it as a test-scoped"
                    + " dependency beside dbbench-junit, in the same version");
        }
        return provider.start(target, options);
    }
}
