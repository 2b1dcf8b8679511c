package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.dbbench.text.Digests;

/**
 * A cluster made by {@code initdb} once per machine, which embedded servers copy instead of running
 * {@code initdb} each: the copy only creates the cluster's thousand files, where initdb also runs
 * PostgreSQL in bootstrap mode to fill them, and takes a fraction of its time. A template is kept per
 * everything that decides initdb's output: its command line (binaries, arguments, the user-namespace
 * prefix) and the locale and time-zone variables it reads. A copy is a fresh cluster like initdb's,
 * except that every copy of one template has the same database system identifier.
 */
final class ClusterTemplate {

    /** The variables initdb reads for the cluster's locales and its log time zone. */
    private static final List<String> ENVIRONMENT = List.of("LANG", "LC_ALL", "LC_COLLATE", "LC_CTYPE",
            "LC_MESSAGES", "LC_MONETARY", "LC_NUMERIC", "LC_TIME", "TZ");
    /** Written last, so a template without it was never finished: it is made anew. */
    private static final String COMPLETE = "complete";
    /** Where a template is made, or put aside to be deleted; renamed, never written in place. */
    private static final String TRANSIENT = "making-";
    /** Far beyond initdb's time limit: a transient directory this old belongs to a JVM that died. */
    private static final Duration ABANDONED = Duration.ofMinutes(10);

    private final Path templates;
    /** Holds {@code data}, the cluster, and the completion marker. */
    private final Path directory;
    private final PostgresProcess.DataMaker initdb;

    /**
     * @param templates the directory holding the templates of this machine
     * @param command initdb's command line without the data directory: what decides the cluster with
     *     the environment
     * @param initdb runs that command line for a data directory; fails with initdb's log
     */
    ClusterTemplate(Path templates, List<String> command, PostgresProcess.DataMaker initdb) {
        final List<String> inputs = new ArrayList<>(command);
        ENVIRONMENT.forEach(variable -> inputs.add(variable + "=" + System.getenv().getOrDefault(variable, "")));
        this.templates = templates;
        this.directory = templates.resolve("cluster-" + Digests.sha256(String.join("\0", inputs), 8));
        this.initdb = initdb;
    }

    /**
     * Fills {@code data}, which must not exist, with a fresh cluster: a copy of the template, made
     * first when there is none. A template that does not copy whole is put aside and this cluster
     * made by initdb; the next start makes the template anew.
     */
    void copyTo(Path data) throws IOException {
        if (!Files.exists(directory.resolve(COMPLETE))) {
            make();
        }
        try {
            copy(directory.resolve("data"), data, Contents.parse(Files.readString(directory.resolve(COMPLETE))));
        } catch (IOException e) {
            // Damaged since it was made (a cleaner of old temporary files may have taken some of them)
            // or put aside by another JVM meanwhile.
            putAside();
            PostgresInstallation.deleteRecursively(data);
            initdb.make(data);
        }
    }

    /**
     * Runs initdb beside the template and renames the result into place, so that a template under its
     * name is always whole and JVMs making one at once need no lock: the first rename wins.
     */
    private void make() throws IOException {
        Files.createDirectories(templates);
        PostgresInstallation.removeAbandoned(templates, TRANSIENT, ABANDONED);
        final Path making = Files.createTempDirectory(templates, TRANSIENT);
        try {
            final Path data = making.resolve("data");
            initdb.make(data);
            Files.writeString(making.resolve(COMPLETE), Contents.of(data).format(), StandardCharsets.UTF_8);
            if (Files.exists(directory) && !Files.exists(directory.resolve(COMPLETE))) {
                putAside();
            }
            try {
                Files.move(making, directory, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Files.exists(directory.resolve(COMPLETE))) {
                    throw e;
                }
            }
        } finally {
            PostgresInstallation.deleteRecursively(making);
        }
    }

    /** Renames the template away, then deletes it: no JVM sees a template half deleted. */
    private void putAside() {
        try {
            final Path aside = Files.createTempDirectory(templates, TRANSIENT);
            try {
                Files.move(directory, aside.resolve("cluster"), StandardCopyOption.ATOMIC_MOVE);
            } finally {
                PostgresInstallation.deleteRecursively(aside);
            }
        } catch (IOException e) {
            // Gone already, put aside by another JVM.
        }
    }

    /**
     * Copies a data directory with its files' modes: PostgreSQL refuses a data directory whose mode is not
     * 0700 or 0750.
     */
    private static void copy(Path from, Path to, Contents expected) throws IOException {
        final Contents copied = walk(from, to);
        if (!copied.equals(expected)) {
            throw new IOException("the template at " + from + " holds " + copied.format() + ", not "
                    + expected.format());
        }
    }

    /** Copies the tree {@code from} to {@code to} unless that is null; either way counts its files. */
    private static Contents walk(Path from, Path to) throws IOException {
        final long[] files = new long[1];
        final long[] bytes = new long[1];
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes)
                    throws IOException {
                if (to != null) {
                    Files.copy(directory, to.resolve(from.relativize(directory).toString()),
                            StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (to != null) {
                    Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                }
                files[0]++;
                bytes[0] += attributes.size();
                return FileVisitResult.CONTINUE;
            }
        });
        return new Contents(files[0], bytes[0]);
    }

    /**
     * How many files a cluster holds and their bytes, recorded in the completion marker: a template
     * that lost files since, or got them cut short, is told apart from a whole one.
     */
    private record Contents(long files, long bytes) {

        static Contents of(Path data) throws IOException {
            return walk(data, null);
        }

        static Contents parse(String marker) throws IOException {
            final String[] words = marker.strip().split(" ");
            try {
                return new Contents(Long.parseLong(words[0]), Long.parseLong(words[2]));
            } catch (RuntimeException e) {
                throw new IOException("not a template's completion marker: " + marker, e);
            }
        }

        String format() {
            return files + " files, " + bytes + " bytes";
        }
    }
}
