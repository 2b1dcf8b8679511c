package dev.dbbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class ProgressTest {

    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong clock = new AtomicLong(1_000 * SECOND);
    private final List<String> lines = new ArrayList<>();

    private Progress progress(final long total) {
        return new Progress("loading pokec profiles", total, clock::get, lines::add);
    }

    @Test
    void aLoadShorterThanOneIntervalPrintsNothing() {
        final Progress progress = progress(1_000);
        for (int i = 0; i < 10; i++) {
            clock.addAndGet(SECOND / 3);
            progress.advance(100);
        }
        progress.finish();
        assertThat(lines).isEmpty();
    }

    @Test
    void aLongLoadPrintsALineEveryIntervalAndAClosingLine() {
        final Progress progress = progress(1_632_803);
        for (int i = 0; i < 12; i++) {
            clock.addAndGet(SECOND);
            progress.advance(100_000);
        }
        clock.addAndGet(SECOND / 2);
        progress.advance(432_803);
        progress.finish();
        assertThat(lines).containsExactly(
                "loading pokec profiles: 500,000 of 1,632,803 (30%), 5.0 s",
                "loading pokec profiles: 1,000,000 of 1,632,803 (61%), 10.0 s",
                "loading pokec profiles: 1,632,803 of 1,632,803 (100%), 12.5 s");
    }

    @Test
    void aStallLongerThanSeveralIntervalsPrintsOneLineNotOnePerMissedInterval() {
        final Progress progress = progress(10);
        clock.addAndGet(23 * SECOND);
        progress.advance(1);
        clock.addAndGet(SECOND);
        progress.advance(1);
        assertThat(lines).containsExactly("loading pokec profiles: 1 of 10 (10%), 23.0 s");
    }
}
