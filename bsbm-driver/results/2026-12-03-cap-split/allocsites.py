#!/usr/bin/env python3
"""allocsites.py FILE.jfr [N]: the bytes a JFR recording's allocation samples weigh, by their top
three frames and, for RowProbes.add, by the line of PatternJoin.lookup that called it."""
import collections, re, subprocess, sys

jfr = sys.argv[1]; top = int(sys.argv[2]) if len(sys.argv) > 2 else 20
out = subprocess.run(['jfr', 'print', '--events', 'jdk.ObjectAllocationSample', '--stack-depth', '6', jfr],
                     capture_output=True, text=True, check=True).stdout
units = {'bytes': 1, 'kB': 1e3, 'MB': 1e6, 'GB': 1e9}
sites, lookup = collections.Counter(), collections.Counter()
total = 0.0; frames = []; weight = 0.0; grab = False
for line in out.splitlines():
    s = line.strip()
    if s.startswith('jdk.ObjectAllocationSample'):
        frames, weight, grab = [], 0.0, False
    elif s.startswith('weight'):
        v = s.split('=')[1].split(); weight = float(v[0]) * units.get(v[1] if len(v) > 1 else 'bytes', 1)
    elif s.startswith('stackTrace'):
        grab = True
    elif s == ']':
        grab = False; total += weight
        sites[' <- '.join(re.sub(r'\(.*', '', f) for f in frames[:3])] += weight
        if any('RowProbes.add' in f for f in frames[:3]):
            lookup[next((re.sub(r'\(.*\)', '', f) for f in frames if 'PatternJoin.lookup' in f), '?')] += weight
    elif grab and s != '...':
        frames.append(s)
print(f'{total / 2**30:.1f} GB sampled')
for k, v in sites.most_common(top):
    print(f'{v / total * 100:5.1f}% {k}')
print('\nRowProbes.add by its caller:')
for k, v in lookup.most_common():
    print(f'{v / total * 100:5.1f}% {k}')
