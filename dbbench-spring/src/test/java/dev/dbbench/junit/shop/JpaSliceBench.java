package dev.dbbench.junit.shop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.orm.jpa.DataJpaTest;

/**
 * Spring Boot's JPA slice on the class's database. Its test transaction (rolled back after each test)
 * stays on the test's thread: dbbench loads the data and calls the body on threads of their own.
 */
@DataJpaTest
@Postgres
public class JpaSliceBench extends ShopData {

    @Autowired
    PurchaseOrders orders;

    @DbBenchmark(warmups = 2, samples = 5)
    void ordersOfACustomer() {
        assertThat(orders.findByCustomerName("customer 3")).hasSize(5);
    }
}
