#!/usr/bin/env bash
# The issue-27 targets "the README main job on a machine other than the one that recorded the
# baselines: 0 failed runs of 20" and "on average at most 1 warned benchmark per run": clones BRANCH
# once and runs the main job (CI=true mvn -B verify -Pexamples, against the committed baselines) N
# times, each on one of four simulated other machines in turn:
#   plain     this machine as it is (another host than the baselines' recorder already)
#   quota     the build, its JVM and its servers under a CPU quota of 1.2 cores (cgroup v1)
#   one-core  client and server pinned to one core (taskset -c 0): every round trip pays a switch
#   disk      a neighbour writing with dd oflag=dsync beside the fsync-bound benchmarks
# It prints each run's outcome, how many benchmarks failed, warned and informed, the warnings with
# their reasons, and the load average before and after; each run's results.json is kept under
# RESULTS/ for tools that read several runs (docs/time-verdicts.md). Needs root for the quota.
#
#   bash .ci/other-machine-check.sh [N] [BRANCH] [SETTINGS]     (SETTINGS: "plain quota one-core disk")
set -uo pipefail
cd "$(dirname "$0")/.."
n="${1:-20}"
branch="${2:-main}"
read -r -a settings <<< "${3:-plain quota one-core disk}"
origin="$(pwd)"
work="$(mktemp -d /tmp/dbbench-other-machine.XXXXXX)"
clone="$work/clone"
mkdir -p "$work/results"
git clone -q --branch "$branch" "$origin" "$clone"
quota=/sys/fs/cgroup/cpu/dbbench-other-machine

# Runs the main job in the clone under one setting; its exit status is the build's.
main_job() {
    local setting="$1" log="$2" neighbour status
    local command=(env CI=true mvn -B -o verify -Pexamples)
    case "$setting" in
        plain) (cd "$clone" && "${command[@]}") > "$log" 2>&1 ;;
        quota)
            mkdir -p "$quota"
            echo 100000 > "$quota/cpu.cfs_period_us"
            echo 120000 > "$quota/cpu.cfs_quota_us"
            # The shell joins the group first: Maven, Surefire's JVM and the servers it starts inherit it.
            (cd "$clone" && sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$quota" "${command[@]}") > "$log" 2>&1 ;;
        one-core) (cd "$clone" && taskset -c 0 "${command[@]}") > "$log" 2>&1 ;;
        disk)
            (while :; do dd if=/dev/zero of="$work/neighbour" bs=64k count=256 oflag=dsync 2>/dev/null; done) &
            neighbour=$!
            (cd "$clone" && "${command[@]}") > "$log" 2>&1
            status=$?
            kill "$neighbour" 2>/dev/null
            wait "$neighbour" 2>/dev/null
            rm -f "$work/neighbour"
            return "$status" ;;
        *) echo "unknown setting $setting (plain, quota, one-core, disk)" >&2; return 2 ;;
    esac
}

failed_runs=0
for i in $(seq 1 "$n"); do
    setting="${settings[$(( (i - 1) % ${#settings[@]} ))]}"
    load_before="$(uptime | sed 's/.*load average: //')"
    if main_job "$setting" "$work/run-$i.log"; then result=passed; else result=FAILED; failed_runs=$((failed_runs + 1)); fi
    load_after="$(uptime | sed 's/.*load average: //')"
    results="$clone/dbbench-examples/target/dbbench/results.json"
    cp "$results" "$work/results/run-$i-$setting.json" 2>/dev/null
    echo "run $i of $n ($setting): $result; load before $load_before, after $load_after"
    python3 .ci/results-summary.py "$work/results/run-$i-$setting.json"
    rm -rf "$clone"/*/target/postgres-binaries
done
rmdir "$quota" 2>/dev/null
echo "$((n - failed_runs)) passed, $failed_runs failed (logs and results in $work)"
[[ $failed_runs -eq 0 ]]
