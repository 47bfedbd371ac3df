#!/usr/bin/env python3
"""perfdiff.py A.perf QA B.perf QB: perf samples per 1,000 queries of two server profiles (QA, QB
queries answered while each was recorded), by shared object and by symbol, largest gaps first.
Java frames need the server's perf map (-XX:+DumpPerfMapAtExit) in /tmp when this runs."""
import subprocess, sys
from collections import defaultdict

def report(perf, sort):
    out = subprocess.run(['perf', 'report', '-i', perf, '--no-children', '--stdio', '-g', 'none',
                          '--sort', sort, '-n'], capture_output=True, text=True).stdout
    rows = defaultdict(int)
    for line in out.splitlines():
        p = line.split(None, 2)
        if len(p) == 3 and p[0].endswith('%') and p[1].isdigit():
            name = p[2].strip()[:100]
            if name.startswith('[.] 0x'):
                name = '[.] (code not in the perf map)'
            elif name.startswith('[JIT]'):
                name = '[JIT] (compiled Java)'
            elif '.so (deleted)' in name:
                name = name.split('_x86')[0] + ' (unpacked library)'
            rows[name] += int(p[1])  # a method compiled twice is two rows of one name
    return rows

a, qa, b, qb = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
for sort, top in (('dso', 6), ('sym', 25)):
    ra, rb = report(a, sort), report(b, sort)
    print(f'\n| {sort} | A | B | A - B |\n|---|---:|---:|---:|')
    print(f'| all | {sum(ra.values()) * 1000 / qa:.0f} | {sum(rb.values()) * 1000 / qb:.0f} | |')
    keys = sorted(set(ra) | set(rb), key=lambda k: -abs(ra[k] * 1000 / qa - rb[k] * 1000 / qb))
    for k in keys[:top]:
        x, y = ra[k] * 1000 / qa, rb[k] * 1000 / qb
        print(f'| `{k}` | {x:.1f} | {y:.1f} | {x - y:+.1f} |')
