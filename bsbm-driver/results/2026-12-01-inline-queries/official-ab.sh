#!/bin/bash
# official-ab.sh OUT ROUNDS STORE "SERVE_ARGS_A" "SERVE_ARGS_B" ...: BSBM 1M with the original test
# driver (bsbmtools 0.2, official-driver.sh): for each round and option set, a new Quarry server
# (REPO= the build, default this checkout) on STORE with those `quarry serve` arguments, then the
# newcomer's run (-w 50 -runs 200, one client) and on the same server -w 300 -runs 500.
set -u
OUT=$(realpath -m "$1"); R=$2; STORE=$3; shift 3; mkdir -p "$OUT"
REPO=${REPO:-$(cd "$(dirname "$0")/../../.." && pwd)}
D=$REPO/bsbm-driver/official-driver.sh
for r in $(seq "$R"); do i=0; for args in "$@"; do i=$((i+1))
  pkill -f "quarry.jar serve"; sleep 2
  # shellcheck disable=SC2086
  (cd "$REPO" && nohup ./quarry serve --location "$STORE" --port 7878 $args > "$OUT/serve-$i-r$r.log" 2>&1 &)
  for _ in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
  $D -w 50 -runs 200 -o "$OUT/c$i-r$r" http://127.0.0.1:7878/sparql > "$OUT/c$i-r$r-w50.log" 2>&1
  $D -w 300 -runs 500 -o "$OUT/c$i-r$r" http://127.0.0.1:7878/sparql > "$OUT/c$i-r$r-w300.log" 2>&1
  a=$(grep -m1 '^| QMpH' "$OUT/c$i-r$r-w50.log" | tr -d ' |,' | sed 's/QMpH//')
  b=$(grep -m1 '^| QMpH' "$OUT/c$i-r$r-w300.log" | tr -d ' |,' | sed 's/QMpH//')
  echo "round $r config $i [$args]: w50 $a | w300 $b | $(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.1f %%", 100*a/b}')"
done; done
pkill -f "quarry.jar serve"
