#!/usr/bin/env bash
# Time verdicts as a new user meets them (issue 27): a separate project records a baseline of 5 runs
# on this machine; then N unchanged runs must all pass and N runs whose body waits on the client as
# long as its query took (2x, no more work on the server, no count moves) must all fail on time.
# Last, the same baseline recorded under another machine's name (dbbench.machine) is "another
# machine": the slowed body passes there, shown as information naming the A/B goal.
#
#   bash .ci/user-project-time-verdicts.sh [N]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
n="${1:-3}"
work="$(mktemp -d /tmp/dbbench-user-time.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# shellcheck source=user-project.sh
source "$repo/.ci/user-project.sh"
version="$(install_dbbench "$repo")"
user_project "$work/project" "$version"
project="$work/project"

# $1: "wait" for a client-side wait as long as the query, anything else for the body unchanged.
write_benchmark() {
  local wait=""
  if [[ "$1" == wait ]]; then
    wait="final long took = System.nanoTime() - start; Thread.sleep(took / 1_000_000, (int) (took % 1_000_000));"
  fi
  cat > "$project/src/test/java/com/example/OrderTotalsBench.java" <<JAVA
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
class OrderTotalsBench {

    @BeforeAll
    static void load(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("CREATE TABLE orders (id int PRIMARY KEY, customer int NOT NULL, total int NOT NULL)");
            statement.execute("INSERT INTO orders SELECT g, g % 1000, g % 97 FROM generate_series(1, 200000) g");
            statement.execute("ANALYZE orders");
        }
    }

    @DbBenchmark
    void revenue(Connection db) throws SQLException, InterruptedException {
        final long start = System.nanoTime();
        try (PreparedStatement query = db.prepareStatement("SELECT sum(total::bigint) FROM orders");
                ResultSet rows = query.executeQuery()) {
            rows.next();
        }
        $wait
    }
}
JAVA
}

build() {
  # Embedded, because Docker may answer here while postgres:17 cannot be pulled.
  (cd "$project" && mvn -B -Dstyle.color=never -Ddbbench.provider=embedded verify "$@") > "$project/build.log" 2>&1
}

verdict() {
  grep -m1 -o "OrderTotalsBench.revenue \[postgres 17 embedded\] [^:]*: [A-Z]*.*" "$project/build.log" || true
}

echo "== a baseline of 5 runs recorded on this machine"
write_benchmark unchanged
CI= build -Ddbbench.baseline.mode=update -Ddbbench.baseline.runs=5 || { cat "$project/build.log"; exit 1; }
grep -o "recorded 5 runs spread [^;]*" "$project/build.log" | head -1

passed=0
echo "== $n unchanged runs (CI=true): each must pass"
for i in $(seq 1 "$n"); do
  load="$(uptime | sed 's/.*load average: //')"
  if CI=true build; then passed=$((passed + 1)); result=passed; else result=FAILED; fi
  echo "unchanged $i: $result - $(verdict) (load $load)"
done

caught=0
echo "== $n runs with a client-side wait as long as the query (2x): each must fail on time"
write_benchmark wait
for i in $(seq 1 "$n"); do
  load="$(uptime | sed 's/.*load average: //')"
  if CI=true build; then result="passed (MISSED)"; else result=failed; fi
  if grep -q "REGRESSION in OrderTotalsBench.revenue \[postgres 17 embedded\]" "$project/build.log" \
      && [[ "$result" == failed ]]; then
    caught=$((caught + 1))
  fi
  echo "2x $i: $result - $(verdict) (load $load)"
done
grep -A4 "dbbench: REGRESSION in OrderTotalsBench.revenue" "$project/build.log" | head -5 || true

echo "== the same baseline recorded under another machine's name: the 2x wait passes, as information"
write_benchmark unchanged
CI= build -Ddbbench.baseline.mode=update -Ddbbench.baseline.runs=5 -Ddbbench.machine=another-recorder \
  || { cat "$project/build.log"; exit 1; }
write_benchmark wait
CI=true build || { cat "$project/build.log"; echo "FAIL: time alone failed against another machine" >&2; exit 1; }
echo "another machine, 2x: passed - $(verdict)"
# Unless the wait happened to land within the fence (PASS), the line says so and names the A/B goal.
if ! grep -q "OrderTotalsBench.revenue \[postgres 17 embedded\] [^:]*: PASS" "$project/build.log"; then
  grep -q "OrderTotalsBench.revenue \[postgres 17 embedded\] [^:]*: [A-Z]* (information)" "$project/build.log"
  grep -q "settle: mvn dbbench:compare -Ddbbench.compare.benchmarks='OrderTotalsBench#revenue'" \
    "$project/build.log"
fi

echo "unchanged: $passed of $n passed; 2x: $caught of $n failed on time"
[[ $passed -eq $n && $caught -eq $n ]]
