#!/bin/bash
cd /work/bench
export DRIVER_NICE=10
for n in 0 10; do STORE=/work/bench/quarry-2785 TD=/work/bench/data-2785/td_data ./warm16.sh exp31 1m-warm-16c-nice$n-dn10 0 1500 1500 16 --set server.query-nice=$n; done
for n in 0 10; do ./cold16.sh /work/bench/exp31 uncapped-16-nice$n-dn10 0 90 --set server.query-nice=$n > /dev/null 2>&1; done
echo done > /tmp/exp31dn.done
