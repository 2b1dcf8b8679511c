package dev.dbbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Parameter;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import dev.dbbench.engine.Closer;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.measure.Watchdog;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.Test;

class InvokerTest {

    /** A database that can neither explain nor count: nothing the body does is captured there. */
    private static final ScratchDatabase NOTHING_TO_CAPTURE = new ScratchDatabase() {
        @Override
        public String name() {
            return "nothing";
        }

        @Override
        public Object resolve(Parameter parameter, Closer scope) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    };

    private static final Watchdog WATCHDOG = new Watchdog(Duration.ofMinutes(1), Watchdog.Release.nothing("capture"));

    private final List<String> calls = new ArrayList<>();

    @Test
    void callsInstanceAndStaticMethodsAndRethrowsWhatTheMethodThrew() throws Throwable {
        Invoker.invoke(InvokerTest.class.getDeclaredMethod("record", String.class), this, new Object[] {"a"});
        Invoker.invoke(InvokerTest.class.getDeclaredMethod("nothing"), null, new Object[0]);

        assertThat(calls).containsExactly("a");
        assertThatThrownBy(() -> Invoker.invoke(InvokerTest.class.getDeclaredMethod("fail"), this, new Object[0]))
                .isInstanceOf(SQLException.class)
                .hasMessage("the body's own failure");
    }

    @Test
    void noPlansAreCapturedWithoutPostgresOrWithoutJdbc() throws Throwable {
        final EngineTarget mongo = new EngineTarget(EngineKind.MONGODB, "", new TreeMap<>(), ProviderKind.EMULATED, "");
        final EngineTarget postgres = new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(),
                ProviderKind.EMBEDDED, "");

        assertThat(CaptureCall.capture(mongo, InvokerTest.class.getDeclaredMethod("nothing"), null, new Object[0],
                () -> calls.add("hook"), NOTHING_TO_CAPTURE,
                WATCHDOG, () -> calls.add("after")).isEmpty()).isTrue();
        assertThat(CaptureCall.capture(postgres, InvokerTest.class.getDeclaredMethod("record", String.class), this,
                new Object[] {"no connection"}, () -> calls.add("hook"), NOTHING_TO_CAPTURE,
                WATCHDOG, () -> calls.add("after")).isEmpty()).isTrue();
        // Nothing ran: no capture call means no extra call of the body or its hook.
        assertThat(calls).isEmpty();
    }

    private void record(String call) {
        calls.add(call);
    }

    private static void nothing() {
    }

    private void fail() throws SQLException {
        throw new SQLException("the body's own failure");
    }
}
