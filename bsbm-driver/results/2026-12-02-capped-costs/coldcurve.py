#!/usr/bin/env python3
"""coldcurve.py RUN...: for each run, the mean QMpH of its 10 s periods from 60 s on (the warm
rate, as near as one run gives it), and the seconds from the start command to the end of the
first period at 90 % of that or more."""
import glob, json, sys

for run in sys.argv[1:]:
    j = json.load(open(glob.glob(run + '/explore-*.json')[0]))
    p, start = j['periodSeconds'], j['coldStart']['startSeconds']
    rates = [x['qmph'] if isinstance(x, dict) else x for x in j['timeline']]
    late = rates[int(60 // p):]
    warm = sum(late) / len(late)
    first = next((i for i, r in enumerate(rates) if r >= 0.9 * warm), None)
    when = f'{start + (first + 1) * p:.0f} s' if first is not None else 'not reached'
    print(f'{run}: first answer {start:.1f} s, rate from 60 s {warm:,.0f} QMpH, 90 % of it by {when}')
