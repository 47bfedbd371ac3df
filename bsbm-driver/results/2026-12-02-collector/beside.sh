# Sourced by tdiag.sh, ../2026-12-02-side-chunks/diag.sh and ../2026-12-03-cache-upkeep/series.sh.
# start_beside OUT LABEL CAP SECS CLIENTS PERIOD [serve opts]: cold.sh's run in the background (its
# last line printed when it ends); sets pid to the server's JVM, waited for, since the launcher may
# take seconds to get there. Returns 1 (once the run has ended) if none appeared.
start_beside() {
  local out=$1 label=$2 cap=$3 secs=$4 cl=$5 period=$6
  shift 6
  local cold
  cold=$(dirname "${BASH_SOURCE[0]}")/../2026-11-30-kept-orders/cold.sh
  (QUARRY_BUILD=never PERIOD=$period $cold $out $label $cap $secs $cl "$@" | tail -1) &
  pid=
  for _ in $(seq 60); do
    pid=$(pgrep -f -- '-jar .*quarry\.jar serve' | head -1)
    [ -n "$pid" ] && return 0
    sleep 1
  done
  echo "no server for $label" >&2
  wait
  return 1
}
