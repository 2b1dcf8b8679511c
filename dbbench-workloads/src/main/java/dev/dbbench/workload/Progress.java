package dev.dbbench.workload;

import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Progress lines for long loads, such as
 * {@code loading pokec profiles: 400,000 of 1,632,803 (24%), 12.1 s}. A load that ends within the
 * first interval prints nothing, so the small loads of unit tests and CI stay quiet.
 */
final class Progress {

    static final long INTERVAL_NANOS = 5_000_000_000L;

    private final String label;
    private final long total;
    private final LongSupplier nanoClock;
    private final Consumer<String> sink;
    private final long startNanos;
    private long nextReportNanos;
    private long done;
    private boolean reported;

    Progress(final String label, final long total, final LongSupplier nanoClock, final Consumer<String> sink) {
        this.label = Objects.requireNonNull(label, "label");
        this.total = total;
        this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.startNanos = nanoClock.getAsLong();
        this.nextReportNanos = startNanos + INTERVAL_NANOS;
    }

    /** Progress of a load of {@code total} units, reported on standard output. */
    static Progress toStandardOutput(final String label, final long total) {
        return new Progress(label, total, System::nanoTime, System.out::println);
    }

    /** Counts {@code units} more as done and prints a line if an interval has passed since the last. */
    void advance(final long units) {
        done += units;
        final long now = nanoClock.getAsLong();
        if (now - nextReportNanos >= 0) {
            report(now);
            // The next line is due an interval after this one, not after the missed ticks.
            nextReportNanos = now + INTERVAL_NANOS;
        }
    }

    /** Prints the closing line, only if the load printed any line before. */
    void finish() {
        if (reported) {
            report(nanoClock.getAsLong());
        }
    }

    private void report(final long now) {
        reported = true;
        final long percent = total == 0 ? 100 : done * 100 / total;
        sink.accept(String.format(Locale.ROOT, "%s: %,d of %,d (%d%%), %.1f s",
                label, done, total, percent, (now - startNanos) / 1e9));
    }
}
