#!/usr/bin/env bash
# Runs ./quarry as a user would: help, load, query, stats, check, backup, restore, and serve with a real HTTP query.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "launcher smoke test FAILED: $*" >&2; exit 1; }

./quarry --help | grep -q 'serve' || fail "--help does not list serve"

# QUARRY_AOT=classes records the JVM's AOT cache once for this build; the JVM must accept it
# (AOTMode=on refuses to start with a cache it cannot use). By default none is used.
QUARRY_AOT=classes ./quarry --version 2>"$tmp/err" | grep -q 'quarry' || fail "QUARRY_AOT=classes: $(cat "$tmp/err")"
[ -s sparql-server/target/quarry.aot ] || fail "no AOT cache: $(tail -5 sparql-server/target/quarry.aot.log 2>/dev/null)"
QUARRY_AOT=classes QUARRY_JAVA_OPTS=-XX:AOTMode=on ./quarry --version | grep -q 'quarry' || fail "the JVM refused the AOT cache"
set +e
QUARRY_AOT=sometimes ./quarry --version >/dev/null 2>"$tmp/err"; code=$?
set -e
[ "$code" = 2 ] && grep -q 'off, classes or profiles' "$tmp/err" || fail "a bad QUARRY_AOT: $code $(cat "$tmp/err")"

set +e
./quarry query --location "$tmp/none" 'ASK {}' 2>"$tmp/err"; code=$?
set -e
[ "$code" = 2 ] || fail "a missing store should exit 2, got $code"
grep -q 'no Quarry store' "$tmp/err" || fail "missing-store message: $(cat "$tmp/err")"

printf '<http://ex/a> <http://ex/p> "1" .\n<http://ex/b> <http://ex/p> "2" .\n' > "$tmp/data.nt"
./quarry load --location "$tmp/store" "$tmp/data.nt" | tee "$tmp/load" | grep -q 'Loaded 2 triples' || fail "load: $(cat "$tmp/load")"
# load --memory SIZE: the launcher gives the JVM a heap of three quarters of SIZE, unless
# QUARRY_JAVA_OPTS sizes it (the JVM's own flag says which it got).
heap() { sed -n 's/.* MaxHeapSize *= *\([0-9]*\).*/\1/p'; }
h=$(QUARRY_JAVA_OPTS=-XX:+PrintFlagsFinal ./quarry load --memory 256MB --location "$tmp/m1" "$tmp/data.nt" | heap)
[ "$h" = $((192 << 20)) ] || fail "load --memory 256MB ran with a heap of '$h'"
h=$(QUARRY_JAVA_OPTS="-XX:+PrintFlagsFinal -Xmx320m" ./quarry load --memory 256MB --location "$tmp/m2" "$tmp/data.nt" | heap)
[ "$h" = $((320 << 20)) ] || fail "QUARRY_JAVA_OPTS=-Xmx320m: the load ran with a heap of '$h'"
out=$(./quarry query --location "$tmp/store" --format csv 'SELECT ?o { ?s ?p ?o } ORDER BY ?o' | tr -d '\r')
[ "$out" = "$(printf 'o\n1\n2')" ] || fail "query printed: $out"
./quarry stats --location "$tmp/store" | grep -q 'quads    2' || fail "stats"
./quarry check --location "$tmp/store" >/dev/null || fail "check"
./quarry backup --location "$tmp/store" --to "$tmp/full.qbk" | grep -q 'Full backup' || fail "backup"
./quarry restore --from "$tmp/full.qbk" --location "$tmp/restored" | grep -q '(2 quads)' || fail "restore"

# serve: a fresh store gets the demo data; query it over HTTP, then stop cleanly.
(cd "$tmp" && exec "$OLDPWD/quarry" serve --port 0 >"$tmp/serve.log" 2>&1) &
server_pid=$!
url=""
for _ in $(seq 1 120); do
  url=$(sed -n 's/^SPARQL endpoint: \(http[^ ]*\).*/\1/p' "$tmp/serve.log")
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || fail "serve exited: $(cat "$tmp/serve.log")"
  sleep 0.5
