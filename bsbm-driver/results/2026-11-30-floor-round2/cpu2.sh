#!/usr/bin/env bash
# CPU split of one driver run (W warm-up + RUNS mixes, C clients): cpu2.sh quarry|oxigraph C W RUNS
set -euo pipefail
sys=$1; c=$2; w=$3; runs=$4
M=/work/main; W=/work/bench/q6; D=$W/data-2785; out=/work/bench/cpu
if [ $sys = quarry ]; then
  QUARRY_JAVA_OPTS="-Xmx4g ${QJ:-}" ${REPO:-$M}/quarry serve --location $W/quarry-2785 --port 7878 --set store.buffers=4GB --set store.direct-io=false > $out/server.log 2>&1 &
  url=http://127.0.0.1:7878/sparql
else
  $W/peers/oxigraph-venv/bin/oxigraph serve-read-only -l $W/oxigraph-2785 -b 127.0.0.1:7879 > $out/server.log 2>&1 &
  url=http://127.0.0.1:7879/query
fi
spid=$!; trap "kill $spid 2>/dev/null || true" EXIT
for i in $(seq 100); do sleep 0.3; curl -sf -o /dev/null "$url?query=ASK%7B%7D" && break; done
threads() { for t in /proc/$spid/task/*; do echo "$(cat $t/comm | tr ' ' _) $(awk '{print $14+$15}' $t/stat)"; done; }
if [ -n "${PRE:-}" ]; then $M/bsbm-driver/bsbm run $url -idir $D/td_data -w ${PRE#*:} -runs 1 -mt ${PRE%:*} -ucf exploreQ6 -o $out/pre --quiet > /dev/null 2>&1; fi
threads > $out/t0
if [ -n "${PROF:-}" ]; then /usr/lib/jvm/temurin-25-jdk-amd64/bin/jcmd $spid JFR.start name=p settings=${JFC:-profile} > $out/prof.log 2>&1; fi
/usr/bin/time -f "%U %S %e" -o $out/drv.time $M/bsbm-driver/bsbm run $url -idir $D/td_data -w $w -runs $runs -mt $c -ucf exploreQ6 -o $out/run-$sys-$c --quiet > /dev/null 2>&1
threads > $out/t1
if [ -n "${DUMP:-}" ]; then /usr/lib/jvm/temurin-25-jdk-amd64/bin/jcmd $spid JFR.dump name=n filename=$DUMP > /dev/null 2>&1; fi
if [ -n "${PROF:-}" ]; then /usr/lib/jvm/temurin-25-jdk-amd64/bin/jcmd $spid JFR.stop name=p filename=$out/prof-$sys-$c.jfr >> $out/prof.log 2>&1; fi
python3 - $sys $c $w $runs <<'PY'
import sys, collections, re
sys_, c, w, runs = sys.argv[1:]
def load(f):
    d = collections.Counter()
    for line in open(f):
        name, t = line.rsplit(' ', 1)
        d[re.sub(r'[-_#]?\d+$', '', name)] += int(t)
    return d
a, b = load('/work/bench/cpu/t0'), load('/work/bench/cpu/t1')
diff = {k: (b[k] - a.get(k, 0)) / 100 for k in b}
import os
srv = sum(diff.values())
u, s, e = map(float, open('/work/bench/cpu/drv.time').read().split()[-3:])
q = (int(w) + int(runs)) * 25
print(f"{sys_} c={c} w={w} runs={runs}: wall {e:.1f}s; server cpu {srv:.1f}s = {srv/q*1000:.3f} ms/query; driver cpu {u+s:.1f}s = {(u+s)/q*1000:.3f} ms/query")
for k, v in sorted(diff.items(), key=lambda x: -x[1])[:8]:
    print(f"   {k:24s} {v:6.1f}s")
PY
grep -h "QMpH" $out/run-$sys-$c/*.md | head -1
