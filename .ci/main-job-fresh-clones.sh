#!/usr/bin/env bash
# The issue-14 target "the README main job on fresh clones of main: 0 failed runs of 20": clones
# the repository's main branch N times into a temporary directory and runs the main job
# (mvn -B verify -Pexamples, CI=true, against the committed baselines) in each, one after another,
# printing the load average beside every run and each run's timing verdicts at the end.
#
#   bash .ci/main-job-fresh-clones.sh [N] [BRANCH]
set -uo pipefail
cd "$(dirname "$0")/.."
n="${1:-20}"
branch="${2:-main}"
origin="$(pwd)"
work="$(mktemp -d /tmp/dbbench-main-job.XXXXXX)"
failed=0
for i in $(seq 1 "$n"); do
    clone="$work/clone-$i"
    git clone -q --branch "$branch" "$origin" "$clone"
    load_before="$(uptime | sed 's/.*load average: //')"
    if (cd "$clone" && CI=true mvn -B -o verify -Pexamples > "$work/run-$i.log" 2>&1); then
        result=passed
    else
        result=FAILED
        failed=$((failed + 1))
    fi
    echo "run $i of $n: $result (load before $load_before, after $(uptime | sed 's/.*load average: //'))"
    # The run summary's rows of benchmarks that failed or warned.
    grep -h '(failed)\|(warning)' "$work/run-$i.log" | grep -v '^dbbench: ' | sort -u | sed 's/^/    /' || true
    rm -rf "$clone"/*/target/postgres-binaries
done
echo "$((n - failed)) passed, $failed failed (logs in $work)"
[[ $failed -eq 0 ]]
