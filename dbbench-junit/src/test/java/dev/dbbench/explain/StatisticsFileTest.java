package dev.dbbench.explain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;

import dev.dbbench.api.DbBenchConfigurationException;
import org.junit.jupiter.api.Test;

class StatisticsFileTest {

    /** The shape of what pg_dump 18 writes with --statistics-only: settings, comments, psql meta-commands, calls. */
    private static final String DUMPED = """
            --
            -- PostgreSQL database dump
            --

            \\restrict AbC123

            SET statement_timeout = 0;
            SET standard_conforming_strings = on;
            SELECT pg_catalog.set_config('search_path', '', false);

            --
            -- Statistics for Name: orders; Type: STATISTICS DATA; Schema: public; Owner: -
            --

            SELECT * FROM pg_catalog.pg_restore_relation_stats(
            \t'version', '180000'::integer,
            \t'schemaname', 'public',
            \t'relname', 'orders',
            \t'relpages', '6623'::integer,
            \t'reltuples', '1e+06'::real,
            \t'relallvisible', '6623'::integer,
            \t'relallfrozen', '0'::integer
            );
            SELECT * FROM pg_catalog.pg_restore_attribute_stats(
            \t'version', '180000'::integer,
            \t'schemaname', 'public',
            \t'relname', 'orders',
            \t'attname', 'note',
            \t'inherited', 'f'::boolean,
            \t'most_common_vals', '{"a;b","it''s",c}'::text,
            \t'most_common_freqs', '{0.5,0.25,0.25}'::real[]
            );
            SELECT * FROM pg_catalog.pg_restore_attribute_stats(
            \t'version', '180000'::integer,
            \t'schemaname', 'public',
            \t'relname', 'orders_lower_note',
            \t'attnum', '1'::smallint,
            \t'inherited', 'f'::boolean,
            \t'histogram_bounds', E'{"back\\\\slash\\';"}'::text
            );

            \\unrestrict AbC123
            """;

    @Test
    void aStatisticsOnlyDumpYieldsItsRestoreCallsWithTheRelationsTheyName() {
        final StatisticsFile file = StatisticsFile.parse("orders.sql", DUMPED);

        assertThat(file.calls()).extracting(StatisticsFile.Call::kind).containsExactly(StatisticsFile.Kind.RELATION,
                StatisticsFile.Kind.ATTRIBUTE, StatisticsFile.Kind.ATTRIBUTE);
        assertThat(file.calls()).extracting(StatisticsFile.Call::subject).containsExactly("public.orders",
                "public.orders.note", "public.orders_lower_note.attnum 1");
        assertThat(file.calls()).extracting(StatisticsFile.Call::line).containsExactly(15, 24, 33);
        assertThat(file.calls().get(1).arguments()).contains(
                new StatisticsFile.Argument("most_common_vals", "{\"a;b\",\"it's\",c}", Optional.of("text")),
                new StatisticsFile.Argument("most_common_freqs", "{0.5,0.25,0.25}", Optional.of("real[]")));
        assertThat(file.calls().get(2).arguments()).contains(
                new StatisticsFile.Argument("histogram_bounds", "{\"back\\slash';\"}", Optional.of("text")));
    }

    @Test
    void aCallRunsAsDbbenchsOwnStatementItsValuesBoundAsParameters() {
        final StatisticsFile.Call call = StatisticsFile.parse("orders.sql", DUMPED).calls().get(0);

        assertThat(call.sql()).isEqualTo("SELECT pg_catalog.pg_restore_relation_stats(?::text, ?::integer, ?::text,"
                + " ?::text, ?::text, ?::text, ?::text, ?::integer, ?::text, ?::real, ?::text, ?::integer, ?::text,"
                + " ?::integer)");
        assertThat(call.parameters()).containsExactly("version", "180000", "schemaname", "public", "relname", "orders",
                "relpages", "6623", "reltuples", "1e+06", "relallvisible", "6623", "relallfrozen", "0");
    }

    @Test
    void theExportQuerysOutputWithBareNumbersAndEscapedConstantsIsRead() {
        final StatisticsFile file = StatisticsFile.parse("export.sql", "SELECT pg_catalog.pg_restore_relation_stats("
                + "'version', 180000::integer, 'schemaname', 'public', 'relname', 'it''s', 'relpages', 3::integer);\n"
                + "SELECT pg_catalog.pg_restore_attribute_stats('version', 180000::integer, 'schemaname', 'public',"
                + " 'relname', 'it''s', 'attname', E'a\\\\b', 'null_frac', $x$0.5$x$::real)");

        assertThat(file.calls()).extracting(StatisticsFile.Call::subject).containsExactly("public.it's",
                "public.it's.a\\b");
        assertThat(file.calls().get(1).parameters()).contains("0.5");
    }

