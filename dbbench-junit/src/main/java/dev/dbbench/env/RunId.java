package dev.dbbench.env;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which run a test JVM belongs to, so the test JVMs of one run write one report. Every test JVM
 * that one {@code mvn} invocation forks (Surefire's and Failsafe's forks) is started by that Maven
 * process, so they share {@code maven:<pid>@<start>}; a JVM started any other way (an IDE,
 * Gradle, Surefire running the tests inside Maven's own JVM, a parent whose facts cannot be read) is a
 * run of its own, {@code jvm:<pid>@<start>}. A process id with its start instant names one process
 * of this boot even when ids are reused.
 *
 * @param stored the id as the report directory's marker stores it
 */
public record RunId(String stored) {

    /**
     * What identifies a process and tells whether it is Maven.
     *
     * @param command its executable, such as {@code /bin/sh}; empty when unreadable
     * @param commandLine its executable and arguments; empty when unreadable
     */
    public record ProcessFacts(long pid, Optional<Instant> start, String command, String commandLine) {

        static ProcessFacts of(ProcessHandle process) {
            final ProcessHandle.Info info = process.info();
            return new ProcessFacts(process.pid(), info.startInstant(), info.command().orElse(""),
                    info.commandLine().or(() -> info.arguments().map(arguments -> String.join(" ", arguments)))
                            .orElse(""));
        }

        /** Maven's launcher runs Maven in every {@code mvn} (and the wrapper's) JVM. */
        boolean isMaven() {
            return commandLine.contains("org.codehaus.plexus.classworlds")
                    || commandLine.contains("plexus-classworlds");
        }

        /** Surefire starts a fork through {@code /bin/sh -c "cd ... && java ..."} where the shell does not exec it. */
        boolean isShell() {
            final String name = command.substring(command.lastIndexOf('/') + 1);
            return name.matches("(ba|da|z|k|mk)?sh");
        }
    }

    /** How many of its ancestors a test JVM looks at: a shell between it and Maven, and Maven. */
    private static final int ANCESTORS = 2;

    private static final RunId CURRENT = of(ProcessFacts.of(ProcessHandle.current()), ancestors());

    /** This JVM's run, found once per JVM. */
    public static RunId current() {
        return CURRENT;
    }

    /**
     * The run of a JVM with these ancestors.
     *
     * @param self this JVM
     * @param ancestors its parent, then the parent's parent, as far as they can be read
     */
    public static RunId of(ProcessFacts self, List<ProcessFacts> ancestors) {
        final RunId alone = new RunId("jvm:" + self.pid() + "@" + self.start().orElseGet(Instant::now));
        if (self.isMaven()) {
            // The tests run inside Maven's own JVM (forkCount=0): nothing else writes with them.
            return alone;
        }
        for (ProcessFacts ancestor : ancestors) {
            if (ancestor.isMaven()) {
                // Without its start, a reused process id could join this run to an old one.
                return ancestor.start().map(start -> new RunId("maven:" + ancestor.pid() + "@" + start)).orElse(alone);
            }
            if (!ancestor.isShell()) {
                return alone;
            }
        }
        return alone;
    }

    private static List<ProcessFacts> ancestors() {
        final List<ProcessFacts> ancestors = new ArrayList<>();
        Optional<ProcessHandle> next = ProcessHandle.current().parent();
        while (next.isPresent() && ancestors.size() < ANCESTORS) {
            ancestors.add(ProcessFacts.of(next.get()));
            next = next.get().parent();
        }
        return ancestors;
    }

    @Override
    public String toString() {
        return stored;
    }
}
