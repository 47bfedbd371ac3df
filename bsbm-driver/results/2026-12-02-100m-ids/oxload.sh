#!/bin/bash
# Oxigraph 0.5.13 loaded with BSBM 100M straight from the generator (no 26 GB file), then optimized
# as its load command recommends; times both.
set -e
B=/work/main/bsbm-driver/bsbm; OX=/work/bench/peers/oxigraph-venv/bin/oxigraph; DB=/work/bench/oxigraph-284826
rm -rf "$DB" /tmp/td-ox; export QUARRY_BUILD=never
t0=$(date +%s)
$B generate -pc 284826 -o - -dir /tmp/td-ox --quiet | $OX load --location "$DB" --format nt
t1=$(date +%s); echo "load $((t1-t0)) s"
$OX optimize --location "$DB"
t2=$(date +%s); echo "optimize $((t2-t1)) s"; du -sh "$DB"
