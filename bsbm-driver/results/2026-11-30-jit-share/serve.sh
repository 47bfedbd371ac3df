# Sourced by cold16.sh, warm16.sh and proto.sh: a new Quarry server on port 7878 from the bench
# clone R, on the OS cache dropped. CAP 0: the store read through first (in the OS cache, as a
# server that has run a while finds it), -Xmx4g, 6 GB pool; else a memory cgroup of CAP, pool and
# heap sized from it. SETSID=1 starts it in a session (an autogroup) of its own.
# DIO= sets store.direct-io (false unless given, the default before 2026-12-02; auto: since).
# Sets pid (the server's) and started (ms since the epoch, just before the start command).
start_server() { # STORE CAP LOG [quarry serve options...]
  local store=$1 cap=$2 log=$3; shift 3
  sync; echo 3 > /proc/sys/vm/drop_caches
  if [ "$cap" = 0 ]; then
    cat "$store"/* > /dev/null 2>&1
    started=$(date +%s%3N)
    QUARRY_JAVA_OPTS="-Xmx4g $QJ" ${SETSID:+setsid} $R/quarry serve --location "$store" --port 7878 \
      --set store.buffers=6GB --set store.direct-io=${DIO:-false} "$@" > "$log" 2>&1 &
  else
    started=$(date +%s%3N)
    QUARRY_JAVA_OPTS="$QJ" ${SETSID:+setsid} $B/memcap.sh --cap "$cap" --name quarry-bench-exp -- \
      $R/quarry serve --location "$store" --port 7878 --set store.buffers=auto \
      --set store.direct-io=${DIO:-false} "$@" > "$log" 2>&1 &
  fi
  pid=$!
}

wait_for_server() {
  for _ in $(seq 120); do curl -sf -o /dev/null http://127.0.0.1:7878/health && return; sleep 0.5; done
}
