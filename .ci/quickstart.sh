#!/usr/bin/env bash
# Runs the README's Quick start as a new user would, from the README's own code blocks, so the README
# cannot drift from the product. Each block is marked in README.md by a comment such as
# <!-- quickstart:pom-dependency --> right before it; docs/quickstart.md must hold the same blocks.
#
#   bash .ci/quickstart.sh
#
# It installs dbbench with the install block, then builds a fresh project in /tmp the way Spring
# Initializr lays one out (an application class and its *ApplicationTests), adds the dependency,
# plugins (Surefire, dbbench), junit-platform.properties and example class from the blocks, and runs the
# documented command: the first run records the baseline and the *ApplicationTests still run; a
# second run (CI=true, as a CI job) passes and leaves the baseline as it was; an injected regression
# fails; the accept command the failure prints accepts it, saying what moved; the next run passes.
# Without the *Bench include (the includes trap), the build fails on dbbench:check, naming the class.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/dbbench-quickstart.XXXXXX)"
trap 'rm -rf "$work"' EXIT
blocks=(install pom-dependency pom-plugins junit-platform-properties example verify github-actions)

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# The block marked NAME in FILE, without the indentation of its fence.
block() {
    awk -v marker="<!-- quickstart:$2 -->" '
        index($0, marker) { armed = 1; next }
        armed && !inside && /^[[:space:]]*```/ { match($0, /^[[:space:]]*/); indent = RLENGTH; inside = 1; next }
        inside && /^[[:space:]]*```[[:space:]]*$/ { exit }
        inside { print substr($0, 1 + (substr($0, 1, indent) ~ /^[[:space:]]*$/ ? indent : 0)) }
    ' "$1"
}

# Runs one documented command in the project, logging to $work/NAME.log; returns its status.
run() {
    local name="$1"
    shift
    local status=0
    (cd "$work/orders" && "$@") > "$work/$name.log" 2>&1 || status=$?
    echo "   $name: exit $status ($(grep -c '' "$work/$name.log") log lines)"
    return "$status"
}

show() {
    echo "---- last lines of $1.log" >&2
    tail -40 "$work/$1.log" >&2
}

echo "== the Quick start's blocks, in README.md and docs/quickstart.md"
for name in "${blocks[@]}"; do
    [[ -n "$(block "$repo/README.md" "$name")" ]] || fail "README.md has no block marked quickstart:$name"
    diff <(block "$repo/README.md" "$name") <(block "$repo/docs/quickstart.md" "$name") >/dev/null \
        || fail "the block quickstart:$name differs between README.md and docs/quickstart.md"
done
echo "   ${#blocks[@]} blocks, the same in both"

echo "== installing dbbench as the README says"
(cd "$repo" && bash -euo pipefail -c "$(block "$repo/README.md" install)") > "$work/install.log" 2>&1 \
    || { tail -40 "$work/install.log" >&2; fail "the install block failed"; }

echo "== a fresh project, laid out as Spring Initializr would, with the README's blocks"
project="$work/orders"
mkdir -p "$project/src/main/java/com/example/orders" "$project/src/test/java/com/example/orders" \
    "$project/src/test/resources"
{
    cat <<'POM'
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>orders</artifactId>
  <version>0.0.1-SNAPSHOT</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <version>6.1.3</version>
      <scope>test</scope>
    </dependency>
POM
    block "$repo/README.md" pom-dependency
    cat <<'POM'
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.14.0</version>
      </plugin>
POM
    block "$repo/README.md" pom-plugins
    cat <<'POM'
    </plugins>
  </build>
</project>
POM
} > "$project/pom.xml"
cat > "$project/src/main/java/com/example/orders/OrdersApplication.java" <<'JAVA'
package com.example.orders;

public class OrdersApplication {

    public static void main(String[] args) {
        System.out.println("orders");
    }
}
JAVA
cat > "$project/src/test/java/com/example/orders/OrdersApplicationTests.java" <<'JAVA'
package com.example.orders;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

class OrdersApplicationTests {

    @Test
    void contextLoads() {
        assertNotNull(new OrdersApplication());
    }
}
JAVA
block "$repo/README.md" junit-platform-properties > "$project/src/test/resources/junit-platform.properties"
block "$repo/README.md" example > "$project/src/test/java/com/example/orders/OrderQueriesBench.java"
verify="$(block "$repo/README.md" verify)"
(cd "$project" && git init -q && git config user.name quickstart && git config user.email quickstart@example.com \
    && printf 'target/\n' > .gitignore && git add -A && git commit -qm "the project")
