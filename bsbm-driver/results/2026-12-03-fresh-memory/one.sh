#!/bin/bash
# one client, capped against uncapped, with free page reporting off (as nr.sh)
H=$(cd "$(dirname "$0")" && pwd)
P=$H/../2026-12-02-capped-costs/pair.sh
export STORE=/work/bench/quarry-284826-coded DIO=auto
$P $H/nr1 2 120 1
