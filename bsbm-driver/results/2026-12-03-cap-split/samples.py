#!/usr/bin/env python3
"""samples.py A.jfr A_RUN B.jfr B_RUN: the query threads' JFR execution samples per 1,000 queries
(samples over the whole run, queries from RUN/alloc.txt, from 20 s to the end: a figure to compare
two runs by, not a time), and the top frames whose share differs most between A and B."""
import collections, re, subprocess, sys

def frames(jfr):
    out = subprocess.run(['jfr', 'print', '--events', 'jdk.ExecutionSample', '--stack-depth', '1', jfr],
                         capture_output=True, text=True, check=True).stdout
    c = collections.Counter(); thread = None; grab = False
    for line in out.splitlines():
        s = line.strip()
        if 'sampledThread' in s:
            thread = s.split('"')[1]
        elif s.startswith('stackTrace = ['):
            grab = True
        elif grab:
            if thread and thread.startswith('quarry-query'):
                c[re.sub(r'\(.*', '', s)] += 1
            grab = False
    return c

def queries(run):
    return int(re.search(r'queries (\d+)', open(run + '/alloc.txt').read()).group(1))

a, qa, b, qb = frames(sys.argv[1]), queries(sys.argv[2]), frames(sys.argv[3]), queries(sys.argv[4])
print(f'query-thread samples per 1,000 queries: {sum(a.values()) / qa * 1000:.1f} against {sum(b.values()) / qb * 1000:.1f}')
rows = sorted(((a[k] / qa - b[k] / qb) * 1000, k) for k in set(a) | set(b))
for d, k in rows[::-1][:12] + rows[:6]:
    print(f'{d:+7.3f} {k}')
