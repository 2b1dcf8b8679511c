package dev.dbbench.run;

import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.baseline.BaselineException;
import dev.dbbench.baseline.BaselineFile;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.explain.StatisticsFile;
import dev.dbbench.explain.StatisticsRestore;
import dev.dbbench.measure.SamplingLock;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ScalePoint;
import dev.dbbench.spec.StatisticsFiles;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/**
 * What lives for one test class: its scratch database on each target, and on each target for each
 * value of a {@code @Scale} parameter its data depends on (each created on first use, dropped when
 * the class ends), and its baseline file as it was when the class started. Where an application's
 * own pool uses the class's database (a Spring application context), the database is a copy of the
 * application's template, and the application is pointed at the one in use.
 */
public final class ClassContext implements AutoCloseable {

    /** Where the servers of a run come from: its pool, or a stand-in in a unit test. */
    @FunctionalInterface
    public interface Servers {
        EngineServer server(EngineTarget target) throws Exception;
    }

    /** The application whose pool uses the class's database on a target, if there is one; asked once per class. */
    @FunctionalInterface
    public interface Applications {

        Applications NONE = () -> Optional.empty();

        Optional<ApplicationDatabase> application() throws Exception;
    }

    private final Class<?> testClass;
    private final Servers pool;
    private final BaselineStore baselines;
    private final Applications applications;
    private final SamplingLock lock;
    private Optional<ApplicationDatabase> application;
    private final Closer closer = new Closer();
    private final Map<DatabaseKey, ScratchDatabase> databases = new HashMap<>();
    private final Set<DatabaseKey> unfilled = new HashSet<>();
    private final Map<EngineTarget, EngineServer> servers = new HashMap<>();
    /** The database last handed out on each target: the one the running invocation uses. */
    private final Map<EngineTarget, ScratchDatabase> current = new HashMap<>();
    private final Map<ScratchDatabase, Optional<StatisticsRestore.Restored>> statistics = new HashMap<>();
    private List<StatisticsFile> statisticsFiles;
    private Optional<BaselineFile> baseline;
    private BaselineException baselineFailure;
    private boolean orphansTaken;

    public ClassContext(Class<?> testClass, Servers pool, BaselineStore baselines) {
        this(testClass, pool, baselines, Applications.NONE);
    }

    public ClassContext(Class<?> testClass, Servers pool, BaselineStore baselines, Applications applications) {
        this(testClass, pool, baselines, applications, SamplingLock.NONE);
    }

    /**
     * @param lock the run's sampling lock: the class's databases are dropped, and their counting copies
     *     stopped, as shared work
     */
    public ClassContext(Class<?> testClass, Servers pool, BaselineStore baselines, Applications applications,
            SamplingLock lock) {
        this.testClass = testClass;
        this.pool = pool;
        this.baselines = baselines;
        this.applications = applications;
        this.lock = lock;
    }

    public Class<?> testClass() {
        return testClass;
    }

    /** Fills a database that was just created, such as by calling the class's {@code @DbFixture} methods. */
    @FunctionalInterface
    interface Filler {
        void fill(EngineTarget target, ScratchDatabase database) throws Exception;
    }

    /** Which of the class's databases: the one on a target, or the one for a value of a parameter. */
    private record DatabaseKey(EngineTarget target, Optional<ScalePoint> point) {
    }

    /**
     * The class's database on a target, for a value of a parameter its data depends on or for none,
     * created and filled on first use.
     */
    synchronized ScratchDatabase database(EngineTarget target, Optional<ScalePoint> point, Filler filler)
            throws Exception {
        final DatabaseKey key = new DatabaseKey(target, point);
        final ScratchDatabase database = prepared(key);
        if (unfilled.remove(key)) {
            filler.fill(target, database);
        }
        return database;
    }

    /**
     * Creates the class's database on the target of its application, if it has one, and points the
     * application at it, before the class's first test: a framework may take a connection for the test
     * before dbbench is asked for anything (Spring's test transaction). It is filled on first use.
     */
    public synchronized void prepareApplicationDatabase() throws Exception {
        final Optional<ApplicationDatabase> using = application();
        if (using.isPresent()) {
            prepared(new DatabaseKey(using.get().target(), Optional.empty()));
        }
    }

    /** The database of {@code key}, created (unfilled) on first use, with the application pointed at it. */
    private ScratchDatabase prepared(DatabaseKey key) throws Exception {
        final Optional<ApplicationDatabase> using = application().filter(found -> found.target().equals(key.target()));
        ScratchDatabase database = databases.get(key);
        if (database == null) {
            final EngineServer server = pool.server(key.target());
            final ScratchDatabase created = create(server, using);
            // A database on a server that died cannot be dropped, and need not be: it went with the server.
            closer.register(() -> {
                if (using.isPresent()) {
                    using.get().release(created);
                }
                if (server.alive()) {
                    created.close();
                }
            });
            database = created;
            databases.put(key, database);
            unfilled.add(key);
            servers.put(key.target(), server);
        }
        if (using.isPresent()) {
            using.get().use(database);
        }
        current.put(key.target(), database);
        return database;
    }

