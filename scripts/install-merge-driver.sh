#!/usr/bin/env bash
# Sets git up, in the clone of the current directory, to merge dbbench baseline files entry by entry:
# two branches that each accepted a change of another benchmark then merge without a conflict, and
# an entry both changed differently is a conflict naming the benchmark and the command that records
# it again.
#
#   bash install-merge-driver.sh [MODULE]
#
# MODULE is the folder of the Maven project (or module) whose tests depend on dev.dbbench:dbbench-junit;
# default: the current folder. In the dbbench repository itself, run `mvn -B install -DskipTests` first,
# then `bash scripts/install-merge-driver.sh dbbench-examples`.
#
# What it does, all of it undone by deleting .git/dbbench and the merge.dbbench-baselines section of
# .git/config:
#   - writes the test class path of MODULE (dbbench-junit and its dependencies, in the local Maven
#     repository) and a launcher, .git/dbbench/merge-baselines, that runs dbbench's merge driver;
#   - registers the launcher with git as the merge driver "dbbench-baselines" (git config, this clone);
#   - adds "**/baselines/*.json merge=dbbench-baselines" to the repository's .gitattributes unless a
#     line there already names the driver: commit that file, so every clone uses the driver once its
#     owner has run this script (a clone without the driver merges those files line by line, as before).
# Run it again after upgrading dbbench. When the launcher finds a jar of its class path gone, it says
# so and lets git merge the file line by line.
set -euo pipefail
module="${1:-.}"
if [[ ! -f "$module/pom.xml" ]]; then
    echo "install-merge-driver: no pom.xml in $module; name the folder of the Maven project whose tests use dbbench" >&2
    exit 2
fi
git_dir="$(git rev-parse --absolute-git-dir)"
top="$(git rev-parse --show-toplevel)"
home="$git_dir/dbbench"
mkdir -p "$home"

mvn -B -q -f "$module/pom.xml" dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$home/classpath.txt"
if ! tr ':' '\n' < "$home/classpath.txt" | grep -q '/dbbench-junit-[^/]*\.jar$'; then
    echo "install-merge-driver: dev.dbbench:dbbench-junit is not on the test class path of $module;" \
         "name the folder of the project that depends on it" >&2
    exit 1
fi
java="$(command -v java)"

cat > "$home/merge-baselines" <<LAUNCHER
#!/usr/bin/env bash
# git's merge driver for dbbench baseline files, written by install-merge-driver.sh; run it again
# after upgrading dbbench. Arguments: %O %A %B %P (ancestor's, ours, theirs, path).
classpath="\$(cat '$home/classpath.txt')"
IFS=: read -r -a jars <<< "\$classpath"
for jar in "\${jars[@]}"; do
    if [[ ! -e "\$jar" ]]; then
        echo "dbbench: \$jar is gone; merging \$4 line by line. Run install-merge-driver.sh again." >&2
        exec git merge-file -L ours -L base -L theirs "\$2" "\$1" "\$3"
    fi
done
exec '$java' -cp "\$classpath" dev.dbbench.baseline.BaselineMergeDriver "\$@"
LAUNCHER
chmod +x "$home/merge-baselines"

git config merge.dbbench-baselines.name "dbbench baseline files, entry by entry"
git config merge.dbbench-baselines.driver "'$home/merge-baselines' %O %A %B %P"

attributes="$top/.gitattributes"
if ! grep -qs 'merge=dbbench-baselines' "$attributes"; then
    echo '**/baselines/*.json merge=dbbench-baselines' >> "$attributes"
    echo "added to $attributes (commit it): **/baselines/*.json merge=dbbench-baselines"
fi
echo "git now merges dbbench baseline files entry by entry in $top"
