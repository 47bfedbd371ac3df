#!/usr/bin/env python3
"""curve.py RUNDIR...: per 10 s QMpH from the start command, and when a capped run first reached
90 % of its own last minute (the coldStart field, when the driver gives it, says where t=0 is)."""
import json, glob, sys
for d in sys.argv[1:]:
    j = json.load(open(glob.glob(d + '/explore-*.json')[0]))
    t = j['timeline']; p = j['periodSeconds']
    last = sum(t[-6:]) / len(t[-6:])
    first = next((i for i, q in enumerate(t) if q >= 0.9 * last), None)
    cs = j.get('coldStart')
    print(f"{d}: QMpH {round(j['qmph']):,}; per {p} s: {', '.join(f'{q/1000:.0f}k' for q in t)}; "
          f"90 % of the last minute ({last/1000:.0f}k) in the period ending {(first+1)*p if first is not None else '-'} s; coldStart {cs}")
