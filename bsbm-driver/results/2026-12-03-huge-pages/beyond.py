#!/usr/bin/env python3
"""beyond.py DIR...: per run, device bytes a query beyond the start's warm-up, term-file reads and
pool misses a query (from each run's metrics.txt and explore-*.json)."""
import glob, json, os, sys

for top in sys.argv[1:]:
    print(f'\n{top}/: beyond the warm-up\n')
    print('| run | queries | device GB | warm-up GB | device KB / query beyond it | term-file reads / query | pool misses / query |')
    print('|---|---:|---:|---:|---:|---:|---:|')
    for f in sorted(glob.glob(f'{top}/*/metrics.txt'), key=os.path.getmtime):
        d = os.path.dirname(f)
        m = {}
        for line in open(f):
            p = line.split()
            if len(p) == 2:
                try:
                    m[p[0]] = float(p[1])
                except ValueError:
                    pass
        j = json.load(open(glob.glob(d + '/explore-*.json')[0]))
        q = sum(x['count'] for x in j['queries'])
        dev = m['quarry_process_device_read_bytes_total']
        warm = m.get('quarry_buffer_warm_term_bytes_total', 0) + m.get('quarry_buffer_warm_pages_total', 0) * 8192
        print(f"| {os.path.basename(d)} | {q:,.0f} | {dev / 1e9:.2f} | {warm / 1e9:.2f} | {(dev - warm) / 1024 / q:.1f} | "
              f"{m['quarry_terms_file_reads_total'] / q:.2f} | {m['quarry_buffer_misses_total'] / q:.3f} |")
