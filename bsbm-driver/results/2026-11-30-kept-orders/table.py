#!/usr/bin/env python3
"""table.py RUN...: per run, seconds from the start command to the first mix, QMpH per 10 s after
it, and mixes done by 60 s and 90 s after the start command (from the 10 s periods)."""
import json, sys, glob
print('| run | first mix after (s) | QMpH per 10 s (thousands) | mixes by 60 s | by 90 s | order |')
print('|---|---:|---|---:|---:|---|')
for d in sys.argv[1:]:
    j = json.load(open(glob.glob(d + '/explore-*.json')[0]))
    start = j['coldStart']['startSeconds']
    tl = j['timeline']
    def by(t):
        n, at = 0.0, start
        for q in tl:
            if at >= t: break
            n += q / 360 * min(10, t - at)
            at += 10
        return n
    log = open(d + '/server.log').read()
    how = 'read from its file' if 'read from' in log else ('made' if "put in their objects' order" in log else 'none')
    print(f"| {d.split('/')[-1]} | {start:.1f} | {' '.join(str(round(q/1000)) for q in tl)} | {by(60):.0f} | {by(90):.0f} | {how} |")
