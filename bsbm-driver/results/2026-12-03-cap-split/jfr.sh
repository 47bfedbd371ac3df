#!/bin/bash
# jfr.sh LABEL CAP: one tdiag run (16 clients, 120 s) with a JFR profile, OUT/LABEL.jfr (OUT= the run folder's parent, default ./jfr)
L=$1; CAP=$2; OUT=${OUT:-$(pwd)/jfr}
export STORE=/work/bench/quarry-284826-coded DIO=auto
export QJ="-XX:StartFlightRecording=filename=$OUT/$L.jfr,settings=profile,dumponexit=true"
T=/work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh
timeout 600 $T $OUT $L $CAP 120 16
