package dev.dbbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchConfigurationException;
import org.junit.jupiter.api.Test;

/**
 * Where the external servers' secrets come from: the environment variables win over the
 * configuration parameters, and a secret given as a system property in CI is warned about, since
 * Maven Surefire writes system properties into target/surefire-reports. And the names that changed:
 * old ones are still read and said to be deprecated; every percentage is parsed alike.
 */
class SettingsTest {

    private static final String URL = "jdbc:postgresql://db.internal:5432/postgres";
    private static final String MONGO_URI = "mongodb://bench:m0ngo-secret@db.internal:27017/?authSource=admin";

    /** Configuration parameters, environment variables and system properties, as a run would see them. */
    private final Map<String, String> parameters = new HashMap<>();
    private final Map<String, String> environment = new HashMap<>();
    private final Map<String, String> systemProperties = new HashMap<>();

    @Test
    void thePasswordInTheEnvironmentWinsOverTheParameter() {
        externalPostgres();
        systemProperty(ConfigKeys.POSTGRES_PASSWORD, "from-the-command-line");
        environment.put(ConfigKeys.POSTGRES_PASSWORD_ENV, "from-the-environment");

        assertThat(password()).isEqualTo("from-the-environment");
    }

    @Test
    void withoutTheEnvironmentVariableThePasswordParameterIsUsedExactlyAsGiven() {
        externalPostgres();
        systemProperty(ConfigKeys.POSTGRES_PASSWORD, " spaces count ");

        assertThat(password()).isEqualTo(" spaces count ");
    }

    @Test
    void anEmptyEnvironmentVariableDoesNotHideTheParameter() {
        externalPostgres();
        parameters.put(ConfigKeys.POSTGRES_PASSWORD, "from-the-properties-file");
        environment.put(ConfigKeys.POSTGRES_PASSWORD_ENV, "");

        assertThat(password()).isEqualTo("from-the-properties-file");
    }

    @Test
    void aPasswordGivenAsASystemPropertyInCiIsWarnedAboutWithoutShowingIt() {
        externalPostgres();
        systemProperty(ConfigKeys.POSTGRES_PASSWORD, "pg-secret");
        environment.put("CI", "true");

        assertThat(settings().warnings()).singleElement().asString()
                .contains(ConfigKeys.POSTGRES_PASSWORD, "target/surefire-reports", ConfigKeys.POSTGRES_PASSWORD_ENV)
                .doesNotContain("pg-secret");
    }

    @Test
    void noWarningOutsideCiNorForAPasswordThatCameAnotherWay() {
        externalPostgres();
        systemProperty(ConfigKeys.POSTGRES_PASSWORD, "pg-secret");
        assertThat(settings().warnings()).as("outside CI").isEmpty();

        environment.put("CI", "true");
        systemProperties.clear();
        assertThat(settings().warnings()).as("in CI, from junit-platform.properties").isEmpty();

        parameters.remove(ConfigKeys.POSTGRES_PASSWORD);
        environment.put(ConfigKeys.POSTGRES_PASSWORD_ENV, "pg-secret");
        assertThat(settings().warnings()).as("in CI, from the environment").isEmpty();
        assertThat(password()).isEqualTo("pg-secret");
    }

    @Test
    void theMongoUriInTheEnvironmentWinsOverTheParameter() {
        systemProperty(ConfigKeys.MONGODB_URI, "mongodb://localhost:27017");
        environment.put(ConfigKeys.MONGODB_URI_ENV, MONGO_URI);

        assertThat(settings().engineOptions().externalMongoUri()).contains(MONGO_URI);
        assertThat(settings().engines().externalMongo()).isTrue();
    }

    @Test
    void withoutTheEnvironmentVariableTheMongoUriParameterIsUsed() {
        systemProperty(ConfigKeys.MONGODB_URI, MONGO_URI);

        assertThat(settings().engineOptions().externalMongoUri()).contains(MONGO_URI);
    }

    @Test
    void aMongoUriWithAPasswordAsASystemPropertyInCiIsWarnedAboutWithoutShowingIt() {
        environment.put("CI", "true");
        systemProperty(ConfigKeys.MONGODB_URI, MONGO_URI);

        assertThat(settings().warnings()).singleElement().asString()
                .contains(ConfigKeys.MONGODB_URI, "target/surefire-reports", ConfigKeys.MONGODB_URI_ENV)
                .doesNotContain("m0ngo-secret");
    }

    @Test
    void aMongoUriWithoutAPasswordIsNoSecret() {
        environment.put("CI", "true");
        systemProperty(ConfigKeys.MONGODB_URI, "mongodb://db.internal:27017/?replicaSet=rs0");

        assertThat(settings().warnings()).isEmpty();
    }

