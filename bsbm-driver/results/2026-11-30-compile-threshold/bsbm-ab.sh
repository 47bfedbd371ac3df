#!/bin/bash
# BSBM 1M on new servers, a JVM option set per server, alternating: one client 50 + 200 mixes (the
# newcomer's run), then 300 + 500 on the same server (warm), then 16 clients 50 + 500.
# Usage: bsbm-ab.sh OUT ROUNDS STORE "OPTS_A" "OPTS_B" ...
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/serve.sh"
OUT=$1; ROUNDS=$2; STORE=$3; shift 3
mkdir -p $OUT
B=/work/main/bsbm-driver/bsbm
cd /work/bench/data-2785
for r in $(seq $ROUNDS); do
  i=0
  for opts in "$@"; do
    i=$((i+1))
    new_server "$opts" $STORE $OUT/serve-$i-r$r.log || exit 1
    line="config $i [$opts] round $r:"
    for run in "1 50 200" "1 300 500" "16 50 500"; do
      read -r c w n <<< "$run"
      $B run http://127.0.0.1:7878/sparql -mt $c -w $w -runs $n --quiet -o $OUT/c$i-r$r-$c-$w > $OUT/c$i-r$r-$c-$w.log 2>&1
      line="$line ${c}c/w$w $(grep -o 'QMpH [0-9,]*' $OUT/c$i-r$r-$c-$w.log | head -1)"
    done
    echo "$line"
  done
done
pkill -f "quarry.jar serve"
