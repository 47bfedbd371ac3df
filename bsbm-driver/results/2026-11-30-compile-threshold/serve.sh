# Sourced by ask-ab.sh and bsbm-ab.sh. new_server OPTS STORE LOG stops any Quarry server, starts a
# new one on STORE (port 7878) with QUARRY_JAVA_OPTS=OPTS, and waits until it answers.
# alternate OUT ROUNDS STORE "OPTS_A" "OPTS_B" ...: for each round, a new server per option set, in
# the order given, each handed to the sourcing script's measure I R OPTS (I counts the option sets
# from 1, R the rounds); OUT, STORE and B (the driver) are set for it.
B=/work/main/bsbm-driver/bsbm
new_server() {
  pkill -f "quarry.jar serve"; sleep 2
  (cd /work/main && QUARRY_JAVA_OPTS="$1" nohup ./quarry serve --location "$2" --port 7878 > "$3" 2>&1 &)
  for _ in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:7878/health && return 0; sleep 0.5; done
  echo "the server did not start: see $3" >&2; return 1
}
alternate() {
  OUT=$1; STORE=$3
  local rounds=$2 r i opts
  shift 3
  mkdir -p "$OUT"
  for r in $(seq "$rounds"); do
    i=0
    for opts in "$@"; do
      i=$((i+1))
      new_server "$opts" "$STORE" "$OUT/serve-$i-r$r.log" || exit 1
      measure $i $r "$opts"
    done
  done
  pkill -f "quarry.jar serve"
}
