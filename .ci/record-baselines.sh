#!/usr/bin/env bash
# Records the example suite's baselines the documented way: JVMS separate Maven runs, each a fresh
# JVM and a fresh embedded PostgreSQL server with its data loaded anew, each recording RUNS runs of
# every benchmark into a directory of its own; then merges them, runs pooled per entry, into
# dbbench-examples/baselines/ (or BASELINE_DIR). The spread between the runs sets each benchmark's timing fence.
#
#   bash .ci/record-baselines.sh [JVMS] [RUNS] [extra mvn arguments...]
#
# Defaults: 10 JVMs x 1 run: fresh servers differ far more than runs within one JVM (see "Run-to-run
# fence" in docs/verdict-evaluation.md). Extra arguments go to every run, e.g. -Dtest=JsonbCatalogBench,
# but record the whole suite when its baselines are for the main job: a class's timings depend on
# what ran before it in the JVM ("Time of the main job" in docs/seeds.md).
# Nothing under baselines/ changes unless every run and the merge succeed.
set -euo pipefail
cd "$(dirname "$0")/.."
jvms="${1:-10}"
runs="${2:-1}"
shift $(( $# > 2 ? 2 : $# ))
into="${BASELINE_DIR:-dbbench-examples/baselines}"
# Absolute: the example suite runs in the dbbench-examples folder.
work="$(pwd)/dbbench-examples/target/baseline-runs"
rm -rf "$work"
mkdir -p "$work"
echo "== recording $jvms x $runs runs of the example suite; load before: $(uptime)"
mvn -B -q -o -pl dbbench-junit compile dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile="$work/classpath.txt" \
    || mvn -B -q -pl dbbench-junit compile dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile="$work/classpath.txt"
sources=()
for i in $(seq 1 "$jvms"); do
    echo "== JVM $i of $jvms ($(date -u +%FT%TZ), $(uptime | sed 's/.*load/load/'))"
    mvn -B verify -Pexamples -Ddbbench.baseline.mode=update -Ddbbench.baseline.runs="$runs" \
        -Ddbbench.baseline.dir="$work/jvm-$i" -Ddbbench.report.dir="$work/report-$i" "$@" \
        > "$work/jvm-$i.log" 2>&1 || { echo "JVM $i failed; see $work/jvm-$i.log" >&2; exit 1; }
    sources+=("$work/jvm-$i")
done
java -cp "dbbench-junit/target/classes:$(cat "$work/classpath.txt")" dev.dbbench.baseline.BaselineMerge "$into" "${sources[@]}"
echo "== done; load after: $(uptime). Review and commit $into/."
