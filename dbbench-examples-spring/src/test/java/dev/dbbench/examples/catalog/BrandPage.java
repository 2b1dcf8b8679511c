package dev.dbbench.examples.catalog;

import java.util.List;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;

/** A brand's page: its products by price, cheapest first. */
@Service
public class BrandPage {

    private final Products products;

    BrandPage(Products products) {
        this.products = products;
    }

    public List<String> names(String brand) {
        return products.findByBrand(brand, Sort.by("priceCents")).stream().map(Product::getName).toList();
    }
}
