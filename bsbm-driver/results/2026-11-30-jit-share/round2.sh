#!/bin/bash
cd /work/bench
for n in 0 10; do ./cold16.sh /work/bench/exp31 uncapped-16-nice$n-r2 0 90 --set server.query-nice=$n > /dev/null 2>&1; done
for n in 0 10; do ./cold16.sh /work/bench/exp31 capped-16-nice$n-r2 2GB 90 --set server.query-nice=$n > /dev/null 2>&1; done
for n in 0 10; do ./warm16.sh exp31 warm-uncapped-nice$n-r2 0 300 1000 16 --set server.query-nice=$n > /dev/null 2>&1; done
for n in 0 10; do ./warm16.sh exp31 warm-capped-nice$n-r2 2GB 300 1000 16 --set server.query-nice=$n > /dev/null 2>&1; done
echo done > /tmp/exp31r2.done
