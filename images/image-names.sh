# shellcheck shell=bash
# Names of dbbench's locally built images, in one place for
# images/build-images.sh and .ci/docker.sh. Sourced, never run. Override a
# name by exporting the variable before sourcing; the tag says what is inside
# and "-local" that no registry has it.
export DBBENCH_POSTGRES_IMAGE="${DBBENCH_POSTGRES_IMAGE:-dbbench/postgres:15-local}"
export DBBENCH_MONGO_WIRE_IMAGE="${DBBENCH_MONGO_WIRE_IMAGE:-dbbench/mongo-wire:1.47.0-local}"
