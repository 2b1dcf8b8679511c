package dev.dbbench.junit.shop;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** What a customer's orders add up to: their lines are fetched in batches (application.properties). */
@Service
public class OrderTotals {

    private final PurchaseOrders orders;

    OrderTotals(PurchaseOrders orders) {
        this.orders = orders;
    }

    @Transactional(readOnly = true)
    public long of(String customer) {
        return orders.findByCustomerName(customer).stream()
                .flatMap(order -> order.getLines().stream())
                .mapToLong(OrderLine::total)
                .sum();
    }
}
