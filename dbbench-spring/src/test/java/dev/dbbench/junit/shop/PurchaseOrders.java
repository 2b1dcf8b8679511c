package dev.dbbench.junit.shop;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;

public interface PurchaseOrders extends JpaRepository<PurchaseOrder, Long> {

    List<PurchaseOrder> findByCustomerName(String name);
}
