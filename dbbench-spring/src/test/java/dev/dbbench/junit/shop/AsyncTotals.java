package dev.dbbench.junit.shop;

import java.util.concurrent.CompletableFuture;

import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Service;

/** A customer's total computed on the application's task executor, as a report job would. */
@Service
public class AsyncTotals {

    private final OrderTotals totals;

    AsyncTotals(OrderTotals totals) {
        this.totals = totals;
    }

    @Async
    public CompletableFuture<Long> of(String customer) {
        return CompletableFuture.completedFuture(totals.of(customer));
    }
}
