package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why an instruction count moved, on real embedded PostgreSQL under valgrind: three changes whose
 * cause is known (a hash join that became a nested loop, an added sort, a column now detoasted) each
 * fail naming the server functions that did the new work, and the report shows a table of them.
 */
class InstructionProfileTest {

    /** The background of a rise in a table of functions (the report's style: table.detail td.up). */
    private static final int RISE = 0xfdeded;

    /** The background of a fall (table.detail td.down). */
    private static final int FALL = 0xeaf5ec;

    /** Where a copy of the report's screenshot goes when set, such as the documentation's image. */
    private static final String SCREENSHOT_COPY = "instruction-profile.screenshot";

    static volatile boolean nestedLoop;
    static volatile boolean sorted;
    static volatile boolean detoasted;

    @TempDir
    Path temp;

    @BeforeAll
    static void valgrindIsInstalled() {
        Requirements.valgrind();
    }

    @BeforeEach
    void unchanged() {
        nestedLoop = false;
        sorted = false;
        detoasted = false;
    }

    @Test
    void eachKnownChangeFailsNamingTheFunctionsThatDidTheNewWork() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.COUNT_INSTRUCTIONS, "auto")
                .with(ConfigKeys.GATE_TIME, "off");
        runner.run(ProfileCase.class).testEvents().assertStatistics(stats -> stats.succeeded(3));
        final JsonNode recorded = runner.entry(ProfileCase.class, "join [postgres 17 embedded]").get("instructions");
        final JsonNode profile = recorded.get("profile");
        assertThat(profile).isNotNull();
        profile.forEach(functions -> assertThat(functions.size()).isLessThanOrEqualTo(2 * 20 + 1));
        final String file = Files.readString(runner.baselineFile(ProfileCase.class));
        for (String method : List.of("join", "listing", "documents")) {
            System.out.printf("the profile of %s adds %,d bytes to its baseline entry%n", method,
                    profileBytes(file, method + " [postgres 17 embedded]"));
        }

        nestedLoop = true;
        sorted = true;
        detoasted = true;
        runner.run(ProfileCase.class).testEvents().assertStatistics(stats -> stats.failed(3));

        final String join = instructionMessage(runner, "join");
        System.out.println(join);
        assertThat(join).contains("INSTRUCTION REGRESSION in InstructionProfileTest$ProfileCase.join")
                .contains("functions, self: ").contains("ExecNestLoop +");
        assertThat(join + tableRows(runner, "join")).contains("ExecHashJoin");
        // results.json shows the tables of what moved, not whole profiles.
        assertThat(runner.result("join").get("instructions").has("profile")).isFalse();

        final String listing = instructionMessage(runner, "listing");
        System.out.println(listing);
        assertThat(listing).contains("INSTRUCTION REGRESSION").containsPattern("tuplesort_\\w+ \\+|qsort\\w* \\+");

        final String documents = instructionMessage(runner, "documents");
        System.out.println(documents);
        assertThat(documents).contains("INSTRUCTION REGRESSION")
                .containsPattern("(detoast_attr|toast_\\w+|pglz_decompress\\w*|heap_fetch_toast_slice) \\+");

        final Path png = ReportScreenshot.check(runner, temp, "report", 4800, "<table class=\"detail\">", "ExecNestLoop",
                "inclusive, change");
        final Path table = temp.resolve("instruction-profile.png");
        ImageIO.write(firstTable(ImageIO.read(png.toFile())), "png", table.toFile());
        final String copy = System.getProperty(SCREENSHOT_COPY, "");
        if (!copy.isBlank()) {
            Files.copy(table, Path.of(copy), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * The part of a screenshot of the report that shows its first table of functions: the rows its
     * rises and falls are painted in, with the title and headings above them.
     */
    private static BufferedImage firstTable(BufferedImage page) {
        int first = -1;
        int last = -1;
        for (int y = 0; y < page.getHeight(); y++) {
            boolean painted = false;
            for (int x = 0; x < page.getWidth() && !painted; x++) {
                final int rgb = page.getRGB(x, y) & 0xffffff;
                painted = rgb == RISE || rgb == FALL;
            }
            if (painted && first >= 0 && y - last > 80) {
                break;
            }
            if (painted) {
                first = first < 0 ? y : first;
                last = y;
            }
        }
        assertThat(first).as("rows of changes painted in the screenshot").isNotNegative();
        final int top = Math.max(0, first - 110);
        return page.getSubimage(0, top, page.getWidth(), Math.min(page.getHeight(), last + 30) - top);
    }

    /** The bytes of an entry's profile as the baseline file holds it, from its key to its closing brace. */
    private static int profileBytes(String file, String key) {
        final int start = file.indexOf("\"profile\" :", file.indexOf("\"" + key + "\""));
        final int lineStart = file.lastIndexOf('\n', start) + 1;
        final String closing = "\n" + " ".repeat(start - lineStart) + "}";
        // The comma and line break that separate it from the field before it belong to it too.
        return file.indexOf(closing, start) + closing.length() - file.lastIndexOf(',', start);
    }

    private static String instructionMessage(FixtureRunner runner, String method) throws Exception {
        return FixtureRunner.metric(runner.result(method), "instructions").get("message").asText();
    }

    private static String tableRows(FixtureRunner runner, String method) throws Exception {
        final List<String> rows = new ArrayList<>();
        FixtureRunner.metric(runner.result(method), "instructions").path("tables")
                .forEach(table -> table.get("rows").forEach(row -> rows.add(row.toString())));
        return String.join("\n", rows);
    }

    @Postgres
    static class ProfileCase {

        @BeforeAll
        static void load(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                // No key on customers.id: a nested loop cannot look customers up by index.
                statement.execute("CREATE TABLE customers (id int, region int)");
                statement.execute("INSERT INTO customers SELECT g, g % 10 FROM generate_series(1, 100) AS g");
                statement.execute("CREATE TABLE orders (id int PRIMARY KEY, customer_id int, amount int)");
                statement.execute("INSERT INTO orders SELECT g, g % 100 + 1, (g * 7919) % 1000"
                        + " FROM generate_series(1, 1000) AS g");
                // Hex text of 32 kB compresses, yet not below the size kept in the row: stored out of line.
                statement.execute("CREATE TABLE docs (id int PRIMARY KEY, body text)");
                statement.execute("INSERT INTO docs SELECT d, (SELECT string_agg(md5((d * 1000 + g)::text), '')"
                        + " FROM generate_series(1, 500) AS g) FROM generate_series(1, 20) AS d");
                statement.execute("ANALYZE");
            }
        }

        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1)
        void join(Connection db) throws SQLException {
            try (PreparedStatement planner = db.prepareStatement(
                    "SELECT set_config('enable_hashjoin', ?, false), set_config('enable_mergejoin', ?, false)")) {
                planner.setString(1, nestedLoop ? "off" : "on");
                planner.setString(2, nestedLoop ? "off" : "on");
                try (ResultSet result = planner.executeQuery()) {
                    result.next();
                }
            }
            try (PreparedStatement join = db.prepareStatement("SELECT count(*), sum(o.amount) FROM orders o"
                    + " JOIN customers c ON c.id = o.customer_id WHERE c.region < ?")) {
                join.setInt(1, 5);
                try (ResultSet result = join.executeQuery()) {
                    result.next();
                }
            }
        }

        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1)
        void listing(Connection db) throws SQLException {
            try (PreparedStatement listing = db.prepareStatement("SELECT id, amount FROM orders WHERE id <= ?"
                    + (sorted ? " ORDER BY amount" : ""))) {
                listing.setInt(1, 1000);
                try (ResultSet result = listing.executeQuery()) {
                    while (result.next()) {
                        result.getInt(2);
                    }
                }
            }
        }

        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1)
        void documents(Connection db) throws SQLException {
            try (PreparedStatement documents = db.prepareStatement(
                    "SELECT id, CASE WHEN ? THEN body END FROM docs")) {
                documents.setBoolean(1, detoasted);
                try (ResultSet result = documents.executeQuery()) {
                    while (result.next()) {
                        result.getString(2);
                    }
                }
            }
        }
    }
}
