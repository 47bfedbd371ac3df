#!/usr/bin/env python3
"""pt.py DIR...: pertemplate.sh runs: per template, queries run, mean ms, and per query the device KB,
pool misses, batched pages, term-file reads and KB read (deltas of /metrics)."""
import json,glob,sys,os
def m(f): return {l.split()[0]: float(l.split()[1]) for l in open(f) if not l.startswith('#') and len(l.split())==2}
for d in sys.argv[1:]:
  print(d)
  w=json.load(open(glob.glob(d+'/warm/*.json')[0])); print('  warm QMpH', round(w['qmph']))
  for t in [1,2,3,4,5,7,8,9,10,11,12]:
    j=json.load(open(glob.glob(d+f'/t{t}/*.json')[0])); q=[x for x in j['queries'] if x['count']>0][0]
    a=m(d+f'/m-{t}-before.txt'); b=m(d+f'/m-{t}-after.txt'); n=sum(x['count'] for x in j['queries'])
    dd=lambda k:(b.get(k,0)-a.get(k,0))/n
    print(f"  Q{t:<3} n {n:6d} mean {q['meanMs']:7.2f} ms  dev KB/q {dd('quarry_process_device_read_bytes_total')/1e3:6.1f}  pool miss/q {dd('quarry_buffer_misses_total'):5.2f} batched pages/q {dd('quarry_buffer_reads_batched_pages_total'):5.2f} term reads/q {dd('quarry_terms_file_reads_total'):6.2f} term KB/q {dd('quarry_terms_file_read_bytes_total')/1e3:5.2f}")
