#!/bin/bash
# Capped against uncapped (one client unless CLIENTS says), alternating in one session so the
# machine's drift falls on both: BSBM 100M, 50 warm-up + 200 measured mixes on a new server each time.
#  default: the 24 GB machine's configuration (6 GB pool, -Xmx4g), the store in the OS cache (read
#           through once before the start, as a server that has run a while finds it);
#  capped:  a 2 GB memory cgroup that counts the page cache, OS cache dropped before the start.
# pairs.sh OUT [ROUNDS] [CLIENTS]: OUT/default-N/, OUT/capped-N/ and OUT/pairs.tsv
OUT=$1; ROUNDS=${2:-3}; CLIENTS=${3:-1}
REPO=$(cd "$(dirname "$0")/../../.." && pwd)
cd /work
mkdir -p "$OUT"
printf 'round\tdefault QMpH\tcapped QMpH\tcapped / default\n' > "$OUT/pairs.tsv"
qmph() { python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))['qmph']))" "$1"; }
for r in $(seq 1 "$ROUNDS"); do
  cat bench/quarry-284826/* > /dev/null 2>&1
  rm -rf bench/results-284826
  "$REPO/bsbm-driver/compare.sh" -pc 284826 --work bench --keep-stores --systems quarry --clients "$CLIENTS" \
    > "/tmp/pairs-default-$r.log" 2>&1
  cp -r bench/results-284826/. "$OUT/default-$r/"
  rm -rf bench/results-284826-cap2GB
  "$REPO/bsbm-driver/compare.sh" -pc 284826 --work bench --keep-stores --systems quarry --clients "$CLIENTS" \
    --memory-cap 2GB > "/tmp/pairs-capped-$r.log" 2>&1
  cp -r bench/results-284826-cap2GB/. "$OUT/capped-$r/"
  d=$(qmph "$OUT/default-$r/Quarry/explore-$CLIENTS.json"); c=$(qmph "$OUT/capped-$r/Quarry/explore-$CLIENTS.json")
  printf '%s\t%s\t%s\t%s\n' "$r" "$d" "$c" "$(python3 -c "print(f'{$c/$d:.0%}')")" | tee -a "$OUT/pairs.tsv"
done
