#!/bin/bash
cd /work/bench
export STORE=/work/bench/quarry-2785 TD=/work/bench/data-2785/td_data
for r in 1 2; do for n in 0 10; do
  ./warm16.sh exp31 1m-warm-16c-nice$n-$r 0 1500 1500 16 --set server.query-nice=$n
  ./warm16.sh exp31 1m-warm-1c-nice$n-$r 0 300 500 1 --set server.query-nice=$n
done; done
echo done > /tmp/exp31w.done
