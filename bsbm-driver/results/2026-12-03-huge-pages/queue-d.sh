#!/bin/bash
# Uncapped, typed store against records store (same build), JFR (profile settings, 40-100 s) on
# every server: where a slow run's extra CPU a query goes.
export DIO=auto IDIR=/work/bench/data-284826/td-gen
S=/work/bench/s57
J="-XX:StartFlightRecording=delay=40s,duration=60s,settings=profile,filename=$S/jfr"
$S/abx.sh $S/jfr-u 2 0 120 16 "typed /work/main /work/bench/quarry-284826-typed $J/typed-%p.jfr" "records /work/main /work/bench/quarry-284826-coded $J/records-%p.jfr"
echo done
