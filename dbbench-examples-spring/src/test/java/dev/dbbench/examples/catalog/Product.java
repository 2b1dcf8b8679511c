package dev.dbbench.examples.catalog;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.Indexed;
import org.springframework.data.mongodb.core.mapping.Document;

/** A product of the catalog, found by its brand through an index the application creates at startup. */
@Document("products")
public class Product {

    @Id
    private String id;

    @Indexed
    private String brand;

    private String name;

    private long priceCents;

    protected Product() {
    }

    public Product(String id, String brand, String name, long priceCents) {
        this.id = id;
        this.brand = brand;
        this.name = name;
        this.priceCents = priceCents;
    }

    public String getName() {
        return name;
    }

    public long getPriceCents() {
        return priceCents;
    }
}
