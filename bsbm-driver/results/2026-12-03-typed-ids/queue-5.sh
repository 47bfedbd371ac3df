#!/bin/bash
echo virtio0 > /sys/bus/virtio/drivers/virtio_balloon/unbind
python3 /work/main/bsbm-driver/results/2026-12-03-fresh-memory/touch.py 20 1
export DIO=auto IDIR=/work/bench/data-284826/td-gen
/work/bench/s56/abx.sh /work/bench/s56/typed-nr 2 0 120 16 "typed /work/main /work/bench/quarry-284826-typed" "records /work/main /work/bench/quarry-284826-coded"
echo virtio0 > /sys/bus/virtio/drivers/virtio_balloon/bind
echo done
