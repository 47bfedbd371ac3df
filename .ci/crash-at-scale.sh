#!/usr/bin/env bash
# Crash safety at scale, outside CI's time: CYCLES times, start `quarry serve` over one store, write
# to it over HTTP (small SPARQL updates, large ones, and `quarry load` of files through the server),
# kill -9 the server at a random moment, restart it, and check that every write the server
# acknowledged is there whole, that no write is there in part, and that `quarry check` passes.
#   .ci/crash-at-scale.sh [CYCLES] [DIR]      (defaults: 100 cycles, a new temporary directory)
# Prints one line per cycle and a summary: kills, writes acknowledged, lost (must be 0), torn
# (must be 0). Exits 1 on the first loss, torn write or unsound check.
set -euo pipefail
cd "$(dirname "$0")/.."
cycles=${1:-100}
dir=${2:-$(mktemp -d)}
store="$dir/store"
acked="$dir/acked" # one line per acknowledged write: "<seq> <triples>"
mkdir -p "$dir"
: >"$acked"
server=""
writer=""
cleanup() {
  [ -n "$writer" ] && kill "$writer" 2>/dev/null || true
  [ -n "$server" ] && kill -9 "$server" 2>/dev/null || true
}
trap cleanup EXIT
fail() { echo "crash-at-scale FAILED: $*" >&2; exit 1; }

./quarry --help >/dev/null # builds the distribution first if needed

. .ci/serve-lib.sh
start_server() {
  serve_store "$store" "$dir/serve.log" || fail "cycle $c"
}

# Write number SEQ holds N triples, all tagged with SEQ: whole or not at all.
update_body() {
  local seq=$1 n=$2
  printf 'INSERT DATA {'
  for ((i = 0; i < n; i++)); do printf ' <http://ex/w%s/%s> <http://ex/seq> %s .' "$seq" "$i" "$seq"; done
  printf ' }'
}

writer_loop() {
  local seq=$1
  while true; do
    seq=$((seq + 1))
    local n=20
    ((seq % 10 == 0)) && n=2000
    if ((seq % 25 == 0)); then
      # A file loaded through the server (one Graph Store POST): a bulk write.
      local f="$dir/load-$seq.nt"
      for ((i = 0; i < 5000; i++)); do echo "<http://ex/w$seq/$i> <http://ex/seq> \"$seq\"^^<http://www.w3.org/2001/XMLSchema#integer> ."; done >"$f"
      if ./quarry load --location "$store" "$f" >/dev/null 2>&1; then echo "$seq 5000" >>"$acked"; fi
      rm -f "$f"
      continue
    fi
    code=$(update_body "$seq" "$n" | curl -s -o /dev/null -w '%{http_code}' -m 30 \
      -H 'Content-Type: application/sparql-update' --data-binary @- "$endpoint") || code=000
    [ "$code" = 200 ] && echo "$seq $n" >>"$acked"
  done
}

# Every acknowledged write whole, and every write present whole (an unacknowledged write may have
# committed just before the kill; it must then be whole too).
verify() {
  local counts="$dir/counts"
  curl -s -m 120 -H 'Accept: text/csv' --data-urlencode \
    'query=SELECT ?seq (COUNT(*) AS ?n) { ?s <http://ex/seq> ?seq } GROUP BY ?seq' "$endpoint" |
    tr -d '\r' | tail -n +2 >"$counts"
  awk -F, 'NR == FNR { have[$1] = $2; next } { if (have[$1] != $2) { print "lost or torn: write " $1 " has " (have[$1] ? have[$1] : 0) " of " $2; bad = 1 } } END { exit bad }' \
    "$counts" <(tr ' ' ',' <"$acked") || return 1
  awk -F, '{ if ($2 != 20 && $2 != 2000 && $2 != 5000) { print "torn: write " $1 " has " $2 " triples"; bad = 1 } } END { exit bad }' "$counts"
}

for ((c = 1; c <= cycles; c++)); do
  start_server
  verify || fail "cycle $c: after the restart"
  writer_loop $((c * 1000000)) & # write numbers of one cycle: c000001, c000002 ...
  writer=$!
  sleep "$(awk -v r="$RANDOM" 'BEGIN { printf "%.2f", 1 + (r % 300) / 100 }')"
  kill -9 "$server"
  wait "$server" 2>/dev/null || true
  kill "$writer" 2>/dev/null || true
  wait "$writer" 2>/dev/null || true
  writer=""
  # A `quarry load` the writer had started outlives it: stop it too before the next start.
  pkill -9 -f "load --location $store" 2>/dev/null || true
  while pgrep -f "load --location $store" >/dev/null; do sleep 0.1; done
  echo "cycle $c: killed; writes acknowledged so far $(wc -l <"$acked")"
done
start_server
verify || fail "after the last kill"
kill "$server"
wait "$server" 2>/dev/null || true
server=""
./quarry check --location "$store" >"$dir/check" || fail "quarry check: $(cat "$dir/check")"
echo "kills $cycles, writes acknowledged $(wc -l <"$acked"), lost 0, torn 0, quarry check: $(head -1 "$dir/check")"
