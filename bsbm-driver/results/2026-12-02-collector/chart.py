#!/usr/bin/env python3
"""collector.svg: QMpH of new servers under G1 and the parallel collector, pair by pair (the runs here)."""
import glob, json, os

here = os.path.dirname(os.path.abspath(__file__))
pairs = [  # (label, G1 run, parallel run)
    ("16 clients, capped, 1", "gc/g1-1", "gc/par-1"),
    ("16 clients, capped, 2", "gc/g1-2", "gc/par-2"),
    ("16 clients, capped, 3", "gc3/g1-1", "gc3/par-1"),
    ("16 clients, uncapped, 1", "gcu/g1-1", "gcu/par-1"),
    ("16 clients, uncapped, 2", "gcu2/g1-1", "gcu2/par-1"),
    ("1 client, capped", "one/g1c-1", "one/parc-1"),
    ("1 client, uncapped", "one/g1u-1", "one/paru-1"),
]

def qmph(run):
    return json.load(open(glob.glob(os.path.join(here, run, "explore-*.json"))[0]))["qmph"]

rows = [(label, qmph(a), qmph(b)) for label, a, b in pairs]
top = max(max(g, p) for _, g, p in rows)
W, left, bar, gap = 760, 190, 14, 16
H = 60 + len(rows) * (2 * bar + gap) + 30
scale = (W - left - 90) / top
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
       f'<text x="10" y="20" font-size="14">BSBM 100M, QMpH of new servers, 120 s from the start: G1 against the parallel collector</text>',
       '<rect x="10" y="32" width="12" height="12" fill="#9aa5b1"/><text x="27" y="43">G1 (the JVM default)</text>',
       '<rect x="170" y="32" width="12" height="12" fill="#2f6fb3"/><text x="187" y="43">parallel (the launcher since this session)</text>']
y = 60
for label, g, p in rows:
    out.append(f'<text x="{left - 8}" y="{y + bar + 4}" text-anchor="end">{label}</text>')
    for v, colour, dy in ((g, "#9aa5b1", 0), (p, "#2f6fb3", bar)):
        out.append(f'<rect x="{left}" y="{y + dy}" width="{v * scale:.1f}" height="{bar - 2}" fill="{colour}"/>')
        out.append(f'<text x="{left + v * scale + 4:.1f}" y="{y + dy + bar - 4}">{v:,.0f}</text>')
    y += 2 * bar + gap
out.append("</svg>")
open(os.path.join(here, "collector.svg"), "w").write("\n".join(out) + "\n")
print("collector.svg:", ", ".join(f"{l}: {g:,.0f} / {p:,.0f}" for l, g, p in rows))
