package dev.dbbench.examples.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.MaxStatements;
import dev.dbbench.api.Mongo;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A brand's page through the application's Spring Data repository and its own MongoDB client: one
 * command, {@code find products {brand: ?} sort {priceCents: 1}}, on the class's database, whose index
 * the application created at startup on the template it was copied from.
 */
@SpringBootTest(properties = "spring.data.mongodb.auto-index-creation=true")
@Mongo
class BrandPageBench {

    @Autowired
    Products products;

    @Autowired
    BrandPage page;

    @DbFixture
    void catalog() {
        final List<Product> all = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            all.add(new Product("p" + i, "brand " + i % 20, "product " + i, 100L * (i % 97)));
        }
        products.saveAll(all);
    }

    @DbBenchmark(warmups = 10, samples = 30)
    @MaxStatements(1)
    void productsOfABrand() {
        assertThat(page.names("brand 7")).hasSize(100);
    }
}
