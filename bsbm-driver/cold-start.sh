#!/usr/bin/env bash
# Quarry from a cold start over HTTP (issue #21's table): how soon after `quarry serve` the server
# answers and how fast its first mixes run, against its steady warm figure.
#
#   bsbm-driver/cold-start.sh --store DIR --td DIR [--clients "16 1"] [--mixes 200]
#                             [--warm-ups 1500] [--warm-runs 1000] [--curve 30] [--port 7878] [-o DIR]
#                             [--set KEY=VALUE]... [--java-opts "..."] [--quarry LAUNCHER]
#
# For each client count: (1) steady warm — the server started, warmed with --warm-ups mixes (the
# JIT takes a thousand or so to settle), then --warm-runs measured; (2) OS cache dropped (needs root), a new server process, --mixes mixes with
# no warm-up; (3) OS cache warm, a new process, the same; (4) the cold curve — cache dropped, a new
# process, --curve seconds of mixes, QMpH per second and when it first reached 90 % of (1), timed
# from the start command. The driver waits for the first answer (bsbm run --started-at) and times
# everything from the moment the start command ran. Server settings are the defaults unless --set
# says otherwise; --quarry runs another checkout's launcher (a build before a change, say), the
# driver staying this one. Writes DIR/cold-start.md (the table) and every run's JSON, table and charts.
set -euo pipefail

STORE=""; TD=""; CLIENTS="16 1"; MIXES=200; WARM_UPS=1500; WARM_RUNS=1000; CURVE=30; PORT=7878
OUT=bsbm-cold-start; SETS=(); JAVA_OPTS="${QUARRY_JAVA_OPTS:-}"; LAUNCHER=""
while [ $# -gt 0 ]; do
  case "$1" in
    --store) STORE=$2; shift 2 ;;
    --td) TD=$2; shift 2 ;;
    --clients) CLIENTS=$2; shift 2 ;;
    --mixes) MIXES=$2; shift 2 ;;
    --warm-runs) WARM_RUNS=$2; shift 2 ;;
    --warm-ups) WARM_UPS=$2; shift 2 ;;
    --curve) CURVE=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    -o) OUT=$2; shift 2 ;;
    --set) SETS+=(--set "$2"); shift 2 ;;
    --java-opts) JAVA_OPTS=$2; shift 2 ;;
    --quarry) LAUNCHER=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "cold-start.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ -z "$STORE" ] || [ -z "$TD" ]; then
  echo "cold-start.sh: give --store (a loaded Quarry store) and --td (its test-driver data)" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
bsbm="$here/bsbm"
quarry=${LAUNCHER:-$root/quarry}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
url="http://127.0.0.1:$PORT/sparql"
server_pid=""

log() { echo "[$(date +%T)] $*" >&2; }

start_server() { # sets started: the start command's time, ms since the epoch
  started=$(date +%s%3N)
  # shellcheck disable=SC2086
  QUARRY_JAVA_OPTS="$JAVA_OPTS" "$quarry" serve --location "$STORE" --port "$PORT" \
    "${SETS[@]}" >> "$OUT/server.log" 2>&1 &
  server_pid=$!
}

stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}
trap stop_server EXIT

drop_caches() {
  sync
  if ! echo 3 > /proc/sys/vm/drop_caches 2>/dev/null; then
    echo "cold-start.sh: cannot drop the OS page cache (not root?): the cold runs are not cold" >&2
  fi
}

run() { # NAME CLIENTS STARTED-AT|0 ARGS...: one driver run into $OUT/NAME
  local name=$1 clients=$2 started=$3
  shift 3
  local extra=()
  [ "$started" = 0 ] || extra=(--started-at "$started")
  "$bsbm" run "$url" -idir "$TD" -mt "$clients" -o "$OUT/$name" --name "Quarry ($name)" \
    "${extra[@]}" "$@" > "$OUT/$name.out"
  grep -E "^(QMpH|From)|QMpH" "$OUT/$name.out" | head -3 >&2 || true
}

json() { # FILE KEY [SUBKEY]: a number from a run's JSON result
  python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))
for k in sys.argv[2:]: o=o[k]
print(o)' "$@"
}

# Build now, so no build is timed as part of a start.
"$quarry" --version > /dev/null
"$bsbm" --version > /dev/null
export QUARRY_BUILD=never # built: an edit from now on changes nothing measured here

{
  echo "| clients | start | server up after | $MIXES mixes done after start | QMpH of those mixes"\
    "| share of warm | steady warm QMpH |"
  echo "|---:|---|---:|---:|---:|---:|---:|"
} > "$OUT/table.md"
: > "$OUT/curves.md"
for c in $CLIENTS; do
  log "$c clients: steady warm"
  start_server
  run "warm-$c" "$c" "$started" -w "$WARM_UPS" -runs "$WARM_RUNS"
  stop_server
  warm_json="$OUT/warm-$c/explore-$c.json"
  warm=$(json "$warm_json" qmph)
  for state in dropped warm-os; do
    log "$c clients: new process, OS cache $state, $MIXES mixes"
    if [ "$state" = dropped ]; then drop_caches; fi
    start_server
    run "cold-$state-$c" "$c" "$started" -w 0 -runs "$MIXES" --period 1 \
      --warm-reference "$warm_json"
    stop_server
    j="$OUT/cold-$state-$c/explore-$c.json"
    python3 - "$j" "$c" "$state" "$warm" "$MIXES" >> "$OUT/table.md" <<'EOF'
import json, sys
o = json.load(open(sys.argv[1])); c, state, warm = sys.argv[2], sys.argv[3], float(sys.argv[4])
start = o["coldStart"]["startSeconds"]
label = "OS cache dropped, new process" if state == "dropped" else "OS cache warm, new process"
print(f"| {c} | {label} | {start:.1f} s | {start + o['wallSeconds']:.1f} s | {o['qmph']:,.0f} "
      f"| {100 * o['qmph'] / warm:.0f} % | {warm:,.0f} |")
EOF
  done
  log "$c clients: cold curve, $CURVE s"
  drop_caches
  start_server
  run "curve-$c" "$c" "$started" -w 0 -runs 5000 --duration "$CURVE" --period 1 \
    --warm-reference "$warm_json"
  stop_server
  to90=$(json "$OUT/curve-$c/explore-$c.json" coldStart secondsTo90)
  echo "- $c clients: 90 % of warm ($warm QMpH) reached ${to90} s after the start command" \
    "(-1: not within $CURVE s); curve: curve-$c/explore-$c-timeline.png" >> "$OUT/curves.md"
done
{
  echo "BSBM Explore, $(json "$OUT/warm-${CLIENTS%% *}/explore-${CLIENTS%% *}.json" products) products,"\
    "over HTTP ($url), $(date +%F)"
  echo
  cat "$OUT/table.md"
  echo
  cat "$OUT/curves.md"
} > "$OUT/cold-start.md"
cat "$OUT/cold-start.md"
