#!/usr/bin/env bash
# A Spring Boot service as a new user benchmarks it, without Docker: a project generated as Spring
# Initializr generates one (web, data-jpa, postgresql, flyway) on Spring Boot 4.0, depending on the
# installed dbbench-spring. Its repository method is benchmarked through the application's own pool:
# the baseline holds statements, round trips, plans and server instructions; two benchmark classes
# and the generated ...ApplicationTests share one application context. With the time gate off, an
# N+1 (batch fetching removed) fails naming the repeated statement, and a dropped index fails naming
# the plan. Then the versions Spring Boot's BOM resolves, under 4.0 and under 3.5 (where the same
# benchmarks run too); a PostgreSQL-only service gets no MongoDB driver.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/dbbench-user-spring.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# shellcheck source=user-project.sh
source "$repo/.ci/user-project.sh"
version="$(install_dbbench "$repo")"
boot4=4.0.7
boot3=3.5.7

# $1: the project's folder; $2: the Spring Boot version.
spring_project() {
  local project="$1" boot="$2" flyway
  if [[ "$boot" == 4.* ]]; then
    # Boot 4 has a starter per technology, and a test starter beside each, as Initializr adds them.
    flyway='<dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-flyway</artifactId></dependency>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-data-jpa-test</artifactId><scope>test</scope></dependency>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-flyway-test</artifactId><scope>test</scope></dependency>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-webmvc-test</artifactId><scope>test</scope></dependency>'
    web=spring-boot-starter-webmvc
  else
    flyway='<dependency><groupId>org.flywaydb</groupId><artifactId>flyway-core</artifactId></dependency>'
    web=spring-boot-starter-web
  fi
  mkdir -p "$project/src/main/java/com/example/shop" "$project/src/main/resources/db/migration" \
    "$project/src/test/java/com/example/shop"
  cat > "$project/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.springframework.boot</groupId>
    <artifactId>spring-boot-starter-parent</artifactId>
    <version>$boot</version>
  </parent>
  <groupId>com.example</groupId>
  <artifactId>shop</artifactId>
  <version>0.0.1-SNAPSHOT</version>
  <properties>
    <java.version>17</java.version>
  </properties>
  <dependencies>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-data-jpa</artifactId></dependency>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>$web</artifactId></dependency>
    $flyway
    <dependency><groupId>org.flywaydb</groupId><artifactId>flyway-database-postgresql</artifactId></dependency>
    <dependency><groupId>org.postgresql</groupId><artifactId>postgresql</artifactId><scope>runtime</scope></dependency>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-test</artifactId><scope>test</scope></dependency>
    <!-- What the user adds: -->
    <dependency><groupId>dev.dbbench</groupId><artifactId>dbbench-spring</artifactId><version>$version</version><scope>test</scope></dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-surefire-plugin</artifactId>
        <configuration>
          <includes>
            <include>**/*Tests.java</include>
            <include>**/*Bench.java</include>
          </includes>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
POM
  cat > "$project/src/main/java/com/example/shop/ShopApplication.java" <<'JAVA'
package com.example.shop;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class ShopApplication {

    public static void main(String[] args) {
        SpringApplication.run(ShopApplication.class, args);
    }
}
JAVA
  # The service's code: the shop of dbbench-spring's own tests, in the user's package.
  local source="$repo/dbbench-spring/src/test"
  for class in Customer PurchaseOrder OrderLine PurchaseOrders OrderTotals; do
    sed 's/^package dev\.dbbench\.junit\.shop;/package com.example.shop;/' \
      "$source/java/dev/dbbench/junit/shop/$class.java" > "$project/src/main/java/com/example/shop/$class.java"
  done
  cp "$source"/resources/db/shop/V*.sql "$project/src/main/resources/db/migration/"
  # As generated, with the one annotation that gives its context a database.
  cat > "$project/src/test/java/com/example/shop/ShopApplicationTests.java" <<'JAVA'
package com.example.shop;

import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest
@Postgres
class ShopApplicationTests {

    @Test
    void contextLoads() {
    }
}
JAVA
  for bench in OrderTotalsBench:totalOfACustomer:'totals.of("customer 7") > 0' \
      CustomerOrdersBench:ordersOfACustomer:'orders.findByCustomerName("customer 7").size() == 5'; do
    IFS=: read -r name method call <<<"$bench"
    cat > "$project/src/test/java/com/example/shop/$name.java" <<JAVA
package com.example.shop;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.Postgres;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest
@Postgres
class $name {

    @Autowired
    OrderTotals totals;

    @Autowired
    PurchaseOrders orders;

    @Autowired
    JdbcTemplate jdbc;

    @DbFixture
    void shop() {
        jdbc.execute("INSERT INTO customer SELECT g, 'customer ' || g FROM generate_series(1, 200) g");
        jdbc.execute("INSERT INTO purchase_order SELECT g, 1 + g % 200 FROM generate_series(1, 1000) g");
        jdbc.execute("INSERT INTO order_line SELECT g, 1 + g % 1000, 1 + g % 3, 100 * g FROM generate_series(1, 4000) g");
        jdbc.execute("ANALYZE");
    }

    @DbBenchmark(samples = 20)
    void $method() {
        if (!($call)) {
            throw new AssertionError("unexpected result");
        }
    }
}
JAVA
  done
}

