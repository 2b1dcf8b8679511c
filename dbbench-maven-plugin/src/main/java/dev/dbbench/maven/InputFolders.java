package dev.dbbench.maven;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Folders named on the command line, comma-separated, each a path or a glob such as
 * {@code target/recorded/recorded-baselines-*} (the shell leaves a glob inside {@code -Dkey=value}
 * alone, so the goal expands it), relative to the folder the command runs in.
 */
final class InputFolders {

    private InputFolders() {
    }

    /** The folders, in the order named, each glob's matches sorted; one that matches nothing is an error. */
    static List<Path> expand(String list, Path base, String parameter) throws IOException {
        final List<Path> folders = new ArrayList<>();
        for (String item : list.split(",")) {
            final String pattern = item.trim();
            if (pattern.isEmpty()) {
                continue;
            }
            final List<Path> matches = matches(base.resolve(pattern).normalize());
            if (matches.isEmpty()) {
                throw new IllegalArgumentException(parameter + " names " + pattern + ", but nothing at "
                        + base.resolve(pattern).normalize() + " exists: name the downloaded folders (e.g."
                        + " target/recorded/recorded-baselines-*)");
            }
            folders.addAll(matches);
        }
        if (folders.isEmpty()) {
            throw new IllegalArgumentException(parameter + " names no folder");
        }
        return folders;
    }

    private static List<Path> matches(Path pattern) throws IOException {
        if (!pattern.toString().matches(".*[*?\\[{].*")) {
            return Files.exists(pattern) ? List.of(pattern) : List.of();
        }
        // Walk from the deepest folder above the first wildcard, as deep as the pattern goes.
        Path start = pattern.getRoot();
        int depth = 0;
        boolean wild = false;
        for (Path segment : pattern) {
            wild = wild || segment.toString().matches(".*[*?\\[{].*");
            if (wild) {
                depth++;
            } else {
                start = start.resolve(segment);
            }
        }
        if (!Files.isDirectory(start)) {
            return List.of();
        }
        final PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        try (Stream<Path> paths = Files.walk(start, depth)) {
            return paths.filter(matcher::matches).sorted().toList();
        }
    }
}
