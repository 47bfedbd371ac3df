# Sourced by protocol.sh and ../2026-12-04-hot-terms/ab-protocol.sh: one new server measured as issue
# #51 measured its "today" figures -- one client with the driver's defaults (50 warm-up and 500
# measured mixes), then 16 clients on the same server (20 warm-up, 500 measured).
# protocol_server DIR LABEL CAP: CAP 0 uncapped, else a memory cgroup of CAP
# (../2026-11-30-jit-share/serve.sh); the build R, store S and driver data TD come from the caller.
# Prints "LABEL one QMPH sixteen QMPH AGE ms" (AGE: from the start command to the end).
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 DIO=${DIO:-auto} QUARRY_BUILD=never
qmph() { python3 -c "import json,glob;print(round(json.load(open(glob.glob('$1/explore-*.json')[0]))['qmph']))"; }
protocol_server() {
  local d=$1 l=$2 cap=$3 B=$R/bsbm-driver
  . "$R/bsbm-driver/results/2026-11-30-jit-share/serve.sh"
  mkdir -p "$d"
  start_server "$S" "$cap" "$d/server.log"
  wait_for_server
  $B/bsbm run http://127.0.0.1:7878/sparql --name "$l-1" -idir "$TD" -w 50 -mt 1 -o "$d/one" --quiet > /dev/null
  $B/bsbm run http://127.0.0.1:7878/sparql --name "$l-16" -idir "$TD" -w 20 -mt 16 -o "$d/sixteen" --quiet > /dev/null
  awk '$1=="read_bytes:"{print "device read bytes", $2}' /proc/$pid/io > "$d/io.txt"
  echo "$(( $(date +%s%3N) - started )) ms from the start command to the end" > "$d/age.txt"
  kill $pid; wait $pid 2>/dev/null
  [ "$cap" = 0 ] || $B/memcap.sh --remove quarry-bench-exp
  echo "$l one $(qmph "$d/one") sixteen $(qmph "$d/sixteen") $(cut -d' ' -f1 "$d/age.txt") ms"
}
