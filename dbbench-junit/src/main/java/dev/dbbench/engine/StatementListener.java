package dev.dbbench.engine;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Told of each statement a benchmark's JDBC connections execute, right before the driver executes
 * it: one statement, or the statements of a batch.
 */
@FunctionalInterface
public interface StatementListener {

    /** One statement as the body executes it: its text and its parameters, in order. */
    record Executed(String sql, List<Object> parameters) {

        public Executed {
            parameters = Collections.unmodifiableList(new ArrayList<>(parameters));
        }
    }

    void executing(List<Executed> statements) throws SQLException;
}
