#!/usr/bin/env python3
"""The runs of this folder as one Markdown table: QMpH, the 10 s timeline, the JIT's CPU, device reads.

table.py DIR...: each DIR holds explore-N.json (bsbm run), and where the run had them cpu.tsv
(cold16.sh: CPU seconds of the C1 and C2 compiler threads and of the process) and io.txt."""
import glob
import json
import os
import sys


def row(d):
    js = glob.glob(os.path.join(d, "explore-*.json"))
    if not js:
        return None
    j = json.load(open(js[0]))
    line = [os.path.basename(d.rstrip("/")), str(j["clients"]), f"{j['warmUps']} + {j['runs']}",
            f"{round(j['qmph']):,}"]
    tl = j.get("timeline") or []
    line.append(" ".join(f"{round(v / 1000)}k" for v in tl) if j.get("coldStart") else "")
    cpu = os.path.join(d, "cpu.tsv")
    if os.path.exists(cpu):
        last = open(cpu).read().split("\n")[-2].split("\t")
        line.append(f"{last[2]} / {last[3]}")
    else:
        line.append("")
    io = os.path.join(d, "io.txt")
    line.append(f"{int(open(io).read().split()[-1]) / 1e9:.1f}" if os.path.exists(io) else "")
    return line


print("| run | clients | mixes | QMpH | per 10 s from the driver's start (cold runs) | C2 / process CPU s | device GB |")
print("|---|---:|---|---:|---|---|---:|")
for d in sys.argv[1:]:
    r = row(d)
    if r:
        print("| " + " | ".join(r) + " |")
