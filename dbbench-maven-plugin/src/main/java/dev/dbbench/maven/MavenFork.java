package dev.dbbench.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.apache.maven.execution.MavenSession;

/**
 * A separate {@code mvn} run, started with the same Maven that runs the goal: a fresh JVM, so the
 * run it makes (its tests, its servers) shares nothing with this one.
 *
 * <p>Its environment is this one's without {@code GITHUB_STEP_SUMMARY}: the forked run is part of a
 * goal that writes its own job summary, and must not append a table of its own.
 */
final class MavenFork {

    /** What a finished fork returned and how long it took. */
    record Outcome(int exitCode, long nanos) {

        boolean succeeded() {
            return exitCode == 0;
        }
    }

    private final Path executable;
    private final List<String> options;

    /** @param options the calling build's own Maven options that every fork keeps, before its arguments */
    MavenFork(Path executable, List<String> options) {
        this.executable = executable;
        this.options = List.copyOf(options);
    }

    /**
     * The {@code mvn} of the Maven installation this JVM runs in ({@code maven.home}), run as this
     * session is: offline when it is, with the settings file it reads.
     */
    static MavenFork current(MavenSession session) {
        final String home = System.getProperty("maven.home");
        if (home == null || home.isBlank()) {
            throw new IllegalStateException("maven.home is not set: run the goal with mvn");
        }
        final boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        return new MavenFork(Paths.get(home, "bin", windows ? "mvn.cmd" : "mvn"),
                options(session.isOffline(), Optional.ofNullable(session.getRequest().getUserSettingsFile())));
    }

    /**
     * {@code -o} for an offline build, whose fork must not reach the network either, and {@code -s}
     * with the user settings file where there is one (its mirrors and repositories).
     */
    static List<String> options(boolean offline, Optional<File> userSettings) {
        final List<String> options = new ArrayList<>();
        if (offline) {
            options.add("-o");
        }
        userSettings.filter(File::isFile).ifPresent(file -> options.addAll(List.of("-s", file.getPath())));
        return options;
    }

    /** The command line, for messages: what a user would type to do the same. */
    static String describe(List<String> arguments) {
        final List<String> words = new ArrayList<>();
        words.add("mvn");
        for (String argument : arguments) {
            words.add(argument.matches("[A-Za-z0-9_./:=,@+-]*") ? argument : "'" + argument + "'");
        }
        return String.join(" ", words);
    }

    /**
     * Runs {@code mvn} with these arguments in {@code directory}, its output into {@code log} or, when
     * empty, onto this process's own output.
     */
    Outcome run(List<String> arguments, Path directory, Optional<Path> log) throws IOException {
        final List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(options);
        command.addAll(arguments);
        final ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().remove("GITHUB_STEP_SUMMARY");
        if (log.isPresent()) {
            Files.createDirectories(log.get().getParent());
            final File file = log.get().toFile();
            builder.redirectErrorStream(true).redirectOutput(file);
        } else {
            builder.inheritIO();
        }
        final long started = System.nanoTime();
        final Process process = builder.start();
        // A Maven stopped by Ctrl-C or a CI timeout takes its fork (and the fork's test JVM) along.
        final Thread stop = new Thread(() -> stop(process));
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            final int exitCode = process.waitFor();
            return new Outcome(exitCode, System.nanoTime() - started);
        } catch (InterruptedException e) {
            stop(process);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + describe(arguments) + " ran in " + directory, e);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException shuttingDown) {
                // The hook runs now; nothing to remove.
            }
        }
    }

    private static void stop(Process process) {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
    }
}
