#!/bin/bash
# syscount.sh OUT LABEL CAP [serve opts]: a 120 s, 16-client run; from 40 s for 30 s, the server's
# system calls by kind and the machine's block requests, interrupts, switches and reclaim (perf
# stat), with the queries answered in that window.
OUT=$1; LABEL=$2; CAP=$3; shift 3
R=/work/main/bsbm-driver/results
. $R/2026-12-02-collector/beside.sh
D=$OUT/$LABEL; mkdir -p $D
start_beside $OUT $LABEL $CAP 120 16 10 "$@" || exit 1
sleep 40
q() { curl -s --max-time 5 http://127.0.0.1:7878/metrics | awk '/^quarry_sparql_query_seconds_count/{s+=$2} END{print s}'; }
a=$(q)
perf stat -x, -o $D/sys.perf -e 'syscalls:sys_enter_*' -p $pid -- sleep 30 &
perf stat -x, -o $D/machine.perf -a -e block:block_rq_issue,irq:irq_handler_entry,sched:sched_switch,vmscan:mm_vmscan_memcg_reclaim_begin,vmscan:mm_vmscan_lru_shrink_inactive,exceptions:page_fault_user -- sleep 30
wait %2 2>/dev/null; sleep 1
b=$(q)
echo "queries $((b - a))" > $D/window.txt
wait
python3 - $D <<'PY'
import sys
d=sys.argv[1]; q=int(open(d+'/window.txt').read().split()[1])
rows=[]
for f in ('sys.perf','machine.perf'):
    for l in open(f'{d}/{f}'):
        p=l.strip().split(',')
        if len(p)>3 and p[0].replace('.','').isdigit() and float(p[0])>0: rows.append((float(p[0]),p[2]))
with open(d+'/calls.txt','w') as o:
    print(f'queries in the window {q}; per query:',file=o)
    for n,e in sorted(rows,reverse=True)[:30]: print(f'  {e:45s} {n/q:8.2f}',file=o)
PY
cat $D/calls.txt
