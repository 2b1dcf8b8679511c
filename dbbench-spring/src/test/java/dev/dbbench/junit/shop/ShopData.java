package dev.dbbench.junit.shop;

import dev.dbbench.api.DbFixture;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What the shop's benchmark classes extend: their database filled with five orders a customer and
 * four lines an order, loaded through the application's own pool.
 */
public abstract class ShopData {

    @Autowired
    protected JdbcTemplate jdbc;

    /** How many customers the class's data has. */
    protected int customers() {
        return 20;
    }

    @DbFixture
    void shop() {
        final int customers = customers();
        jdbc.execute("INSERT INTO customer SELECT g, 'customer ' || g FROM generate_series(1, " + customers + ") g");
        jdbc.execute("INSERT INTO purchase_order SELECT g, 1 + g % " + customers + " FROM generate_series(1, "
                + customers * 5 + ") g");
        jdbc.execute("INSERT INTO order_line SELECT g, 1 + g % " + customers * 5 + ", 1 + g % 3, 100 * g"
                + " FROM generate_series(1, " + customers * 20 + ") g");
        jdbc.execute("ANALYZE");
    }
}
