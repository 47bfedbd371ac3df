#!/bin/bash
# Capped against uncapped on the build with the pool in huge pages, typed store, pair.sh (c u u c),
# reporting off.
echo virtio0 > /sys/bus/virtio/drivers/virtio_balloon/unbind
python3 /work/main/bsbm-driver/results/2026-12-03-fresh-memory/touch.py 20 1
export DIO=auto IDIR=/work/bench/data-284826/td-gen STORE=/work/bench/quarry-284826-typed
/work/main/bsbm-driver/results/2026-12-02-capped-costs/pair.sh /work/bench/s57/pair-thp2 2 120 16
echo virtio0 > /sys/bus/virtio/drivers/virtio_balloon/bind
echo done