    /**
     * The database on {@code target} the running invocation uses; before any was handed out, the class's
     * database, created but not filled: an application that connects as it starts (its migrations) comes
     * before the class's fixtures, which fill it when a test first asks for it.
     */
    public synchronized ScratchDatabase inUse(EngineTarget target) throws Exception {
        final ScratchDatabase used = current.get(target);
        return used != null ? used : prepared(new DatabaseKey(target, Optional.empty()));
    }

    /** Whether the running invocation was handed a database on {@code target}. */
    public synchronized boolean inUseOn(EngineTarget target) {
        return current.containsKey(target);
    }

    /** An empty database, or a copy of the application's template. */
    private ScratchDatabase create(EngineServer server, Optional<ApplicationDatabase> using) throws Exception {
        if (using.isEmpty()) {
            return server.createDatabase(testClass.getSimpleName());
        }
        using.get().releaseTemplate();
        return server.createDatabase(testClass.getSimpleName(), using.get().template());
    }

    /** The application whose pool uses the class's database, asked for once. */
    private Optional<ApplicationDatabase> application() throws Exception {
        if (application == null) {
            application = applications.application();
        }
        return application;
    }

    /**
     * The server the class's database on a target lives on, the same one for the whole class; for a
     * benchmark that never asked for a database, the run's server for the target.
     */
    synchronized EngineServer server(EngineTarget target) throws Exception {
        final EngineServer server = servers.get(target);
        return server != null ? server : pool.server(target);
    }

    /**
     * When the class's server on {@code target} is the reason for {@code failure} (it died, shuts down or
     * restarted), a failure that says so after {@code failed}, with {@code failure} as its cause; empty
     * otherwise, and where {@code failure} says so already. A server that is gone fails the class's later
     * benchmarks on it the same way.
     */
    Optional<ServerFailure> explained(EngineTarget target, String failed, Throwable failure) {
        final EngineServer server;
        synchronized (this) {
            server = servers.get(target);
        }
        if (server == null || ServerFailure.in(failure)) {
            return Optional.empty();
        }
        return server.failureDiagnosis(failure).map(diagnosis -> new ServerFailure(failed + diagnosis, failure));
    }

    /**
     * The class's {@code @ProductionStatistics}, loaded into its database on a PostgreSQL target once,
     * when its first benchmark there starts (after the fixtures and the class's set-up methods); empty
     * where the class declares none.
     */
    synchronized Optional<StatisticsRestore.Restored> productionStatistics(EngineTarget target,
            ScratchDatabase database) throws Exception {
        if (target.kind() != EngineKind.POSTGRES || database.dataSource().isEmpty()) {
            return Optional.empty();
        }
        if (statisticsFiles == null) {
            statisticsFiles = StatisticsFiles.of(testClass).stream()
                    .map(file -> StatisticsFile.parse(file.name(), file.text())).toList();
        }
        Optional<StatisticsRestore.Restored> restored = statistics.get(database);
        if (restored == null) {
            restored = statisticsFiles.isEmpty() ? Optional.empty() : Optional.of(StatisticsRestore.restore(
                    database.dataSource().get(), statisticsFiles, testClass.getSimpleName() + " [" + target.label()
                            + "]"));
            statistics.put(database, restored);
        }
        return restored;
    }

    /** Resources opened for class-level lifecycle methods, such as a {@code @BeforeAll} connection. */
    public Closer closer() {
        return closer;
    }

    /** The class's baselines; a file that cannot be read fails every benchmark of the class the same way. */
    synchronized Optional<BaselineFile> baseline() {
        if (baselineFailure != null) {
            throw baselineFailure;
        }
        if (baseline == null) {
            try {
                baseline = baselines.read(testClass.getName());
            } catch (BaselineException e) {
                baselineFailure = e;
                throw e;
            }
        }
        return baseline;
    }

    /**
     * The keys of the class's baseline entries whose method is no {@code @DbBenchmark} method of the class
     * (renamed or deleted), the first time it is asked; empty after, so that a class tells them once.
     * Benchmarks left out of this run (a shard, {@code -Dtest=Class#method}) are methods all the same.
     */
    synchronized SortedSet<String> takeOrphans() {
        final Optional<BaselineFile> file = baseline();
        if (orphansTaken || file.isEmpty()) {
            return new TreeSet<>();
        }
        orphansTaken = true;
        final Set<String> methods = AnnotationSupport.findAnnotatedMethods(testClass, DbBenchmark.class,
                HierarchyTraversalMode.TOP_DOWN).stream().map(Method::getName).collect(Collectors.toSet());
        return file.get().benchmarks().entrySet().stream()
                .filter(entry -> !methods.contains(entry.getValue().method()))
                .map(Map.Entry::getKey)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Override
    public void close() throws Exception {
        try {
            lock.shared(() -> {
                closer.close();
                return null;
            });
        } finally {
            // Where the lock itself failed, the databases and counting copies go all the same.
            closer.close();
        }
    }
}