    @Test
    void aMongoUriWithAPasswordOutsideCiOrFromTheEnvironmentIsNotWarnedAbout() {
        systemProperty(ConfigKeys.MONGODB_URI, MONGO_URI);
        assertThat(settings().warnings()).as("outside CI").isEmpty();

        environment.put("CI", "true");
        systemProperties.clear();
        parameters.clear();
        environment.put(ConfigKeys.MONGODB_URI_ENV, MONGO_URI);
        assertThat(settings().warnings()).as("in CI, from the environment").isEmpty();
    }

    @Test
    void theOldRecordMissingModeIsReadAsRecordingWhatIsMissingAndSaidToBeDeprecated() {
        parameters.put(ConfigKeys.BASELINE_MODE, "record-missing");
        environment.put("CI", "true");

        assertThat(settings().baselines().mode()).isEqualTo(BaselineMode.COMPARE);
        assertThat(settings().baselines().failOnMissing()).isFalse();
        assertThat(settings().warnings()).singleElement().asString()
                .contains("dbbench.baseline.mode=record-missing is deprecated")
                .contains("dbbench.baseline.missing=record");
    }

    @Test
    void theOldRecordMissingModeContradictingMissingFailIsAnError() {
        parameters.put(ConfigKeys.BASELINE_MODE, "record-missing");
        parameters.put(ConfigKeys.BASELINE_MISSING, "fail");

        assertThatThrownBy(() -> settings().baselines()).isInstanceOf(DbBenchConfigurationException.class)
                .hasMessageContaining("contradict each other");
    }

    @Test
    void everyPercentageIsOneKindOfNumber() {
        parameters.put(ConfigKeys.THRESHOLD_PERCENT, "12.5");
        parameters.put(ConfigKeys.NOISE_FLOOR_PERCENT, "2.5");
        parameters.put(ConfigKeys.RULER_MAX_DRIFT_PERCENT, "150");
        parameters.put(ConfigKeys.TOLERANCE_INSTRUCTIONS_PERCENT, "0.5");

        final Settings.BenchmarkDefaults defaults = settings().benchmarks();

        assertThat(defaults.thresholdPercent()).isEqualTo(12.5);
        assertThat(defaults.noiseFloorPercent()).isEqualTo(2.5);
        assertThat(defaults.rulerMaxDriftPercent()).isEqualTo(150);
        assertThat(defaults.tolerances().instructionsPercent()).isEqualTo(0.5);
        for (String key : new String[] {ConfigKeys.THRESHOLD_PERCENT, ConfigKeys.TOLERANCE_BYTES_PERCENT}) {
            parameters.put(key, "-1");
            assertThatThrownBy(() -> settings().benchmarks()).as(key).isInstanceOf(DbBenchConfigurationException.class)
                    .hasMessage("configuration parameter " + key + " must be a percentage >= 0, such as 25 or 2.5"
                            + " but was '-1'");
            parameters.remove(key);
        }
    }

    @Test
    void aMachineNameIsTakenAsGivenAndABadOneIsRefused() {
        assertThat(settings().baselines().machine()).isEmpty();
        parameters.put(ConfigKeys.MACHINE, " bench-runner-1 ");
        assertThat(settings().baselines().machine()).contains("bench-runner-1");

        parameters.put(ConfigKeys.MACHINE, "bench runner");
        assertThatThrownBy(() -> settings().baselines()).isInstanceOf(DbBenchConfigurationException.class)
                .hasMessage("configuration parameter dbbench.machine must be a name of letters, digits, '.', '_' and"
                        + " '-', starting with a letter or digit, up to 64 characters but was 'bench runner'");
    }

    private void externalPostgres() {
        parameters.put(ConfigKeys.POSTGRES_URL, URL);
        parameters.put(ConfigKeys.POSTGRES_USER, "bench");
    }

    /** A {@code -D} on the command line: JUnit sees it as a configuration parameter too. */
    private void systemProperty(String key, String value) {
        parameters.put(key, value);
        systemProperties.put(key, value);
    }

    private String password() {
        return settings().engineOptions().externalPostgres().orElseThrow().password();
    }

    @Test
    void theSamplingLockIsAFileInTheTemporaryFolderUnlessNamedOrSwitchedOff() {
        assertThat(settings().samplingLock())
                .contains(Path.of(System.getProperty("java.io.tmpdir"), ConfigKeys.DEFAULT_SAMPLING_LOCK_NAME));

        parameters.put(ConfigKeys.SAMPLING_LOCK, " /var/lock/builds.lock ");
        assertThat(settings().samplingLock()).contains(Path.of("/var/lock/builds.lock"));

        parameters.put(ConfigKeys.SAMPLING_LOCK, "OFF");
        assertThat(settings().samplingLock()).isEmpty();
    }

    private Settings settings() {
        return new Settings(new ConfigSource(key -> Optional.ofNullable(parameters.get(key)), environment::get,
                systemProperties::get));
    }
}
