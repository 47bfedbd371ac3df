#!/bin/bash
# one capped run of 60 s (not counted) so the store's list is written by this build
H=$(cd "$(dirname "$0")" && pwd)
T=$H/../2026-12-02-collector/tdiag.sh
export STORE=/work/bench/quarry-284826-coded DIO=auto
timeout 600 $T $H/prime c16-0 2GB 60 16 > /dev/null 2>&1
ls -la $STORE/resident-*
P=$H/../2026-12-02-capped-costs/pair.sh
$P $H/pairA 2 120 16
$P $H/pairB 2 120 16
$P $H/pairC 2 120 16
