package dev.dbbench.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlTextTest {

    @Test
    void aChangedLiteralIsTheSameStatement() {
        assertThat(SqlText.normalized("SELECT sum(g::bigint * g) FROM generate_series(1, 200000) AS g"))
                .isEqualTo(SqlText.normalized("SELECT sum(g::bigint * g) FROM generate_series(1, 220000) AS g"))
                .isEqualTo("select sum ( g : : bigint * g ) from generate_series ( ? , ? ) as g");
    }

    @Test
    void whitespaceCommentsAndKeywordCaseAreNotPartOfTheStatement() {
        assertThat(SqlText.normalized("select  id\n  from orders -- by key\n where id=? /* a /* nested */ note */;"))
                .isEqualTo(SqlText.normalized("SELECT id FROM orders WHERE id = ?"));
    }

    @Test
    void literalsOfEveryKindAndParametersAreValues() {
        assertThat(SqlText.normalized("SELECT 'it''s', E'a\\'b', $$x$$, $q$y$q$, 1.5e-3, .5, 0x1F, B'101', $1 FROM t"))
                .isEqualTo("select ? , ? , ? , ? , ? , ? , ? , ? , ? from t");
        assertThat(SqlText.normalized("SELECT data FROM t WHERE data @> '{\"brand\": \"ACME\"}'"))
                .isEqualTo(SqlText.normalized("SELECT data FROM t WHERE data @> '{\"brand\": \"NO SUCH BRAND\"}'"));
    }

    @Test
    void quotedIdentifiersKeepTheirCaseAndWordsWithDigitsStayWords() {
        assertThat(SqlText.normalized("SELECT o1_0.\"Id\" FROM \"Orders\" o1_0"))
                .isEqualTo("select o1_0 . \"Id\" from \"Orders\" o1_0");
        assertThat(SqlText.normalized("SELECT \"Id\" FROM t")).isNotEqualTo(SqlText.normalized("SELECT \"id\" FROM t"));
    }

    @Test
    void aListOfValuesAfterInIsOneValueWhateverItsLength() {
        assertThat(SqlText.normalized("select * from items where order_id in (?, ?, ?)"))
                .isEqualTo(SqlText.normalized("select * from items where order_id in (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"))
                .isEqualTo("select * from items where order_id in ( ?... )");
        assertThat(SqlText.normalized("select * from t where id in (select id from u)"))
                .isEqualTo("select * from t where id in ( select id from u )");
    }

    @Test
    void differentStatementsStayDifferent() {
        assertThat(SqlText.normalized("SELECT count(*) FROM items"))
                .isNotEqualTo(SqlText.normalized("SELECT count(*) FROM orders"));
        assertThat(SqlText.normalized("SELECT a FROM t WHERE a < 1"))
                .isNotEqualTo(SqlText.normalized("SELECT a FROM t WHERE a > 1"));
        assertThat(SqlText.normalized("SELECT data ?? 'key' FROM t")).isEqualTo("select data ?? ? from t");
    }

    @Test
    void statementsAreCountedBySemicolonsOutsideQuotesAndComments() {
        assertThat(SqlText.statements("SELECT 1")).isEqualTo(1);
        assertThat(SqlText.statements("SELECT 1;")).isEqualTo(1);
        assertThat(SqlText.statements("INSERT INTO t VALUES (1); INSERT INTO t VALUES (';'); -- ; \n")).isEqualTo(2);
        assertThat(SqlText.statements("")).isZero();
    }
}
