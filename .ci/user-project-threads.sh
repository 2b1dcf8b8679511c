#!/usr/bin/env bash
# Client threads as a new user meets them: a separate project with a @DbBenchmark(threads = 4)
# records its baseline on the first `mvn verify`, and target/dbbench/results.json and the baseline
# both hold its throughput and p99; the second run compares with them.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/dbbench-user-threads.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# shellcheck source=user-project.sh
source "$repo/.ci/user-project.sh"
version="$(install_dbbench "$repo")"
user_project "$work" "$version"

cat > "$work/src/test/java/com/example/LookupClientsBench.java" <<'JAVA'
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
class LookupClientsBench {

    @BeforeAll
    static void load(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("CREATE TABLE accounts (id int PRIMARY KEY, balance int NOT NULL)");
            statement.execute("INSERT INTO accounts SELECT g, g % 1000 FROM generate_series(1, 10000) g");
            statement.execute("ANALYZE accounts");
        }
    }

    @DbBenchmark(threads = 4, warmups = 2, samples = 10, minSampleMillis = 50, thresholdPercent = 100)
    void lookup(Connection db) throws SQLException {
        try (PreparedStatement query = db.prepareStatement("SELECT balance FROM accounts WHERE id = ?")) {
            query.setInt(1, 4242);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
            }
        }
    }
}
JAVA

run_user_build() {
  # Not CI, so the first run records its baseline; embedded, as in user-project-check.sh.
  (cd "$work" && env -u CI mvn -B -Dstyle.color=never -Ddbbench.provider=embedded verify "$@") > "$work/build.log" 2>&1
}

echo "== first mvn verify: records the baseline of 4 client threads"
run_user_build || { cat "$work/build.log"; exit 1; }
grep -q "NEW (recorded)" "$work/build.log"
results="$work/target/dbbench/results.json"
baseline="$work/baselines/com.example.LookupClientsBench.json"
for file in "$results" "$baseline"; do
  grep -q '"threads" : 4' "$file" || { echo "FAIL: no 4 client threads in $file" >&2; exit 1; }
  grep -q '"unit" : "ops/s"' "$file" || { echo "FAIL: no throughput in $file" >&2; exit 1; }
  grep -q '"p99" :' "$file" || { echo "FAIL: no p99 in $file" >&2; exit 1; }
done
grep -E '"(throughput|latency)" : \{' "$baseline"

echo "== second mvn verify: compares throughput and p99 with the baseline"
run_user_build -Ddbbench.gate.time=warn || { cat "$work/build.log"; exit 1; }
grep -q '"throughputRatio" : [0-9]' "$results"
grep -q '"p99Ratio" : [0-9]' "$results"
grep -m1 -F "LookupClientsBench.lookup [postgres 17 embedded]" "$work/build.log"
