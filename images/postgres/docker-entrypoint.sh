#!/bin/bash
# Entrypoint of the locally built dbbench/postgres image. It keeps the
# contract of the official postgres image that Testcontainers'
# PostgreSQLContainer relies on, so that image can be swapped for this one:
#
#   * the command is `postgres [-c key=value ...]` (Testcontainers passes
#     `postgres -c fsync=off`); bare options imply `postgres`, any other
#     command (bash, psql) is run as given;
#   * POSTGRES_USER (default postgres), POSTGRES_PASSWORD (required unless
#     POSTGRES_HOST_AUTH_METHOD=trust), POSTGRES_DB (default: the user),
#     POSTGRES_INITDB_ARGS (extra initdb options), PGDATA (data directory,
#     default /var/lib/postgresql/data; may be a tmpfs mounted anywhere);
#   * on an empty data directory: initdb, then a temporary server reachable
#     only through the Unix socket creates POSTGRES_DB and runs
#     /docker-entrypoint-initdb.d/*.sql and *.sh, then stops; only then the
#     real server starts listening on TCP. Both servers log "database system
#     is ready to accept connections", and Testcontainers waits for the
#     second one, so clients never see the half-initialised cluster.
set -euo pipefail

export PGDATA="${PGDATA:-/var/lib/postgresql/data}"
readonly SOCKET_DIR=/var/run/postgresql

log() { printf 'entrypoint: %s\n' "$*"; }

if [[ $# -eq 0 || "${1:0:1}" == "-" ]]; then
    set -- postgres "$@"
fi
if [[ "$1" != "postgres" ]]; then
    exec "$@"
fi

# PostgreSQL refuses to run as root. Root only prepares the directories (a
# tmpfs or volume mounted at PGDATA arrives owned by root), then this script
# starts again as the postgres user.
if [[ "$(id -u)" -eq 0 ]]; then
    mkdir -p "$PGDATA" "$SOCKET_DIR"
    find "$PGDATA" "$SOCKET_DIR" ! -user postgres -exec chown postgres:postgres {} +
    chmod 700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
fi

init_cluster() {
    local user="${POSTGRES_USER:-postgres}"
    local db="${POSTGRES_DB:-$user}"
    local auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
    local extra_args=()
    read -ra extra_args <<<"${POSTGRES_INITDB_ARGS:-}"

    if [[ -z "${POSTGRES_PASSWORD:-}" && "$auth" != "trust" ]]; then
        log "POSTGRES_PASSWORD must be set (or POSTGRES_HOST_AUTH_METHOD=trust)" >&2
        exit 1
    fi

    log "initialising $PGDATA for user $user"
    mkdir -p "$PGDATA"
    chmod 700 "$PGDATA"
    # C.UTF-8 is built into glibc, so the image needs no locales package.
    # Local (socket) connections are trusted: only processes inside the
    # container reach them. --no-sync: a throwaway cluster need not survive a
    # power cut, and the flush costs start-up time.
    local initdb=(initdb --username="$user" --encoding=UTF8 --locale=C.UTF-8
        --auth-local=trust --auth-host="$auth" --no-sync "${extra_args[@]}")
    if [[ -n "${POSTGRES_PASSWORD:-}" ]]; then
        # Through a pipe, so the password shows neither in `ps` nor on disk.
        "${initdb[@]}" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD")
    else
        "${initdb[@]}"
    fi
    # initdb's host lines cover loopback only; clients come from the host
    # through Docker's port mapping.
    printf '\nhost all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"

    # listen_addresses='' keeps the temporary server off TCP, so nothing
    # connects before the database exists.
    pg_ctl --pgdata="$PGDATA" --wait --options="-c listen_addresses='' -k $SOCKET_DIR" start

    local psql=(psql --no-psqlrc -v ON_ERROR_STOP=1 --host="$SOCKET_DIR" --username="$user")
    if [[ "$db" != "postgres" ]]; then
        # :"db" makes psql quote the name as an identifier.
        "${psql[@]}" --dbname=postgres -v db="$db" <<<'CREATE DATABASE :"db";'
    fi

    local script
    for script in /docker-entrypoint-initdb.d/*; do
        [[ -e "$script" ]] || continue
        case "$script" in
            *.sql) log "running $script"; "${psql[@]}" --dbname="$db" -f "$script" ;;
            *.sh) log "running $script"; bash "$script" ;;
            *) log "ignoring $script (only *.sql and *.sh run)" ;;
        esac
    done

    pg_ctl --pgdata="$PGDATA" --wait --mode=fast stop
    log "initialisation complete; starting the server"
}

if [[ ! -s "$PGDATA/PG_VERSION" ]]; then
    init_cluster
fi

# listen_addresses goes first so that a later `-c listen_addresses=...` from
# the caller still wins (the last setting of a key counts).
exec "$1" -c "listen_addresses=*" "${@:2}"
