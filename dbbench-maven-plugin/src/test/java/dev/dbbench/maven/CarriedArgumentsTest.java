package dev.dbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.dbbench.config.Invocation;
import org.junit.jupiter.api.Test;

class CarriedArgumentsTest {

    private static final Invocation EXAMPLES = new Invocation(Optional.of(List.of("examples")),
            new TreeMap<>(Map.of("junit.version", "5.14.4", "test", "OrderBench", "dbbench.shard", "1/2")),
            new TreeMap<>(Map.of("dbbench.provider", "embedded", "dbbench.baseline.mode", "compare")),
            new TreeSet<>(Set.of("dbbench.postgres.password")));

    @Test
    void aForkGetsTheRunsProfilesAndPropertiesThenThisCommandsButNeverTheKeysEachGoalSets() {
        final Properties command = new Properties();
        command.setProperty("dbbench.provider", "containers");
        command.setProperty("dbbench.base", "main");
        command.setProperty("dbbench.compare.rounds", "20");

        final CarriedArguments carried = CarriedArguments.of(List.of(EXAMPLES), List.of("ci"), command);

        assertThat(carried.arguments()).containsExactly("-Pexamples,ci", "-Ddbbench.provider=containers",
                "-Djunit.version=5.14.4");
        assertThat(carried.with(Map.of("test", "OrderBench#find")).arguments()).contains("-Dtest=OrderBench#find");
        assertThat(carried.notes()).singleElement().asString().contains("dbbench.postgres.password");
    }

    @Test
    void aRunThatCouldNotRecordItsProfilesSaysToPassThem() {
        final CarriedArguments carried = CarriedArguments.of(List.of(Invocation.UNKNOWN), List.of(), new Properties());

        assertThat(carried.arguments()).isEmpty();
        assertThat(carried.notes()).singleElement().asString().contains("pass them to this goal with -P");
    }
}
