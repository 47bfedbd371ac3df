#!/bin/bash
# ABBA capped, new (probe reads) vs base (9aa4c58f), then syscall counts of the new build capped.
export DIO=auto
S=/work/bench/quarry-284826-typed
/work/main/bsbm-driver/results/2026-12-03-typed-ids/abx.sh ab-c 2 2GB 120 16 "new /work/main $S" "base /work/bench/alt $S"
STORE=$S REPO=/work/main ./syscount.sh sc c16-new 2GB
