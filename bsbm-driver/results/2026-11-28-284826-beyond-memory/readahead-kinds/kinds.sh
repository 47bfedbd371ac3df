#!/bin/bash
# BSBM 100M, the server in a 2 GB cgroup on a dropped OS cache (default settings), -w 50 -runs 200:
# read-ahead pages used and wasted by kind, from /metrics after the run. Usage: kinds.sh CLIENTS NAME [SETS]
cd /work/bench
M=/work/bench/qafter/bsbm-driver/memcap.sh
out=/work/bench/kinds; mkdir -p $out
c=$1; name=$2; shift 2
sync; echo 3 > /proc/sys/vm/drop_caches
$M --cap 2GB --name kinds -- /work/bench/qafter/quarry serve --location /work/bench/quarry-284826 --port 7878 "$@" > $out/$name-server.log 2>&1 &
pid=$!
for i in $(seq 120); do curl -sf -o /dev/null http://127.0.0.1:7878/health && break; sleep 1; done
/work/bench/qafter/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql -idir data-284826/td_data -w 50 -runs 200 -mt $c -o $out/$name --quiet > /dev/null 2>&1
curl -s http://127.0.0.1:7878/metrics > $out/$name-metrics.txt
q=$(grep -o '"qmph" *: *[0-9.]*' $out/$name/explore-$c.json | head -1 | grep -o '[0-9.]*$')
io=$(awk '$1=="read_bytes:"{printf "%.0f", $2/1048576}' /proc/$pid/io)
echo "$name clients=$c QMpH=$q device_read_MB=$io"
grep "readahead_kind\|readahead_used_total\|readahead_wasted_total\|readahead_issued" $out/$name-metrics.txt | grep -v "^#"
kill $pid; wait $pid 2>/dev/null
$M --remove kinds
