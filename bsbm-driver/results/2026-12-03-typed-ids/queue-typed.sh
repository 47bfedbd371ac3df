#!/bin/bash
export DIO=auto IDIR=/work/bench/data-284826/td-gen
O=/work/bench/s56/typed
/work/main/quarry upgrade --location /work/bench/quarry-284826-coded --no-copy 2>&1 | tail -2
# primers: each store notes its pages
T=/work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh
REPO=/work/main STORE=/work/bench/quarry-284826-typed $T $O prime-typed 2GB 60 16 | grep QMpH
/work/bench/s56/abx.sh $O 3 2GB 120 16 "typed /work/main /work/bench/quarry-284826-typed" "records /work/main /work/bench/quarry-284826-coded"
echo done
