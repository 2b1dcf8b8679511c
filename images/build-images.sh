#!/usr/bin/env bash
# Builds dbbench's two database images locally, for machines where no image
# can be pulled from any registry. Each image is a minimal Debian tree made
# with debootstrap from the Debian mirror this machine's apt already uses,
# then turned into an image with `docker import`:
#
#   dbbench/postgres:15-local         Debian's postgresql-15 behind an
#                                     entrypoint that mimics the official
#                                     postgres image (postgres/)
#   dbbench/mongo-wire:1.47.0-local   mongo-java-server 1.47.0, memory
#                                     backend, on 0.0.0.0:27017 (mongo-wire/)
#
#   bash images/build-images.sh     # needs root and a running Docker engine
#
# An image that already exists is kept: `docker rmi NAME` forces a rebuild.
# Names come from images/image-names.sh. Work files live under
# DBBENCH_IMAGES_WORK_DIR (default /var/tmp/dbbench-images), outside the
# repo; the trees are deleted after import, the downloaded .deb cache is kept
# to speed up a rebuild (delete the directory to reclaim the space).
# DEBIAN_MIRROR overrides the mirror read from the apt configuration.
#
# How the Java side uses the images (Testcontainers 2.0.5):
#   PostgreSQL: new PostgreSQLContainer(DockerImageName.parse(NAME)
#       .asCompatibleSubstituteFor("postgres")) works unchanged.
#   MongoDB: use a GenericContainer, not a MongoDBContainer:
#         new GenericContainer<>(DockerImageName.parse(NAME))
#             .withExposedPorts(27017)
#             .waitingFor(Wait.forLogMessage(".*mongo-wire listening on 27017.*", 1))
#       and connect to mongodb://HOST:MAPPED_PORT (no replica set, no auth).
#       Why (checked in the 2.0.5 sources and by running them):
#       - the deprecated org.testcontainers.containers.MongoDBContainer always
#         passes --replSet and then runs rs.initiate() through `mongosh` or
#         `mongo` inside the container; neither exists here, so start fails;
#       - org.testcontainers.mongodb.MongoDBContainer does the same only
#         after withReplicaSet() (withSharding() runs sharding.sh with
#         mongos); in its default standalone mode it just waits for the port
#         and does start with NAME.asCompatibleSubstituteFor("mongo"), but
#         that claims a mongod that this is not, and a later withReplicaSet()
#         breaks it.
#       Seen from the driver: mongo-java-server reports maxWireVersion 8 and
#       answers isMaster, but a `hello` command gets CommandNotFound.
#   Both: TESTCONTAINERS_RYUK_DISABLED=true and TESTCONTAINERS_HOST_OVERRIDE=
#       localhost (see .ci/docker.sh), and stop every container you start.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly SCRIPT_DIR
# shellcheck source-path=SCRIPTDIR source=image-names.sh
source "$SCRIPT_DIR/image-names.sh"

# postgresql-15 and openjdk-17 are the versions of this Debian release.
readonly SUITE=bookworm
readonly WORK_DIR="${DBBENCH_IMAGES_WORK_DIR:-/var/tmp/dbbench-images}"
readonly DEB_CACHE="$WORK_DIR/debs"
MIRROR=""

log() { printf '[build-images] %s\n' "$*"; }
fail() { printf '[build-images] ERROR: %s\n' "$*" >&2; exit 1; }

image_exists() { docker image inspect "$1" >/dev/null 2>&1; }

