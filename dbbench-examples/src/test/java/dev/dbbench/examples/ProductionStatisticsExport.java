package dev.dbbench.examples;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.postgres.EmbeddedPostgresServer;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;

/**
 * Writes {@link ProductionPlansBench}'s statistics file as a team exports theirs: the export query of
 * docs/production-statistics.md, run on a "production" database that holds the table at production's
 * size, on an embedded PostgreSQL 18. Run by {@code dbbench-examples/export-production-statistics.sh};
 * its output is committed beside the class.
 *
 * <p>Production's shape: two million orders of 200,000 customers, one in a hundred still open.
 */
public final class ProductionStatisticsExport {

    /** The schema production and CI share (a team's migrations). */
    static final String SCHEMA = "CREATE TABLE orders (id bigint PRIMARY KEY, customer_id int NOT NULL,"
            + " status text NOT NULL, total numeric(10, 2) NOT NULL);"
            + " CREATE INDEX orders_customer ON orders (customer_id);"
            + " CREATE INDEX orders_open ON orders (id) WHERE status = 'open'";

    private static final int ORDERS = 2_000_000;
    private static final int CUSTOMERS = 200_000;

    private ProductionStatisticsExport() {
    }

    /** @param args the file to write, then the docs page that holds the query */
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: ProductionStatisticsExport <statistics file> <docs/production-statistics.md>");
        }
        final Matcher block = Pattern.compile("```sql\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(Path.of(args[1])));
        if (!block.find()) {
            throw new IllegalStateException(args[1] + " shows no export query (a ```sql block)");
        }
        final List<String> calls = new ArrayList<>();
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(new EngineTarget(EngineKind.POSTGRES, "18",
                new TreeMap<>(), ProviderKind.EMBEDDED, ""));
                ScratchDatabase production = server.createDatabase("production");
                Connection db = production.dataSource().orElseThrow().getConnection();
                Statement statement = db.createStatement()) {
            statement.execute(SCHEMA);
            statement.execute("INSERT INTO orders SELECT g, (g::bigint * 7919) % " + CUSTOMERS + ", CASE WHEN g % 100 = 0"
                    + " THEN 'open' ELSE 'shipped' END, (g % 500) + 0.99 FROM generate_series(1, " + ORDERS + ") g");
            statement.execute("VACUUM ANALYZE orders");
            try (ResultSet rows = statement.executeQuery(block.group(1))) {
                while (rows.next()) {
                    calls.add(rows.getString(1));
                }
            }
        }
        final Path file = Path.of(args[0]);
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, calls);
        System.out.println("wrote " + calls.size() + " restore calls to " + file);
    }
}
