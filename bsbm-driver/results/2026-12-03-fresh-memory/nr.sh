#!/bin/bash
# the same pairs with the VM's free page reporting off (virtio_balloon unbound, guest memory touched once)
H=$(cd "$(dirname "$0")" && pwd)
# Before it (root; the device name from ls /sys/bus/virtio/drivers/virtio_balloon):
#   echo virtio0 > /sys/bus/virtio/drivers/virtio_balloon/unbind   # no more free page reporting
#   python3 $H/touch.py 20 1   # 20 GB touched once: the memory the host had taken back, back
# After it: echo virtio0 > /sys/bus/virtio/drivers/virtio_balloon/bind
P=$H/../2026-12-02-capped-costs/pair.sh
export STORE=/work/bench/quarry-284826-coded DIO=auto
$P $H/nrA 2 120 16
$P $H/nrB 2 120 16
