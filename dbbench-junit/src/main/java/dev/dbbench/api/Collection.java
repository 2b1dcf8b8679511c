package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the collection an injected {@code MongoCollection<Document>} parameter stands for; without it
 * the parameter's own name is used (which needs the class compiled with {@code -parameters}).
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Collection {

    /** The collection's name in the class's database. */
    String value();
}
