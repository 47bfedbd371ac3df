#!/usr/bin/env python3
"""cpu.py RUN_DIR...: per run of tdiag.sh, QMpH, the server's CPU per query from 20 s to the end
(threads.txt over the queries /metrics counted between the same two points), the device bytes it
read (whole run), and the term file's reads per query."""
import glob, json, re, sys

def metric(f, name):
    """The sum of a metric's series (every form and outcome of the query counter)."""
    return sum(float(l.split()[-1]) for l in open(f) if l.startswith(name))

print('| run | QMpH | CPU a query (ms) | device reads (GB) | term file reads a query |')
print('|---|---:|---:|---:|---:|')
for d in sys.argv[1:]:
    j = json.load(open(glob.glob(d + '/explore-*.json')[0]))
    q = metric(d + '/metrics-b.txt', 'quarry_sparql_query_seconds_count') - \
        metric(d + '/metrics-a.txt', 'quarry_sparql_query_seconds_count')
    m = re.search(r'user ([\d.]+) s sys ([\d.]+) s', open(d + '/threads.txt').read())
    cpu = float(m.group(1)) + float(m.group(2))
    dev = int(open(d + '/io.txt').read().split()[-1])
    reads = metric(d + '/metrics.txt', 'quarry_terms_file_reads_total')
    total_q = sum(x['count'] for x in j['queries']) or 1
    print(f"| {d.rstrip('/').split('/')[-2]}/{d.rstrip('/').split('/')[-1]} | {round(j['qmph']):,} | "
          f"{cpu / q * 1000:.3f} | {dev / 1e9:.2f} | {reads / total_q:.1f} |")
