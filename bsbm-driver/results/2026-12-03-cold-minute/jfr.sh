#!/bin/bash
# jfr.sh LABEL CAP: one tdiag run (16 clients, 120 s), typed store, with a JFR profile in ./jfr/LABEL.jfr
L=$1; CAP=$2; OUT=${OUT:-$(pwd)/jfr}; mkdir -p $OUT
export STORE=/work/bench/quarry-284826-typed DIO=auto IDIR=/work/bench/data-284826/td-gen
export QJ="-XX:StartFlightRecording=filename=$OUT/$L.jfr,settings=profile,dumponexit=true"
T=/work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh
timeout 600 $T $OUT $L $CAP 120 16
