#!/usr/bin/env bash
# Checks, offline, that every GitHub workflow parses and follows the workflow schema, and that every
# ```yaml block of README.md and docs/ parses (a block that is a whole workflow, with `on:` and `jobs:`,
# is checked against the schema too). A workflow with a merge-conflict marker fails here.
#
#   bash .ci/validate-workflows.sh
#
# The validator (@action-validator/cli, from npm) is installed once into a cache folder,
# DBBENCH_TOOLS_DIR (default ~/.cache/dbbench-ci), with npm's own cache inside it: no global package,
# no change outside that folder. YAML blocks are parsed by yamllint (Debian's package), which .ci/run
# installs.
set -euo pipefail
cd "$(dirname "$0")/.."

validator_version=0.6.0
tools="${DBBENCH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/dbbench-ci}/action-validator-$validator_version"
validator="$tools/node_modules/.bin/action-validator"
if [[ ! -x "$validator" ]]; then
    echo "installing @action-validator/cli@$validator_version into $tools"
    mkdir -p "$tools"
    npm install --prefix "$tools" --cache "$tools/npm-cache" --no-audit --no-fund --loglevel=error \
        "@action-validator/cli@$validator_version" >/dev/null
fi
if ! command -v yamllint >/dev/null 2>&1; then
    echo "FAIL: yamllint is not installed (apt-get install -y yamllint)" >&2
    exit 1
fi

failed=0
checked=0
for workflow in .github/workflows/*.yml .github/workflows/*.yaml; do
    [[ -e "$workflow" ]] || continue
    checked=$((checked + 1))
    if ! "$validator" "$workflow"; then
        echo "FAIL: $workflow does not validate" >&2
        failed=1
    fi
done
echo "workflows: $checked checked"

# Every ```yaml block, written to a file of its own whose first line says where it starts.
blocks="$(mktemp -d)"
trap 'rm -rf "$blocks"' EXIT
mapfile -t documents < <(ls README.md docs/*.md docs/*/*.md 2>/dev/null)
for document in "${documents[@]}"; do
    doc_index=$((${doc_index:-0} + 1))
    awk -v out="$blocks" -v doc="$document" -v doc_index="$doc_index" '
        /^[[:space:]]*```/ {
            if (file != "") { close(file); file = ""; next }
            if ($0 ~ /^[[:space:]]*```ya?ml[[:space:]]*$/) {
                count++
                file = out "/" doc_index "-" count ".yml"
                printf "# %s:%d\n", doc, NR + 1 > file
                next
            }
        }
        file != "" { print > file }
    ' "$document"
done
snippets=0
for block in "$blocks"/*.yml; do
    [[ -e "$block" ]] || continue
    snippets=$((snippets + 1))
    where="$(sed -n '1s/^# //p' "$block")"
    if ! yamllint --no-warnings -d '{rules: {}}' "$block"; then
        echo "FAIL: the yaml block at $where does not parse" >&2
        failed=1
    elif grep -q '^on:' "$block" && grep -q '^jobs:' "$block" && ! "$validator" "$block"; then
        echo "FAIL: the workflow at $where does not validate" >&2
        failed=1
    fi
done
echo "yaml blocks of README.md and docs/: $snippets checked"
exit "$failed"
