package dev.dbbench.config;

/** Which list of values each {@code @Scale} runs over; set with {@code dbbench.scale}. */
public enum ScaleLevel {
    /** The {@code small} values: quick enough for every build. */
    SMALL,
    /** The {@code large} values, where a {@code @Scale} declares them; its {@code small} ones elsewhere. */
    LARGE
}