# Prints the first `deb` source of the apt configuration that serves
# $SUITE/main over http(s) or file, in either the one-line (*.list) or the
# deb822 (*.sources) format. Reading it keeps the scripts free of any host
# name and uses whatever mirror or proxy the machine is set up with.
apt_mirror() {
    local srclist srcparts
    eval "$(apt-config shell srclist Dir::Etc::sourcelist/f srcparts Dir::Etc::sourceparts/d)"
    local files=() file
    [[ -f "${srclist:-}" ]] && files+=("$srclist")
    for file in "${srcparts:-/etc/apt/sources.list.d}"/*.list "${srcparts:-/etc/apt/sources.list.d}"/*.sources; do
        [[ -f "$file" ]] && files+=("$file")
    done
    ((${#files[@]} > 0)) || return 0
    awk -v suite="$SUITE" '
        function has(list, word,   n, parts, i) {
            n = split(list, parts, /[ \t]+/)
            for (i = 1; i <= n; i++) if (parts[i] == word) return 1
            return 0
        }
        function usable(uri) { return uri ~ /^(https?|file):/ }
        function flush(   n, uris, i) {
            if (has(types, "deb") && has(suites, suite) && has(comps, "main") && tolower(enabled) != "no") {
                n = split(uri_list, uris, /[ \t]+/)
                for (i = 1; i <= n; i++) if (usable(uris[i])) { print uris[i]; found = 1; exit }
            }
            types = suites = comps = uri_list = ""; enabled = "yes"
        }
        FNR == 1 { if (deb822) flush(); deb822 = FILENAME ~ /\.sources$/ }
        /^[ \t]*#/ { next }
        !deb822 {
            line = $0
            gsub(/\[[^]]*\]/, " ", line)   # drop [arch=... signed-by=...]
            n = split(line, f, /[ \t]+/)
            start = (f[1] == "") ? 2 : 1
            if (f[start] == "deb" && f[start + 2] == suite && usable(f[start + 1])) {
                for (i = start + 3; i <= n; i++) if (f[i] == "main") { print f[start + 1]; found = 1; exit }
            }
            next
        }
        /^[ \t]*$/ { flush(); next }
        /^[A-Za-z-]+:/ {
            key = tolower(substr($0, 1, index($0, ":") - 1))
            value = substr($0, index($0, ":") + 1)
            if (key == "types") types = value
            else if (key == "uris") uri_list = value
            else if (key == "suites") suites = value
            else if (key == "components") comps = value
            else if (key == "enabled") { enabled = value; gsub(/[ \t]/, "", enabled) }
        }
        END { if (!found && deb822) flush() }
    ' "${files[@]}"
}

# Deletes a build tree without ever leaving it: a debootstrap that died may
# have left /proc or /sys of the host mounted inside.
remove_tree() {
    local dir=$1 mount_point
    [[ -e "$dir" ]] || return 0
    while read -r mount_point; do
        umount -l "$mount_point" || true
    done < <(findmnt -rn -o TARGET | awk -v prefix="$dir/" 'index($0, prefix) == 1' | sort -r)
    rm -rf --one-file-system "$dir"
}

# bootstrap DIR PACKAGE...: a minimal Debian tree with the packages installed.
bootstrap() {
    local rootfs=$1
    shift
    local packages logfile="$rootfs.debootstrap.log"
    packages="$(IFS=,; printf '%s' "$*")"
    remove_tree "$rootfs"
    mkdir -p "$DEB_CACHE"
    log "debootstrap $SUITE with $packages (log: $logfile)"
    if ! debootstrap --variant=minbase --include="$packages" --cache-dir="$DEB_CACHE" \
        "$SUITE" "$rootfs" "$MIRROR" >"$logfile" 2>&1; then
        tail -n 30 "$logfile" >&2 || true
        fail "debootstrap of $packages failed; see $logfile"
    fi
    # A server image never reads package caches, documentation or message
    # translations; dropping them makes import and every container start
    # lighter.
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
        "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/*
    [[ ! -d "$rootfs/usr/share/locale" ]] ||
        find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 -type d -exec rm -rf {} +
}

# import_rootfs DIR IMAGE CHANGE...: the tree as a one-layer image. Numeric
# owners, because the tree's own /etc/passwd, not the host's, names them.
import_rootfs() {
    local rootfs=$1 image=$2
    shift 2
    local changes=() change
    for change in "$@"; do
        changes+=(--change "$change")
    done
    log "importing $image"
    tar --numeric-owner --one-file-system -C "$rootfs" -c . |
        docker import "${changes[@]}" - "$image" >/dev/null
}

build_postgres() {
    local rootfs="$WORK_DIR/postgres-rootfs"
    bootstrap "$rootfs" postgresql-15
    # The package made a "main" cluster at install time; the entrypoint
    # makes its own in PGDATA on first start, so this one is dead weight.
    rm -rf "$rootfs/etc/postgresql/15/main" "$rootfs/var/lib/postgresql/15"
    install -m 0755 "$SCRIPT_DIR/postgres/docker-entrypoint.sh" "$rootfs/usr/local/bin/docker-entrypoint.sh"
    mkdir -p "$rootfs/var/lib/postgresql/data" "$rootfs/docker-entrypoint-initdb.d"
    # chown by name inside the tree: the package chose the uid there.
    chroot "$rootfs" chown postgres:postgres /var/lib/postgresql/data
    chmod 700 "$rootfs/var/lib/postgresql/data"
    # No VOLUME, unlike the official image: throwaway servers would leave an
    # anonymous volume behind on every `docker rm` without -v.
    # The official image also sets STOPSIGNAL SIGINT (fast shutdown), but
    # Debian's dockerd 20.10 refuses it in `docker import --change`. With
    # SIGTERM (smart shutdown) `docker stop` waits for open sessions to end;
    # Testcontainers kills the container anyway.
    import_rootfs "$rootfs" "$DBBENCH_POSTGRES_IMAGE" \
        'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' \
        'CMD ["postgres"]' \
        'EXPOSE 5432' \
        'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        'ENV PGDATA=/var/lib/postgresql/data' \
        'ENV LANG=C.UTF-8'
    remove_tree "$rootfs"
}

build_mongo_wire() {
    local stage="$WORK_DIR/mongo-wire-stage" rootfs="$WORK_DIR/mongo-wire-rootfs"
    # Jars and class first: they fail faster than debootstrap.
    remove_tree "$stage"
    mkdir -p "$stage/lib" "$stage/classes"
    local maven_log="$WORK_DIR/mongo-wire-maven.log"
    log "collecting mongo-java-server jars with Maven (log: $maven_log)"
    if ! mvn -B -ntp -f "$SCRIPT_DIR/mongo-wire/pom.xml" -Dimage.work.dir="$stage" \
        dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$stage/lib" \
        >"$maven_log" 2>&1; then
        tail -n 30 "$maven_log" >&2 || true
        fail "Maven could not collect the mongo-java-server jars; see $maven_log"
    fi
    # --release 17 matches the image's JRE whatever JDK runs this script.
    javac --release 17 -cp "$stage/lib/*" -d "$stage/classes" "$SCRIPT_DIR/mongo-wire/MongoWireServer.java"
    jar --create --file "$stage/lib/mongo-wire.jar" -C "$stage/classes" .

    bootstrap "$rootfs" openjdk-17-jre-headless
    mkdir -p "$rootfs/opt/mongo-wire"
    cp -R "$stage/lib" "$rootfs/opt/mongo-wire/lib"
    # The java launcher expands lib/* itself, so no shell is needed. nobody:
    # the server needs no privilege and port 27017 is unprivileged.
    import_rootfs "$rootfs" "$DBBENCH_MONGO_WIRE_IMAGE" \
        'ENTRYPOINT ["java", "-cp", "/opt/mongo-wire/lib/*", "MongoWireServer"]' \
        'EXPOSE 27017' \
        'ENV LANG=C.UTF-8' \
        'USER nobody'
    remove_tree "$rootfs"
    remove_tree "$stage"
}

# build IMAGE FUNCTION: runs FUNCTION unless IMAGE exists; reports the time.
build() {
    local image=$1 builder=$2 started=$SECONDS
    if image_exists "$image"; then
        log "$image exists, skipping"
        return 0
    fi
    [[ "$(id -u)" -eq 0 ]] || fail "building $image needs root (debootstrap, chroot)"
    if [[ -z "$MIRROR" ]]; then
        MIRROR="${DEBIAN_MIRROR:-$(apt_mirror)}"
        [[ -n "$MIRROR" ]] ||
            fail "no 'deb <uri> $SUITE main' source in the apt configuration; set DEBIAN_MIRROR"
        log "Debian mirror: $MIRROR"
    fi
    log "building $image"
    "$builder"
    image_exists "$image" || fail "$image missing after its build"
    log "built $image in $((SECONDS - started))s"
}

cleanup() {
    # Only the trees: logs stay for a post-mortem, the .deb cache for reuse.
    remove_tree "$WORK_DIR/postgres-rootfs"
    remove_tree "$WORK_DIR/mongo-wire-rootfs"
    remove_tree "$WORK_DIR/mongo-wire-stage"
}

main() {
    local tool
    for tool in docker debootstrap mvn javac jar tar chroot findmnt flock; do
        command -v "$tool" >/dev/null 2>&1 || fail "$tool not found on PATH (.ci/docker.sh installs docker.io and debootstrap)"
    done
    docker info >/dev/null 2>&1 || fail "the Docker engine does not answer; start it with .ci/docker.sh"

    if image_exists "$DBBENCH_POSTGRES_IMAGE" && image_exists "$DBBENCH_MONGO_WIRE_IMAGE"; then
        log "$DBBENCH_POSTGRES_IMAGE and $DBBENCH_MONGO_WIRE_IMAGE exist, nothing to build"
        return 0
    fi

    mkdir -p "$WORK_DIR"
    # One build at a time: two would share trees and the .deb cache. The
    # second waits, then finds the images and skips.
    exec 9>"$WORK_DIR/build.lock"
    flock 9
    trap cleanup EXIT

    build "$DBBENCH_POSTGRES_IMAGE" build_postgres
    build "$DBBENCH_MONGO_WIRE_IMAGE" build_mongo_wire
}

main "$@"
