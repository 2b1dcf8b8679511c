package dev.dbbench.junit.catalog;

import java.util.ArrayList;
import java.util.List;

import org.springframework.stereotype.Service;

/** What the catalog's pages ask: the names of a brand's products, read at once or one by one. */
@Service
public class Catalog {

    private final Products products;

    Catalog(Products products) {
        this.products = products;
    }

    public List<String> names(String brand) {
        return products.findByBrand(brand).stream().map(Product::getName).toList();
    }

    /** The same names, each product read again by its id: one query per product, an N+1. */
    public List<String> namesOneByOne(String brand) {
        final List<String> names = new ArrayList<>();
        for (Product product : products.findByBrand(brand)) {
            names.add(products.findById(product.getId()).orElseThrow().getName());
        }
        return names;
    }
}
