#!/usr/bin/env python3
"""A flame graph (SVG) of a JFR recording's execution samples, with no tool beyond the JDK's `jfr`.

    bsbm-driver/flamegraph.py RECORDING.jfr OUT.svg [--title TEXT] [--threads REGEX]

Reads `jfr print --events jdk.ExecutionSample` (the JDK on PATH or $JAVA_HOME), folds each stack
(root first), and draws one box per frame, as wide as its share of the samples. Also writes
OUT.folded (one "frame;frame;... count" line per stack) for other tools. Hover a box for its
samples and share.
"""
import argparse
import collections
import html
import os
import re
import subprocess
import sys

WIDTH, ROW, FONT = 1600, 17, 11


def samples(jfr, threads):
    java_home = os.environ.get("JAVA_HOME")
    tool = os.path.join(java_home, "bin", "jfr") if java_home else "jfr"
    text = subprocess.run([tool, "print", "--stack-depth", "96", "--events", "jdk.ExecutionSample", jfr],
                          check=True, capture_output=True, text=True).stdout
    pattern = re.compile(threads) if threads else None
    for event in text.split("jdk.ExecutionSample")[1:]:
        m = re.search(r'sampledThread = "([^"]+)"', event)
        if pattern and not (m and pattern.search(m.group(1))):
            continue
        frames = re.findall(r"^\s+([\w.$<>]+)\(.*?line:", event, re.M)
        if frames:
            yield tuple(reversed(frames))  # root first


def fold(stacks):
    folded = collections.Counter()
    for s in stacks:
        folded[s] += 1
    return folded


def tree(folded):
    root = {"n": 0, "kids": {}}
    for stack, count in folded.items():
        node = root
        node["n"] += count
        for frame in stack:
            node = node["kids"].setdefault(frame, {"n": 0, "kids": {}})
            node["n"] += count
    return root


def color(name):
    h = sum(map(ord, name)) % 60
    if name.startswith("dev.quarry"):
        return f"rgb({200 + h // 2},{120 + h},60)"
    if name.startswith("io.netty"):
        return f"rgb(90,{150 + h},{200 + h // 2})"
    if name.startswith("org.apache.jena"):
        return f"rgb({180 + h},{190 + h // 2},70)"
    return f"rgb({160 + h},{160 + h},{160 + h})"


def draw(root, title):
    total = max(1, root["n"])
    depth = [0]
    boxes = []

    def walk(node, name, x, level):
        w = node["n"] / total * (WIDTH - 20)
        if w < 0.3:
            return
        depth[0] = max(depth[0], level)
        boxes.append((name, x, level, w, node["n"]))
        cx = x
        for kid, sub in sorted(node["kids"].items(), key=lambda kv: -kv[1]["n"]):
            walk(sub, kid, cx, level + 1)
            cx += sub["n"] / total * (WIDTH - 20)

    walk(root, f"all ({total} samples)", 10, 0)
    height = (depth[0] + 1) * ROW + 60
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'font-family="monospace" font-size="{FONT}">',
           f'<rect width="100%" height="100%" fill="#fdfdf6"/>',
           f'<text x="{WIDTH / 2}" y="22" text-anchor="middle" font-size="15">'
           f'{html.escape(title)}</text>']
    for name, x, level, w, n in boxes:
        y = height - 20 - (level + 1) * ROW
        short = name.rsplit(".", 2)
        label = ".".join(short[-2:]) if len(short) > 2 else name
        chars = int((w - 4) / (FONT * 0.6))
        text = label if len(label) <= chars else (label[:chars - 2] + ".." if chars > 3 else "")
        out.append(f'<g><title>{html.escape(name)}: {n} samples, {100 * n / total:.1f}%</title>'
                   f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{ROW - 1}" '
                   f'fill="{color(name)}" rx="2"/>'
                   f'<text x="{x + 2:.1f}" y="{y + ROW - 5}">{html.escape(text)}</text></g>')
    out.append("</svg>")
    return "\n".join(out)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("jfr")
    p.add_argument("svg")
    p.add_argument("--title", default="CPU samples")
    p.add_argument("--threads", help="only threads whose name matches this regex")
    a = p.parse_args()
    folded = fold(samples(a.jfr, a.threads))
    if not folded:
        sys.exit("no execution samples in " + a.jfr)
    with open(os.path.splitext(a.svg)[0] + ".folded", "w") as f:
        for stack, n in sorted(folded.items(), key=lambda kv: -kv[1]):
            f.write(";".join(stack) + f" {n}\n")
    with open(a.svg, "w") as f:
        f.write(draw(tree(folded), a.title))
    print(f"{a.svg}: {sum(folded.values())} samples, {len(folded)} distinct stacks")


if __name__ == "__main__":
    main()
