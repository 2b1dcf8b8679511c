package dev.dbbench.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Which test JVMs are one run: the forks of one Maven process; any other JVM is a run of its own. */
class RunIdTest {

    private static final Instant MAVEN_START = Instant.parse("2026-12-03T10:00:00.120Z");
    private static final Instant FORK_START = Instant.parse("2026-12-03T10:00:09.870Z");
    private static final String JAVA = "/usr/lib/jvm/java-17/bin/java";
    private static final RunId.ProcessFacts MAVEN = new RunId.ProcessFacts(4242, Optional.of(MAVEN_START), JAVA,
            JAVA + " -classpath /usr/share/maven/boot/plexus-classworlds-2.9.0.jar -Dclassworlds.conf=/usr/share/maven/"
                    + "bin/m2.conf -Dmaven.home=/usr/share/maven org.codehaus.plexus.classworlds.launcher.Launcher -B verify");
    private static final RunId.ProcessFacts FORK = new RunId.ProcessFacts(5001, Optional.of(FORK_START), JAVA,
            JAVA + " @/tmp/surefire123/surefireargs-1 /tmp/surefire123 2026-12-03T10-00-09_870-jvmRun1 surefire-1.tmp");
    private static final RunId.ProcessFacts SHELL = new RunId.ProcessFacts(5000, Optional.of(FORK_START), "/bin/sh",
            "/bin/sh -c cd '/work/orders' && '" + JAVA + "' '@/tmp/surefire123/surefireargs-1'");

    @Test
    void everyForkOfOneMavenProcessIsItsRun() {
        final RunId run = RunId.of(FORK, List.of(MAVEN));

        assertThat(run).isEqualTo(new RunId("maven:4242@2026-12-03T10:00:00.120Z"));
        final RunId.ProcessFacts secondFork = new RunId.ProcessFacts(5002, Optional.of(FORK_START), JAVA,
                FORK.commandLine().replace("jvmRun1", "jvmRun2"));
        assertThat(RunId.of(secondFork, List.of(MAVEN))).isEqualTo(run);
        // Surefire starts a fork through a shell, which some shells keep as the fork's parent.
        assertThat(RunId.of(FORK, List.of(SHELL, MAVEN))).isEqualTo(run);
    }

    @Test
    void anotherMavenProcessIsAnotherRun() {
        final RunId.ProcessFacts nextBuild = new RunId.ProcessFacts(4242, Optional.of(MAVEN_START.plusSeconds(600)),
                JAVA, MAVEN.commandLine());

        assertThat(RunId.of(FORK, List.of(nextBuild))).isNotEqualTo(RunId.of(FORK, List.of(MAVEN)));
    }

    @Test
    void aJvmNotForkedByMavenIsARunOfItsOwn() {
        final RunId alone = new RunId("jvm:5001@2026-12-03T10:00:09.870Z");
        final RunId.ProcessFacts ide = new RunId.ProcessFacts(3000, Optional.of(MAVEN_START), "/opt/idea/jbr/bin/java",
                "/opt/idea/jbr/bin/java -classpath /opt/idea/lib/app.jar com.intellij.idea.Main");
        final RunId.ProcessFacts gradle = new RunId.ProcessFacts(3001, Optional.of(MAVEN_START), JAVA,
                JAVA + " -cp gradle-daemon-main-8.10.jar org.gradle.launcher.daemon.bootstrap.GradleDaemon 8.10");

        assertThat(RunId.of(FORK, List.of(ide))).isEqualTo(alone);
        assertThat(RunId.of(FORK, List.of(gradle, MAVEN))).isEqualTo(alone);
        // A shell with no Maven above it: a test JVM started by hand.
        assertThat(RunId.of(FORK, List.of(SHELL, ide))).isEqualTo(alone);
        assertThat(RunId.of(FORK, List.of())).isEqualTo(alone);
    }

    @Test
    void testsInsideMavensOwnJvmAreARunOfTheirOwn() {
        final RunId.ProcessFacts outerMaven = new RunId.ProcessFacts(4000, Optional.of(MAVEN_START), JAVA,
                MAVEN.commandLine());

        // forkCount=0: this JVM is Maven; even a Maven above it (a build that started this one) is not its run.
        assertThat(RunId.of(MAVEN, List.of(outerMaven))).isEqualTo(new RunId("jvm:4242@2026-12-03T10:00:00.120Z"));
    }

    @Test
    void aMavenParentWhoseStartCannotBeReadIsNotTrusted() {
        final RunId.ProcessFacts unknownStart = new RunId.ProcessFacts(4242, Optional.empty(), JAVA,
                MAVEN.commandLine());
        final RunId.ProcessFacts unreadable = new RunId.ProcessFacts(4242, Optional.empty(), "", "");

        // A reused process id alone could join this run to an old one.
        assertThat(RunId.of(FORK, List.of(unknownStart)).stored()).startsWith("jvm:5001@");
        assertThat(RunId.of(FORK, List.of(unreadable)).stored()).startsWith("jvm:5001@");
    }

    @Test
    void thisForkOfMavensSurefireBelongsToTheMavenRun() {
        // Surefire's forks, and only they, name the class path they were given in this property.
        assumeTrue(System.getProperty("surefire.real.class.path") != null, "run in a Surefire fork");

        assertThat(RunId.current().stored()).matches("maven:\\d+@\\d{4}-.+");
        assertThat(RunId.current()).isSameAs(RunId.current());
    }
}
