package dev.dbbench.api;

/**
 * How fast the work of a benchmark may grow with its {@link Scale} parameter {@code n}, slowest first:
 * the bound {@link ExpectScaling} states.
 */
public enum Growth {
    /** Does not grow: a {@code LIMIT 10} without an order. */
    CONSTANT,
    /** Grows like {@code log n}: a lookup through a B-tree index. */
    LOGARITHMIC,
    /** Grows like {@code n}: a scan of the whole table. */
    LINEAR,
    /** Grows like {@code n log n}: a sort of the whole table. */
    LINEARITHMIC,
    /** Grows like {@code n²}: a join of the table with itself without an index. */
    QUADRATIC
}
