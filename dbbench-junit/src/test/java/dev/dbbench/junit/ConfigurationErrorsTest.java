package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.SampleTimer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** Impossible annotation values and configuration parameters fail before anything is measured. */
class ConfigurationErrorsTest {

    @TempDir
    Path temp;

    @Test
    void impossibleAnnotationValuesNameClassMethodAttributeAndValue() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(BadAnnotationsCase.class);

        assertThat(containerFailures(results)).containsExactlyInAnyOrder(
                "@DbBenchmark on BadAnnotationsCase.zeroSamples() must declare samples from 1 to 10,000 (the most a"
                        + " baseline entry holds) but was 0",
                "@DbBenchmark on BadAnnotationsCase.tooManySamples() must declare samples from 1 to 10,000 (the most a"
                        + " baseline entry holds) but was 20,000",
                "@DbBenchmark on BadAnnotationsCase.allTheSamples() must declare samples from 1 to 10,000 (the most a"
                        + " baseline entry holds) but was 2,147,483,647",
                "@DbBenchmark on BadAnnotationsCase.negativeThreshold() must declare thresholdPercent as a percentage >= 0,"
                        + " such as 25 or 2.5 but was -5",
                "@DbBenchmark on BadAnnotationsCase.negativeWarmups() must declare warmups >= 0 but was -1",
                "@DbBenchmark on BadAnnotationsCase.zeroTimeout() must declare timeoutSeconds from 1 to 2,147,483 but"
                        + " was 0",
                "@DbBenchmark on BadAnnotationsCase.endlessTimeout() must declare timeoutSeconds from 1 to 2,147,483"
                        + " but was 3,000,000",
                "@DbBenchmark on BadAnnotationsCase.zeroThreads() must declare threads from 1 to 256 but was 0",
                "@DbBenchmark on BadAnnotationsCase.negativeThreads() must declare threads from 1 to 256 but was -3",
                "@DbBenchmark on BadAnnotationsCase.threadsWithTimer() runs 2 client thread(s), which time each call"
                        + " whole, so it cannot take a SampleTimer; remove the parameter or threads",
                "@Postgres on BadAnnotationsCase.unsupportedVersion() must declare version a PostgreSQL major version"
                        + " from 14 to 18 but was '12'",
                "@Postgres on BadAnnotationsCase.malformedSetting() must declare settings as name=value, such as"
                        + " \"shared_buffers=256MB\", but one was \"fsync\"");
        assertThat(temp.resolve("baselines")).doesNotExist();
    }

    @Test
    void badConfigurationParameterNamesKeyValueAndWhatIsAllowed() {
        final EngineExecutionResults results = new FixtureRunner(temp)
                .with(ConfigKeys.SAMPLES, "many")
                .run(DefaultsCase.class);

        assertThat(containerFailures(results)).containsExactly(
                "configuration parameter dbbench.samples must be an integer from 1 to 10000 but was 'many'");
    }

    @Test
    void threadsParameterOutOfRangeNamesWhatIsAllowed() {
        final EngineExecutionResults results = new FixtureRunner(temp)
                .with(ConfigKeys.THREADS, "0")
                .run(DefaultsCase.class);

        assertThat(containerFailures(results)).containsExactly(
                "configuration parameter dbbench.threads must be an integer from 1 to 256 but was '0'");
    }

    @Test
    void unknownEnvironmentPolicyNamesTheAllowedValues() {
        final EngineExecutionResults results = new FixtureRunner(temp)
                .with(ConfigKeys.ENVIRONMENT_MISMATCH, "ignore")
                .run(DefaultsCase.class);

        assertThat(containerFailures(results)).containsExactly(
                "configuration parameter dbbench.environment.mismatch must be one of warn, refuse but was 'ignore'");
    }

    @Test
    void unknownBaselineModeFailsInsteadOfFallingBack() {
        final EngineExecutionResults results = new FixtureRunner(temp)
                .with(ConfigKeys.BASELINE_MODE, "overwrite")
                .run(DefaultsCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results)).isEqualTo(
                "configuration parameter dbbench.baseline.mode must be one of compare, update but was"
                        + " 'overwrite'");
    }

    @Test
    void aBenchmarkAnotherExtensionRanItselfFailsInsteadOfPassingUnmeasured() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(RunByAnotherExtensionCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1).succeeded(0));
        assertThat(RunsTestMethodsItself.calls).isEqualTo(1);
        assertThat(DbBenchmarkExtensionTest.failureMessage(results)).isEqualTo("dbbench did not run"
                + " RunByAnotherExtensionCase.body: an extension registered before dbbench's ran the method itself,"
                + " once, and nothing was measured (@QuarkusTest's extension does so with every test method). Declare"
                + " @Postgres or @Mongo on the class before that extension's annotation, so that dbbench's extension"
                + " comes first (docs/quarkus.md)");
        assertThat(temp.resolve("baselines")).doesNotExist();
    }

    private static List<String> containerFailures(EngineExecutionResults results) {
        return results.containerEvents().failed().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow())
                .map(Throwable::getMessage)
                .toList();
    }

    static class BadAnnotationsCase {

        @DbBenchmark(samples = 0)
        void zeroSamples(Connection db) {
        }

        @DbBenchmark(thresholdPercent = -5)
        void negativeThreshold(Connection db) {
        }

        @DbBenchmark(samples = 20_000)
        void tooManySamples(Connection db) {
        }

        @DbBenchmark(samples = Integer.MAX_VALUE)
        void allTheSamples(Connection db) {
        }

        @DbBenchmark(timeoutSeconds = 3_000_000)
        void endlessTimeout(Connection db) {
        }

        @DbBenchmark(warmups = -1)
        void negativeWarmups(Connection db) {
        }

        @DbBenchmark(timeoutSeconds = 0)
        void zeroTimeout(Connection db) {
        }

        @DbBenchmark(threads = 0)
        void zeroThreads(Connection db) {
        }

        @DbBenchmark(threads = -3)
        void negativeThreads(Connection db) {
        }

        @DbBenchmark(threads = 2)
        void threadsWithTimer(Connection db, SampleTimer timer) {
        }

        @DbBenchmark
        @Postgres(version = "12")
        void unsupportedVersion(Connection db) {
        }

        @DbBenchmark
        @Postgres(settings = "fsync")
        void malformedSetting(Connection db) {
        }
    }

    /** Runs every test method itself and skips JUnit's call, as Quarkus' test extension does. */
    static class RunsTestMethodsItself implements InvocationInterceptor {

        static int calls;

        @Override
        public void interceptTestTemplateMethod(Invocation<Void> invocation,
                ReflectiveInvocationContext<Method> invocationContext, ExtensionContext extensionContext)
                throws Throwable {
            invocationContext.getExecutable().invoke(invocationContext.getTarget().orElseThrow());
            invocation.skip();
        }
    }

    @ExtendWith(RunsTestMethodsItself.class)
    @Postgres
    static class RunByAnotherExtensionCase {

        @DbBenchmark(warmups = 0, opsPerSample = 1)
        void body() {
            RunsTestMethodsItself.calls++;
        }
    }

    static class DefaultsCase {

        @DbBenchmark(warmups = 0, opsPerSample = 1)
        void body() {
        }
    }
}
