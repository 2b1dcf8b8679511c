package dev.dbbench.evaluate;

import java.time.Instant;
import java.util.Map;
import java.util.SortedMap;

import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.config.BaselineMode;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.spec.BenchmarkId;

/** Decides whether a benchmark's result becomes its baseline entry, and writes it when it does. */
public final class BaselineRecorder {

    private final BaselineStore store;
    private final BaselineMode mode;
    private final boolean failOnMissing;
    private final int runs;

    /** @param failOnMissing whether {@link BaselineMode#COMPARE} fails a missing entry instead of recording it */
    public BaselineRecorder(BaselineStore store, BaselineMode mode, boolean failOnMissing) {
        this(store, mode, failOnMissing, 1);
    }

    /** @param runs how many independent runs of a benchmark each written entry holds */
    public BaselineRecorder(BaselineStore store, BaselineMode mode, boolean failOnMissing, int runs) {
        if (runs < 1) {
            throw new IllegalArgumentException("an entry holds at least one run, not " + runs);
        }
        this.store = store;
        this.mode = mode;
        this.failOnMissing = failOnMissing;
        this.runs = runs;
    }

    /** How many independent runs each written entry holds. */
    public int runs() {
        return runs;
    }

    /** Whether a result is written: every one in update mode, otherwise only where no entry exists and that may be recorded. */
    public boolean writes(boolean hasEntry) {
        return switch (mode) {
            case UPDATE -> true;
            case RECORD_MISSING -> !hasEntry;
            case COMPARE -> !hasEntry && !failOnMissing;
        };
    }

    /** Writes the entry of a benchmark, keeping every other entry of its class's file. */
    public void record(BenchmarkId id, MetricValues values, SortedMap<String, String> environment) {
        store.merge(id.className(), Map.of(id.key(), BaselineEntry.of(id.method(), id.target(), Instant.now(), values,
                environment)));
    }

    public BaselineMode mode() {
        return mode;
    }

    public BaselineStore store() {
        return store;
    }
}
