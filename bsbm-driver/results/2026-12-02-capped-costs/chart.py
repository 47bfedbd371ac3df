#!/usr/bin/env python3
"""capped.svg: QMpH of new servers, capped at 2 GB against uncapped, pair by pair, and an uncapped
server with and without a reader making the capped server's device reads (the runs here)."""
import glob, json, os

here = os.path.dirname(os.path.abspath(__file__))
pairs = [  # (label, first run, second run, first's legend)
    ("1 client, pair 1", "p1/c1-1", "p1/u1-1", "capped"),
    ("1 client, pair 2", "p1/c1-2", "p1/u1-2", "capped"),
    ("16 clients, pair 1", "p16/c16-1", "p16/u16-1", "capped"),
    ("16 clients, pair 2", "p16/c16-2", "p16/u16-2", "capped"),
    ("16 clients, pair 3", "p16b/c16-1", "p16b/u16-1", "capped"),
    ("16 clients, pair 4", "p16b/c16-2", "p16b/u16-2", "capped"),
    ("16 clients, pair 5", "st/c", "st/u", "capped"),
    ("16 clients, 3 GB cap, pair 1", "p3g/c16-1", "p3g/u16-1", "capped"),
    ("16 clients, 3 GB cap, pair 2", "p3g/c16-2", "p3g/u16-2", "capped"),
    ("uncapped, 5,000 reads/s beside", "bgp/bg", "bgp/quiet", "reader"),
]

def qmph(run):
    return json.load(open(glob.glob(os.path.join(here, run, "explore-*.json"))[0]))["qmph"]

def pair_bars(pairs, title, legend, footer, path, W=780, left=210):
    """An SVG of two bars a row (label, red value, blue value), the red over the blue on the right;
    legend: the two bars' names. Also used by ../2026-12-03-fresh-memory/chart.py."""
    top = max(max(a, b) for _, a, b in pairs)
    bar, gap = 14, 16
    H = 60 + len(pairs) * (2 * bar + gap) + 30
    scale = (W - left - 130) / top
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<text x="10" y="20" font-size="14">{title}</text>',
           f'<rect x="10" y="32" width="12" height="12" fill="#c0504d"/><text x="27" y="43">{legend[0]}</text>',
           f'<rect x="330" y="32" width="12" height="12" fill="#2f6fb3"/><text x="347" y="43">{legend[1]}</text>']
    y = 60
    for label, a, b in pairs:
        out.append(f'<text x="{left - 8}" y="{y + bar + 4}" text-anchor="end">{label}</text>')
        for i, (v, colour) in enumerate(((a, "#c0504d"), (b, "#2f6fb3"))):
            w = v * scale
            out.append(f'<rect x="{left}" y="{y + i * bar}" width="{w:.0f}" height="{bar - 2}" fill="{colour}"/>')
            out.append(f'<text x="{left + w + 4:.0f}" y="{y + i * bar + bar - 4}">{v:,.0f}</text>')
        out.append(f'<text x="{W - 10}" y="{y + bar + 4}" text-anchor="end">{a / b:.0%}</text>')
        y += 2 * bar + gap
    out.append(f'<text x="10" y="{H - 10}" fill="#555">{footer}</text>')
    out.append('</svg>')
    open(path, "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    rows = [(label, qmph(a), qmph(b), kind) for label, a, b, kind in pairs]
    pair_bars([(label, a, b) for label, a, b, _ in rows],
              "BSBM 100M, QMpH of new servers, 120 s (100 s for the reader pair) from the start",
              ("capped (2 GB unless said) / uncapped beside a device reader", "uncapped (alone)"),
              "The ratio on the right: the red bar over the blue one. Pairs alternate their order (ABBA).",
              os.path.join(here, "capped.svg"))
    for label, a, b, _ in rows:
        print(f"{label}: {a:,.0f} / {b:,.0f} = {a / b:.0%}")
