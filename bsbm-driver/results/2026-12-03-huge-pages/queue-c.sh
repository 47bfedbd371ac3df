#!/bin/bash
# Session 57: (L) load the tails store (paged-v7); prime it; (B) capped ABBA tails store against
# the typed store (paged-v6, upgraded in place to v7: its tailed IRIs stay records), same build;
# (U) the same uncapped; (C) capped against uncapped on the tails store.
export DIO=auto IDIR=/work/bench/data-284826/td-gen
S=/work/bench/s57
STORE=/work/bench/quarry-284826-tails bash /work/main/bsbm-driver/results/2026-12-02-side-chunks/load.sh > $S/load-tails.log 2>&1
tail -3 $S/load-tails.log
T=/work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh
REPO=/work/main STORE=/work/bench/quarry-284826-tails $T $S/tails prime-tails 2GB 60 16 | grep QMpH
$S/abx.sh $S/tails 2 2GB 120 16 "tails /work/main /work/bench/quarry-284826-tails" "typed /work/main /work/bench/quarry-284826-typed"
$S/abx.sh $S/tails-u 2 0 120 16 "tails /work/main /work/bench/quarry-284826-tails" "typed /work/main /work/bench/quarry-284826-typed"
export STORE=/work/bench/quarry-284826-tails
/work/main/bsbm-driver/results/2026-12-02-capped-costs/pair.sh $S/pair-tails 2 120 16
echo done
