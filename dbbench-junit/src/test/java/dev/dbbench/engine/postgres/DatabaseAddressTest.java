package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DatabaseAddressTest {

    @Test
    void theServersUrlNamesTheDatabaseWithItsHostsAndParametersKept() {
        assertThat(DatabaseAddress.withDatabase("jdbc:postgresql://localhost:5432/", "OrderBench_1a"))
                .isEqualTo("jdbc:postgresql://localhost:5432/OrderBench_1a");
        assertThat(DatabaseAddress.withDatabase("jdbc:postgresql://db1:5432,db2:5433/app?sslmode=require", "x"))
                .isEqualTo("jdbc:postgresql://db1:5432,db2:5433/x?sslmode=require");
        assertThat(DatabaseAddress.withDatabase("jdbc:postgresql://db?ssl=true", "x"))
                .isEqualTo("jdbc:postgresql://db/x?ssl=true");
        assertThat(DatabaseAddress.withDatabase("jdbc:postgresql:app", "x")).isEqualTo("jdbc:postgresql:x");
        assertThat(DatabaseAddress.withDatabase("jdbc:postgresql://h/app", "a b")).isEqualTo("jdbc:postgresql://h/a%20b");
    }
}
