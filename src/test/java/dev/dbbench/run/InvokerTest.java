package dev.dbbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.Test;

class InvokerTest {

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

        assertThat(PlanCapture.capture(mongo, InvokerTest.class.getDeclaredMethod("nothing"), null, new Object[0],
                () -> calls.add("hook"), Optional.empty())).isEmpty();
        assertThat(PlanCapture.capture(postgres, InvokerTest.class.getDeclaredMethod("record", String.class), this,
                new Object[] {"no connection"}, () -> calls.add("hook"), Optional.empty())).isEmpty();
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
