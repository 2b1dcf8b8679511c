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
        assertThat(file.calls().get(1).sql()).startsWith("SELECT * FROM pg_catalog.pg_restore_attribute_stats(")
                .contains("'{\"a;b\",\"it''s\",c}'::text").endsWith(")");
        assertThat(file.calls().get(2).sql()).endsWith("E'{\"back\\\\slash\\';\"}'::text\n)");
    }

    @Test
    void semicolonsInsideLiteralsAndIdentifiersDoNotSplitStatements() {
        assertThat(StatisticsFile.statements("SELECT 'a;b'; SELECT \"x;y\" /* c; */ FROM t; -- d;\nSELECT 1"))
                .containsExactly("SELECT 'a;b'", "SELECT \"x;y\"   FROM t", "SELECT 1");
    }

    @Test
    void anArgumentIsReadUnquoted() {
        assertThat(StatisticsFile.argument("f('relname', 'it''s', 'x', 1)", "relname")).isEqualTo(Optional.of("it's"));
        assertThat(StatisticsFile.argument("f('relname', 'a')", "schemaname")).isEmpty();
    }

    @Test
    void aDumpWithSchemaOrDataIsRefusedNamingTheStatement() {
        assertThatThrownBy(() -> StatisticsFile.parse("full.sql", "SET client_encoding = 'UTF8';\n"
                + "CREATE TABLE public.orders (id bigint);\n" + DUMPED))
                .isInstanceOf(DbBenchConfigurationException.class)
                .hasMessage("the statistics file full.sql holds a statement that restores no statistics: \"CREATE"
                        + " TABLE public.orders (id bigint)\". It must hold only calls of pg_restore_relation_stats and"
                        + " pg_restore_attribute_stats: export it with pg_dump --statistics-only or the query in"
                        + " docs/production-statistics.md");
    }

    @Test
    void aFileWithoutCallsOrWithoutARelationIsRefused() {
        assertThatThrownBy(() -> StatisticsFile.parse("empty.sql", "-- nothing\nSET x = 1;"))
                .hasMessageStartingWith("the statistics file empty.sql holds no call of pg_restore_relation_stats");
        assertThatThrownBy(() -> StatisticsFile.parse("old.sql",
                "SELECT pg_restore_relation_stats('relation', 'orders'::regclass)"))
                .hasMessage("the statistics file old.sql has a call without its 'schemaname' argument: \"SELECT"
                        + " pg_restore_relation_stats('relation', 'orders'::regclass)\";"
                        + " PostgreSQL 18 names the relation by 'schemaname' and 'relname'");
    }
}
