#!/usr/bin/env bash
# Brings up a local Docker engine and the locally built database images that
# dbbench's container tests use. Needed because these machines ship a Docker
# client but no engine, and no image can be pulled from any registry.
#
#   bash .ci/docker.sh        # install, start, build; safe to repeat
#   source .ci/docker.sh      # the same, then also exports
#                             # TESTCONTAINERS_RYUK_DISABLED=true,
#                             # TESTCONTAINERS_HOST_OVERRIDE=localhost and the
#                             # image names DBBENCH_POSTGRES_IMAGE and
#                             # DBBENCH_MONGO_WIRE_IMAGE (values already set win)
#
# Every step is skipped when its result is already there, so a second run
# takes a few seconds. Must run as root (CI does) unless everything is
# already installed and running.
#
# Settings (environment):
#   DOCKER_WAIT_SECONDS   how long to wait for dockerd to answer (default 60)
#   DOCKERD_LOG           where dockerd writes its log (default /tmp/dockerd.log)
#   DBBENCH_POSTGRES_IMAGE, DBBENCH_MONGO_WIRE_IMAGE  image names, defaults in
#                         images/image-names.sh

# The work runs in a subshell (the parentheses) so that strict mode, `exit`
# and variables stay inside it when this file is sourced.
dbbench_docker_up() (
    set -euo pipefail

    log() { printf '[docker.sh] %s\n' "$*"; }
    fail() { printf '[docker.sh] ERROR: %s\n' "$*" >&2; exit 1; }

    local script_dir repo_dir
    script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    repo_dir="$(dirname "$script_dir")"
    local wait_seconds="${DOCKER_WAIT_SECONDS:-60}"
    local dockerd_log="${DOCKERD_LOG:-/tmp/dockerd.log}"

    [[ "$wait_seconds" =~ ^[0-9]+$ ]] ||
        fail "DOCKER_WAIT_SECONDS must be a whole number of seconds but was '$wait_seconds'"

    # 1. Packages. Only dockerd and debootstrap are looked for: the docker
    #    client may come from elsewhere (here it is in /usr/local/bin).
    local missing=()
    command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
    command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
    if ((${#missing[@]} > 0)); then
        [[ "$(id -u)" -eq 0 ]] || fail "need root to install ${missing[*]}"
        log "installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        # No recommends: they would pull in git, apparmor and needrestart,
        # none of which a throwaway test engine uses.
        apt-get update -qq || fail "apt-get update failed"
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
            fail "apt-get install ${missing[*]} failed"
    else
        log "docker.io and debootstrap already installed"
    fi
    command -v docker >/dev/null 2>&1 || fail "no docker client on PATH after installing docker.io"

    # 2. Engine. `docker info` is the test, not a pid file: it proves the
    #    socket answers, whoever started the daemon.
    if docker info >/dev/null 2>&1; then
        log "dockerd already answering"
    else
        [[ "$(id -u)" -eq 0 ]] || fail "dockerd is not running and starting it needs root"
        log "starting dockerd (log: $dockerd_log)"
        # setsid + nohup + closed stdin: the daemon must outlive this script
        # and must not hold the caller's terminal or pipes open (CI waits
        # for those to close).
        setsid nohup dockerd >"$dockerd_log" 2>&1 </dev/null &
        local dockerd_pid=$!
        local waited=0
        until docker info >/dev/null 2>&1; do
            if ! kill -0 "$dockerd_pid" 2>/dev/null; then
                tail -n 20 "$dockerd_log" >&2 || true
                fail "dockerd exited during start-up; see $dockerd_log"
            fi
            if ((waited >= wait_seconds)); then
                tail -n 20 "$dockerd_log" >&2 || true
                fail "dockerd did not answer within ${wait_seconds}s; see $dockerd_log"
            fi
            sleep 1
            waited=$((waited + 1))
        done
        log "dockerd answering after ${waited}s"
    fi

    # 3. Images.
    bash "$repo_dir/images/build-images.sh" || fail "building the local images failed"
    log "ready"
)

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -euo pipefail
    dbbench_docker_up
    echo "[docker.sh] for Testcontainers here: export TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE=localhost"
else
    dbbench_docker_up || return
    # The reaper (Ryuk) image cannot be pulled; and because this machine has
    # a /.dockerenv, Testcontainers would otherwise start a helper container
    # to find the gateway and hang pulling it. Values already set win.
    export TESTCONTAINERS_RYUK_DISABLED="${TESTCONTAINERS_RYUK_DISABLED:-true}"
    export TESTCONTAINERS_HOST_OVERRIDE="${TESTCONTAINERS_HOST_OVERRIDE:-localhost}"
    # DBBENCH_POSTGRES_IMAGE and DBBENCH_MONGO_WIRE_IMAGE, for the tests.
    # shellcheck source-path=SCRIPTDIR source=../images/image-names.sh
    source "$(dirname "${BASH_SOURCE[0]}")/../images/image-names.sh"
fi
