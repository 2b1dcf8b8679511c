#!/usr/bin/env bash
# The same-runner A/B (mvn dbbench:compare) as a new user meets it: a separate project on the
# installed artifacts, a git repository whose base commit has a benchmark that locks 40 rows
# (SELECT ... FOR UPDATE), and three heads: the base itself (A/A), a client-side sleep as long as
# the operation after it (2x, no count changes), and another connection holding the rows' lock for
# as long as the operation (a lock wait). Each head is compared against the base RUNS times (default
# 1); the A/A must pass every time, the other two must fail every time, with the report files in
# target/dbbench/compare/, the worktree removed and baselines/ untouched. Also: the default choice of
# benchmarks (the suspect ones of the head's own run), and clear errors for an unknown ref and a
# benchmark that matches nothing. Prints the tallies, the cost per round and per benchmark, and the
# load average.
#
#   bash .ci/user-project-compare.sh [RUNS]
set -euo pipefail
runs="${1:-1}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/dbbench-user-compare.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# shellcheck source=user-project.sh
source "$repo/.ci/user-project.sh"
version="$(install_dbbench "$repo")"
user_project "$work" "$version"

# $1: imports, $2: fields, $3: the body's parameters, $4: the body before the operation, $5: after it.
write_benchmark() {
  cat > "$work/src/test/java/com/example/LockBench.java" <<JAVA
package com.example;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
$1
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.BeforeAll;

@Postgres
class LockBench {
$2
    @BeforeAll
    static void load(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("CREATE TABLE orders (id serial PRIMARY KEY, customer_id int NOT NULL, total numeric)");
            statement.execute("INSERT INTO orders (customer_id, total) SELECT g % 500, g FROM generate_series(1, 20000) g");
            statement.execute("ANALYZE orders");
        }
    }

    @DbBenchmark(warmups = 3, samples = 15)
    void lockOrders($3) throws Exception {
        $4
        try (Statement statement = db.createStatement();
             ResultSet rows = statement.executeQuery("SELECT id FROM orders WHERE customer_id = 42 FOR UPDATE")) {
            while (rows.next()) {
                rows.getLong(1);
            }
        }
        $5
    }
}
JAVA
}

commit() {
  (cd "$work" && git add -A && git -c user.name=dbbench -c user.email=dbbench@example.com commit -q -m "$1")
}

# Runs the A/B of the head checked out now against the branch base; $1 names the log. Returns mvn's exit code.
# The provider is named: Docker answers in CI, so auto would choose containers, and postgres:17 cannot be pulled there.
compare() {
  local log="$work/compare-$1.log"
  shift
  (cd "$work" && mvn -B dbbench:compare -Ddbbench.provider=embedded -Ddbbench.base=base "$@") > "$log" 2>&1
}

check_outcome() {
  local log="$work/compare-$1.log"
  test -s "$work/target/dbbench/compare/compare.md" || { cat "$log"; echo "FAIL: no compare.md" >&2; exit 1; }
  test -s "$work/target/dbbench/compare/compare.json"
  test "$(ls "$work"/target/dbbench/compare/rounds/*-results.json | wc -l)" -ge 14
  test ! -e "$work/target/dbbench/compare/base" || { echo "FAIL: the base worktree was left behind" >&2; exit 1; }
  test "$(cd "$work" && git worktree list | wc -l)" -eq 1
  test -z "$(cd "$work" && git status --porcelain -- baselines)" || { echo "FAIL: baselines/ changed" >&2; exit 1; }
}

write_benchmark "" "" "Connection db" "" ""
(cd "$work" && git init -q -b base . && printf 'target/\n' > .gitignore)
commit "base: a benchmark that locks 40 rows"

echo "== bad input: an unknown ref, a benchmark that matches nothing"
(cd "$work" && mvn -B dbbench:compare -Ddbbench.base=no-such-branch -Ddbbench.compare.benchmarks=LockBench) \
  > "$work/bad-ref.log" 2>&1 && { echo "FAIL: an unknown ref passed" >&2; exit 1; }
