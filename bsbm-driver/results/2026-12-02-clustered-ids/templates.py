#!/usr/bin/env python3
"""templates.py DIR...: per run, QMpH and each Explore template's mean ms (from the driver's JSON)."""
import glob, json, os, sys
runs = [('/'.join(d.rstrip('/').split('/')[-2:]), json.load(open(sorted(glob.glob(d + '/*.json'))[0]))) for d in sys.argv[1:]]
nums = sorted({q['number'] for _, j in runs for q in j['queries']})
print('| run | QMpH | ' + ' | '.join('Q%d' % n for n in nums) + ' |')
print('|---|---:|' + '---:|' * len(nums))
for name, j in runs:
    by = {q['number']: q['meanMs'] for q in j['queries']}
    print('| %s | %s | ' % (name, format(round(j['qmph']), ',')) + ' | '.join('%.1f' % by[n] if n in by else '' for n in nums) + ' |')
