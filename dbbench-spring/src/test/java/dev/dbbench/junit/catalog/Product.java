package dev.dbbench.junit.catalog;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.Indexed;
import org.springframework.data.mongodb.core.mapping.Document;

/** A product of the catalog, found by its brand through an index the application creates. */
@Document("products")
public class Product {

    @Id
    private String id;

    @Indexed
    private String brand;

    private String name;

    protected Product() {
    }

    public Product(String id, String brand, String name) {
        this.id = id;
        this.brand = brand;
        this.name = name;
    }

    public String getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
