#!/usr/bin/env bash
# Work counts as a new user meets them: a separate project records a baseline holding instruction
# counts; a fresh copy of that project, with the baseline as committed, passes three unchanged runs
# with the time gate off; an aggregate 3 % larger, or one more statement per operation, fails the
# build with a message naming the count that moved.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/dbbench-user-counts.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# shellcheck source=user-project.sh
source "$repo/.ci/user-project.sh"
version="$(install_dbbench "$repo")"
user_project "$work/recorder" "$version"

# $1: rows summed; $2: a statement run after it, or nothing.
write_benchmark() {
  local project="$1" rows="$2" extra="$3"
  cat > "$project/src/test/java/com/example/ReportQueriesBench.java" <<JAVA
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
class ReportQueriesBench {

    @BeforeAll
    static void load(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("CREATE TABLE sales (id int PRIMARY KEY, amount int NOT NULL)");
            statement.execute("INSERT INTO sales SELECT g, g % 97 FROM generate_series(1, $rows) g");
            statement.execute("ANALYZE sales");
        }
    }

    @DbBenchmark(samples = 10)
    void totalOfSquares(Connection db) throws SQLException {
        try (PreparedStatement query = db.prepareStatement("SELECT sum(amount::bigint * amount) FROM sales");
                ResultSet rows = query.executeQuery()) {
            rows.next();
        }
        $extra
    }
}
JAVA
}

build() {
  local project="$1"
  shift
  # Embedded, because Docker may answer here while postgres:17 cannot be pulled.
  (cd "$project" && mvn -B -Dstyle.color=never -Ddbbench.provider=embedded -Ddbbench.gate.time=off verify "$@") \
    > "$project/build.log" 2>&1
}

echo "== the recording machine: a first run records instruction counts"
write_benchmark "$work/recorder" 100000 ""
CI= build "$work/recorder" -Ddbbench.baseline.missing=record || { cat "$work/recorder/build.log"; exit 1; }
grep -q '"instructions" : {' "$work/recorder/baselines/com.example.ReportQueriesBench.json"

echo "== a fresh copy with the baseline as committed: three unchanged runs pass"
cp -r "$work/recorder" "$work/clone"
rm -rf "$work/clone/target"
for run in 1 2 3; do
  CI=true build "$work/clone" || { cat "$work/clone/build.log"; exit 1; }
  grep -E "totalOfSquares \[postgres 17 embedded\] .*, counts unchanged" "$work/clone/build.log"
done

echo "== the aggregate 3 % larger: the build fails naming the instruction count"
write_benchmark "$work/clone" 103000 ""
if CI=true build "$work/clone"; then
  cat "$work/clone/build.log"
  echo "FAIL: 3 % more server work did not fail the build" >&2
  exit 1
fi
grep -A4 "INSTRUCTION REGRESSION in ReportQueriesBench.totalOfSquares" "$work/clone/build.log"
grep -q "instructions per call" "$work/clone/build.log"

echo "== one more statement per operation: the build fails naming the statement"
write_benchmark "$work/clone" 100000 \
  'try (Statement count = db.createStatement(); ResultSet rows = count.executeQuery("SELECT count(*) FROM sales")) { rows.next(); }'
if CI=true build "$work/clone"; then
  cat "$work/clone/build.log"
  echo "FAIL: one more statement per operation did not fail the build" >&2
  exit 1
fi
grep -A6 "TRAFFIC REGRESSION in ReportQueriesBench.totalOfSquares" "$work/clone/build.log"
grep -q "executions per call 0 -> 1" "$work/clone/build.log"
echo "user project counts check passed"
