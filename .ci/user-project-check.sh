#!/usr/bin/env bash
# Uses dbbench as a new user would: installs the artifact, then builds a separate Maven project that
# depends on it with two @DbBenchmark classes. The first `mvn verify` records the baselines, the
# second passes and leaves target/dbbench/report.html, jmh-result.json and bencher.json, and the
# report renders in headless Chromium with a <script> in a server setting shown as text. The suite
# then runs as two shards whose reports mvn dbbench:merge joins. After a 5 ms sleep is added to the
# body, the next run fails with the accept command, mvn dbbench:accept, which reruns it as it ran.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/dbbench-user-project.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# shellcheck source=user-project.sh
source "$repo/.ci/user-project.sh"
version="$(install_dbbench "$repo")"
user_project "$work" "$version"

# A server setting with markup in it: the HTML report must show it as text, not run it.
cat > "$work/src/test/java/com/example/ScriptSettingBench.java" <<'JAVA'
package com.example;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;

@Postgres(settings = {"application_name=<script>document.title='pwned'</script>"})
class ScriptSettingBench {

    @DbBenchmark(warmups = 2, samples = 10, thresholdPercent = 100)
    void selectOne(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("SELECT 1");
        }
    }
}
JAVA

write_benchmark() {
  cat > "$work/src/test/java/com/example/OrderQueriesBench.java" <<JAVA
package com.example;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.BeforeAll;

@Postgres
class OrderQueriesBench {

    @BeforeAll
    static void load(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("CREATE TABLE orders (id serial PRIMARY KEY, customer_id int NOT NULL, total numeric)");
            statement.execute("INSERT INTO orders (customer_id, total) SELECT g % 500, g FROM generate_series(1, 20000) g");
            statement.execute("CREATE INDEX ON orders (customer_id)");
            statement.execute("ANALYZE orders");
        }
    }

    @DbBenchmark(warmups = 5, samples = 15)
    void findOrdersByCustomer(Connection db) throws Exception {
        $1
        try (PreparedStatement query = db.prepareStatement("SELECT id, total FROM orders WHERE customer_id = ?")) {
            query.setInt(1, 42);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    rows.getLong(1);
                }
            }
        }
    }
}
JAVA
}

run_user_build() {
  # The user's own machine: not CI, so a first run records its baseline. Embedded, because Docker
  # may answer here (dbbench.provider=auto would choose containers) while postgres:17 cannot be pulled.
  (cd "$work" && env -u CI mvn -B -Dstyle.color=never -Ddbbench.provider=embedded verify "$@") > "$work/build.log" 2>&1
}

write_benchmark ""
echo "== first mvn verify: records the baseline"
run_user_build || { cat "$work/build.log"; exit 1; }
grep -q "NEW (recorded)" "$work/build.log"
test -f "$work/baselines/com.example.OrderQueriesBench.json"
cp "$work/baselines/com.example.OrderQueriesBench.json" "$work/recorded.json"

echo "== second mvn verify: passes against it"
run_user_build || { cat "$work/build.log"; exit 1; }
grep -E "findOrdersByCustomer \[postgres 17 embedded\] .*: (PASS|IMPROVEMENT|INCONCLUSIVE)" "$work/build.log"

echo "== the reports: every format written, the HTML rendered by headless Chromium"
reports="$work/target/dbbench"
for file in report.html results.json summary.md jmh-result.json bencher.json; do
  test -s "$reports/$file" || { echo "FAIL: no $reports/$file" >&2; exit 1; }
done
grep -q '"primaryMetric"' "$reports/jmh-result.json"
grep -q '"benchmark" : "com.example.OrderQueriesBench.findOrdersByCustomer"' "$reports/jmh-result.json"
grep -q '"com.example.OrderQueriesBench.findOrdersByCustomer \[postgres 17 embedded\]"' "$reports/bencher.json"
grep -q '"latency"' "$reports/bencher.json"
chromium="${DBBENCH_CHROMIUM:-$(command -v chromium || true)}"
if [[ -z "$chromium" ]]; then
  if [[ "${CI:-}" == true ]]; then
    echo "FAIL: CI=true, but no chromium to render the report (.ci/run installs it)" >&2
    exit 1
  fi
  echo "skipped: no chromium on this machine to render the report"
else
  "$chromium" --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
    --no-first-run --host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir="$work/chromium-profile" \
    --enable-logging=stderr --v=0 --dump-dom "file://$reports/report.html" > "$work/report.dom" 2> "$work/chromium.log"
  if grep ':CONSOLE' "$work/chromium.log"; then
    echo "FAIL: the report logged console messages" >&2
    exit 1
  fi
  grep -q "application_name=&lt;script&gt;document.title='pwned'&lt;/script&gt;" "$work/report.dom"
  if grep -q '<script' "$work/report.dom" || grep -q '<title>pwned' "$work/report.dom"; then
    echo "FAIL: the <script> of a setting became markup" >&2
    exit 1
  fi
  test "$(grep -c '<svg class="chart samples"' "$work/report.dom")" -ge 2
  echo "report.html rendered: $(wc -c < "$reports/report.html") bytes, no console message, the setting shown as text"
fi

echo "== two shards of the suite, merged by mvn dbbench:merge"
# Timings do not gate here: these runs are about which classes run where, not about speed.
for shard in 1 2; do
  run_user_build -Ddbbench.gate.time=warn -Ddbbench.shard=$shard/2 -Ddbbench.report.dir=target/shard-$shard \
    || { cat "$work/build.log"; exit 1; }
done
grep -q "ScriptSettingBench.selectOne" "$work/target/shard-1/results.json"
grep -q "OrderQueriesBench.findOrdersByCustomer" "$work/target/shard-2/results.json"
(cd "$work" && mvn -B dbbench:merge -Ddbbench.merge.reports='target/shard-*' -Ddbbench.report.dir=target/merged) \
  > "$work/merge.log" 2>&1 || { cat "$work/merge.log"; exit 1; }
test "$(grep -c '"acceptCommand" :' "$work/target/merged/results.json")" -eq 2
test -s "$work/target/merged/report.html"
tail -1 "$work/merge.log"

echo "== third mvn verify with a 5 ms sleep in the body: fails with the accept command"
write_benchmark "Thread.sleep(5);"
if run_user_build; then
  cat "$work/build.log"
  echo "FAIL: the slowed benchmark did not fail the build" >&2
  exit 1
fi
grep -q "REGRESSION in OrderQueriesBench.findOrdersByCustomer \[postgres 17 embedded\]" "$work/build.log"
grep -q "accept       mvn dbbench:accept -Ddbbench.accept.benchmarks='OrderQueriesBench#findOrdersByCustomer'" "$work/build.log"
cmp "$work/recorded.json" "$work/baselines/com.example.OrderQueriesBench.json"
grep -A11 "dbbench: REGRESSION" "$work/build.log" | head -12

echo "== mvn dbbench:accept, with none of the run's -D options, rewrites the embedded entry, and the next run passes"
(cd "$work" && env -u CI mvn -B dbbench:accept) > "$work/accept.log" 2>&1 || { cat "$work/accept.log"; exit 1; }
grep "dbbench: accepting" "$work/accept.log"
grep -q -- "-Ddbbench.provider=embedded" "$work/accept.log"
! cmp -s "$work/recorded.json" "$work/baselines/com.example.OrderQueriesBench.json"
test "$(grep -c '"findOrdersByCustomer \[postgres 17' "$work/baselines/com.example.OrderQueriesBench.json")" -eq 1
run_user_build || { cat "$work/build.log"; exit 1; }
echo "user project check passed"