grep -q "dbbench.base=no-such-branch names no commit" "$work/bad-ref.log"
(cd "$work" && mvn -B dbbench:compare -Ddbbench.provider=embedded -Ddbbench.base=base -Ddbbench.compare.benchmarks=NoSuchBench#x) \
  > "$work/bad-name.log" 2>&1 && { echo "FAIL: an unknown benchmark passed" >&2; exit 1; }
grep -q "names \[NoSuchBench#x\], which matches no benchmark" "$work/bad-name.log"

echo "== the default choice: baselines recorded at the base, the head's run with a 2x sleep, its suspect verdict compared"
# Recorded as a developer records (CI=true would fail on the missing baseline, as it should in CI).
(cd "$work" && env -u CI mvn -B -q verify -Ddbbench.provider=embedded -Ddbbench.count.instructions=off) \
  > "$work/record.log" 2>&1 || { cat "$work/record.log"; exit 1; }
commit "baselines"
(cd "$work" && git checkout -q -b head-default)
write_benchmark "import java.util.concurrent.locks.LockSupport;" "" "Connection db" "final long started = System.nanoTime();" \
  "LockSupport.parkNanos(System.nanoTime() - started);"
commit "head: a client-side sleep as long as the operation"
(cd "$work" && mvn -B verify -Ddbbench.provider=embedded -Ddbbench.count.instructions=off) > "$work/head-run.log" 2>&1 || true
grep -q '"verdict" : "\(REGRESSION\|INCONCLUSIVE\)"' "$work/target/dbbench/results.json" \
  || { grep "LockBench" "$work/head-run.log"; echo "FAIL: the head's run found nothing suspect" >&2; exit 1; }
if compare default; then cat "$work/compare-default.log"; echo "FAIL: the default A/B passed a 2x slowdown" >&2; exit 1; fi
check_outcome default
grep "LockBench.lockOrders" "$work/target/dbbench/compare/compare.md"
(cd "$work" && git checkout -q base && rm -rf target/dbbench)
(cd "$work" && mvn -B dbbench:compare -Ddbbench.provider=embedded -Ddbbench.base=base) > "$work/nothing.log" 2>&1 || { cat "$work/nothing.log"; exit 1; }
grep -q "nothing to compare" "$work/nothing.log"

declare -A caught=([aa]=0 [sleep]=0 [lock]=0)
declare -A seconds=([aa]=0 [sleep]=0 [lock]=0)
heads() {
  (cd "$work" && git checkout -q base && git checkout -q -B head-aa)
  (cd "$work" && git checkout -q base && git checkout -q -B head-sleep)
  write_benchmark "import java.util.concurrent.locks.LockSupport;" "" "Connection db" \
    "final long started = System.nanoTime();" "LockSupport.parkNanos(System.nanoTime() - started);"
  commit "head: a client-side sleep as long as the operation"
  (cd "$work" && git checkout -q base && git checkout -q -B head-lock)
  write_benchmark "import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;" \
    "    private static final ScheduledExecutorService RELEASE = Executors.newSingleThreadScheduledExecutor(runnable -> {
        final Thread thread = new Thread(runnable, \"lock-holder\");
        thread.setDaemon(true);
        return thread;
    });
    private static Connection holder;
    /** How long the other connection holds the lock: the operation's own time, as last measured. */
    private static long holdNanos = 1_000_000;
" "Connection db, DataSource source" \
    "if (holder == null) {
            holder = source.getConnection();
            holder.setAutoCommit(false);
        }
        try (Statement lock = holder.createStatement()) {
            lock.executeQuery(\"SELECT id FROM orders WHERE customer_id = 42 FOR UPDATE\").close();
        }
        final Connection held = holder;
        RELEASE.schedule(() -> { held.commit(); return null; }, holdNanos, TimeUnit.NANOSECONDS);
        final long started = System.nanoTime();" \
    "holdNanos = Math.max(50_000, System.nanoTime() - started - holdNanos);"
  commit "head: another connection holds the rows' lock for as long as the operation"
}
heads

for ((run = 1; run <= runs; run++)); do
  for case in aa sleep lock; do
    (cd "$work" && git checkout -q "head-$case")
    started=$SECONDS
    if compare "$case-$run" -Ddbbench.compare.benchmarks=LockBench#lockOrders; then outcome=passed; else outcome=failed; fi
    seconds[$case]=$((seconds[$case] + SECONDS - started))
    check_outcome "$case-$run"
    [[ $outcome == failed ]] && caught[$case]=$((caught[$case] + 1))
    echo "run $run, $case: $outcome ($((SECONDS - started)) s, load $(cut -d' ' -f1-3 /proc/loadavg)):" \
      "$(grep -o 'LockBench.lockOrders[^|]*| [^|]*| [^|]*| [^|]*| [^:]*' "$work/target/dbbench/compare/compare.md" | tr -s ' ')"
    grep -o '[0-9.]* s in all, [0-9.]* s per round' "$work/target/dbbench/compare/compare.md"
  done
done

echo "A/B tallies over $runs run(s) of the default rounds each:"
echo "  A/A (head = base): ${caught[aa]} failed of $runs ($((seconds[aa] / runs)) s per comparison)"
echo "  2x client-side sleep: ${caught[sleep]} caught of $runs ($((seconds[sleep] / runs)) s per comparison)"
echo "  lock wait: ${caught[lock]} caught of $runs ($((seconds[lock] / runs)) s per comparison)"
echo "  load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
if (( caught[aa] != 0 || caught[sleep] != runs || caught[lock] != runs )); then
  echo "FAIL: the A/B missed a target" >&2
  exit 1
fi
echo "user project compare check passed"
