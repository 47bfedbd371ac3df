#!/bin/bash
# Oxigraph 0.5.13 at BSBM 100M: generated straight into its load (no 26 GB file), then optimize
cd /work/bench
rm -rf oxigraph-284826
s=$(date +%s)
/work/main/bsbm-driver/bsbm generate -pc 284826 -o - -dir /tmp/td-scratch 2> /tmp/oxgen.err | peers/oxigraph-venv/bin/oxigraph load --location oxigraph-284826 --format nt
m=$(date +%s)
echo "load (with the generator in the pipe): $((m - s)) s"
peers/oxigraph-venv/bin/oxigraph optimize --location oxigraph-284826
e=$(date +%s)
echo "optimize: $((e - m)) s"
du -sh oxigraph-284826
