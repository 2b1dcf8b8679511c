#!/usr/bin/env python3
"""What a Maven command fetched into an empty local repository, read from its output as it runs.

    mvn -B verify 2>&1 | python3 .ci/fresh-repository.py NAME REPOSITORY

Copies the output through unchanged, and at its end prints one line: how many files Maven
downloaded, how many MB they came to (Maven's own "Downloaded from" sizes), for how many seconds
at least one download was under way (the union of each file's "Downloading from" to "Downloaded
from", stamped as the lines arrive), and the repository's size on disk.
"""
import re
import subprocess
import sys
import time

UNITS = {"B": 1, "kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9}
STARTED = re.compile(r"Downloading from \S+: (\S+)")
FINISHED = re.compile(r"Downloaded from \S+: (\S+) \(([\d.]+) (B|kB|KB|MB|GB)")


def main(name, repository):
    begun = {}
    intervals = []
    total = 0.0
    for line in sys.stdin:
        sys.stdout.write(line)
        sys.stdout.flush()
        now = time.monotonic()
        # Maven's progress lines overwrite each other with carriage returns; the events are in between.
        for part in line.split("\r"):
            started = STARTED.search(part)
            if started:
                begun.setdefault(started.group(1), now)
            finished = FINISHED.search(part)
            if finished:
                total += float(finished.group(2)) * UNITS[finished.group(3)]
                intervals.append((begun.pop(finished.group(1), now), now))
    busy = 0.0
    end = None
    for start, stop in sorted(intervals):
        if end is None or start > end:
            busy += stop - start
            end = stop
        elif stop > end:
            busy += stop - end
            end = stop
    size = subprocess.run(["du", "-sm", repository], capture_output=True, text=True).stdout.split()[0]
    print(f"== fresh local repository ({name}): {len(intervals)} files, {total / 1e6:.0f} MB downloaded in"
          f" {busy:.0f} s of downloading; {size} MB on disk at {repository}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
