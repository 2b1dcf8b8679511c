#!/usr/bin/env bash
# Starts a PostgreSQL 15 server from Debian's packages on a loopback port, with password
# authentication, for dbbench's external-server tests. Safe to repeat: an installed package, an
# initialised cluster and a running server are kept.
#
#   bash .ci/external-postgres.sh     # install (as root), initialise, start
#   source .ci/external-postgres.sh   # the same, then exports DBBENCH_EXTERNAL_PG_URL,
#                                     # DBBENCH_EXTERNAL_PG_USER and DBBENCH_EXTERNAL_PG_PASSWORD
#
# The server runs as the postgres user from EXTERNAL_PG_DIR (default /tmp/dbbench-external-pg) on
# 127.0.0.1:EXTERNAL_PG_PORT (default 55432). The test user may log in and create databases, no
# more; its password is generated once and kept in EXTERNAL_PG_DIR/password (mode 600).

dbbench_external_pg_up() (
    set -euo pipefail
    log() { printf '[external-postgres] %s\n' "$*"; }
    fail() { printf '[external-postgres] ERROR: %s\n' "$*" >&2; exit 1; }

    local dir="${EXTERNAL_PG_DIR:-/tmp/dbbench-external-pg}"
    local port="${EXTERNAL_PG_PORT:-55432}"
    local bin=/usr/lib/postgresql/15/bin
    [[ "$port" =~ ^[0-9]+$ ]] || fail "EXTERNAL_PG_PORT must be a port number but was '$port'"

    if [[ ! -x "$bin/initdb" ]]; then
        [[ "$(id -u)" -eq 0 ]] || fail "need root to install postgresql-15"
        log "installing postgresql-15"
        # No cluster of the package's own: this script makes the one it needs.
        mkdir -p /etc/postgresql-common
        echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq || fail "apt-get update failed"
        apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null || fail "installing postgresql-15 failed"
    else
        log "postgresql-15 already installed"
    fi

    as_postgres() { if [[ "$(id -u)" -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }

    if [[ ! -f "$dir/data/PG_VERSION" ]]; then
        log "initialising $dir/data"
        rm -rf "$dir"
        mkdir -p "$dir"
        head -c 18 /dev/urandom | base64 | tr -d '/+=' > "$dir/password"
        chmod 600 "$dir/password"
        [[ "$(id -u)" -ne 0 ]] || chown -R postgres:postgres "$dir"
        as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
            --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; fail "initdb failed"; }
    fi

    if as_postgres "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
        log "server already running"
    else
        log "starting the server on 127.0.0.1:$port"
        as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir" start >/dev/null ||
            { tail -n 20 "$dir/server.log" >&2; fail "the server did not start; see $dir/server.log"; }
    fi

    local password
    password="$(cat "$dir/password")"
    # CREATEDB and LOGIN only: dbbench must manage with what a real shared server would grant.
    # The password goes through stdin (printf is a builtin), so no process list ever shows it.
    printf '%s\n' \
        "DO \$\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'dbbench') THEN CREATE ROLE dbbench; END IF; END \$\$;" \
        "ALTER ROLE dbbench LOGIN CREATEDB PASSWORD '$password';" |
        as_postgres psql -h "$dir" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q >/dev/null ||
        fail "creating the dbbench role failed"
    log "ready: jdbc:postgresql://127.0.0.1:$port/postgres as dbbench"
)

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -euo pipefail
    dbbench_external_pg_up
else
    dbbench_external_pg_up || return
    export DBBENCH_EXTERNAL_PG_URL="jdbc:postgresql://127.0.0.1:${EXTERNAL_PG_PORT:-55432}/postgres"
    export DBBENCH_EXTERNAL_PG_USER=dbbench
    DBBENCH_EXTERNAL_PG_PASSWORD="$(cat "${EXTERNAL_PG_DIR:-/tmp/dbbench-external-pg}/password")"
    export DBBENCH_EXTERNAL_PG_PASSWORD
fi
