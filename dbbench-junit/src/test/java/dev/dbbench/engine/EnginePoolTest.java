package dev.dbbench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.Test;

class EnginePoolTest {

    private static final EngineTarget TARGET =
            new EngineTarget(EngineKind.POSTGRES, "15", new TreeMap<>(), ProviderKind.CONTAINER, "postgres:15");

    private final List<FakeServer> started = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private EnginePool pool() {
        return new EnginePool(target -> {
            final FakeServer server = new FakeServer(target);
            started.add(server);
            return server;
        }, notes::add);
    }

    @Test
    void oneServerPerTargetForTheWholeRun() throws Exception {
        try (EnginePool pool = pool()) {
            assertThat(pool.server(TARGET)).isSameAs(pool.server(TARGET));
        }
        assertThat(started).hasSize(1);
        assertThat(started.get(0).closes).isEqualTo(1);
    }

    @Test
    void aDeadServerIsClosedAndReplacedAndTheSummarySaysSo() throws Exception {
        try (EnginePool pool = pool()) {
            final EngineServer first = pool.server(TARGET);
            started.get(0).alive = false;

            final EngineServer second = pool.server(TARGET);

            assertThat(second).isNotSameAs(first);
            assertThat(started.get(0).closes).isEqualTo(1);
            assertThat(notes).containsExactly("replaced postgres 15 container: its server stopped during the run");
        }
        assertThat(started).hasSize(2);
        assertThat(started.get(1).closes).isEqualTo(1);
    }

    /** Counts its closes; closing it more than once counts, so a double close would show. */
    private static final class FakeServer implements EngineServer {

        private final EngineTarget target;
        boolean alive = true;
        int closes;
        private boolean closed;

        FakeServer(EngineTarget target) {
            this.target = target;
        }

        @Override
        public EngineTarget target() {
            return target;
        }

        @Override
        public Duration startTime() {
            return Duration.ZERO;
        }

        @Override
        public SortedMap<String, String> fingerprint() {
            return new TreeMap<>();
        }

        @Override
        public ScratchDatabase createDatabase(String namePrefix) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean alive() {
            return alive;
        }

        @Override
        public void close() {
            // Idempotent like every real server: only the first close counts.
            if (!closed) {
                closed = true;
                closes++;
            }
        }
    }
}
