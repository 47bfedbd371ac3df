#!/usr/bin/env python3
"""fresh-memory.svg and the tables of README.md: capped (2 GB) against uncapped new servers, 16
clients, with the VM's free page reporting on (pairA-C) and off (nrA-B); per run QMpH, the GC
threads' system time from 20 s to the end, and the query threads' CPU a query."""
import glob, importlib.util, json, os

here = os.path.dirname(os.path.abspath(__file__))
SETS = [("pairA", "on"), ("pairB", "on"), ("pairC", "on"), ("nrA", "off"), ("nrB", "off")]

def qmph(run):
    return json.load(open(glob.glob(os.path.join(here, run, "explore-*.json"))[0]))["qmph"]

def cpu(run):
    """(GC threads' sys s, query threads' user ms a query, sys ms a query) from 20 s to the end."""
    def load(f):
        r = {}
        for line in open(os.path.join(here, run, f)):
            p = line.split()
            if len(p) == 3:
                k = "gc" if "GC" in p[0] else "q" if p[0].startswith("quarry-query") else "o"
                a = r.setdefault(k, [0, 0]); a[0] += int(p[1]); a[1] += int(p[2])
        return r
    a, b = load("threads-a.txt"), load("threads-b.txt")
    d = {k: [(b[k][i] - a.get(k, [0, 0])[i]) / 100 for i in (0, 1)] for k in b}
    queries = float(open(os.path.join(here, run, "alloc.txt")).read().split()[1])
    return d["gc"][1], 1000 * d["q"][0] / queries, 1000 * d["q"][1] / queries

rows = []
for s, reporting in SETS:
    for r in (1, 2):
        for kind in ("c", "u"):
            run = f"{s}/{kind}16-{r}"
            rows.append((s, reporting, r, kind, qmph(run)) + cpu(run))
print("| set | reporting | round | server | QMpH | GC threads' sys s | query user ms/q | query sys ms/q |")
print("|---|---|---:|---|---:|---:|---:|---:|")
for s, rep, r, kind, q, gc, u, sy in rows:
    name = "capped" if kind == "c" else "uncapped"
    print(f"| {s} | {rep} | {r} | {name} | {q:,.0f} | {gc:.1f} | {u:.3f} | {sy:.3f} |")
print()
sums = {}
for s, rep, r, kind, q, *_ in rows:
    sums.setdefault((s, rep), {"c": 0, "u": 0})[kind] += q
for (s, rep), v in sums.items():
    print(f"{s} (reporting {rep}): {v['c']:,.0f} / {v['u']:,.0f} = {v['c'] / v['u']:.1%}")
for rep in ("on", "off"):
    c = sum(v["c"] for (s, x), v in sums.items() if x == rep)
    u = sum(v["u"] for (s, x), v in sums.items() if x == rep)
    print(f"all with reporting {rep}: {c:,.0f} / {u:,.0f} = {c / u:.1%}")

spec = importlib.util.spec_from_file_location(
    "capped_chart", os.path.join(here, "..", "2026-12-02-capped-costs", "chart.py"))
capped_chart = importlib.util.module_from_spec(spec)
spec.loader.exec_module(capped_chart)
pairs = [(f"{s} round {r} ({rep})", q, next(x[4] for x in rows if x[:3] == (s, rep, r) and x[3] == "u"))
         for s, rep, r, kind, q, *_ in rows if kind == "c"]
capped_chart.pair_bars(
    pairs,
    "BSBM 100M, 16 clients, new servers, 120 s from the start: free page reporting on / off",
    ("capped at 2 GB", "uncapped (4 GB heap, 6 GB pool)"),
    "Right: capped over uncapped. Reporting off: virtio_balloon unbound, the guest memory touched once.",
    os.path.join(here, "fresh-memory.svg"), W=760, left=150)
