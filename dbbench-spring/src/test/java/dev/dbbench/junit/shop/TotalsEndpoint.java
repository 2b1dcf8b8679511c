package dev.dbbench.junit.shop;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** The shop's totals over HTTP, as its pages ask for them: the web server's threads run the queries. */
@RestController
public class TotalsEndpoint {

    private final OrderTotals totals;

    TotalsEndpoint(OrderTotals totals) {
        this.totals = totals;
    }

    @GetMapping("/customers/{name}/total")
    public long total(@PathVariable String name) {
        return totals.of(name);
    }
}
