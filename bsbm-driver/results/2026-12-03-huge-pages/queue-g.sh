#!/bin/bash
# queue-g.sh OUT: capped against uncapped on the build with the pool in huge pages, typed store,
# pair.sh (c u u c), reporting off. Run as `queue-g.sh pair-thp`, then `queue-g.sh pair-thp2`.
R=/work/main/bsbm-driver/results
export DIO=auto IDIR=/work/bench/data-284826/td-gen STORE=/work/bench/quarry-284826-typed
$R/2026-12-03-fresh-memory/reporting-off.sh $R/2026-12-02-capped-costs/pair.sh /work/bench/s57/$1 2 120 16
