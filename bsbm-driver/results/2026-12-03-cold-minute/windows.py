#!/usr/bin/env python3
"""windows.py [SET...]: capped over uncapped QMpH by 10 s window of the run, from each pair.sh set's
driver timelines (explore-*.json, `timeline`: QMpH per 10 s from the start command), summed over the
runs of each arm; per set and over all sets. Default sets: the six since the pool's huge pages."""
import glob, json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SETS = ['2026-12-03-huge-pages/pair-thp', '2026-12-03-huge-pages/pair-thp2',
        '2026-12-03-heap-pages/pair-hthp', '2026-12-03-heap-pages/pair-cnt',
        '2026-12-03-probe-reads/pair-probe', '2026-12-03-probe-reads/pair-probe2']
WINDOWS = [(0, 2, '0-20 s'), (2, 6, '20-60 s'), (6, 12, '60-120 s'), (0, 12, 'whole run')]


def arms(path):
    """Per arm ('c', 'u'): the 12 windows' QMpH summed over the set's runs, and the run count."""
    out = {'c': [[0.0] * 12, 0], 'u': [[0.0] * 12, 0]}
    for run in sorted(glob.glob(os.path.join(path, '[cu]16-*'))):
        t = json.load(open(glob.glob(os.path.join(run, 'explore-*.json'))[0]))['timeline'][:12]
        arm = out[os.path.basename(run)[0]]
        arm[0] = [a + b for a, b in zip(arm[0], t)]
        arm[1] += 1
    return out


def ratio(a, lo, hi):
    return sum(a['c'][0][lo:hi]) / sum(a['u'][0][lo:hi])


sets = sys.argv[1:] or SETS
total = {'c': [[0.0] * 12, 0], 'u': [[0.0] * 12, 0]}
print('| set | pairs | ' + ' | '.join(w[2] for w in WINDOWS) + ' |')
print('|---|---:|' + '---:|' * len(WINDOWS))
for s in sets:
    a = arms(os.path.join(HERE, '..', s))
    for k in total:
        total[k][0] = [x + y for x, y in zip(total[k][0], a[k][0])]
        total[k][1] += a[k][1]
    cells = ' | '.join(f'{ratio(a, lo, hi) * 100:.1f} %' for lo, hi, _ in WINDOWS)
    print(f'| {s.split("/")[-1]} | {a["c"][1]} | {cells} |')
cells = ' | '.join(f'**{ratio(total, lo, hi) * 100:.1f} %**' for lo, hi, _ in WINDOWS)
print(f'| all | {total["c"][1]} | {cells} |')
print()
print('by 10 s window, all sets: ' + ', '.join(
    f'{i * 10}-{i * 10 + 10} s {ratio(total, i, i + 1) * 100:.0f} %' for i in range(12)))
