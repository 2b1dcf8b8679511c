package dev.dbbench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds method and constructor bodies longer than a limit in Java source, counting from the line of
 * the declaration to the line of its closing brace. Reads braces outside strings, characters and
 * line comments, which is enough for this project's code.
 */
final class MethodLengths {

    /** A declaration line: modifiers, a return type or none, a name and an opening parenthesis. */
    private static final Pattern DECLARATION = Pattern.compile(
            "^\\s+(?:(?:public|protected|private|static|final|synchronized|default|abstract)\\s+)*"
                    + "(?:<[^>]+>\\s+)?(?:[\\w.<>\\[\\], ?]+\\s+)?\\w+\\s*\\(.*");
    private static final Pattern NOT_A_DECLARATION = Pattern.compile(
            "^\\s*(?:return|new|if|for|while|switch|catch|try|else|throw|case|yield|super|this)\\b.*|.*[=;].*\\(.*"
                    + "|.*\\b(?:class|record|interface|enum)\\s.*");

    private MethodLengths() {
    }

    static List<String> longerThan(int limit, List<String> lines, Path file) {
        final List<String> found = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            final String line = lines.get(i);
            if (DECLARATION.matcher(line).matches() && !NOT_A_DECLARATION.matcher(line).matches()) {
                final int end = closingBrace(lines, i);
                if (end > i && end - i + 1 > limit) {
                    found.add(file + ":" + (i + 1) + " is " + (end - i + 1) + " lines: " + line.strip());
                }
                if (end > i) {
                    i = end;
                }
            }
            i++;
        }
        return found;
    }

    /** The line of the brace that closes the body opened on or after {@code start}, or -1 for none (a declaration). */
    private static int closingBrace(List<String> lines, int start) {
        int depth = 0;
        boolean opened = false;
        for (int j = start; j < lines.size(); j++) {
            final String code = lines.get(j)
                    .replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\"")
                    .replaceAll("'(\\\\.|[^'\\\\])'", "''")
                    .replaceAll("//.*", "");
            if (!opened && code.contains(";") && !code.contains("{")) {
                return -1;
            }
            for (char c : code.toCharArray()) {
                if (c == '{') {
                    depth++;
                    opened = true;
                } else if (c == '}') {
                    depth--;
                }
            }
            if (opened && depth == 0) {
                return j;
            }
        }
        return -1;
    }
}
