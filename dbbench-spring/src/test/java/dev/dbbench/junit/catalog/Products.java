package dev.dbbench.junit.catalog;

import java.util.List;

import org.springframework.data.mongodb.repository.MongoRepository;

public interface Products extends MongoRepository<Product, String> {

    List<Product> findByBrand(String brand);

    long countByBrand(String brand);
}
