package dev.dbbench.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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

    static void note(String application, Environment environment) {
        final List<String> on = new ArrayList<>();
        SWITCHES.stream().filter(key -> "true".equalsIgnoreCase(environment.getProperty(key))).forEach(on::add);
        LOGGERS.stream().filter(key -> List.of("debug", "trace").contains(
                environment.getProperty(key, "").toLowerCase(Locale.ROOT))).map(key -> key + "=" + environment.getProperty(key))
                .forEach(on::add);
        if (!on.isEmpty()) {
            System.out.println("dbbench: note: " + application + " logs every SQL statement (" + String.join(", ", on)
                    + "): the timed samples include writing those lines, the counts do not. Switch it off for"
                    + " benchmark classes, e.g. @SpringBootTest(properties = \"spring.jpa.show-sql=false\")");
        }
    }
}