    /** What a file from a pull request could hide, each refused before anything runs, naming the line. */
    @Test
    void aSmuggledStatementBetweenDollarQuotedArgumentsIsRefusedNamingTheLine() {
        assertThatThrownBy(() -> StatisticsFile.parse("smuggled.sql", "SELECT pg_catalog.pg_restore_relation_stats(\n"
                + "  'version', $a$180000$a$::integer, 'schemaname', 'public',\n"
                + "  'relname', $a$orders$a$; DROP TABLE orders; COPY (SELECT 1) TO PROGRAM 'touch /tmp/owned';"
                + " SELECT $a$x$a$, 'relpages', '1'::integer)"))
                .isInstanceOf(DbBenchConfigurationException.class)
                .hasMessageStartingWith("the statistics file smuggled.sql, line 3, holds a call whose arguments do not"
                        + " end where they should")
                .hasMessageContaining("Nothing of it ran");
    }

    @Test
    void aNestedCallAnExpressionOrAnUnknownTypeInAnArgumentIsRefused() {
        assertThatThrownBy(() -> StatisticsFile.parse("nested.sql", "SELECT pg_restore_relation_stats('version',"
                + " 180000::integer, 'schemaname', 'public', 'relname', pg_read_file('/etc/passwd'))"))
                .hasMessageStartingWith("the statistics file nested.sql, line 1, holds the value of 'relname' is not a"
                        + " constant but pg_read_file");
        assertThatThrownBy(() -> StatisticsFile.parse("sleep.sql", "SELECT pg_restore_relation_stats('version',"
                + " 180000::integer, 'schemaname', 'public', 'relname', 'orders', 'relpages', (SELECT pg_sleep(10)))"))
                .hasMessageContaining("the value of 'relpages' is not a constant but (");
        assertThatThrownBy(() -> StatisticsFile.parse("cast.sql", "SELECT pg_restore_relation_stats('version',"
                + " 180000::integer, 'schemaname', 'public', 'relname', 'orders', 'relation', 'orders'::regclass)"))
                .hasMessageContaining("the value of 'relation' is cast to regclass, which is not a type the restore"
                        + " functions take");
        assertThatThrownBy(() -> StatisticsFile.parse("sum.sql", "SELECT pg_restore_relation_stats('version',"
                + " 180000::integer, 'schemaname', 'public', 'relname', 'orders', 'relpages', '1'::integer + 1)"))
                .hasMessageContaining("a call whose arguments do not end where they should");
        assertThatThrownBy(() -> StatisticsFile.parse("other.sql", "SELECT pg_sleep(10)"))
                .hasMessageContaining("holds a call of pg_sleep, not of pg_restore_relation_stats");
    }

    @Test
    void aDumpWithSchemaOrDataIsRefusedNamingTheStatement() {
        assertThatThrownBy(() -> StatisticsFile.parse("full.sql", "SET client_encoding = 'UTF8';\n"
                + "CREATE TABLE public.orders (id bigint);\n" + DUMPED))
                .isInstanceOf(DbBenchConfigurationException.class)
                .hasMessage("the statistics file full.sql, line 2, holds a statement that restores no statistics:"
                        + " \"CREATE TABLE public . orders ( id bigint )\". Nothing of it ran: a statistics file may"
                        + " hold only calls of pg_restore_relation_stats and pg_restore_attribute_stats whose arguments"
                        + " are constants (and the settings pg_dump writes around them); export it with pg_dump"
                        + " --statistics-only or the query in docs/production-statistics.md");
    }

    @Test
    void aFileWithoutCallsOrWithoutARelationIsRefused() {
        assertThatThrownBy(() -> StatisticsFile.parse("empty.sql", "-- nothing\nSET x = 1;"))
                .hasMessageStartingWith("the statistics file empty.sql holds no call of pg_restore_relation_stats");
        assertThatThrownBy(() -> StatisticsFile.parse("old.sql",
                "SELECT pg_restore_relation_stats('relation', 'orders'::text)"))
                .hasMessageStartingWith("the statistics file old.sql, line 1, holds a call without its 'schemaname'"
                        + " argument; PostgreSQL 18 names the relation by 'schemaname' and 'relname'");
    }
}
