# Sourced by ask-ab.sh and bsbm-ab.sh: new_server OPTS STORE LOG stops any Quarry server, starts a
# new one on STORE (port 7878) with QUARRY_JAVA_OPTS=OPTS, and waits until it answers.
new_server() {
  pkill -f "quarry.jar serve"; sleep 2
  (cd /work/main && QUARRY_JAVA_OPTS="$1" nohup ./quarry serve --location "$2" --port 7878 > "$3" 2>&1 &)
  for _ in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:7878/health && return 0; sleep 0.5; done
  echo "the server did not start: see $3" >&2; return 1
}
