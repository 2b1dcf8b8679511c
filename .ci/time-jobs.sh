#!/usr/bin/env bash
# Times the README's two commands on this machine, and what instruction counting costs in the first:
#
#   bash .ci/time-jobs.sh [main|suite|both] [extra mvn arguments...]
#
# main (the default), after building the modules once (tests skipped) so no timed run compiles:
# 1. the main job as CI runs it: CI=true mvn -B verify -Pexamples (against the committed baselines);
# 2. the same without counting (-Ddbbench.count.instructions=off): what counting adds is the
#    difference of the two wall times;
# 3. the timed samples of run 1 (each sample's time per operation times its operations, from the
#    results.json files), against which issue 24 states counting's cost, and the time counting took
#    within run 1 (dbbench logs each benchmark's at DEBUG, from the counting copy's start to the
#    last count; the copy's stop at the class's end is not in it; Spring Boot's modules route
#    java.util.logging elsewhere, so their classes are not in it either). Under load the difference
#    of two runs wanders by more than counting costs; the time within one run does not.
# suite: the tests of dbbench itself, mvn -B verify.
# Each line carries the load averages, since the machine's other work moves every figure; compare
# runs of one window, alternating the builds compared, and quote medians and ratios. The counted
# run's results.json files stay in target/time-jobs/counted, to compare the counts of two builds.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=main
if [[ "${1:-}" =~ ^(main|suite|both)$ ]]; then
    jobs="$1"
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

# What counting cost in the main job against its timed samples: each sample's time per operation
# times its operations, over the results.json files of the counted run's modules.
cost() {
    python3 - "$1" "$2" "$3" "${@:4}" <<'PYTHON'
import json, re, sys
counted, uncounted = float(sys.argv[1]), float(sys.argv[2])
within = sum(float(match) for match in re.findall(r"counting .* took ([0-9.]+) s", open(sys.argv[3]).read()))
sampled = 0.0
for path in sys.argv[4:]:
    for result in json.load(open(path))["results"]:
        sampled += sum(sample * result["opsPerSample"] for sample in result.get("samples") or []) / 1e9
added = counted - uncounted
print(f"timed samples of the main job: {sampled:.1f} s; counting took {within:.1f} s within the counted run,"
      f" {within / sampled:.2f}x the timed samples; the two runs differ by {added:.1f} s, {added / sampled:.2f}x")
PYTHON
}

if [[ "$jobs" != suite ]]; then
    # The phases' log at DEBUG, one line each.
    printf '%s\n' 'handlers = java.util.logging.ConsoleHandler' 'java.util.logging.ConsoleHandler.level = FINE' \
        'dev.dbbench.phases.level = FINE' 'java.util.logging.SimpleFormatter.format = dbbench phase: %5$s%n' \
        > "$log/logging.properties"
    # Built first, so that neither timed run includes compiling.
    built=$(timed build mvn -B verify -Pexamples -DskipTests "$@")
    echo "build first (mvn -B verify -Pexamples -DskipTests): $built s"
    before=$(load)
    counted=$(timed main-job env CI=true mvn -B verify -Pexamples \
        "-DargLine=-Djava.util.logging.config.file=$log/logging.properties" "$@")
    echo "main job (CI=true mvn -B verify -Pexamples): $counted s (load $before before, $(load) after)"
    # Kept aside: the run without counting writes its own.
    mkdir -p "$log/counted"
    cp dbbench-examples/target/dbbench/results.json "$log/counted/examples-results.json"
    cp dbbench-examples-spring/target/dbbench/results.json "$log/counted/examples-spring-results.json"
    uncounted=$(timed main-job-uncounted env CI=true mvn -B verify -Pexamples -Ddbbench.count.instructions=off "$@")
    echo "main job without counting (-Ddbbench.count.instructions=off): $uncounted s (load $(load) after)"
    cost "$counted" "$uncounted" "$log/main-job.log" "$log/counted/examples-results.json" \
        "$log/counted/examples-spring-results.json"
fi
if [[ "$jobs" != main ]]; then
    before=$(load)
    tests=$(timed suite mvn -B verify "$@")
    echo "test suite (mvn -B verify): $tests s (load $before before, $(load) after)"
fi
