package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method that fills each fresh database of a benchmark class once, right after dbbench
 * creates it and before anything is measured on it: the way to load data in a class that runs on
 * several engine targets, where a {@code @BeforeAll} method cannot know which database it gets.
 *
 * <p>It may be static or not, and may declare the parameters a benchmark can, such as
 * {@link java.sql.Connection}; they refer to the database being filled.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface DbFixture {
}
