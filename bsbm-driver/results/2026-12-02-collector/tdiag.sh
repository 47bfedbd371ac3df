#!/bin/bash
# tdiag.sh OUT LABEL CAP SECS CLIENTS [serve opts]: cold.sh's run; at 20 s and at SECS-3 s, the server's CPU
# per thread group (user/system ticks from /proc/PID/task/*/stat), to see what the GC and the kernel take.
OUT=$1; LABEL=$2; CAP=$3; SECS=$4; CL=$5; shift 5
D=$OUT/$LABEL; mkdir -p $D
. "$(dirname "$0")/beside.sh"
start_beside $OUT $LABEL $CAP $SECS $CL 10 "$@" || exit 1
snap() { for t in /proc/$pid/task/*; do
  c=$(cat $t/comm 2>/dev/null | tr ' ' '_'); st=$(sed 's/.*) //' $t/stat 2>/dev/null | awk '{print $12, $13}'); echo "$c $st"; done; }
t0=$(date +%s)
sleep 20; snap > $D/threads-a.txt; curl -s --max-time 5 http://127.0.0.1:7878/metrics | grep -E '^(jvm_gc_memory|jvm_gc_pause_seconds_(count|sum)|quarry_sparql_query_seconds_count)' > $D/metrics-a.txt
sleep $((t0 + SECS - 3 - $(date +%s))); snap > $D/threads-b.txt; curl -s --max-time 5 http://127.0.0.1:7878/metrics | grep -E '^(jvm_gc_memory|jvm_gc_pause_seconds_(count|sum)|quarry_sparql_query_seconds_count)' > $D/metrics-b.txt
wait
python3 - $D <<'PY'
import sys,re,collections
d=sys.argv[1]
def load(f):
    r={}
    for l in open(f):
        p=l.split()
        if len(p)<3: continue
        k=re.sub(r'[#\-]?\d+$','',p[0])
        if k.startswith('G1') or k.startswith('GC_Thread') or 'GC' in k: k='GC:'+k
        u,s=int(p[1]),int(p[2]); a=r.setdefault(k,[0,0]); a[0]+=u; a[1]+=s
    return r
a=load(d+'/threads-a.txt'); b=load(d+'/threads-b.txt')
tot=[0,0]; rows=[]
for k in b:
    u=b[k][0]-a.get(k,[0,0])[0]; s=b[k][1]-a.get(k,[0,0])[1]
    tot[0]+=u; tot[1]+=s; rows.append((u+s,k,u,s))
rows.sort(reverse=True)
with open(d+'/threads.txt','w') as o:
    print(f'total user {tot[0]/100:.1f} s sys {tot[1]/100:.1f} s (from 20 s to the end)',file=o)
    gc=sum(r[0] for r in rows if r[1].startswith('GC:'))
    print(f'GC threads {gc/100:.1f} s',file=o)
    for t,k,u,s in rows[:15]: print(f'{k:30s} user {u/100:7.1f} sys {s/100:7.1f}',file=o)
print(open(d+'/threads.txt').read())
PY
python3 - $D <<'PY'
import sys
d=sys.argv[1]
def m(f):
    r={}
    for l in open(f):
        if l.startswith('#'): continue
        k,v=l.rsplit(' ',1); k=k.split('{')[0]
        r[k]=r.get(k,0)+float(v)
    return r
a=m(d+'/metrics-a.txt'); b=m(d+'/metrics-b.txt')
q=b['quarry_sparql_query_seconds_count']-a['quarry_sparql_query_seconds_count']
al=b['jvm_gc_memory_allocated_bytes_total']-a['jvm_gc_memory_allocated_bytes_total']
s=f"queries {q:.0f} allocated {al/2**30:.1f} GB = {al/q/1024:.0f} KB a query; GC pauses {b['jvm_gc_pause_seconds_count']-a['jvm_gc_pause_seconds_count']:.0f}"
open(d+'/alloc.txt','w').write(s+'\n'); print(s)
PY
