#!/bin/bash
# heapuse.sh: the capped server's heap: the default, a term cache of 100,000 units (25 MB each way
# instead of a sixth of the heap, 85 MB), and a young generation of half the heap (-XX:NewRatio=1)
export STORE=/work/bench/quarry-284826-coded DIO=auto
A=/work/main/bsbm-driver/results/2026-12-02-collector/abq.sh
$A /work/bench/s54/heapuse 2 2GB 120 16 "dflt|||" "tc100k||--set store.term-cache=100000" "nr1|-XX:NewRatio=1||"
