package dev.dbbench.explain;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.dbbench.text.SqlText;

/**
 * The SQL statements a benchmark body executed, in first-seen order, each with its executions and
 * the text and parameters of its last execution. Statements are told apart by their normalized text
 * ({@link SqlText}): the same query with another literal is the same statement executed again.
 */
public final class StatementLog {

    /** One distinct statement. */
    public record Entry(String sql, int executions, List<Object> parameters) {

        public Entry {
            parameters = Collections.unmodifiableList(new ArrayList<>(parameters));
        }
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>();

    synchronized void executed(String sql, List<Object> parameters) {
        final String key = SqlText.normalized(sql);
        final Entry previous = entries.get(key);
        entries.put(key, new Entry(sql, previous == null ? 1 : previous.executions() + 1, parameters));
    }

    public synchronized List<Entry> entries() {
        return List.copyOf(entries.values());
    }

    /** Statements executed in all, counting repeats. */
    public synchronized int executions() {
        return entries.values().stream().mapToInt(Entry::executions).sum();
    }

    /**
     * Statements executed in all as the server counts them: a text holding several statements
     * separated by semicolons is several.
     */
    public synchronized long serverStatements() {
        return entries.values().stream().mapToLong(entry -> (long) entry.executions() * SqlText.statements(entry.sql()))
                .sum();
    }
}
