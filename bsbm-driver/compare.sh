#!/usr/bin/env bash
# BSBM Explore on Quarry and its peers, side by side, on this machine (bsbm-driver/README.md).
#
#   bsbm-driver/compare.sh [-pc PRODUCTS] [-w WARMUPS] [-runs RUNS] [--clients "1 16"]
#                          [--memory 6GB] [--systems "quarry oxigraph fuseki virtuoso"] [--work DIR]
#                          [--cold SECONDS] [--slow-mixes fuseki=W:R]
#                          [--usecase explore|exploreQ6|businessIntelligence] [--keep-stores] [-t MS]
#                          [--memory-cap 2GB] [--quarry-text] [--quarry-java OPTS] [--quarry-set K=V]
#
# Generates the dataset (bsbmtools-identical) once per scale; for each system: installs it if it is
# missing (Virtuoso 7 from Debian's packages, Fuseki/TDB2 from Maven Central, Oxigraph from PyPI),
# loads the data into a fresh store and times the load, starts the server on 127.0.0.1 only, runs
# the same driver (same seed, same query strings) for each client count, warm, and stops it.
# Writes DIR/results-PRODUCTS/comparison.{md,png}: load time and rate, QMpH per client count, and
# each system's ratio to Quarry. Every system gets the same memory for its cache: Quarry's buffer
# pool, Virtuoso's NumberOfBuffers, Fuseki's heap; Oxigraph (RocksDB) and TDB2 use the OS cache.
# --cold S: after its warm runs each system is restarted for each client count, the OS page cache
# dropped (needs root), and runs for S seconds from cold in its default configuration, reporting
# QMpH every 10 s and when it reached 90% of its warm figure, timed from the start command:
# DIR/results-PRODUCTS/cold-comparison.*
# --slow-mixes fuseki=10:40 gives one system fewer warm-up:measured mixes (at 10M Fuseki needs
# about 5 s a mix); the table's figures are rates, so they stay comparable.
# --usecase businessIntelligence runs BSBM's Business Intelligence mix (official: -w 2 -runs 10)
# into DIR/results-PRODUCTS-businessIntelligence/; --keep-stores reuses a store already loaded
# (its load is not timed again); -t MS is the driver's per-query timeout. --usecase exploreQ6 is
# Explore with Q6 (a regex over every product label) back in the mix; --quarry-text loads
# Quarry with its text index (docs/TEXT.md), which answers it.
# --memory-cap SIZE: every server runs in a memory cgroup of SIZE that counts the page cache
# (memcap.sh; refuses to run where none can be made), started on a dropped OS cache, so a store
# larger than SIZE is read from the device; Quarry with its `auto` pool and the JVM's default heap
# (both sized from the cgroup's limit), the peers' caches at 3/8 of SIZE unless --memory says.
# Results go to DIR/results-PRODUCTS[-usecase]-capSIZE/, with io.tsv: each server's device reads
# (/proc/PID/io) and the group's peak use.
# --quarry-java "-Dquarry.exec.vectored=false" (JVM options) and --quarry-set store.buffers=512MB
# (repeatable) change Quarry's server for an ablation; its buffer pool's counters (/metrics, read
# just before it stops) go to DIR/results-.../quarry-metrics.txt.
set -euo pipefail

PC=2785; WARM=50; RUNS=200; CLIENTS="1 16"; MEM=6GB; COLD=0; SLOW=""
SYSTEMS="quarry oxigraph fuseki virtuoso"; WORK=bsbm-compare; UC=explore; KEEP=0; TIMEOUT=""
QTEXT=() # --quarry-text: Quarry loads with its text index (then kept by the store)
CAP=""; MEM_GIVEN=0
QJAVA=""; QSET=() # --quarry-java, --quarry-set: an ablation's switches
OXIGRAPH_VERSION=0.5.13; JENA_VERSION=6.2.0; JENA_CMDS_VERSION=6.0.0
while [ $# -gt 0 ]; do
  case "$1" in
    -pc) PC=$2; shift 2 ;;
    -w) WARM=$2; shift 2 ;;
    -runs) RUNS=$2; shift 2 ;;
    --clients) CLIENTS=$2; shift 2 ;;
    --memory) MEM=$2; MEM_GIVEN=1; shift 2 ;;
    --memory-cap) CAP=$2; shift 2 ;;
    --systems) SYSTEMS=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    --cold) COLD=$2; shift 2 ;;
    --slow-mixes) SLOW="$SLOW $2"; shift 2 ;;
    --usecase) UC=$2; shift 2 ;;
    --keep-stores) KEEP=1; shift ;;
    --quarry-text) QTEXT=(--text); shift ;;
    --quarry-java) QJAVA=$2; shift 2 ;;
    --quarry-set) QSET+=(--set "$2"); shift 2 ;;
    -t) TIMEOUT=$2; shift 2 ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) echo "compare.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

