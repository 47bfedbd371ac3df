# Sums a JFR recording's jdk.Compilation events (jfr print --events jdk.Compilation --json X.jfr > X.json):
# compilations and time by tier, C2 time per second of the run, by package and by method.
# Usage: python3 jfr-compilations.py X.json [TOP]
import json,collections,re,sys
from datetime import datetime
d=json.load(open(sys.argv[1]))
ev=d['recording']['events']
def dur(s):
    m=re.match(r'PT(?:(\d+)M)?([\d.]+)S',s); return (int(m.group(1) or 0)*60+float(m.group(2))) if m else 0
def ts(s): return datetime.fromisoformat(s.replace('Z','+00:00')).timestamp()
rows=[]
for e in ev:
    v=e['values']; m=v['method']
    rows.append(dict(d=dur(v['duration']),lvl=v['compileLevel'],name=m['type']['name']+'.'+m['name'],code=v.get('codeSize',0),inl=v.get('inlinedBytes',0),osr=v['isOsr'],t=ts(v['startTime'])))
t0=min(r['t'] for r in rows)
print(len(rows),'compilations over',round(max(r['t'] for r in rows)-t0,1),'s')
by=collections.Counter(); cnt=collections.Counter()
for r in rows: by[r['lvl']]+=r['d']; cnt[r['lvl']]+=1
print('time by level',{k:round(v,2) for k,v in sorted(by.items())},'count',dict(sorted(cnt.items())))
c2=[r for r in rows if r['lvl']==4]
# C2 time per second bucket
b=collections.Counter()
for r in c2: b[int(r['t']-t0)]+=r['d']
print('C2 s per 1s bucket:',' '.join(f'{k}:{b[k]:.2f}' for k in sorted(b)))
pk=collections.Counter(); pn=collections.Counter()
for r in c2:
    parts=r['name'].split('/'); pk['/'.join(parts[:3])]+=r['d']; pn['/'.join(parts[:3])]+=1
print('C2 by package'); [print(f'  {k:40s} {v:6.2f} s {pn[k]:4d}') for k,v in pk.most_common(12)]
meth=collections.Counter(); mc=collections.Counter()
for r in c2: meth[r['name']]+=r['d']; mc[r['name']]+=1
print('top C2 methods (sum, count)')
for k,v in meth.most_common(int(sys.argv[2]) if len(sys.argv)>2 else 30): print(f'  {v:.3f} {mc[k]} {k}')
big=sorted(c2,key=lambda r:-r['code'])[:10]
print('biggest C2 code'); [print(f"  {r['code']} {r['inl']} {r['d']:.3f} {r['name']}") for r in big]
