package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import dev.dbbench.engine.InstructionCounting;
import dev.dbbench.engine.InstructionCounting.FunctionCost;
import dev.dbbench.text.SqlText;

/**
 * A copy of a class's database on a server run under callgrind, counting the instructions of a
 * body's calls. One session per count: empty segments that measure what a marker itself costs, then
 * the calls; the first call and the counted ones (the last) each with a marker at its start, before
 * each statement unlike the one before it, and at its end, so every dump holds one statement's work
 * plus one marker's. The warm-ups between them run unmarked.
 */
final class InstructionCounter implements InstructionCounting, AutoCloseable {

    /** Empty segments (a marker right after a marker) measured before the counted calls. */
    static final int EMPTY_SEGMENTS = 5;

    private final PostgresProcess server;
    private final Path out;
    private final String database;
    private final String counter;

    private InstructionCounter(PostgresProcess server, Path out, String database, String counter) {
        this.server = server;
        this.out = out;
        this.database = database;
        this.counter = counter;
    }

    /**
     * Copies the source server's data and starts the copy under callgrind.
     *
     * @param counter the valgrind and binaries versions, which {@link #counter()} reports
     */
    static InstructionCounter start(PostgresProcess source, Map<String, String> settings, String valgrind,
            String database, String counter) throws IOException {
        final Path out = Files.createTempDirectory(PostgresInstallation.home(), "callgrind-");
        try {
            final PostgresProcess copy = source.startCopy(Callgrind.settings(settings), Callgrind.wrapper(valgrind, out));
            return new InstructionCounter(copy, out, database, counter);
        } catch (IOException | RuntimeException e) {
            PostgresInstallation.deleteRecursively(out);
            throw e;
        }
    }

    @Override
    public DataSource dataSource() {
        return server.dataSource(database);
    }

    @Override
    public String counter() {
        return counter;
    }

    @Override
    public ProcessHandle server() {
        return server.handle();
    }

    @Override
    public synchronized InstructionCount count(CountedCall call, Planner planner) throws Throwable {
        try (Connection raw = dataSource().getConnection()) {
            final long pid = backendPid(raw);
            final Segments segments = new Segments(raw, pid);
            final Connection counted = JdbcInterception.intercept(raw, statements -> segments.next(
                    statements.size() == 1 ? statements.get(0).sql()
                            : statements.get(0).sql() + " (batch of " + statements.size() + ")"));
            // The first dump holds the connection's start; then the empty segments that price a marker.
            segments.mark(null);
            for (int i = 0; i < EMPTY_SEGMENTS; i++) {
                segments.mark(Segments.MARKER);
            }
            segments.call(0, call, counted);
            final long first = segments.read().get(0).stream().mapToLong(Segment::instructions).sum();
            final int[] plan = planner.plan(first);
            // The other warm-ups only bring the session to its steady state; nobody reads their counts,
            // so they run without markers, sparing a round trip and a callgrind dump per marker.
            for (int i = 1; i < plan[0]; i++) {
                call.run(counted);
            }
            for (int i = Math.max(1, plan[0]); i < plan[0] + plan[1]; i++) {
                segments.call(i, call, counted);
            }
            final List<List<Segment>> all = segments.read();
            segments.delete();
            return new InstructionCount(plan[0], all.subList(plan[0], all.size()));
        }
    }

    private static long backendPid(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet pid = statement.executeQuery("SELECT pg_backend_pid()")) {
            pid.next();
            return pid.getLong(1);
        }
    }

    /**
     * The markers of one session and, for each dump they cause, the call and the statement it closes.
     * Every call is marked: a marker at its start, before each of its statements, and at its end.
     */
    private final class Segments {

        static final String MARKER = "(marker)";

        private final Connection raw;
        private final long pid;
        private final List<String> closes = new ArrayList<>();
        private final List<Integer> ofCall = new ArrayList<>();
        /** What the dumps read so far counted, in all and by function: a dump does not change once written. */
        private final List<Long> totals = new ArrayList<>();
        private final List<Map<String, FunctionCost>> functions = new ArrayList<>();
        private String current;
        private int call = -1;

        Segments(Connection raw, long pid) {
            this.raw = raw;
            this.pid = pid;
        }

        void call(int index, CountedCall body, Connection counted) throws Throwable {
            mark(MARKER);
            call = index;
            current = InstructionCount.BEFORE_STATEMENTS;
            body.run(counted);
            mark(current);
            call = -1;
        }

        /**
         * A marker before a statement unlike the one before it: a run of the same statement (a row
         * inserted at a time) is one segment, and costs one dump rather than one per row.
         */
        void next(String statement) throws SQLException {
            if (call >= 0 && !SqlText.normalized(statement).equals(SqlText.normalized(current))) {
                mark(current);
                current = statement;
            }
        }

        /** Sends a marker; the dump it causes closes the segment named {@code closing} of the current call. */
        void mark(String closing) throws SQLException {
            closes.add(closing);
            ofCall.add(MARKER.equals(closing) || closing == null ? -1 : call);
            try (Statement statement = raw.createStatement(); ResultSet rows = statement.executeQuery(Callgrind.MARKER)) {
                rows.next();
            }
        }

        /** Removes the session's dumps once read; the backend's exit dump goes with the server's files. */
        void delete() throws IOException {
            for (int n = 1; n <= closes.size(); n++) {
                Files.deleteIfExists(Callgrind.dump(out, pid, n));
            }
        }

        /** Each call's segments so far, their instructions (in all and by function) less what a marker costs. */
        List<List<Segment>> read() throws IOException {
            for (int n = totals.size() + 1; n <= closes.size(); n++) {
                final List<String> dump = Files.readAllLines(Callgrind.dump(out, pid, n), StandardCharsets.UTF_8);
                totals.add(Callgrind.totals(dump));
                functions.add(n == 1 ? Map.of() : CallgrindProfile.read(dump));
            }
            final long[] empty = new long[EMPTY_SEGMENTS];
            for (int i = 0; i < EMPTY_SEGMENTS; i++) {
                empty[i] = totals.get(i + 1);
            }
            Arrays.sort(empty);
            final long marker = empty[EMPTY_SEGMENTS / 2];
            final Map<String, FunctionCost> markerFunctions = FunctionCost.median(
                    functions.subList(1, 1 + EMPTY_SEGMENTS));
            final List<List<Segment>> perCall = new ArrayList<>();
            for (int i = 0; i < closes.size(); i++) {
                final int owner = ofCall.get(i);
                if (owner >= 0) {
                    while (perCall.size() <= owner) {
                        perCall.add(new ArrayList<>());
                    }
                    perCall.get(owner).add(new Segment(closes.get(i), Math.max(0, totals.get(i) - marker),
                            CallgrindProfile.less(functions.get(i), markerFunctions)));
                }
            }
            return perCall;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            server.close();
        } finally {
            PostgresInstallation.deleteRecursively(out);
        }
    }
}
