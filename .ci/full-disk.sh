#!/usr/bin/env bash
# A store on a full disk, outside CI: on a small tmpfs (made here when run as root, else give a
# directory on a small file system), write to a running server until the disk is full. The write
# that does not fit must fail with 507 and the reason (not take the server down), later writes too;
# /health and queries must go on with every acknowledged write, and after a restart (space freed)
# `quarry check` must pass.
#   sudo .ci/full-disk.sh [DIR]       (default: a 48 MB tmpfs at /mnt/quarry-full-disk)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-}
mounted=""
if [ -z "$dir" ]; then
  dir=/mnt/quarry-full-disk
  mkdir -p "$dir"
  mount -t tmpfs -o size=48m tmpfs "$dir"
  mounted=$dir
fi
store="$dir/store"
work=$(mktemp -d) # request bodies and logs, off the full disk
server=""
cleanup() {
  [ -n "$server" ] && kill -9 "$server" 2>/dev/null || true
  [ -n "$mounted" ] && umount "$mounted" 2>/dev/null || true
}
trap cleanup EXIT
fail() { echo "full-disk FAILED: $*" >&2; exit 1; }
./quarry --help >/dev/null

. .ci/serve-lib.sh
start() {
  serve_store "$store" "$work/serve.log" --set store.buffers=512 || fail "start"
}
count() {
  curl -s -m 60 -H 'Accept: text/csv' --data-urlencode \
    'query=SELECT (COUNT(*) AS ?n) { ?s <http://ex/seq> ?o }' "$endpoint" | tr -d '\r' | tail -1
}

start
acked=0
refused=""
for seq in $(seq 1 100000); do
  {
    printf 'INSERT DATA {'
    for ((i = 0; i < 2000; i++)); do
      printf ' <http://ex/w%s/%s> <http://ex/seq> "%s-%s-padding-to-fill-the-disk-sooner" .' "$seq" "$i" "$seq" "$i"
    done
    printf ' }'
  } >"$work/body"
  code=$(curl -s -o "$work/last" -w '%{http_code}' -m 60 -H 'Content-Type: application/sparql-update' \
    --data-binary @"$work/body" "$endpoint") || code=000
  if [ "$code" != 200 ]; then
    refused="$code $(head -c 300 "$work/last")"
    break
  fi
  acked=$((acked + 2000))
done
[ -n "$refused" ] || fail "the disk never filled"
kill -0 "$server" 2>/dev/null || fail "the server died on the full disk: $(tail -5 "$work/serve.log")"
[ "${refused%% *}" = 507 ] || fail "the write that did not fit was answered ${refused%% *}, not 507: $refused"
[ "$(count)" = "$acked" ] || fail "after the refused write the server counts $(count), $acked were acknowledged"
health=$(curl -s -o /dev/null -w '%{http_code}' -m 10 "${endpoint%/sparql}/health")
[ "$health" = 200 ] || fail "/health answered $health on the full disk"
again=$(curl -s -o /dev/null -w '%{http_code}' -m 60 -H 'Content-Type: application/sparql-update' \
  --data 'INSERT DATA { <http://ex/late> <http://ex/seq> "late" }' "$endpoint")
[ "$again" = 507 ] || fail "a later write on the full disk was answered $again, not 507"
[ "$(count)" = "$acked" ] || fail "after the later write the server counts $(count), $acked were acknowledged"
echo "refused at $acked triples: $refused"
echo "on the full disk: /health $health, a later write $again, queries count $acked"
kill "$server"
wait "$server" 2>/dev/null || true
server=""
./quarry check --location "$store" >"$work/check" 2>&1 || echo "quarry check on the full disk: $(cat "$work/check")"
start
[ "$(count)" = "$acked" ] || fail "after a restart the server counts $(count), $acked were acknowledged"
echo "full disk: write refused (HTTP ${refused%% *}), server kept answering, $acked acknowledged triples all there after a restart; check: $(grep -E "sound" "$work/check")"