# How the orders' lines are fetched: $2 lines of 16 orders at once (as shipped), or empty for one query per order.
fetching() {
  local project="$1" batch="$2"
  echo "spring.application.name=shop" > "$project/src/main/resources/application.properties"
  if [[ -n "$batch" ]]; then
    echo "spring.jpa.properties.hibernate.default_batch_fetch_size=$batch" >> "$project/src/main/resources/application.properties"
  fi
}

build() {
  local project="$1"
  shift
  (cd "$project" && mvn -B -Dstyle.color=never -Ddbbench.provider=embedded -Ddbbench.gate.time=off verify "$@") \
    > "$project/build.log" 2>&1
}

# Prints the first message of the build log that starts with $1, up to its accept line.
message() {
  awk -v headline="$1" 'index($0, headline) { on = 1 } on && /^\tat / { exit } on { print } on && /^  accept / { exit }' "$2"
}

must_fail() {
  local project="$1" what="$2"
  if CI=true build "$project"; then
    cat "$project/build.log"
    echo "FAIL: $what did not fail the build" >&2
    exit 1
  fi
}

versions() {
  local project="$1" boot="$2"
  (cd "$project" && mvn -B -q dependency:list -DincludeScope=test -DoutputFile=deps.txt >/dev/null)
  echo "-- Spring Boot $boot's BOM resolves:"
  grep -E "junit-jupiter-api|:postgresql:|jackson-databind|:testcontainers(-postgresql)?:|dbbench-|HikariCP|hibernate-core|flyway-core" \
    "$project/deps.txt" | sed 's/ -- module.*//; s/^ */   /' | sort
  if grep -qE "mongodb-driver|mongo-java-server" "$project/deps.txt"; then
    echo "FAIL: a PostgreSQL-only service gets MongoDB's driver or emulator" >&2
    exit 1
  fi
}

app="$work/shop"
spring_project "$app" "$boot4"
fetching "$app" 16

echo "== Spring Boot $boot4: the first run records the baselines of the application's own work"
CI= build "$app" -Ddbbench.baseline.missing=record || { cat "$app/build.log"; exit 1; }
grep -E "Tests run: .*, Failures: 0, Errors: 0" "$app/build.log" | sed -n '1,3p'
baseline="$app/baselines/com.example.shop.OrderTotalsBench.json"
python3 - "$baseline" <<'PY'
import json, sys
entry = next(iter(json.load(open(sys.argv[1]))["benchmarks"].values()))
traffic, plans, instructions = entry["traffic"], entry["plans"], entry["instructions"]
assert len(traffic["requests"]) == 2 and traffic["roundTrips"] >= 2, traffic
assert any("order_line_purchase_order" in plan["indexes"] for plan in plans), plans
assert instructions["perOp"] > 0 and len(instructions["statements"]) >= 2, instructions
print("   statements per call:", dict(traffic["requests"]))
print("   round trips:", traffic["roundTrips"], "- plans:", [" / ".join(s.strip() for s in p["shape"]) for p in plans])
print("   server instructions per call:", instructions["perOp"])
PY
starts="$(grep -cE "Started [A-Za-z]+ in [0-9.]+ seconds" "$app/build.log" || true)"
echo "   application contexts started for ShopApplicationTests, OrderTotalsBench and CustomerOrdersBench: $starts"
[[ "$starts" == 1 ]] || { echo "FAIL: the classes of one configuration did not share one context" >&2; exit 1; }

echo "== the same project unchanged, in CI: passes"
CI=true build "$app" || { cat "$app/build.log"; exit 1; }
grep -E "^dbbench: OrderTotalsBench.totalOfACustomer \[postgres 17 embedded\] .*, counts unchanged" "$app/build.log"

echo "== an N+1 (batch fetching removed): fails naming the repeated statement"
fetching "$app" ""
must_fail "$app" "an N+1"
message "TRAFFIC REGRESSION in OrderTotalsBench.totalOfACustomer" "$app/build.log"
grep -qE "from order_line .* where .*purchase_order_id=\?.*" "$app/build.log"
grep -qE "executions per call 0 -> 5" "$app/build.log"

echo "== a dropped index: fails naming the plan"
fetching "$app" 16
echo "DROP INDEX order_line_purchase_order;" > "$app/src/main/resources/db/migration/V3__drop_index.sql"
must_fail "$app" "a dropped index"
message "PLAN REGRESSION in OrderTotalsBench.totalOfACustomer" "$app/build.log"
grep -q "Seq Scan on order_line" "$app/build.log"
rm "$app/src/main/resources/db/migration/V3__drop_index.sql"

versions "$app" "$boot4"

echo "== Spring Boot $boot3: the same service and benchmarks run"
old="$work/shop3"
spring_project "$old" "$boot3"
fetching "$old" 16
CI= build "$old" -Ddbbench.baseline.missing=record -Ddbbench.count.instructions=off || { cat "$old/build.log"; exit 1; }
grep -E "^dbbench: OrderTotalsBench.totalOfACustomer \[postgres 17 embedded\] .*: NEW \(recorded\)" "$old/build.log"
versions "$old" "$boot3"
echo "user project spring check passed"
