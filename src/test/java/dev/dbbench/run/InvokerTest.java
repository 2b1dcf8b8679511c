package dev.dbbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

import javax.sql.DataSource;

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
    void noPlansAreCapturedWithoutPostgresOrWithoutJdbc() {
        final EngineTarget mongo = new EngineTarget(EngineKind.MONGODB, "", new TreeMap<>(), ProviderKind.EMULATED, "");
        final EngineTarget postgres = new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(),
                ProviderKind.EMBEDDED, "");
        final Optional<DataSource> database = Optional.of(unusable(DataSource.class));
        final Object[] connection = {unusable(Connection.class)};

        assertThat(PlanCapture.applies(postgres, connection, database)).isTrue();
        assertThat(PlanCapture.applies(mongo, connection, database)).isFalse();
        assertThat(PlanCapture.applies(postgres, new Object[] {"no connection"}, database)).isFalse();
        assertThat(PlanCapture.applies(postgres, connection, Optional.empty())).isFalse();
    }

    /** A stand-in of a JDBC type that fails if anything is called on it. */
    private static <T> T unusable(Class<T> type) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            throw new UnsupportedOperationException(method.getName());
        }));
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
