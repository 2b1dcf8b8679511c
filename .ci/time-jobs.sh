#!/usr/bin/env bash
# Times the README's two commands on this machine, and what instruction counting costs in the first:
#
#   bash .ci/time-jobs.sh [--suite] [extra mvn arguments...]
#
# 1. the main job as CI runs it: CI=true mvn -B verify -Pexamples (against the committed baselines);
# 2. the same without counting (-Ddbbench.count.instructions=off): what counting adds is the
#    difference of the two wall times;
# 3. the timed samples of run 1 (each sample's time per operation times its operations, from the
#    results.json files), against which the issue states counting's cost;
# 4. with --suite, the tests of dbbench itself: mvn -B verify.
# Each line carries the load averages, since the machine's other work moves every figure; compare
# runs of one window, alternating the builds compared, and quote medians and ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
suite=false
if [[ "${1:-}" == "--suite" ]]; then
    suite=true
    shift
fi
load() { cut -d' ' -f1-3 /proc/loadavg; }
log="$(pwd)/target/time-jobs"
mkdir -p "$log"

# Runs a command, its output to a log file; prints its wall time in seconds. Fails as the command does.
timed() {
    local name="$1"
    shift
    local started
    started=$(date +%s%N)
    if ! "$@" > "$log/$name.log" 2>&1; then
        echo "$name failed; see $log/$name.log" >&2
        tail -40 "$log/$name.log" >&2
        return 1
    fi
    echo "$(( ($(date +%s%N) - started) / 1000000 ))" | sed -E 's/([0-9]{3})$/.\1/'
}

# What counting added to the main job against its timed samples: each sample's time per operation
# times its operations, over the results.json files of the counted run's modules.
cost() {
    python3 - "$1" "$2" "${@:3}" <<'PYTHON'
import json, sys
counted, uncounted = float(sys.argv[1]), float(sys.argv[2])
sampled = 0.0
for path in sys.argv[3:]:
    for result in json.load(open(path))["results"]:
        sampled += sum(sample * result["opsPerSample"] for sample in result.get("samples") or []) / 1e9
added = counted - uncounted
print(f"timed samples of the main job: {sampled:.1f} s; counting added {added:.1f} s, {added / sampled:.2f}x the timed samples")
PYTHON
}

before=$(load)
counted=$(timed main-job env CI=true mvn -B verify -Pexamples "$@")
echo "main job (CI=true mvn -B verify -Pexamples): $counted s (load $before before, $(load) after)"
# Kept aside: the run without counting writes its own.
mkdir -p "$log/counted"
cp dbbench-examples/target/dbbench/results.json "$log/counted/examples-results.json"
cp dbbench-examples-spring/target/dbbench/results.json "$log/counted/examples-spring-results.json"
uncounted=$(timed main-job-uncounted env CI=true mvn -B verify -Pexamples -Ddbbench.count.instructions=off "$@")
echo "main job without counting (-Ddbbench.count.instructions=off): $uncounted s (load $(load) after)"
cost "$counted" "$uncounted" "$log/counted/examples-results.json" "$log/counted/examples-spring-results.json"
if $suite; then
    before=$(load)
    tests=$(timed suite mvn -B verify "$@")
    echo "test suite (mvn -B verify): $tests s (load $before before, $(load) after)"
fi
