"""Prints how many benchmarks of a results.json failed, warned and informed, and why each failed or warned.

    python3 .ci/results-summary.py RESULTS_JSON
"""
import json
import sys

try:
    results = json.load(open(sys.argv[1]))["results"]
except (OSError, ValueError):
    print("    no results.json")
    sys.exit(0)
failed = [r for r in results if r["failed"]]
warned = [r for r in results if not r["failed"] and r["warned"]]
informed = [r for r in results if not r["failed"] and not r["warned"] and r.get("informed")]
print(f"    {len(failed)} failed, {len(warned)} warned, {len(informed)} informed, {len(results)} benchmarks")
for r in failed + warned:
    what = "failed" if r["failed"] else "warned"
    parts = [f'{m["id"]} {m["verdict"]}: {m["reason"]}' for m in r["metrics"] if m["failed"] or m["warned"]]
    parts += [f'@ExpectFasterThan {e["other"]} {e["verdict"]}: {e["reason"]}' for e in r["expectations"]
              if e["failed"] or e["warned"]]
    if r.get("scaling") and (r["scaling"]["failed"] or r["scaling"]["warned"]):
        parts.append(f'@ExpectScaling {r["scaling"]["verdict"]}: {r["scaling"]["reason"]}')
    print(f'    {what} {r["class"].split(".")[-1]}.{r["key"]}: ' + "; ".join(parts)[:400])
