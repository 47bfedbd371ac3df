#!/bin/bash
# ASK {} on new servers: p50 of requests 500-1,499 (499 warm-up), one connection, a configuration
# per server, alternating. Usage: ask-ab.sh OUT ROUNDS STORE "OPTS_A" "OPTS_B" ...
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/serve.sh"
OUT=$1; ROUNDS=$2; STORE=$3; shift 3
mkdir -p $OUT
B=/work/main/bsbm-driver/bsbm
for r in $(seq $ROUNDS); do
  i=0
  for opts in "$@"; do
    i=$((i+1))
    new_server "$opts" $STORE $OUT/serve-$i-r$r.log || exit 1
    $B probe --queries $HERE/ask.tsv --warm-up 499 --requests 1000 --connections 1 q=http://127.0.0.1:7878/sparql > $OUT/probe-$i-r$r.txt 2>&1
    echo "config $i [$opts] round $r: $(grep -E '^\| *ask' $OUT/probe-$i-r$r.txt | head -1)"
  done
done
pkill -f "quarry.jar serve"
