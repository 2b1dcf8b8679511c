package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Fails a PostgreSQL benchmark whose statements scan the named tables (or, with none named, any table) sequentially. */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface NoSeqScan {

    /** Table names; empty means every table. */
    String[] value() default {};
}
