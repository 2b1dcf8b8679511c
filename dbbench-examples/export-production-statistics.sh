#!/usr/bin/env bash
# Exports ProductionPlansBench's statistics file the way docs/production-statistics.md tells a team
# to: the documented export query, run on a table of production's size (here an embedded
# PostgreSQL 18 loaded by ProductionStatisticsExport), written where @ProductionStatistics finds it.
#
#   bash dbbench-examples/export-production-statistics.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work="dbbench-examples/target/statistics-export"
mkdir -p "$work"
mvn -B -q -o -pl dbbench-examples -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$(pwd)/$work/classpath.txt" -DskipTests
java -cp "dbbench-examples/target/test-classes:$(cat "$work/classpath.txt")" dev.dbbench.examples.ProductionStatisticsExport \
    dbbench-examples/src/test/resources/dev/dbbench/examples/production-orders.sql docs/production-statistics.md
