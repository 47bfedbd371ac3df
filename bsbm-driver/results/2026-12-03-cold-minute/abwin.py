#!/usr/bin/env python3
"""abwin.py DIR A B: arm A over arm B by window of the run (driver timelines, summed over rounds), and each
arm's pool misses and device KB a query by window (series.txt of series.sh)."""
import glob, json, os, sys

d, A, B = sys.argv[1:4]
W = [(0, 2, '0-20 s'), (2, 6, '20-60 s'), (6, 12, '60-120 s'), (0, 12, 'whole run')]


def timeline(arm):
    tot = [0.0] * 12; runs = []
    for run in sorted(glob.glob(os.path.join(d, arm + '-*'))):
        if not glob.glob(os.path.join(run, 'explore-*.json')):
            continue  # still running
        j = json.load(open(glob.glob(os.path.join(run, 'explore-*.json'))[0]))
        tot = [a + b for a, b in zip(tot, j['timeline'][:12])]; runs.append((os.path.basename(run), round(j['qmph'])))
    return tot, runs


def series(arm):
    """Per window (by seconds since start): misses and device KB per query, over all the arm's runs."""
    acc = {w[2]: [0.0, 0.0, 0.0] for w in W}
    for f in glob.glob(os.path.join(d, arm + '-*', 'series.txt')):
        if not glob.glob(os.path.join(os.path.dirname(f), 'explore-*.json')):
            continue
        rows = []
        for l in open(f):
            p = l.split(); r = {'t': int(p[0])}
            for kv in p[1:]:
                k, v = kv.split('=', 1); r[k] = float(v) if v else 0.0
            rows.append(r)
        Q = 'quarry_sparql_query_seconds_count'
        for a, b in zip(rows, rows[1:]):
            if Q not in a or Q not in b or 'io' not in a or 'io' not in b:
                continue
            for lo, hi, name in W:
                if lo * 10 <= b['t'] <= hi * 10 + 4:
                    acc[name][0] += b[Q] - a[Q]
                    acc[name][1] += b.get('quarry_buffer_misses_total', 0) - a.get('quarry_buffer_misses_total', 0)
                    acc[name][2] += (b['io'] - a['io']) / 1024
    return acc


ta, ra = timeline(A); tb, rb = timeline(B)
print(f'{A}: ' + ', '.join(f'{n} {q:,}' for n, q in ra))
print(f'{B}: ' + ', '.join(f'{n} {q:,}' for n, q in rb))
print(f'| window | {A} ÷ {B} | {A} misses a query | {B} | {A} device KB a query | {B} |')
print('|---|---:|---:|---:|---:|---:|')
sa, sb = series(A), series(B)
for lo, hi, name in W:
    r = sum(ta[lo:hi]) / sum(tb[lo:hi])
    ma = sa[name]; mb = sb[name]
    print(f'| {name} | {r * 100:.1f} % | {ma[1] / max(ma[0], 1):.2f} | {mb[1] / max(mb[0], 1):.2f} | '
          f'{ma[2] / max(ma[0], 1):.1f} | {mb[2] / max(mb[0], 1):.1f} |')

# Each run's pool counters at its end (cold.sh's metrics.txt): the warm-up's pages used and evicted
# unused, demand misses, and the process's device reads.
print()
print('| run | warm-up pages used | evicted unused | pool misses | device MB |')
print('|---|---:|---:|---:|---:|')
for arm in (A, B):
    for run in sorted(glob.glob(os.path.join(d, arm + '-*'))):
        m = {}
        for l in open(os.path.join(run, 'metrics.txt')):
            k, v = l.rsplit(' ', 1); m[k] = float(v)
        used = m.get('quarry_buffer_readahead_kind_used_total{kind="warm-up"}', 0)
        wasted = m.get('quarry_buffer_readahead_kind_wasted_total{kind="warm-up"}', 0)
        print(f'| {os.path.basename(run)} | {used:,.0f} | {wasted:,.0f} | '
              f'{m.get("quarry_buffer_misses_total", 0):,.0f} | {m.get("quarry_process_device_read_bytes_total", 0) / 2**20:,.0f} |')
