#!/usr/bin/env bash
# Where one driver run's CPU goes: the server's threads by name, and the driver's.
#   cpu-split.sh OUT REPO CLIENTS WARM RUNS
# Starts REPO's `quarry serve` on $STORE (a BSBM store loaded with --text), warms it with
# PRE="clients:mixes" first if set (one driver run, not measured), then runs the BSBM Explore mix
# with Q6 (WARM + RUNS mixes, CLIENTS clients) and reads /proc/PID/task/*/stat before and after.
# PROF=1 records a JFR profile of the measured run (OUT/profile.jfr; share.py reads it).
set -euo pipefail
out=$1; repo=$2; c=$3; w=$4; runs=$5
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
STORE=${STORE:-/work/bench/q6/quarry-2785}; TD=${TD:-/work/bench/q6/data-2785/td_data}
JDK=${JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
mkdir -p "$out"
QUARRY_JAVA_OPTS="-Xmx4g" "$repo/quarry" serve --location "$STORE" --port 7878 \
  --set store.buffers=4GB --set store.direct-io=false > "$out/server.log" 2>&1 &
spid=$!; trap 'kill $spid 2>/dev/null || true' EXIT
url=http://127.0.0.1:7878/sparql
for i in $(seq 100); do sleep 0.3; curl -sf -o /dev/null "$url?query=ASK%7B%7D" && break; done
drive() { "$root/bsbm-driver/bsbm" run $url -idir "$TD" -ucf exploreQ6 --quiet "$@" > /dev/null 2>&1; }
threads() { for t in /proc/$spid/task/*; do echo "$(tr ' ' _ < $t/comm) $(awk '{print $14+$15}' $t/stat)"; done; }
if [ -n "${PRE:-}" ]; then drive -w "${PRE#*:}" -runs 1 -mt "${PRE%:*}" -o "$out/pre"; fi
threads > "$out/threads-before"
if [ -n "${PROF:-}" ]; then "$JDK/bin/jcmd" $spid JFR.start name=p settings=profile > /dev/null; fi
/usr/bin/time -f "%U %S %e" -o "$out/driver.time" \
  "$root/bsbm-driver/bsbm" run $url -idir "$TD" -ucf exploreQ6 --quiet -w "$w" -runs "$runs" -mt "$c" -o "$out/run" > /dev/null 2>&1
threads > "$out/threads-after"
if [ -n "${PROF:-}" ]; then "$JDK/bin/jcmd" $spid JFR.stop name=p filename="$out/profile.jfr" > /dev/null; fi
python3 - "$out" "$w" "$runs" <<'PY'
import collections, re, sys
out, w, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def load(f):
    d = collections.Counter()
    for line in open(f):
        name, t = line.rsplit(' ', 1)
        d[re.sub(r'[-_#]?\d+$', '', name)] += int(t)
    return d
a, b = load(f'{out}/threads-before'), load(f'{out}/threads-after')
cpu = {k: (b[k] - a.get(k, 0)) / 100 for k in b}
u, s, e = map(float, open(f'{out}/driver.time').read().split()[-3:])
q = (w + runs) * 25
lines = [f"server {sum(cpu.values()):.1f} s CPU ({sum(cpu.values()) / q * 1000:.3f} ms a query), "
         f"driver {u + s:.1f} s, wall {e:.1f} s, {q} queries"]
lines += [f"  {k:24s} {v:6.1f} s" for k, v in sorted(cpu.items(), key=lambda x: -x[1])[:6]]
open(f'{out}/cpu.txt', 'w').write('\n'.join(lines) + '\n')
print('\n'.join(lines))
PY
grep -h "QMpH" "$out"/run/*.md | head -1
