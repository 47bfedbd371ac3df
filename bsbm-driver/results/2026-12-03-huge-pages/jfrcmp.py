#!/usr/bin/env python3
"""jfrcmp.py RUNDIR:FOLDED ...: per run, execution samples per 1,000 queries in the JFR window
(40-100 s, queries from the timeline's periods), by deepest Quarry frame and by leaf frame."""
import collections, glob, json, sys

runs = []
for arg in sys.argv[1:]:
    d, f = arg.split(':')
    j = json.load(open(glob.glob(d + '/explore-*.json')[0]))
    t = j['timeline']  # QMpH per 10 s period
    q = sum(x * 10 / 3600 * 25 for x in t[4:10])
    deep, leaf, tot = collections.Counter(), collections.Counter(), 0
    for line in open(f):
        stack, _, n = line.rstrip().rpartition(' ')
        n = int(n); tot += n
        fr = stack.split(';')
        qf = [x for x in fr if 'dev.quarry' in x]
        deep['.'.join(qf[-1].split('.')[-2:]) if qf else '(no quarry frame) ' + '.'.join(fr[-1].split('.')[-2:])] += n
        leaf['.'.join(fr[-1].split('.')[-2:])] += n
    runs.append((d.split('/')[-1], q, tot, deep, leaf))
print('| run | queries 40-100 s | samples | samples / 1,000 queries |')
print('|---|---:|---:|---:|')
for name, q, tot, _, _ in runs:
    print(f'| {name} | {q:,.0f} | {tot:,} | {1000 * tot / q:.1f} |')
for title, idx in (('deepest Quarry frame', 3), ('leaf frame', 4)):
    keys = collections.Counter()
    for r in runs:
        for k, v in r[idx].items():
            keys[k] += 1000 * v / r[1]
    print(f'\nsamples / 1,000 queries by {title} (top 30)\n')
    print('| frame | ' + ' | '.join(r[0] for r in runs) + ' |')
    print('|---|' + '---:|' * len(runs))
    for k, _ in keys.most_common(30):
        print(f'| {k} | ' + ' | '.join(f'{1000 * r[idx][k] / r[1]:.2f}' for r in runs) + ' |')
