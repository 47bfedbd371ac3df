#!/bin/bash
# Settle two open questions with reporting off: typed ids uncapped (rounds 3-4), capped against uncapped (rounds 3-4).
echo virtio0 > /sys/bus/virtio/drivers/virtio_balloon/unbind
python3 /work/main/bsbm-driver/results/2026-12-03-fresh-memory/touch.py 20 1
export DIO=auto IDIR=/work/bench/data-284826/td-gen
/work/bench/s56/abx.sh /work/bench/s56/typed-nr2 2 0 120 16 "typed /work/main /work/bench/quarry-284826-typed" "records /work/main /work/bench/quarry-284826-coded"
export STORE=/work/bench/quarry-284826-typed
/work/main/bsbm-driver/results/2026-12-02-capped-costs/pair.sh /work/bench/s56/pair-nr2 2 120 16
echo virtio0 > /sys/bus/virtio/drivers/virtio_balloon/bind
echo done
