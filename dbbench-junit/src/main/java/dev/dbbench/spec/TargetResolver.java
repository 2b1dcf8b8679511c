package dev.dbbench.spec;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.Mongo;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.Provider;
import dev.dbbench.config.Settings;
import dev.dbbench.config.Versions;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The engine targets of a benchmark from its engine annotations ({@code @Postgres}, {@code @Mongo}):
 * the method's own if it has any, else its class's (or an enclosing class's), else the default
 * PostgreSQL target. Each value comes from the annotation, then the configuration.
 */
public final class TargetResolver {

    private final Settings settings;
    private final ProviderResolver providers;

    public TargetResolver(Settings settings, ProviderResolver providers) {
        this.settings = settings;
        this.providers = providers;
    }

    /** The targets of a benchmark method. */
    public List<EngineTarget> targets(Class<?> testClass, Method method) {
        final Declared declared = Declared.on(method);
        if (declared.isEmpty()) {
            return classTargets(testClass);
        }
        return targets(testClass.getSimpleName() + "." + method.getName() + "()", declared);
    }

    /** The targets the class declares (or an enclosing class), else the default target. */
    public List<EngineTarget> classTargets(Class<?> testClass) {
        for (Class<?> current = testClass; current != null; current = current.getEnclosingClass()) {
            final Declared found = Declared.on(current);
            if (!found.isEmpty()) {
                return targets(testClass.getSimpleName(), found);
            }
        }
        return targets(testClass.getSimpleName(), new Declared(List.of(), List.of()));
    }

    /**
     * The one target among a class's that injects a type, for a class-level method such as
     * {@code @BeforeAll}: a class on PostgreSQL and MongoDB can load both, each from its own target.
     */
    public static EngineTarget injecting(Class<?> testClass, Class<?> type, List<EngineTarget> targets) {
        final List<EngineTarget> injecting = targets.stream()
                .filter(target -> target.kind().injects(type))
                .toList();
        if (injecting.size() != 1) {
            throw new DbBenchConfigurationException(testClass.getSimpleName() + " runs on " + injecting.size()
                    + " engine targets that inject " + type.getSimpleName() + " " + injecting + ", so a class-level"
                    + " method cannot know which database to use; fill each target's database in a @DbFixture method"
                    + " instead, which dbbench calls once per fresh database with that database's "
                    + type.getSimpleName() + ", or declare the parameter on a benchmark");
        }
        return injecting.get(0);
    }

    /** The engine annotations of one element. */
    private record Declared(List<Postgres> postgres, List<Mongo> mongo) {

        static Declared on(AnnotatedElement element) {
            return new Declared(AnnotationSupport.findRepeatableAnnotations(element, Postgres.class),
                    AnnotationSupport.findRepeatableAnnotations(element, Mongo.class));
        }

        boolean isEmpty() {
            return postgres.isEmpty() && mongo.isEmpty();
        }
    }

    private List<EngineTarget> targets(String element, Declared declared) {
        final List<EngineTarget> targets = new ArrayList<>();
        final String postgresWhere = "@Postgres on " + element;
        if (declared.isEmpty()) {
            targets.add(postgres(postgresWhere, "", new String[0], "", Provider.DEFAULT));
        }
        for (Postgres postgres : declared.postgres()) {
            add(targets, postgresWhere, postgres(postgresWhere, postgres.version(), postgres.settings(),
                    postgres.image(), postgres.provider()));
        }
        for (Mongo mongo : declared.mongo()) {
            add(targets, "@Mongo on " + element, mongo("@Mongo on " + element, mongo));
        }
        return targets;
    }

    // Equal labels would share a baseline key, so two targets that differ only in image are refused too.
    private static void add(List<EngineTarget> targets, String where, EngineTarget target) {
        if (targets.stream().anyMatch(existing -> existing.label().equals(target.label()))) {
            throw new DbBenchConfigurationException(where + " declares the target [" + target.label() + "] twice");
        }
        targets.add(target);
    }

    private EngineTarget postgres(String where, String annotatedVersion, String[] settingsDeclared,
            String annotatedImage, Provider annotatedProvider) {
        final String version = annotatedVersion.isBlank()
                ? settings.engines().postgresVersion()
                : declaredVersion(where, annotatedVersion, Versions.isPostgresMajor(annotatedVersion.trim()),
                        Versions.POSTGRES_ALLOWED);
        final SortedMap<String, String> parsed = parseSettings(where, settingsDeclared, SettingsSyntax.POSTGRES);
        final ProviderKind provider = providers.resolve(where, annotatedProvider, EngineKind.POSTGRES);
        if (provider == ProviderKind.EXTERNAL && !parsed.isEmpty()) {
            throw new DbBenchConfigurationException(where + " declares settings " + parsed + ", which dbbench cannot"
                    + " apply to an external server; remove them or choose another provider");
        }
        final String image = provider == ProviderKind.CONTAINER
                ? image(where, annotatedImage, settings.engines().postgresImage(), ConfigKeys.POSTGRES_IMAGE,
                        "postgres:" + version)
                : "";
        return new EngineTarget(EngineKind.POSTGRES, version, parsed, provider, image);
    }

    private EngineTarget mongo(String where, Mongo mongo) {
        final String version = mongo.version().isBlank()
                ? settings.engines().mongoVersion()
                : declaredVersion(where, mongo.version(), Versions.isMongoVersion(mongo.version().trim()),
                        Versions.MONGO_ALLOWED + ",");
        final SortedMap<String, String> options = parseSettings(where, mongo.options(), SettingsSyntax.MONGOD);
        final ProviderKind provider = providers.resolve(where, mongo.provider(), EngineKind.MONGODB);
        if (provider != ProviderKind.CONTAINER && !options.isEmpty()) {
            throw new DbBenchConfigurationException(where + " declares options " + options + ", which only apply to"
                    + " a mongod dbbench starts in a container, but the provider is " + provider.label());
        }
        // The emulator has no version of its own: its label says emulated, not a MongoDB version.
        return new EngineTarget(EngineKind.MONGODB, provider == ProviderKind.EMULATED ? "" : version, options,
                provider, provider == ProviderKind.CONTAINER
                        ? image(where, mongo.image(), settings.engines().mongoImage(), ConfigKeys.MONGODB_IMAGE,
                                "mongo:" + version)
                        : "");
    }

    private static String declaredVersion(String where, String declared, boolean valid, String allowed) {
        if (!valid) {
            throw new DbBenchConfigurationException(where + " must declare version " + allowed + " but was '"
                    + declared.trim() + "'");
        }
        return declared.trim();
    }

    private static String image(String where, String annotated, Optional<String> configured, String key,
            String fallback) {
        final String image;
        final String source;
        if (!annotated.isBlank()) {
            image = annotated.trim();
            source = where + " must declare image";
        } else {
            image = configured.orElse(fallback);
            source = "configuration parameter " + key + " must be";
        }
        if (!image.matches("[A-Za-z0-9][A-Za-z0-9._/:@-]*")) {
            throw new DbBenchConfigurationException(source + " a Docker image name such as " + fallback + " but was '"
                    + image + "'");
        }
        return image;
    }

    /** How one engine annotation spells its server settings. */
    private record SettingsSyntax(String attribute, String namePattern, String example) {
        static final SettingsSyntax POSTGRES = new SettingsSyntax("settings", "[a-z_][a-z0-9_.]*", "shared_buffers=256MB");
        // mongod's option names are camelCase.
        static final SettingsSyntax MONGOD = new SettingsSyntax("options", "[A-Za-z][A-Za-z0-9_.]*",
                "wiredTigerCacheSizeGB=1");
    }

    private static SortedMap<String, String> parseSettings(String where, String[] declared, SettingsSyntax syntax) {
        final SortedMap<String, String> parsed = new TreeMap<>();
        for (String setting : declared) {
            final int equals = setting.indexOf('=');
            final String name = equals < 0 ? "" : setting.substring(0, equals).trim();
            final String value = equals < 0 ? "" : setting.substring(equals + 1).trim();
            if (!name.matches(syntax.namePattern()) || value.isEmpty()) {
                throw new DbBenchConfigurationException(where + " must declare " + syntax.attribute() + " as"
                        + " name=value, such as \"" + syntax.example() + "\", but one was \"" + setting + "\"");
            }
            if (parsed.put(name, value) != null) {
                throw new DbBenchConfigurationException(where + " declares the " + syntax.attribute() + " entry " + name
                        + " twice");
            }
        }
        return parsed;
    }
}
