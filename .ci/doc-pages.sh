#!/usr/bin/env bash
# Runs the documentation pages a user follows, each in a fresh project built from the page's own
# marked blocks (.ci/doc-pages.py says how blocks are marked), on the installed artifacts. A page
# whose blocks do not build, whose commands do not do what the page says, or whose runs measure no
# benchmark fails.
#
#   bash .ci/doc-pages.sh                      every page that has page: markers
#   bash .ci/doc-pages.sh docs/tutorial-mongodb.md
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
# shellcheck source=user-project.sh
source .ci/user-project.sh
install_dbbench "$repo" >/dev/null
if [[ $# -eq 0 ]]; then
    mapfile -t pages < <(grep -l '<!-- page:' README.md docs/*.md)
    set -- "${pages[@]}"
fi
# The runner reads workflows with PyYAML, which Debian's python3-yaml brings (yamllint depends on it).
python=python3
if ! python3 -c 'import yaml' 2>/dev/null; then
    python=/usr/bin/python3
    if ! "$python" -c 'import yaml' 2>/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-yaml >/dev/null
    fi
fi
"$python" -u .ci/doc-pages.py "$@"
