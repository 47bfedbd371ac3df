#!/bin/bash
# queue-1.sh OUT: capped against uncapped with one client (pair.sh, 2 rounds: c u, u c), typed store, reporting off.
R=/work/main/bsbm-driver/results
export DIO=auto IDIR=/work/bench/data-284826/td-gen STORE=/work/bench/quarry-284826-typed
$R/2026-12-03-fresh-memory/reporting-off.sh $R/2026-12-02-capped-costs/pair.sh $1 2 120 1
