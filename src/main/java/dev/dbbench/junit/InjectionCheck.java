package dev.dbbench.junit;

import java.lang.reflect.Executable;
import java.lang.reflect.Parameter;
import java.util.List;

import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.engine.EngineKind;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.engine.mongo.CollectionNames;

/**
 * Checks at discovery that every engine parameter of a method can be injected on every target it runs
 * on, so a {@code Connection} on a MongoDB target fails before anything starts.
 */
final class InjectionCheck {

    private InjectionCheck() {
    }

    /** @param role how messages name the method, such as "@DbBenchmark method" */
    static void check(String role, Executable method, List<EngineTarget> targets) {
        for (Parameter parameter : method.getParameters()) {
            final Class<?> type = parameter.getType();
            // Types no engine injects belong to other parameter resolvers (TestInfo, say).
            if (!EngineKind.anyInjects(type)) {
                continue;
            }
            for (EngineTarget target : targets) {
                if (!target.kind().injectableTypes().contains(type)) {
                    throw new DbBenchConfigurationException(role + " " + method.getDeclaringClass().getSimpleName()
                            + "." + method.getName() + "() declares parameter " + parameter.getName() + " of type "
                            + type.getSimpleName() + ", which the target [" + target.label() + "] cannot inject;"
                            + " it injects " + target.kind().injectableTypes().stream().map(Class::getSimpleName)
                                    .sorted().toList());
                }
            }
            if (CollectionNames.applies(parameter)) {
                CollectionNames.of(parameter);
            }
        }
    }
}