if [ "$UC" = bi ]; then UC=businessIntelligence; fi
if [ "$COLD" -gt 0 ] && [ "$UC" != explore ]; then
  echo "compare.sh: --cold measures the Explore mix only" >&2; exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
if [ -n "$CAP" ]; then
  # A capped run that could not cap would publish uncapped figures as capped ones: refuse.
  "$here/memcap.sh" --check >&2 || { echo "compare.sh: --memory-cap needs a memory cgroup; nothing was run" >&2; exit 3; }
  [ "$(id -u)" -eq 0 ] || { echo "compare.sh: --memory-cap drops the OS cache before each start: run as root" >&2; exit 3; }
  cap_bytes=$(numfmt --from=iec "${CAP%B}")
  if [ "$MEM_GIVEN" = 0 ]; then MEM=$((cap_bytes * 3 / 8)); MEM=$(numfmt --to=iec "$MEM")B; fi
fi
root=$(cd "$here/.." && pwd)
bsbm="$here/bsbm"
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
data="$WORK/data-$PC"
results="$WORK/results-$PC$([ "$UC" = explore ] || echo "-$UC")${CAP:+-cap$CAP}"
peers="$WORK/peers"
mkdir -p "$data" "$results" "$peers"
loads="$results/loads.tsv"
touch "$loads" # kept across runs: a run of some systems (--systems) keeps the others' load times
export BSBM_JAVA_OPTS="-Xmx1g" # the driver: leave the memory to the systems under test
mem_bytes=$(numfmt --from=iec "${MEM%B}")
mem_mb=$((mem_bytes / 1048576))
server_pid=""
# Fuseki and its loader run on the JDK the launchers find (25+).
java=$(. "$root/.mvn/find-jdk.sh" && quarry_find_jdk && echo "$JAVA_HOME/bin/java")

log() { printf '\n== %s\n' "$*" >&2; }
stop_server() {
  if [ -n "$server_pid" ] && pgrep -x virtuoso-t > /dev/null; then
    isql-vt 1111 dba dba "exec=shutdown;" > /dev/null 2>&1 || true # a clean stop, checkpointed
  fi
  if [ -n "$server_pid" ]; then
    record_io
    record_pool
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}
trap 'stop_server; uncap' EXIT

server_name=""
# With --memory-cap: the server's device reads and its group's peak, one line per server process.
# A server that had already exited (killed in its group, say) gets a line that says so, not none.
record_io() {
  [ -n "$CAP" ] || return 0
  local bytes="? (the server had exited; see its log)"
  if [ -r "/proc/$server_pid/io" ]; then
    bytes=$(awk '$1 == "read_bytes:" { print $2 }' "/proc/$server_pid/io")
  fi
  [ -s "$results/io.tsv" ] || printf 'server\tdevice read bytes\tcgroup\n' > "$results/io.tsv"
  printf '%s\t%s\t%s\n' "$server_name" "$bytes" "$("$here/memcap.sh" --report "quarry-bench-$server_name")" >> "$results/io.tsv"
}
# Quarry's buffer pool counters (misses, bytes read, read-ahead used and wasted by kind), per server.
record_pool() {
  [ "$server_name" = quarry ] || return 0
  { echo "# $(date -u +%FT%TZ) quarry ${QJAVA} ${QSET[*]+${QSET[*]}}"
    curl -s --max-time 10 http://127.0.0.1:7878/metrics | grep -E '^quarry_(buffer|terms|process)_' || true
  } >> "$results/quarry-metrics.txt"
}
uncap() {
  [ -n "$CAP" ] || return 0
  local s
  for s in $SYSTEMS; do "$here/memcap.sh" --remove "quarry-bench-$s"; done
}
# Runs a server command: as it is, or with --memory-cap on a dropped OS cache in a capped group.
serve() { # SYSTEM CMD... (in the subshell the server runs in, so that it has the subshell's pid)
  local name=$1; shift
  if [ -z "$CAP" ]; then
    exec "$@"
  fi
  drop_caches
  exec "$here/memcap.sh" --cap "$CAP" --name "quarry-bench-$name" -- "$@"
}

