package dev.dbbench.measure;

/** One call of a benchmark body or of an untimed hook. */
@FunctionalInterface
public interface Operation {

    void run() throws Throwable;
}
