#!/bin/bash
# Steady state of one Quarry server vs two behind HAProxy (store-accumulo/balancer.sh), BSBM 1M on
# the mini cluster: each set-up new, then 1 client (-w $W1 -runs $R1) and 16 clients (-w $W16
# -runs $R16) in turn; the CPU seconds each process used during each measured run (/proc/PID/stat).
# WARM_FIRST=1: 16 clients first, then 1 client on the warm servers (no warm-up mixes of its own).
set -u
OUT=${OUT:-/work/bench/results-balance-steady}; CFG=${CFG:-/work/bench/acc100/q1m.yaml}
W1=${W1:-300}; R1=${R1:-300}; W16=${W16:-1000}; R16=${R16:-1000}
mkdir -p $OUT
B=/work/main/bsbm-driver/bsbm
cpu() { for p in "$@"; do awk '{printf "%d ", $14+$15}' /proc/$p/stat; done; }
pids() { echo $(pgrep -f "quarry.jar serve") $(pgrep -f TabletServer) $(pgrep -x haproxy) ; }
names() { for p in "$@"; do ps -o args= -p $p | grep -oE 'port [0-9]+|TabletServer|haproxy' | head -1 | tr ' ' _; done; }
run() { # name url clients warmup runs
  local ps=$(pids); local before=$(cpu $ps)
  [ "$4" -gt 0 ] && (cd /work/bench/data-2785 && $B run $2 -mt $3 -w $4 -runs 1 --quiet -o /tmp/warm > /dev/null 2>&1)
  before=$(cpu $ps); local t0=$(date +%s.%N)
  (cd /work/bench/data-2785 && $B run $2 -mt $3 -w 0 -runs $5 --quiet --name $1 -o $OUT/$1-$3 > $OUT/$1-$3.log 2>&1)
  local t1=$(date +%s.%N); local after=$(cpu $ps)
  echo "$1 $3 clients: $(grep -oE 'QMpH[^0-9]*[0-9.,]+' $OUT/$1-$3.log | head -1)  wall $(echo "$t1 - $t0" | bc) s"
  python3 - "$ps" "$before" "$after" "$(names $ps)" <<'PY'
import sys
ps=sys.argv[1].split(); b=list(map(int,sys.argv[2].split())); a=list(map(int,sys.argv[3].split())); n=sys.argv[4].split()
print("   cpu s: " + "  ".join(f"{n[i]}={(a[i]-b[i])/100:.1f}" for i in range(len(ps))))
PY
}
pkill -f "quarry.jar serve"; pkill haproxy; sleep 2
cd /work/main && ./quarry --version > /dev/null || exit 1
nohup ./quarry serve --config $CFG --port 7881 > /tmp/one-serve.log 2>&1 &
nohup store-accumulo/balancer.sh 7880 127.0.0.1:7881 > /tmp/balancer1.log 2>&1 &
sleep 30
[ -z "${WARM_FIRST:-}" ] && run one http://127.0.0.1:7881/sparql 1 $W1 $R1 | tee -a $OUT/summary.txt
run one http://127.0.0.1:7881/sparql 16 $W16 $R16 | tee -a $OUT/summary.txt
run one-behind http://127.0.0.1:7880/sparql 16 0 $R16 | tee -a $OUT/summary.txt
[ -n "${WARM_FIRST:-}" ] && run one-warm http://127.0.0.1:7881/sparql 1 0 $R1 | tee -a $OUT/summary.txt
pkill -f "quarry.jar serve"; pkill haproxy; sleep 3
cd /work/main
nohup ./quarry serve --config $CFG --port 7882 > /tmp/two-a.log 2>&1 &
nohup ./quarry serve --config $CFG --port 7883 > /tmp/two-b.log 2>&1 &
sleep 40
nohup store-accumulo/balancer.sh 7879 127.0.0.1:7882 127.0.0.1:7883 > /tmp/balancer.log 2>&1 &
sleep 3
[ -z "${WARM_FIRST:-}" ] && run two http://127.0.0.1:7879/sparql 1 $W1 $R1 | tee -a $OUT/summary.txt
run two http://127.0.0.1:7879/sparql 16 $W16 $R16 | tee -a $OUT/summary.txt
[ -n "${WARM_FIRST:-}" ] && run two-warm http://127.0.0.1:7879/sparql 1 0 $R1 | tee -a $OUT/summary.txt
curl -s "http://127.0.0.1:7879/haproxy?stats;csv" | cut -d, -f1,2,8 | grep quarry > $OUT/haproxy-shares.csv
pkill -f "quarry.jar serve"; pkill haproxy
