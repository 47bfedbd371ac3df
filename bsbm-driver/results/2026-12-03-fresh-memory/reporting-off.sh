#!/bin/bash
# reporting-off.sh CMD [ARGS...]: runs CMD with this VM's free page reporting off (the balloon
# driver unbound, 20 GB touched once, as in README.md), and binds the driver again afterwards.
B=/sys/bus/virtio/drivers/virtio_balloon
echo virtio0 > $B/unbind
trap 'echo virtio0 > $B/bind' EXIT
python3 "$(dirname "$0")/touch.py" 20 1
"$@"
