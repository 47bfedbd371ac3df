#!/bin/bash
# BSBM 1M on new servers, a JVM option set per server, alternating: one client 50 + 200 mixes (the
# newcomer's run), then 300 + 500 on the same server (warm), then 16 clients 50 + 500.
# Usage: bsbm-ab.sh OUT ROUNDS STORE "OPTS_A" "OPTS_B" ...
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/serve.sh"
measure() { # I R OPTS
  local line="config $1 [$3] round $2:" run c w n
  for run in "1 50 200" "1 300 500" "16 50 500"; do
    read -r c w n <<< "$run"
    $B run http://127.0.0.1:7878/sparql -mt $c -w $w -runs $n --quiet -o $OUT/c$1-r$2-$c-$w > $OUT/c$1-r$2-$c-$w.log 2>&1
    line="$line ${c}c/w$w $(grep -o 'QMpH [0-9,]*' $OUT/c$1-r$2-$c-$w.log | head -1)"
  done
  echo "$line"
}
cd /work/bench/data-2785
alternate "$@"
