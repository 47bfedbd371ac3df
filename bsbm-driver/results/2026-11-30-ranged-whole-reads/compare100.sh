#!/bin/bash
# BSBM 100M, Quarry and Oxigraph side by side: default configuration, then each server capped at 2 GB
cd /work
/work/main/bsbm-driver/compare.sh -pc 284826 --work bench --keep-stores --systems "quarry oxigraph" \
    --clients "1 16" --slow-mixes oxigraph=5:20 --cold 60
/work/main/bsbm-driver/compare.sh -pc 284826 --work bench --keep-stores --systems "quarry oxigraph" \
    --clients "1 16" --slow-mixes oxigraph=5:20 --cold 60 --memory-cap 2GB