done
[ -n "$url" ] || fail "serve did not print its endpoint: $(cat "$tmp/serve.log")"
case "$url" in http://127.0.0.1:*) ;; *) fail "serve should listen on loopback, printed $url" ;; esac
n=$(curl -sf "$url" -H 'Accept: text/csv' --data-urlencode 'query=SELECT (COUNT(*) AS ?n) { ?s a <http://quarry.dev/demo/Rock> }' | tr -d '\r' | tail -n 1)
[ "$n" = 5 ] || fail "demo data query returned '$n'"
[ -f "$tmp/data/quarry-store.properties" ] || fail "serve did not create ./data"
# serve: the JIT compiles the request path's packages sooner and inlines less (.mvn/launcher.sh), quietly
cmdline=$(tr '\0' ' ' < "/proc/$server_pid/cmdline")
case "$cmdline" in *'CompileThresholdScaling,dev.quarry.*::*,0.1'*'-XX:FreqInlineSize=80 -XX:InlineSmallCode=1000'*) ;;
  *) fail "serve's JVM options: $cmdline" ;; esac
grep -q 'CompileCommand' "$tmp/serve.log" && fail "the JIT's options printed: $(cat "$tmp/serve.log")"
# ... none for other commands, and none of a kind QUARRY_JAVA_OPTS sets itself
jit=$(. .mvn/launcher.sh && quarry_serve_jit load x &&
  QUARRY_JAVA_OPTS="-XX:CompileThresholdScaling=1 -XX:FreqInlineSize=325 -XX:InlineSmallCode=2500" quarry_serve_jit serve)
[ -z "$jit" ] || fail "the JIT's options where none are due: $jit"
jit=$(. .mvn/launcher.sh && QUARRY_JAVA_OPTS=-XX:CompileThresholdScaling=1 quarry_serve_jit serve)
[ "$jit" = "-XX:FreqInlineSize=80 -XX:InlineSmallCode=1000" ] || fail "the inlining options alone expected: $jit"
# serve: the parallel collector, unless QUARRY_JAVA_OPTS picks one; nothing for other commands
case "$cmdline" in *'-XX:+UseParallelGC'*) ;; *) fail "serve's collector: $cmdline" ;; esac
gc=$(. .mvn/launcher.sh && quarry_serve_gc load x && QUARRY_JAVA_OPTS="-Xmx1g -XX:+UseG1GC" quarry_serve_gc serve &&
  QUARRY_JAVA_OPTS=-XX:+UseZGC quarry_serve_gc serve)
[ -z "$gc" ] || fail "a collector where QUARRY_JAVA_OPTS picks one or the command is not serve: $gc"
gc=$(. .mvn/launcher.sh && QUARRY_JAVA_OPTS="-XX:+DisableExplicitGC -XX:+UseNUMA" quarry_serve_gc serve)
[ "$gc" = -XX:+UseParallelGC ] || fail "options that pick no collector kept the parallel one out: $gc"
# serve: the heap in huge pages where the kernel's mode is madvise; not elsewhere, nor for other
# commands, nor when QUARRY_JAVA_OPTS says which pages the heap gets
case "$(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)" in
  *"[madvise]"*) case "$cmdline" in *'-XX:+UseTransparentHugePages'*) ;; *) fail "serve's heap pages: $cmdline" ;; esac ;;
  *) case "$cmdline" in *'TransparentHugePages'*) fail "huge pages asked of a kernel not in madvise mode: $cmdline" ;; esac ;;
esac
echo 'always madvise [never]' > "$tmp/thp-never"
echo 'always [madvise] never' > "$tmp/thp-madvise"
pages=$(. .mvn/launcher.sh && QUARRY_THP_MODE_FILE="$tmp/thp-madvise" quarry_serve_heap_pages serve)
[ "$pages" = -XX:+UseTransparentHugePages ] || fail "no huge pages for serve in madvise mode: $pages"
pages=$(. .mvn/launcher.sh && QUARRY_THP_MODE_FILE="$tmp/thp-never" quarry_serve_heap_pages serve &&
  QUARRY_THP_MODE_FILE="$tmp/thp-madvise" quarry_serve_heap_pages load x &&
  QUARRY_THP_MODE_FILE="$tmp/thp-madvise" QUARRY_JAVA_OPTS=-XX:-UseTransparentHugePages quarry_serve_heap_pages serve &&
  QUARRY_THP_MODE_FILE="$tmp/none" quarry_serve_heap_pages serve)
[ -z "$pages" ] || fail "huge pages where none are due: $pages"
m=$(./quarry query --endpoint "$url" --format tsv 'SELECT (COUNT(*) AS ?n) { ?s a <http://quarry.dev/demo/Mineral> }' | tail -n 1)
[ "$m" = 7 ] || fail "quarry query --endpoint returned '$m'"
kill -TERM "$server_pid"
wait "$server_pid" || true
server_pid=""

echo "launcher smoke test: 22 passed, 0 failed"
