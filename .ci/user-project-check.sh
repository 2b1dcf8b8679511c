#!/usr/bin/env bash
# Uses dbbench as a new user would: installs the artifact, then builds a separate Maven project that
# depends on it with one @DbBenchmark. The first `mvn verify` records the baseline, the second
# passes, and after a 5 ms sleep is added to the body the third fails with the accept command.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/dbbench-user-project.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# shellcheck source=user-project.sh
source "$repo/.ci/user-project.sh"
version="$(install_dbbench "$repo")"
user_project "$work" "$version"

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

echo "== third mvn verify with a 5 ms sleep in the body: fails with the accept command"
write_benchmark "Thread.sleep(5);"
if run_user_build; then
  cat "$work/build.log"
  echo "FAIL: the slowed benchmark did not fail the build" >&2
  exit 1
fi
grep -q "REGRESSION in OrderQueriesBench.findOrdersByCustomer \[postgres 17 embedded\]" "$work/build.log"
grep -q "accept       mvn verify -Ddbbench.baseline.mode=update -Dtest='OrderQueriesBench#findOrdersByCustomer'" "$work/build.log"
cmp "$work/recorded.json" "$work/baselines/com.example.OrderQueriesBench.json"
grep -A11 "dbbench: REGRESSION" "$work/build.log" | head -12

echo "== the accept command rewrites the baseline, and the next run passes"
run_user_build -Ddbbench.baseline.mode=update -Dtest='OrderQueriesBench#findOrdersByCustomer' \
  || { cat "$work/build.log"; exit 1; }
! cmp -s "$work/recorded.json" "$work/baselines/com.example.OrderQueriesBench.json"
run_user_build || { cat "$work/build.log"; exit 1; }
echo "user project check passed"
