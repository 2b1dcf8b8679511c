package dev.dbbench.evaluate;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;

import dev.dbbench.baseline.BaselineDiff;
import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.baseline.EntryChange;
import dev.dbbench.config.BaselineMode;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.spec.BenchmarkId;

/**
 * Decides whether a benchmark's result becomes its baseline entry, and writes it when it does. An
 * update rewrites only the entries that moved (see {@link EntryChange}) and keeps the others byte for
 * byte; what it did to each entry is collected for the run's job summary.
 */
public final class BaselineRecorder {

    private final BaselineStore store;
    private final BaselineMode mode;
    private final boolean failOnMissing;
    private final int runs;
    private final BaselineDiff changes = new BaselineDiff();

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

    /**
     * Whether a result is written: in update mode when it has no entry yet or the entry moved,
     * otherwise only where no entry exists and that may be recorded.
     */
    public boolean writes(Optional<BaselineEntry> entry, EntryChange change) {
        return switch (mode) {
            case UPDATE -> entry.isEmpty() || change.moved();
            case COMPARE -> entry.isEmpty() && !failOnMissing;
        };
    }

    /** Notes an entry the update judged and left as it was. */
    public void kept(BenchmarkId id, EntryChange change) {
        if (mode == BaselineMode.UPDATE) {
            changes.add(id.className(), id.key(), change, false);
        }
    }

    /** Writes the entry of a benchmark, keeping every other entry of its class's file. */
    public void record(BenchmarkId id, MetricValues values, SortedMap<String, String> environment,
            EntryChange change) {
        store.merge(id.className(), Map.of(id.key(), BaselineEntry.of(id.method(), id.target(), Instant.now(), values,
                environment)));
        changes.add(id.className(), id.key(), change, true);
    }

    /**
     * Removes, in update mode, the entries of a class's file whose method the class no longer has
     * (renamed or deleted), and notes each as removed; in compare mode they stay as they are.
     *
     * @return whether they were removed
     */
    public boolean removeOrphans(String className, Set<String> keys) {
        if (mode != BaselineMode.UPDATE || keys.isEmpty()) {
            return false;
        }
        store.remove(className, keys);
        keys.forEach(key -> changes.add(className, key, EntryChange.removed(), true));
        return true;
    }

    /** What the run did to the entries it judged in update mode and those it recorded. */
    public BaselineDiff changes() {
        return changes;
    }

    public BaselineMode mode() {
        return mode;
    }

    public BaselineStore store() {
        return store;
    }
}
