#!/usr/bin/env python3
"""summary.py [DIR...]: one row per run (QMpH, server CPU and collector from 20 s to the end, bytes
allocated a query, device bytes a query) and the sums of each label over its rounds."""
import glob, json, os, re, sys
from collections import defaultdict

def run(d):
    j = json.load(open(glob.glob(d + '/explore-*.json')[0]))
    t = open(d + '/threads.txt').read()
    a = open(d + '/alloc.txt').read()
    user, sys_ = map(float, re.search(r'user ([\d.]+) s sys ([\d.]+) s', t).groups())
    gc = float(re.search(r'GC threads ([\d.]+) s', t).group(1))
    q, kb, pauses = re.search(r'queries (\d+) .*= (\d+) KB a query; GC pauses (\d+)', a).groups()
    dev = int(open(d + '/io.txt').read().split()[-1])
    return dict(qmph=round(j['qmph']), cpu_ms=(user + sys_) * 1000 / int(q), gc=gc,
                kb=int(kb), pauses=int(pauses), dev_kb=dev / 1024 / (j['qmph'] * 120 / 3600 * 25))

dirs = sys.argv[1:] or ['split', 'drop', 'probes-c', 'probes-u', 'heapuse', 'pair']
here = os.path.dirname(os.path.abspath(__file__))
for top in dirs:
    rows = sorted(glob.glob(os.path.join(here, top, '*', 'explore-*.json')), key=os.path.getmtime)
    sums = defaultdict(list)
    print(f'\n{top}/ (in the order run)\n')
    print('| run | QMpH | server CPU ms / query | GC threads s | allocated KB / query | young+old collections | device KB / query |')
    print('|---|---:|---:|---:|---:|---:|---:|')
    for f in rows:
        d = os.path.dirname(f); name = os.path.basename(d); r = run(d)
        sums[re.sub(r'-\d+$', '', name)].append(r['qmph'])
        print(f"| {name} | {r['qmph']:,} | {r['cpu_ms']:.3f} | {r['gc']:.1f} | {r['kb']} | {r['pauses']} | {r['dev_kb']:.1f} |")
    print()
    for k, v in sums.items():
        print(f'{k}: {" + ".join(f"{x:,}" for x in v)} = {sum(v):,}')