# Waits for the server just started (server_pid) to answer at URL. An answer from another process
# (a server left running on the port: its store is then locked, and the new one exits) is refused,
# else its figures would be taken for the new server's.
wait_for() { # URL [seconds]
  for _ in $(seq "${2:-120}"); do
    if [ -n "$server_pid" ] && ! kill -0 "$server_pid" 2>/dev/null; then
      echo "compare.sh: the server exited at start (see results/*-server.log); nothing more is run" >&2
      exit 1
    fi
    if curl -sf -o /dev/null "$1"; then
      sleep 2 # a server that could not take its store exits within a second of its start
      if [ -z "$server_pid" ] || kill -0 "$server_pid" 2>/dev/null; then return 0; fi
      echo "compare.sh: $1 answered, but not the server just started (it exited): is another" \
        "server running there?" >&2
      exit 1
    fi
    sleep 1
  done
  echo "compare.sh: $1 did not answer" >&2
  return 1
}

# Times a load command; records "system<TAB>seconds<TAB>triples" in loads.tsv (replacing the
# system's line from an earlier run; a store kept with --keep-stores keeps its line).
timed_load() { # NAME command...
  local name=$1; shift
  local start end
  start=$(date +%s.%N)
  "$@" >&2
  end=$(date +%s.%N)
  # This system's earlier load (if any) gives way to this one.
  awk -F'\t' -v n="$name" '$1 != n' "$loads" > "$loads.new" && mv "$loads.new" "$loads"
  printf '%s\t%s\t%s\n' "$name" "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')" "$triples" >> "$loads"
}

# True (and says so) if --keep-stores was given and the store is there: not loaded again.
kept() { # DIR
  if [ "$KEEP" = 1 ] && [ -d "$1" ]; then
    log "reusing $1 (--keep-stores): its load is not timed"
    return 0
  fi
  return 1
}

slug() { echo "$1" | tr -c 'A-Za-z0-9.\n' '-'; }

