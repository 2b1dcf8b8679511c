package dev.dbbench.junit.shop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.springframework.boot.test.autoconfigure.jdbc.JdbcTest;

/** Spring Boot's JDBC slice on the class's database: its embedded-database replacement stays off. */
@JdbcTest
@Postgres
public class JdbcSliceBench extends ShopData {

    @DbBenchmark(warmups = 2, samples = 5)
    void countOrders() {
        assertThat(jdbc.queryForObject("SELECT count(*) FROM purchase_order WHERE customer_id = ?", Long.class, 3))
                .isEqualTo(5);
    }
}
