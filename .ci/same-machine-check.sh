#!/usr/bin/env bash
# False alarms where time decides: in a fresh clone of BRANCH, the example suite's baselines are
# recorded anew on this machine under a machine name of its own (bash .ci/record-baselines.sh
# RECORDS 1, in FORKS test JVMs), so every timing is judged against runs of this machine; then the
# unchanged suite runs N times against them, also in FORKS JVMs, with CI=true. Any failure is a
# false alarm. Prints each run's outcome, wall time and failed, warned and informed benchmarks with
# the load average; the dbbench-examples module only (the Spring application's benchmarks keep one
# JVM in the main job).
#
#   bash .ci/same-machine-check.sh [N] [FORKS] [RECORDS] [BRANCH]
set -uo pipefail
cd "$(dirname "$0")/.."
n="${1:-5}"
forks="${2:-2}"
records="${3:-3}"
branch="${4:-main}"
origin="$(pwd)"
work="$(mktemp -d /tmp/dbbench-same-machine.XXXXXX)"
clone="$work/clone"
mkdir -p "$work/results"
git clone -q --branch "$branch" "$origin" "$clone"
arguments=(-pl dbbench-examples -am -Ddbbench.machine=same-machine-check "-Ddbbench.tests.forks=$forks")
rm -f "$clone"/dbbench-examples/baselines/*.json
echo "== recording $records runs in $forks test JVM(s) ($(date -u +%T) UTC)"
(cd "$clone" && bash .ci/record-baselines.sh "$records" 1 "${arguments[@]}") > "$work/record.log" 2>&1 \
    || { echo "recording failed; see $work/record.log" >&2; tail -20 "$work/record.log" >&2; exit 1; }
failed_runs=0
for i in $(seq 1 "$n"); do
    load_before="$(uptime | sed 's/.*load average: //')"
    started=$(date +%s)
    if (cd "$clone" && CI=true mvn -B -o verify -Pexamples "${arguments[@]}") > "$work/run-$i.log" 2>&1; then
        result=passed
    else
        result=FAILED
        failed_runs=$((failed_runs + 1))
    fi
    cp "$clone/dbbench-examples/target/dbbench/results.json" "$work/results/run-$i.json" 2>/dev/null
    echo "run $i of $n: $result in $(( $(date +%s) - started )) s; load before $load_before," \
        "after $(uptime | sed 's/.*load average: //')"
    python3 .ci/results-summary.py "$work/results/run-$i.json"
done
echo "$((n - failed_runs)) passed, $failed_runs failed in $forks test JVM(s) (logs and results in $work)"
[[ $failed_runs -eq 0 ]]