run_driver() { # SYSTEM NAME URL
  local warm=$WARM runs=$RUNS spec
  for spec in $SLOW; do
    if [ "${spec%%=*}" = "$1" ]; then
      warm=${spec#*=}; warm=${warm%%:*}; runs=${spec##*:}
    fi
  done
  for c in $CLIENTS; do
    log "$2: $c client(s), $warm warm-up + $runs measured mixes"
    "$bsbm" run "$3" --name "$2" -idir "$data/td_data" -w "$warm" -runs "$runs" -mt "$c" \
      -ucf "$UC" ${TIMEOUT:+-t "$TIMEOUT"} -o "$results/$(slug "$2")" --quiet || true
  done
}

# From cold: the server was just started on a dropped OS cache (at STARTED, ms since the epoch);
# CLIENTS clients for COLD seconds, timed from the start command.
cold_driver() { # NAME URL CLIENTS STARTED
  local c=$3 warm qmph cap
  warm="$results/$(slug "$1")/explore-$c.json"
  qmph=$(grep -o '"qmph" *: *[0-9.]*' "$warm" | grep -o '[0-9.]*$' || echo 0)
  cap=$(awk -v q="$qmph" -v s="$COLD" 'BEGIN { printf "%d", q * s / 3600 * 3 + 20 }')
  log "$1: from cold, $c clients for $COLD s"
  "$bsbm" run "$2" --name "$1" -idir "$data/td_data" -w 0 -runs "$cap" -mt "$c" --duration "$COLD" \
    --period 10 --warm-reference "$warm" --started-at "$4" -o "$results/cold/$(slug "$1")" \
    --quiet || true
}

drop_caches() {
  sync
  if ! echo 3 > /proc/sys/vm/drop_caches 2>/dev/null; then
    echo "compare.sh: cannot drop the OS page cache (not root?): the cold run is not cold" >&2
  fi
}

# Warm runs on a started server, then (with --cold) a restart on a dropped cache and a cold run.
measure() { # SYSTEM NAME URL START-FUNCTION
  run_driver "$1" "$2" "$3"
  stop_server
  if [ "$COLD" -gt 0 ]; then
    local c started
    for c in $CLIENTS; do
      drop_caches
      started=$(date +%s%3N)
      "$4" cold
      cold_driver "$2" "$3" "$c" "$started"
      stop_server
    done
  fi
}

# Build both launchers now, so that no build is timed as part of a load.
"$root/quarry" --version > /dev/null
"$bsbm" --version > /dev/null
export QUARRY_BUILD=never # built: an edit from now on changes nothing measured here

# With --keep-stores and every store loaded, the dataset file is not needed (at 100M it is 26 GB,
# deleted once the stores are loaded): only the driver's td_data, and the triple count kept beside
# it (data-PC/triples).
all_kept() {
  [ "$KEEP" = 1 ] && [ -d "$data/td_data" ] || return 1
  local s
  for s in $SYSTEMS; do [ -d "$WORK/$s-$PC" ] || return 1; done
}
if [ ! -f "$data/dataset.nt" ] && ! all_kept; then
  log "generating BSBM with $PC products"
  (cd "$data" && "$bsbm" generate -pc "$PC" -o dataset.nt)
fi
if [ -f "$data/dataset.nt" ]; then
  triples=$(wc -l < "$data/dataset.nt")
  echo "$triples" > "$data/triples"
else
  triples=$(cat "$data/triples" 2>/dev/null || echo "?")
fi

quarry() {
  local store="$WORK/quarry-$PC"
  if ! kept "$store"; then
    rm -rf "$store"
    log "Quarry: loading"
    timed_load Quarry "$root/quarry" load --location "$store" ${QTEXT[@]+"${QTEXT[@]}"} "$data/dataset.nt"
  fi
  quarry_start
  measure quarry Quarry http://127.0.0.1:7878/sparql quarry_start
}

quarry_start() { # [cold]: as warm (its default page cache use), on the dropped OS cache
  local heap="-Xmx4g" buffers=$MEM
  if [ -n "$CAP" ] && [ "$MEM_GIVEN" = 0 ]; then heap=""; buffers=auto; fi # sized from the cgroup
  server_name=quarry
  (QUARRY_JAVA_OPTS="$heap $QJAVA" serve quarry "$root/quarry" serve --location "$WORK/quarry-$PC" --port 7878 \
    --set "store.buffers=$buffers" ${QSET[@]+"${QSET[@]}"} \
    >> "$results/quarry-server.log" 2>&1) &
  server_pid=$!
  wait_for http://127.0.0.1:7878/health
}

oxigraph() {
  local bin="$peers/oxigraph-venv/bin/oxigraph" db="$WORK/oxigraph-$PC"
  if [ ! -x "$bin" ]; then
    log "Oxigraph: installing $OXIGRAPH_VERSION from PyPI"
    python3 -m venv "$peers/oxigraph-venv"
    "$peers/oxigraph-venv/bin/pip" install -q "oxigraph==$OXIGRAPH_VERSION"
  fi
  if ! kept "$db"; then
    rm -rf "$db"
    log "Oxigraph: loading, then optimizing (as its load command recommends for read-heavy use)"
    timed_load "Oxigraph $OXIGRAPH_VERSION" oxigraph_load "$bin" "$db"
  fi
  oxigraph_start
  measure oxigraph "Oxigraph $OXIGRAPH_VERSION" http://127.0.0.1:7879/query oxigraph_start
}

# Oxigraph's own advice after a load: "If you plan to run a read-heavy workload, consider running
# oxigraph optimize". Without it the 10M store answers BSBM about 9x slower (Q5 812 ms, not 82).
oxigraph_load() { # BIN DB
  "$1" load --location "$2" --file "$data/dataset.nt"
  "$1" optimize --location "$2"
}

oxigraph_start() {
  server_name=oxigraph
  (serve oxigraph "$peers/oxigraph-venv/bin/oxigraph" serve-read-only --location "$WORK/oxigraph-$PC" \
    --bind 127.0.0.1:7879 >> "$results/oxigraph-server.log" 2>&1) &
  server_pid=$!
  wait_for "http://127.0.0.1:7879/query?query=ASK%7B%7D"
}

fuseki() {
  local dir="$peers/fuseki" db="$WORK/fuseki-$PC"
  mkdir -p "$dir"
  local central=https://repo1.maven.org/maven2/org/apache/jena
  [ -f "$dir/fuseki-server.jar" ] || curl -sf -o "$dir/fuseki-server.jar" \
    "$central/jena-fuseki-server/$JENA_VERSION/jena-fuseki-server-$JENA_VERSION.jar"
  [ -f "$dir/jena-cmds.jar" ] || curl -sf -o "$dir/jena-cmds.jar" \
    "$central/jena-cmds/$JENA_CMDS_VERSION/jena-cmds-$JENA_CMDS_VERSION.jar"
  if ! kept "$db"; then
    rm -rf "$db"
    log "Fuseki/TDB2: loading (tdb2.tdbloader, parallel)"
    timed_load "Fuseki $JENA_VERSION (TDB2)" "$java" -Xmx4g -cp "$dir/fuseki-server.jar:$dir/jena-cmds.jar" \
      tdb2.tdbloader --loader=parallel --loc "$db" "$data/dataset.nt"
  fi
  fuseki_start
  measure fuseki "Fuseki $JENA_VERSION (TDB2)" http://127.0.0.1:3030/ds/sparql fuseki_start
}

fuseki_start() {
  server_name=fuseki
  # FUSEKI_BASE: Fuseki writes its run/ area (config, shiro.ini, templates) there, not in the cwd.
  (export FUSEKI_BASE="$peers/fuseki/run"; serve fuseki "$java" "-Xmx${mem_mb}m" -jar "$peers/fuseki/fuseki-server.jar" --localhost --port 3030 \
    --loc "$WORK/fuseki-$PC" /ds >> "$results/fuseki-server.log" 2>&1) &
  server_pid=$!
  wait_for http://127.0.0.1:3030/$/ping
}

virtuoso() {
  local dir="$WORK/virtuoso-$PC" version
  if ! command -v virtuoso-t > /dev/null; then
    log "Virtuoso: installing virtuoso-opensource-7-bin from Debian's packages"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q virtuoso-opensource-7-bin >&2
  fi
  version=$(dpkg-query -W -f='${Version}' virtuoso-opensource-7-bin | cut -d+ -f1)
  if kept "$dir"; then
    virtuoso_start
    measure virtuoso "Virtuoso $version" http://127.0.0.1:8890/sparql virtuoso_start
    return
  fi
  rm -rf "$dir"
  mkdir -p "$dir/vsp"
  local buffers=$((mem_bytes / 8700)) # 8 KB pages plus their headers
  sed -e "s#@DIR@#$dir#g" -e "s#@DATA@#$data#g" -e "s#@SQLPORT@#1111#" -e "s#@HTTPPORT@#8890#" \
    -e "s#@BUFFERS@#$buffers#" -e "s#@DIRTY@#$((buffers * 3 / 4))#" \
    "$here/peers/virtuoso.ini.template" > "$dir/virtuoso.ini"
  virtuoso_start
  log "Virtuoso: loading (ld_dir + rdf_loader_run)"
  timed_load "Virtuoso $version" isql-vt 1111 dba dba \
    "exec=ld_dir('$data', 'dataset.nt', 'http://bsbm.example/'); rdf_loader_run(); checkpoint;"
  measure virtuoso "Virtuoso $version" http://127.0.0.1:8890/sparql virtuoso_start
}

virtuoso_start() {
  local dir="$WORK/virtuoso-$PC"
  server_name=virtuoso
  (cd "$dir" && serve virtuoso virtuoso-t +configfile "$dir/virtuoso.ini" +foreground >> "$results/virtuoso-server.log" 2>&1) &
  server_pid=$!
  wait_for http://127.0.0.1:8890/sparql 180
}

for s in $SYSTEMS; do
  case "$s" in
    quarry|oxigraph|fuseki|virtuoso) "$s" ;;
    *) echo "compare.sh: unknown system $s" >&2; exit 2 ;;
  esac
done

log "comparison"
"$bsbm" compare --loads "$loads" -o "$results/comparison" \
  --title "BSBM $UC, $PC products ($triples triples), warm${CAP:+, memory capped at $CAP}, $(date -u +%Y-%m-%d)" \
  "$results"/*/"$UC"-*.json
if [ "$COLD" -gt 0 ]; then
  "$bsbm" compare --cold -o "$results/cold-comparison" \
    --title "BSBM Explore from cold, $PC products${CAP:+, memory capped at $CAP}, $(date -u +%Y-%m-%d)" "$results"/cold/*/explore-*.json
fi
