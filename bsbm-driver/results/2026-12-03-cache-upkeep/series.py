#!/usr/bin/env python3
"""series.py DIR: per 10 s of a series.sh run, queries a second and, per query, device KB, pool
misses, evictions and term-file reads (deltas of /metrics)."""
import sys
rows = []; cur = None
for l in open(sys.argv[1] + '/series.txt'):
    if l.startswith('# t'):
        cur = {'t': int(l.split()[2])}; rows.append(cur); continue
    k, v = l.rsplit(' ', 1); k = k.split('{')[0]; cur[k] = cur.get(k, 0) + float(v)
print('| s | queries/s | device KB / query | pool misses / query | evictions / query | term-file reads / query |')
print('|---:|---:|---:|---:|---:|---:|')
for prev, r in zip(rows, rows[1:]):
    d = lambda k: r.get(k, 0) - prev.get(k, 0)
    q = d('quarry_sparql_query_seconds_count')
    print(f"| {r['t']} | {q / 10:,.0f} | {d('quarry_process_device_read_bytes_total') / q / 1e3:.2f} | "
          f"{d('quarry_buffer_misses_total') / q:.3f} | {d('quarry_buffer_evictions_total') / q:.3f} | "
          f"{d('quarry_terms_file_reads_total') / q:.2f} |")
