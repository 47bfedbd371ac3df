#!/usr/bin/env python3
# tstates.py PID SECS OUT: every 100 ms, the states of the server's query threads (R running or
# runnable, D waiting on the device, S sleeping), and each second the machine's idle and iowait.
import os, sys, time, collections
pid, secs, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
def cpu():
    f = open('/proc/stat').readline().split()[1:]
    return [int(x) for x in f]
hist = collections.Counter(); n = 0; rows = []
def procs():
    r = {}
    for p in os.listdir('/proc'):
        if not p.isdigit(): continue
        try:
            s = open(f'/proc/{p}/stat').read()
        except OSError:
            continue
        f = s[s.rindex(')') + 2:].split()
        r[p] = (s[s.index('(') + 1:s.rindex(')')], int(f[11]), int(f[12]))
    return r
p0 = procs(); cA = cpu()
t0 = time.time(); c0 = cpu(); last = t0
while time.time() - t0 < secs:
    st = collections.Counter()
    for t in os.listdir(f'/proc/{pid}/task'):
        try:
            s = open(f'/proc/{pid}/task/{t}/stat').read()
        except OSError:
            continue
        name = s[s.index('(') + 1:s.rindex(')')]
        if name.startswith('quarry-query'):
            st[s[s.rindex(')') + 2]] += 1
    hist[(st['R'], st['D'])] += 1; n += 1
    if time.time() - last >= 1:
        c1 = cpu(); d = [b - a for a, b in zip(c0, c1)]; tot = sum(d[:8])
        rows.append((round(time.time() - t0), 100 * d[3] / tot, 100 * d[4] / tot)); c0 = c1; last = time.time()
    time.sleep(0.1)
cB = cpu(); p1 = procs()
with open(out, 'w') as o:
    d = [b - a for a, b in zip(cA, cB)]
    names = ['user', 'nice', 'system', 'idle', 'iowait', 'irq', 'softirq', 'steal']
    print('machine, s of CPU: ' + ' '.join(f'{nm} {v / 100:.1f}' for nm, v in zip(names, d)), file=o)
    use = []
    for p, (nm, u, sy) in p1.items():
        a = p0.get(p, (nm, 0, 0)); use.append((u - a[1] + sy - a[2], nm, p, u - a[1], sy - a[2]))
    for t, nm, p, u, sy in sorted(use, reverse=True)[:8]:
        print(f'  {nm:20s} {p:>8s} user {u / 100:6.1f} sys {sy / 100:6.1f}', file=o)
    idle = sum(r[1] for r in rows) / len(rows); iow = sum(r[2] for r in rows) / len(rows)
    print(f'samples {n}; machine idle {idle:.1f} % iowait {iow:.1f} % (of both cores, mean of seconds)', file=o)
    print('query threads running or runnable, waiting on the device: share of samples', file=o)
    for (r, d), k in sorted(hist.items(), key=lambda x: -x[1])[:25]:
        print(f'  R {r:2d} D {d:2d}  {100 * k / n:5.1f} %', file=o)
    r0 = sum(k for (r, d), k in hist.items() if r == 0)
    print(f'no query thread runnable: {100 * r0 / n:.1f} % of samples', file=o)
    for r in rows: print(f'  t {r[0]:4d} idle {r[1]:5.1f} iowait {r[2]:5.1f}', file=o)
