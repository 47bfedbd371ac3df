#!/bin/bash
# run1.sh OUT LABEL CAP [serve opts]: one tdiag run (16 clients, 120 s), typed store; QJ from the environment
OUT=$1; L=$2; CAP=$3; shift 3
export STORE=/work/bench/quarry-284826-typed DIO=auto IDIR=/work/bench/data-284826/td-gen
timeout 600 /work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh $OUT $L $CAP 120 16 "$@"
