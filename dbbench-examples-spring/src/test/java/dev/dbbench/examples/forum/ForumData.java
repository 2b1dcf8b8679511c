package dev.dbbench.examples.forum;

import dev.dbbench.api.DbFixture;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What the forum's benchmark classes extend: their database, a copy of the migrated schema, filled
 * through the application's own pool with 2,000 members, 10,000 topics (five a member) and 200,000
 * posts (twenty a topic).
 */
public abstract class ForumData {

    @Autowired
    protected JdbcTemplate jdbc;

    @DbFixture
    void forum() {
        jdbc.execute("INSERT INTO member SELECT g, 'member' || g FROM generate_series(1, 2000) g");
        jdbc.execute("INSERT INTO topic SELECT g, 'topic ' || g, 1 + g % 2000 FROM generate_series(1, 10000) g");
        jdbc.execute("INSERT INTO post SELECT g, 1 + g % 10000, 1 + (g * 7) % 2000,"
                + " timestamptz '2026-01-01' + g * interval '1 minute', repeat('words ', 20 + g % 40)"
                + " FROM generate_series(1, 200000) g");
        jdbc.execute("ANALYZE");
    }
}
