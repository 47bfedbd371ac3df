#!/bin/bash
# capped, 16 clients: the whole-read table cache at its default (a 16th of the 512 MB heap) against 128 MB
H=$(cd "$(dirname "$0")" && pwd)
A=$H/../2026-12-02-collector/abq.sh
export STORE=/work/bench/quarry-284826-coded DIO=auto
$A $H/wr 2 2GB 120 16 "def|||" "wr128|-Dquarry.exec.whole-read-cache=134217728||"
