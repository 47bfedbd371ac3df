#!/bin/bash
# primer (new build writes resident-terms), then ABBA noted (/work/main) vs base (/work/bench/alt)
export STORE=/work/bench/quarry-284826-coded DIO=auto IDIR=/work/bench/data-284826/td-gen
O=/work/bench/s56/terms-warm
T=/work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh
REPO=/work/main $T $O prime 2GB 90 16 | grep -E "QMpH"
ls -la $STORE/resident-*
bash /work/main/bsbm-driver/results/2026-12-03-cache-upkeep/ab.sh $O 4 2GB 120 16 noted /work/main base /work/bench/alt
echo done
