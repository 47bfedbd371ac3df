#!/bin/bash
# BSBM 100M generated straight into `quarry load -` (no 26 GB file), timed; STORE= where.
set -e
S=${STORE:-/work/bench/quarry-284826-side}; rm -rf "$S" /tmp/td-side
export QUARRY_BUILD=never JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
t0=$(date +%s)
/work/main/bsbm-driver/bsbm generate -pc 284826 -o - -dir /tmp/td-side --quiet \
 | /usr/bin/time -v /work/main/quarry load - --format ntriples --location "$S"
t1=$(date +%s); echo "load $((t1-t0)) s"; du -sh "$S"; ls -la "$S"
