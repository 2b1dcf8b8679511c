package dev.dbbench.junit.shop;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

@Entity
public class OrderLine {

    @Id
    private Long id;

    @ManyToOne(fetch = FetchType.LAZY)
    private PurchaseOrder purchaseOrder;

    private int quantity;

    private long priceCents;

    protected OrderLine() {
    }

    public long total() {
        return quantity * priceCents;
    }
}
