#!/usr/bin/env python3
"""templates.py DIR ARM ARM: per Explore template, the geometric mean ms of each arm's runs
(DIR/ARM-N/explore-*.json, weighted by queries run) and the second against the first."""
import json, glob, math, sys
d, arms = sys.argv[1], sys.argv[2:]
rows = {}
for arm in arms:
    for run in sorted(glob.glob(f"{d}/{arm}-[0-9]*")):
        for q in json.load(open(glob.glob(run + "/explore-*.json")[0]))["queries"]:
            if q["count"]:
                r = rows.setdefault(q["number"], {}).setdefault(arm, [0, 0.0])
                r[0] += q["count"]; r[1] += q["count"] * math.log(q["geoMeanMs"])
print(f"| template | " + " | ".join(f"{a} geo ms" for a in arms) + " | ratio |")
print("|---|" + "---:|" * (len(arms) + 1))
for t in sorted(rows):
    g = [math.exp(rows[t][a][1] / rows[t][a][0]) for a in arms]
    print(f"| Q{t} | " + " | ".join(f"{x:.2f}" for x in g) + f" | {g[1] / g[0]:.2f} |")
