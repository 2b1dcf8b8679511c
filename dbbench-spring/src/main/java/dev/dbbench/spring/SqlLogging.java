package dev.dbbench.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.springframework.core.env.Environment;

/**
 * Says so when an application logs every SQL statement it runs: the timed samples then include
 * writing those lines (counts are unaffected), which is the log's cost, not the code's.
 */
final class SqlLogging {

    private static final List<String> SWITCHES = List.of("spring.jpa.show-sql",
            "spring.jpa.properties.hibernate.show_sql");
    private static final List<String> LOGGERS = List.of("logging.level.org.hibernate.SQL",
            "logging.level.org.springframework.jdbc.core", "logging.level.org.springframework.jdbc.core.JdbcTemplate");

    private SqlLogging() {
    }

    /** What to print when the application logs its statements; empty when it does not. */
    static Optional<String> note(String application, Environment environment) {
        final List<String> on = new ArrayList<>();
        SWITCHES.stream().filter(key -> "true".equalsIgnoreCase(environment.getProperty(key))).forEach(on::add);
        LOGGERS.stream().filter(key -> List.of("debug", "trace").contains(
                environment.getProperty(key, "").toLowerCase(Locale.ROOT)))
                .forEach(key -> on.add(key + "=" + environment.getProperty(key)));
        if (on.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("dbbench: note: " + application + " logs every SQL statement (" + String.join(", ", on)
                + "): the timed samples include writing those lines, the counts do not. Switch it off for benchmark"
                + " classes, e.g. @SpringBootTest(properties = \"spring.jpa.show-sql=false\")");
    }
}
