#!/bin/bash
export DIO=auto TD=/work/bench/data-284826/td-gen
P=/work/main/bsbm-driver/results/2026-12-02-side-chunks/pertemplate.sh
STORE=/work/bench/quarry-284826-typed $P /work/bench/s56/pt-u typed 0 60 12 1
STORE=/work/bench/quarry-284826-coded $P /work/bench/s56/pt-u records 0 60 12 1
python3 /work/main/bsbm-driver/results/2026-12-02-side-chunks/pt.py /work/bench/s56/pt-u/typed /work/bench/s56/pt-u/records
echo done
