#!/bin/bash
# ASK {} on new servers: p50 of requests 500-1,499 (499 warm-up), one connection, a configuration
# per server, alternating. Usage: ask-ab.sh OUT ROUNDS STORE "OPTS_A" "OPTS_B" ...
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/serve.sh"
measure() { # I R OPTS
  $B probe --queries $HERE/ask.tsv --warm-up 499 --requests 1000 --connections 1 q=http://127.0.0.1:7878/sparql > $OUT/probe-$1-r$2.txt 2>&1
  echo "config $1 [$3] round $2: $(grep -E '^\| *ask' $OUT/probe-$1-r$2.txt | head -1)"
}
alternate "$@"
