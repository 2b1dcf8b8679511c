package dev.dbbench.junit.shop;

import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.data.mongo.MongoDataAutoConfiguration;
import org.springframework.boot.autoconfigure.mongo.MongoAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.EnableAsync;

/**
 * A small shop: customers, their orders and the orders' lines, migrated by Flyway. It uses no MongoDB,
 * which the tests' class path also holds (for {@code dev.dbbench.junit.catalog}).
 */
@SpringBootApplication(exclude = {MongoAutoConfiguration.class, MongoDataAutoConfiguration.class})
@EnableAsync
public class ShopApplication {

    /** How many times an application context of the shop started: Spring's context cache shares them. */
    public static final AtomicInteger STARTS = new AtomicInteger();

    @Bean
    ApplicationRunner countStarts() {
        return arguments -> STARTS.incrementAndGet();
    }
}
