package dev.dbbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import javax.sql.DataSource;

import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.SampleTimer;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.measure.RegionTimer;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.Test;

/**
 * Arguments come from one place for every kind of method: engine types from the class's database on
 * the target, created and filled by the class's fixtures on first use. A stand-in server records what
 * it was asked for, so this runs without a database.
 */
class ArgumentsTest {

    private static final EngineTarget TARGET = new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(),
            ProviderKind.EMBEDDED, "");
    private static final List<String> CALLS = new ArrayList<>();

    @Test
    void aMethodGetsItsTimerAndEngineValuesAndTheFixturesRunOnceBeforeTheFirstValue() throws Exception {
        CALLS.clear();
        final StandInServer server = new StandInServer();
        final ClassContext classContext = new ClassContext(FixtureCase.class, target -> server, new BaselineStore(
                Path.of("unused")));
        final Arguments arguments = new Arguments(classContext, new FixtureCase(), Optional.empty());
        final RegionTimer timer = new RegionTimer();

        try (Closer scope = new Closer()) {
            final Object[] first = arguments.resolve(method("body"), TARGET, scope, timer);
            final Object[] second = arguments.resolve(method("body"), TARGET, scope, timer);

            assertThat(first[0]).isInstanceOf(Connection.class).hasToString("Connection from FixtureCase");
            assertThat(first[1]).isSameAs(timer);
            assertThat(second[0]).hasToString("Connection from FixtureCase");
        }
        // The database is created and filled once, before the first value; JUnit orders a class's fixtures its own way.
        assertThat(CALLS).hasSize(7).startsWith("createDatabase FixtureCase").endsWith("resolve Connection",
                "resolve Connection");
        assertThat(CALLS.subList(1, 5)).containsExactlyInAnyOrder("resolve Connection", "load Connection",
                "resolve DataSource", "fill DataSource");
        assertThat(server.databases).isEqualTo(1);
    }

    @Test
    void anInstanceFixtureBeforeAnyInstanceExistsIsAConfigurationErrorNamingIt() throws Exception {
        final ClassContext classContext = new ClassContext(InstanceFixtureCase.class, target -> new StandInServer(),
                new BaselineStore(Path.of("unused")));

        try (Closer scope = new Closer()) {
            assertThatThrownBy(() -> new Arguments(classContext, null, Optional.empty()).resolve(method("body"),
                    TARGET, scope, new RegionTimer()))
                    .isInstanceOf(DbBenchConfigurationException.class)
                    .hasMessage("@DbFixture method InstanceFixtureCase.fill() is not static, but the database is"
                            + " first needed before a test instance exists; make it static");
        }
    }

    private static Method method(String name) {
        for (Method method : FixtureCase.class.getDeclaredMethods()) {
            if (method.getName().equals(name)) {
                return method;
            }
        }
        throw new AssertionError(name);
    }

    static class FixtureCase {

        @DbFixture
        static void load(Connection db) {
            CALLS.add("load Connection");
        }

        @DbFixture
        void fill(DataSource db) {
            CALLS.add("fill DataSource");
        }

        void body(Connection db, SampleTimer timer) {
        }
    }

    static class InstanceFixtureCase {

        @DbFixture
        void fill(Connection db) {
        }
    }

    /** A server whose databases hand out a text naming the type asked for, and say what they were asked. */
    private static final class StandInServer implements EngineServer {

        int databases;

        @Override
        public EngineTarget target() {
            return TARGET;
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
            CALLS.add("createDatabase " + namePrefix);
            databases++;
            return new ScratchDatabase() {
                @Override
                public String name() {
                    return namePrefix;
                }

                @Override
                public Object resolve(Parameter parameter, Closer scope) {
                    final String type = parameter.getType().getSimpleName();
                    CALLS.add("resolve " + type);
                    // Any call on it but toString is a test error: it stands in for a value, not a database.
                    return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {parameter.getType()},
                            (proxy, method, args) -> {
                                if (method.getName().equals("toString")) {
                                    return type + " from " + namePrefix;
                                }
                                throw new UnsupportedOperationException(method.getName());
                            });
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public void close() {
        }
    }
}
