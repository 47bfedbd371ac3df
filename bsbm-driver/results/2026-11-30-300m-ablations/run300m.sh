#!/bin/bash
# BSBM 300M, Quarry alone: the default configuration, then in a 2 GB memory cgroup (OS cache
# dropped), 1 and 16 clients, 50 + 200 mixes on a new server, then from cold (60 s, a new server per
# client count). The store was loaded through a pipe (load300.sh).
OUT=$1
REPO=$(cd "$(dirname "$0")/../../.." && pwd)
cd /work
for cap in "" 2GB; do
  rm -rf bench/results-864000${cap:+-cap$cap}
  "$REPO/bsbm-driver/compare.sh" -pc 864000 --work bench --keep-stores --systems quarry --clients "1 16" \
    --cold 60 ${cap:+--memory-cap $cap} > "/tmp/run300m-${cap:-default}.log" 2>&1
  mkdir -p "$OUT/${cap:+cap}${cap:-default}" && cp -r bench/results-864000${cap:+-cap$cap}/. "$OUT/${cap:+cap}${cap:-default}/"
done
