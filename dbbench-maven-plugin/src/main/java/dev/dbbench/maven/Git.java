package dev.dbbench.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The few git commands the A/B needs, run in one repository; a failing command throws with git's own words. */
final class Git {

    /** What a git command printed and how it ended. */
    record Result(int exitCode, String output) {

        boolean succeeded() {
            return exitCode == 0;
        }
    }

    private final Path directory;

    Git(Path directory) {
        this.directory = directory;
    }

    /** Runs {@code git ARGS}; never throws for a non-zero exit. */
    Result run(String... arguments) throws IOException {
        final List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(List.of(arguments));
        final Process process;
        try {
            process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot run git (" + e.getMessage() + "): dbbench:compare needs git on the PATH", e);
        }
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        try {
            return new Result(process.waitFor(), output);
        } catch (InterruptedException e) {
            process.destroy();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while git " + String.join(" ", arguments) + " ran", e);
        }
    }

    /** Runs {@code git ARGS} and returns its output; a non-zero exit is an error that says what failed. */
    String output(String... arguments) throws IOException {
        final Result result = run(arguments);
        if (!result.succeeded()) {
            throw new IOException("git " + String.join(" ", arguments) + " failed in " + directory + ": "
                    + result.output());
        }
        return result.output();
    }
}
