#!/usr/bin/env python3
"""summary.py DIR...: per run (a directory holding the driver's explore-*.json, and for 100M runs
the server's /metrics at the end), QMpH, Q8's mean and median ms, Q8's share of the mix's time,
and where /metrics is there, device KB per query (all, and beyond what the start's warm-up read),
term-file reads and KB read per query, and QMpH per 5 s in thousands."""
import glob, json, os, sys
for d in sys.argv[1:]:
    j = json.load(open(sorted(glob.glob(d + '/*.json'))[0]))
    qs = j['queries']
    n = sum(x['count'] for x in qs)
    total = sum(x['count'] * x['meanMs'] for x in qs)
    q8 = next(x for x in qs if x['number'] == 8)
    line = [os.path.basename(d.rstrip('/')), 'QMpH', round(j['qmph']), 'Q8 mean/p50 ms',
            q8['meanMs'], q8['p50Ms'], 'Q8 share %', round(100 * q8['count'] * q8['meanMs'] / total, 1)]
    if os.path.exists(d + '/metrics.txt'):
        m = {l.split()[0]: float(l.split()[1]) for l in open(d + '/metrics.txt') if not l.startswith('#')}
        device = m['quarry_process_device_read_bytes_total']
        start = m['quarry_buffer_warm_term_bytes_total'] + 8192 * m['quarry_buffer_warm_pages_total']
        line += ['device KB/query', round(device / n / 1e3, 1),
                 'beyond the start\'s warm-up', round((device - start) / n / 1e3, 1),
                 'term reads/query', round(m['quarry_terms_file_reads_total'] / n, 2),
                 'term KB read/query', round(m['quarry_terms_file_read_bytes_total'] / n / 1e3, 1)]
    print(*line)
    if os.path.exists(d + '/metrics.txt'):
        print('   per 5 s (k):', [int(x / 1000) for x in j['timeline']])
