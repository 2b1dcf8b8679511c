package dev.dbbench.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How a run was started, so a later command (accepting its results, comparing it with another
 * commit) can run the same benchmarks the same way: the Maven profiles and {@code -D} properties of
 * the {@code mvn} command line, and the {@code dbbench.*} settings the test JVM saw (which also
 * holds those a profile's Surefire configuration set, such as the provider).
 *
 * <p>Credentials are never kept: a property whose name says password, or whose value holds a
 * password (a URL's user info, {@code password=}), is left out and only its name is listed in
 * {@link #omitted()}, so whoever runs the next command can pass it again.
 *
 * @param profiles the {@code -P} arguments of the {@code mvn} command line, in order; empty when the
 *     run was not started by Maven's launch script (an IDE, a plain {@code java}), which is what
 *     publishes its command line
 * @param mavenProperties the {@code -D} properties of the {@code mvn} command line
 * @param settings the {@code dbbench.*} system properties of the test JVM
 * @param omitted the names of the properties left out because they carry credentials
 */
public record Invocation(Optional<List<String>> profiles, SortedMap<String, String> mavenProperties,
        SortedMap<String, String> settings, SortedSet<String> omitted) {

    /** The variable Maven's launch script ({@code mvn}, also under the wrapper) exports its arguments in. */
    public static final String MAVEN_COMMAND_LINE = "MAVEN_CMD_LINE_ARGS";

    /** Nothing known: results of a dbbench that did not record the invocation. */
    public static final Invocation UNKNOWN = new Invocation(Optional.empty(), new TreeMap<>(), new TreeMap<>(),
            new TreeSet<>());

    public Invocation {
        profiles = profiles.map(List::copyOf);
        mavenProperties = new TreeMap<>(mavenProperties);
        settings = new TreeMap<>(settings);
        omitted = new TreeSet<>(omitted);
    }

    /** The invocation of the running JVM, from its environment and system properties. */
    public static Invocation current() {
        return of(Optional.ofNullable(System.getenv(MAVEN_COMMAND_LINE)), System.getProperties());
    }

    /**
     * @param commandLine the {@code mvn} arguments as Maven's launch script joined them with spaces
     * @param systemProperties the test JVM's system properties
     */
    static Invocation of(Optional<String> commandLine, Properties systemProperties) {
        final SortedSet<String> omitted = new TreeSet<>();
        final SortedMap<String, String> settings = new TreeMap<>();
        for (String name : systemProperties.stringPropertyNames()) {
            if (name.startsWith("dbbench.")) {
                keep(name, systemProperties.getProperty(name), settings, omitted);
            }
        }
        final SortedMap<String, String> properties = new TreeMap<>();
        final Optional<List<String>> profiles = commandLine.filter(line -> !line.isBlank())
                .map(line -> parse(line.trim().split("\\s+"), properties, omitted));
        return new Invocation(profiles, properties, settings, omitted);
    }

    /** Reads {@code -P}/{@code --activate-profiles} and {@code -D}/{@code --define} arguments; returns the profiles. */
    private static List<String> parse(String[] arguments, SortedMap<String, String> properties,
            SortedSet<String> omitted) {
        final List<String> profiles = new ArrayList<>();
        for (int i = 0; i < arguments.length; i++) {
            final String argument = arguments[i];
            final boolean separate = argument.equals("-P") || argument.equals("--activate-profiles")
                    || argument.equals("-D") || argument.equals("--define");
            final String value = separate ? (i + 1 < arguments.length ? arguments[++i] : "")
                    : argument.length() > 2 ? argument.substring(2) : "";
            if (argument.startsWith("-P") || argument.equals("--activate-profiles")) {
                profiles.add(value);
            } else if (argument.startsWith("-D") || argument.equals("--define")) {
                final int equals = value.indexOf('=');
                // -Dname alone means name=true, as Maven reads it.
                keep(equals < 0 ? value : value.substring(0, equals), equals < 0 ? "true" : value.substring(equals + 1),
                        properties, omitted);
            }
        }
        return profiles;
    }

    private static void keep(String name, String value, Map<String, String> into, SortedSet<String> omitted) {
        if (name.isEmpty()) {
            return;
        }
        if (name.toLowerCase(Locale.ROOT).contains("password") || !Redaction.url(value).equals(value)) {
            omitted.add(name);
        } else {
            into.put(name, value);
        }
    }
}
