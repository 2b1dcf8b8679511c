package dev.dbbench.maven;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.config.Invocation;

/**
 * The {@code -P} profiles and {@code -D} properties a forked run gets, so it runs the benchmarks as
 * the run that wrote {@code results.json} did: what that run recorded (its command line's profiles
 * and properties, the {@code dbbench.*} settings its test JVM saw), then this goal's own command
 * line, which wins. Never carried: the goals' own keys, {@code test} and the baseline mode (each goal
 * sets them) and {@code dbbench.shard} (it would narrow the rerun to one shard's benchmarks).
 *
 * @param notes what the user should know about what could not be carried
 */
record CarriedArguments(List<String> profiles, SortedMap<String, String> properties, List<String> notes) {

    private static final Set<String> NEVER = Set.of("test", "dbbench.baseline.mode", "dbbench.shard",
            "surefire.failIfNoSpecifiedTests", "maven.test.failure.ignore");
    private static final List<String> GOAL_KEYS = List.of("dbbench.base", "dbbench.compare.", "dbbench.accept.",
            "dbbench.merge.");

    CarriedArguments {
        profiles = List.copyOf(profiles);
        properties = new TreeMap<>(properties);
        notes = List.copyOf(notes);
    }

    /**
     * @param recorded the invocations of the runs whose results the goal reads
     * @param profiles this command's {@code -P} arguments
     * @param userProperties this command's {@code -D} properties
     */
    static CarriedArguments of(List<Invocation> recorded, List<String> profiles, Properties userProperties) {
        final Set<String> allProfiles = new LinkedHashSet<>();
        final SortedMap<String, String> properties = new TreeMap<>();
        final List<String> notes = new ArrayList<>();
        for (Invocation invocation : recorded) {
            invocation.profiles().ifPresentOrElse(allProfiles::addAll, () -> notes.add("the run did not record its"
                    + " Maven profiles (it was not started by mvn): pass them to this goal with -P"));
            properties.putAll(invocation.settings());
            properties.putAll(invocation.mavenProperties());
            if (!invocation.omitted().isEmpty()) {
                notes.add("not carried, as they hold credentials: " + String.join(", ", invocation.omitted())
                        + "; pass them to this goal with -D where the run needs them");
            }
        }
        allProfiles.addAll(profiles);
        userProperties.stringPropertyNames().forEach(name -> properties.put(name, userProperties.getProperty(name)));
        properties.keySet().removeIf(CarriedArguments::neverCarried);
        return new CarriedArguments(new ArrayList<>(allProfiles), properties, notes.stream().distinct().toList());
    }

    private static boolean neverCarried(String key) {
        return NEVER.contains(key) || GOAL_KEYS.stream().anyMatch(key::startsWith);
    }

    /** The same with these properties set, replacing any carried value. */
    CarriedArguments with(Map<String, String> set) {
        final SortedMap<String, String> replaced = new TreeMap<>(properties);
        replaced.putAll(set);
        return new CarriedArguments(profiles, replaced, notes);
    }

    /** {@code -Pa,b} (when there are profiles) and one {@code -Dkey=value} per property. */
    List<String> arguments() {
        final List<String> arguments = new ArrayList<>();
        if (!profiles.isEmpty()) {
            arguments.add("-P" + String.join(",", profiles));
        }
        properties.forEach((key, value) -> arguments.add("-D" + key + "=" + value));
        return arguments;
    }
}