baseline="$project/baselines/com.example.orders.OrderQueriesBench.json"

echo "== first run, on a developer's machine: records the baseline"
run first env -u CI bash -c "$verify" || { show first; fail "the first run failed"; }
[[ -f "$baseline" ]] || fail "the first run recorded no $baseline"
grep -q '"findOrdersByCustomer \[postgres 17 embedded\]"' "$baseline" \
    || fail "the baseline has no entry for [postgres 17 embedded]: $(grep -o '"[a-zA-Z]* \[[^]]*\]"' "$baseline")"
report="$project/target/surefire-reports/TEST-com.example.orders.OrdersApplicationTests.xml"
[[ -f "$report" ]] && grep -q 'tests="1"' "$report" && grep -q 'failures="0"' "$report" \
    || fail "OrdersApplicationTests did not run: the Surefire configuration dropped Surefire's default includes"
[[ -f "$project/target/dbbench/report.html" ]] || fail "the first run left no target/dbbench/report.html"
(cd "$project" && git add baselines && git commit -qm "the baseline")

echo "== second run, as a CI job (CI=true): passes, the baseline as it was"
run second env CI=true bash -c "$verify" || { show second; fail "the unchanged benchmark failed"; }
(cd "$project" && git diff --quiet -- baselines) || fail "a comparison changed the baseline"

echo "== an injected regression: the query no longer uses its index"
sed -i 's/WHERE customer_id = ?"/WHERE customer_id = ? OR total < 0"/' "$project/src/test/java/com/example/orders/OrderQueriesBench.java"
grep -q 'OR total < 0' "$project/src/test/java/com/example/orders/OrderQueriesBench.java" \
    || fail "the example changed; the injection no longer applies"
if run regression env CI=true bash -c "$verify"; then
    show regression
    fail "the injected regression passed"
fi
grep -q 'REGRESSION in OrderQueriesBench.findOrdersByCustomer' "$work/regression.log" \
    || { show regression; fail "the build failed, but not on the benchmark's regression"; }
accept="$(sed -n 's/^ *accept  *//p' "$work/regression.log" | head -1)"
[[ -n "$accept" ]] || { show regression; fail "the failure printed no accept command"; }
# The failure as a user reads it, once per verdict: the README quotes it.
echo "   printed:"
sed 's/\x1b\[[0-9;]*m//g' "$work/regression.log" | awk '/^dbbench: [A-Z]+ REGRESSION in /, /^  accept / { print "   | " $0 }' \
    | awk '!seen[$0]++'

echo "== the printed accept command accepts it"
run accept env -u CI bash -c "$accept" || { show accept; fail "the accept command failed"; }
(cd "$project" && ! git diff --quiet -- baselines) || fail "the accept command left the baseline as it was"
grep -q '^| `OrderQueriesBench.findOrdersByCustomer \[postgres 17 embedded\]` | ' "$work/accept.log" \
    || { show accept; fail "the update did not say what moved in the entry it rewrote"; }
grep -A 5 '^### dbbench baselines' "$work/accept.log" | sed 's/^/   /'
run after-accept env CI=true bash -c "$verify" || { show after-accept; fail "the accepted change still fails"; }
echo "== the includes trap: Surefire without the *Bench include, and dbbench:check fails the build that ran no benchmark"
sed -i '/<include>\*\*\/\*Bench.java<\/include>/d' "$project/pom.xml"
! grep -q 'Bench.java' "$project/pom.xml" || fail "the *Bench include is still in the pom"
if run no-includes env CI=true bash -c "$verify"; then
    show no-includes
    fail "a build whose Surefire ran no benchmark passed"
fi
grep -q 'dbbench:check: 1 of 1 test classes with @DbBenchmark methods did not run in this build.*com.example.orders.OrderQueriesBench' \
    "$work/no-includes.log" || { show no-includes; fail "the build failed, but not on dbbench:check's message"; }
grep -q 'Tests run: 1, Failures: 0' "$work/no-includes.log" \
    || { show no-includes; fail "OrdersApplicationTests did not run with Surefire's defaults"; }
echo "== the Quick start works as written"
