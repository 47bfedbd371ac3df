#!/usr/bin/env python3
"""summary.py DIR...: per run, QMpH, device KB and term-file reads per query, the record cache's
hits and misses (from the server's /metrics at the end), and QMpH per 5 s in thousands."""
import glob, json, sys
for d in sys.argv[1:]:
    j = json.load(open(glob.glob(d + '/explore-*.json')[0]))
    qs = j['queries']
    q = sum(x.get('count', 0) for x in (qs.values() if isinstance(qs, dict) else qs))
    m = {l.split()[0]: float(l.split()[1]) for l in open(d + '/metrics.txt') if not l.startswith('#')}
    print(d, 'QMpH', round(j['qmph']), 'queries', q,
          'device KB/query', round(m['quarry_process_device_read_bytes_total'] / q / 1e3, 1),
          'term reads/query', round(m['quarry_terms_file_reads_total'] / q, 2),
          'pool misses/query', round(m['quarry_buffer_misses_total'] / q, 2),
          'record hits', m.get('quarry_terms_record_cache_hits_total', '-'),
          'misses', m.get('quarry_terms_record_cache_misses_total', '-'))
    print('   per 5 s (k):', [int(x / 1000) for x in j['timeline']])
