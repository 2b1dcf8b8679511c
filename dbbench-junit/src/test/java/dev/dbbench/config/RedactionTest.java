package dev.dbbench.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedactionTest {

    @Test
    void masksThePasswordOfUserInfoInMongoAndJdbcUrls() {
        assertThat(Redaction.url("mongodb://app:s3cret@db.example:27017/?authSource=admin"))
                .isEqualTo("mongodb://app:***@db.example:27017/?authSource=admin");
        assertThat(Redaction.url("jdbc:postgresql://app:s3cret@localhost:5432/postgres"))
                .isEqualTo("jdbc:postgresql://app:***@localhost:5432/postgres");
    }

    @Test
    void masksPasswordParameters() {
        assertThat(Redaction.url("jdbc:postgresql://localhost/postgres?user=app&password=s3cret&ssl=true"))
                .isEqualTo("jdbc:postgresql://localhost/postgres?user=app&password=***&ssl=true");
        assertThat(Redaction.url("jdbc:postgresql://localhost/postgres?PWD=s3cret"))
                .isEqualTo("jdbc:postgresql://localhost/postgres?PWD=***");
    }

    @Test
    void leavesUrlsWithoutCredentialsAlone() {
        assertThat(Redaction.url("mongodb://app@localhost:27017")).isEqualTo("mongodb://app@localhost:27017");
        assertThat(Redaction.url("jdbc:postgresql://localhost:5432/postgres"))
                .isEqualTo("jdbc:postgresql://localhost:5432/postgres");
    }

    @Test
    void textMasksAKnownSecretWhereverItStands() {
        assertThat(Redaction.text("FATAL: password authentication failed, tried 's3cret'", "s3cret"))
                .isEqualTo("FATAL: password authentication failed, tried '***'");
        assertThat(Redaction.text(null, "s3cret")).isEmpty();
        assertThat(Redaction.text("no secret here", "")).isEqualTo("no secret here");
    }
}
