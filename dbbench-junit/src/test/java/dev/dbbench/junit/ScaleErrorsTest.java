package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.ExpectScaling;
import dev.dbbench.api.Growth;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.Scale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parameters and {@code @ExpectScaling} that cannot work fail before anything is measured, naming the
 * method and what is allowed.
 */
class ScaleErrorsTest {

    @TempDir
    Path temp;

    @Test
    void anEmptyListOfValues() {
        assertThat(failure(EmptyCase.class)).isEqualTo("@Scale(name = \"rows\") on EmptyCase.body() must declare at"
                + " least one value in small, but it declares none");
    }

    @Test
    void aParameterOfTheScalesNameTheMethodCannotTake() {
        assertThat(failure(TextParameterCase.class)).isEqualTo("@DbBenchmark method TextParameterCase.body() declares"
                + " parameter rows of type String, but @Scale(name = \"rows\") gives it whole numbers; declare it long"
                + " or int");
    }

    @Test
    void aParameterNoMethodTakes() {
        assertThat(failure(UnusedCase.class)).isEqualTo("@Scale(name = \"rows\") on UnusedCase.body() gives its"
                + " values to int or long parameters named rows, but no method of UnusedCase declares one, so every"
                + " value would measure the same thing; declare it on the benchmark or on a @DbFixture, @BeforeSample,"
                + " @BeforeEach or @AfterEach method (compile with -parameters)");
    }

    @Test
    void aNumberParameterOfAnotherName() {
        assertThat(failure(OtherNameCase.class)).isEqualTo("@DbBenchmark method OtherNameCase.body() declares"
                + " parameter size of type long, which dbbench gives only the value of the benchmark's @Scale, to a"
                + " parameter of its name (\"rows\"; compile with -parameters so that javac keeps parameter names)");
    }

    @Test
    void aClassLevelMethodThatTakesTheParameter() {
        assertThat(failure(BeforeAllCase.class)).contains("load() of BeforeAllCase runs once for the class, so it"
                + " cannot take parameter rows, which has a value per benchmark invocation; load data that depends on"
                + " it in a @DbFixture method that declares it");
    }

    @Test
    void expectScalingWithoutAParameter() {
        assertThat(failure(NoParameterCase.class)).isEqualTo("@ExpectScaling on NoParameterCase.body() needs a"
                + " parameter to judge growth over, but neither the method nor its class declares @Scale");
    }

    @Test
    void expectScalingOverTooFewValues() {
        assertThat(failure(TwoValuesCase.class)).isEqualTo("@ExpectScaling on TwoValuesCase.body() needs at least 3"
                + " values of rows to judge growth, but @Scale gives 2 at dbbench.scale=small");
    }

    @Test
    void expectScalingWithTwoBoundsOnStatements() {
        assertThat(failure(TwoStatementBoundsCase.class)).isEqualTo("@ExpectScaling on TwoStatementBoundsCase.body()"
                + " must declare at most one growth for statements but was [CONSTANT, LINEAR]");
    }

    @Test
    void anUnknownScale() {
        assertThat(FixtureRunner.firstFailure(new FixtureRunner(temp).with(ConfigKeys.SCALE, "huge")
                .run(TwoValuesCase.class))).isEqualTo("configuration parameter dbbench.scale must be one of small,"
                        + " large but was 'huge'");
    }

    private String failure(Class<?> fixture) {
        return FixtureRunner.firstFailure(new FixtureRunner(temp).run(fixture));
    }

    @Postgres
    static class EmptyCase {
        @DbBenchmark
        @Scale(name = "rows", small = {})
        void body(Connection db, long rows) {
        }
    }

    @Postgres
    static class TextParameterCase {
        @DbBenchmark
        @Scale(name = "rows", small = {10, 100})
        void body(Connection db, String rows) {
        }
    }

    @Postgres
    static class UnusedCase {
        @DbBenchmark
        @Scale(name = "rows", small = {10, 100})
        void body(Connection db) {
        }
    }

    @Postgres
    static class OtherNameCase {
        @DbBenchmark
        @Scale(name = "rows", small = {10, 100})
        void body(Connection db, long size) {
        }
    }

    @Postgres
    @Scale(name = "rows", small = {10, 100})
    static class BeforeAllCase {
        @BeforeAll
        static void load(Connection db, long rows) {
        }

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void body(Connection db, long rows) {
        }
    }

    @Postgres
    static class NoParameterCase {
        @DbBenchmark
        @ExpectScaling(atMost = Growth.LINEAR)
        void body(Connection db) {
        }
    }

    @Postgres
    static class TwoValuesCase {
        @DbBenchmark
        @Scale(name = "rows", small = {10, 100}, large = {10, 100, 1000})
        @ExpectScaling(atMost = Growth.LINEAR)
        void body(Connection db, long rows) {
        }
    }

    @Postgres
    static class TwoStatementBoundsCase {
        @DbBenchmark
        @Scale(name = "rows", small = {10, 100, 1000})
        @ExpectScaling(atMost = Growth.LINEAR, statements = {Growth.CONSTANT, Growth.LINEAR})
        void body(Connection db, long rows) {
        }
    }
}
