package dev.dbbench.examples.catalog;

import java.util.List;

import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.repository.MongoRepository;

public interface Products extends MongoRepository<Product, String> {

    List<Product> findByBrand(String brand, Sort sort);
}
