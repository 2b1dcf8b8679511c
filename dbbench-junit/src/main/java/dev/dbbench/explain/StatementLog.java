package dev.dbbench.explain;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The SQL statements a benchmark body executed, in first-seen order, with counts and their last parameters. */
public final class StatementLog {

    /** One distinct statement text. */
    public record Entry(String sql, int executions, List<Object> parameters) {

        public Entry {
            parameters = Collections.unmodifiableList(new ArrayList<>(parameters));
        }
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>();

    synchronized void executed(String sql, List<Object> parameters) {
        final Entry previous = entries.get(sql);
        entries.put(sql, new Entry(sql, previous == null ? 1 : previous.executions() + 1, parameters));
    }

    public synchronized List<Entry> entries() {
        return List.copyOf(entries.values());
    }

    /** Statements executed in all, counting repeats. */
    public synchronized int executions() {
        return entries.values().stream().mapToInt(Entry::executions).sum();
    }
}
