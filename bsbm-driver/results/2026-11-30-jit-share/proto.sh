#!/bin/bash
# proto.sh OUT LABEL [serve options]: BSBM 1M, one new server: 1 client 50+200, 16 clients 50+200, 16 clients 500+1500.
OUT=$1; LABEL=$2; shift 2
R=/work/bench/qrun; B=$R/bsbm-driver; S=/work/bench/quarry-2785; TD=/work/bench/data-2785/td_data
D=$OUT/$LABEL; mkdir -p "$D"
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
. "$(dirname "$0")/serve.sh"
start_server $S 0 "$D/server.log" "$@"
wait_for_server
out=""
for spec in "1 50 200 a" "16 50 200 b" "16 500 1500 c"; do
  set -- $spec
  nice -n ${DRIVER_NICE:-0} $B/bsbm run http://127.0.0.1:7878/sparql --name "$LABEL" -idir $TD -w $2 -runs $3 -mt $1 -o "$D/$4" --quiet > /dev/null
  out="$out $(python3 -c "import json; print(round(json.load(open('$D/$4/explore-$1.json'))['qmph']))")"
done
kill $pid; wait $pid 2>/dev/null
echo "$LABEL$out"
