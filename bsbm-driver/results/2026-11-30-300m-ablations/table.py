#!/usr/bin/env python3
"""The ablation table: one row per configuration folder (ablations.sh's OUT/<config>/), with QMpH,
the server's device reads (/proc/PID/io) and its buffer pool's counters (/metrics at the end)."""
import json, os, re, sys

def metrics(path):
    m = {}
    for line in open(path):
        if line.startswith('#') or not line.strip():
            continue
        k, v = line.rsplit(' ', 1)
        m[k] = float(v)
    return m

print('| configuration | mixes (warm-up + measured) | QMpH, 16 clients | device read MB | pool misses | pool read MB '
      '| read-ahead used / wasted pages | term file reads |')
print('|---|---|---:|---:|---:|---:|---|---:|')
for out in sys.argv[1:]:
    for name in sorted(os.listdir(out)):
        d = os.path.join(out, name)
        j = json.load(open(os.path.join(d, 'Quarry', 'explore-16.json')))
        io = open(os.path.join(d, 'io.tsv')).read().splitlines()[-1].split('\t')[1]
        m = metrics(os.path.join(d, 'quarry-metrics.txt'))
        print(f"| {name} ({os.path.basename(out)}) | {j['warmUps']} + {j['runs']} | {j['qmph']:,.0f} "
              f"| {int(io) / 2**20:,.0f} | {m['quarry_buffer_misses_total']:,.0f} "
              f"| {m['quarry_buffer_read_bytes_total'] / 2**20:,.0f} "
              f"| {m['quarry_buffer_readahead_used_total']:,.0f} / {m['quarry_buffer_readahead_wasted_total']:,.0f} "
              f"| {m['quarry_terms_file_reads_total']:,.0f} |")
