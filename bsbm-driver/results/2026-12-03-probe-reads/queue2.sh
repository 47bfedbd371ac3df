#!/bin/bash
# ABBA capped again, base first this time (base new new base).
export DIO=auto
S=/work/bench/quarry-284826-typed
/work/main/bsbm-driver/results/2026-12-03-typed-ids/abx.sh ab-c2 2 2GB 120 16 "base /work/bench/alt $S" "new /work/main $S"
