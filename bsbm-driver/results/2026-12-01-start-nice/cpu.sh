#!/bin/bash
# cpu.sh LABEL: new server on 1M, newcomer run; per-thread CPU of the server and the driver's CPU
L=$1; QJ=${2:-}
pkill -f "quarry.jar serve"; sleep 1
(cd /work/main && QUARRY_JAVA_OPTS="$QJ" nohup ./quarry serve --location /work/bench/quarry-2785 --port 7878 > /work/bench/s38/$L-server.log 2>&1 &)
for _ in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
pid=$(pgrep -f "quarry.jar serve" | head -1)
snap() { for t in /proc/$pid/task/*; do n=$(cat $t/comm); set -- $(cut -d' ' -f14,15 $t/stat); echo "$n $(( $1 + $2 ))"; done | awk '{a[$1]+=$NF} END{for(k in a) print k, a[k]}' | sort; }
snap > $L.cpu0
cd /work/bench/data-2785
s=$(date +%s.%N)
/usr/bin/time -f "driver user %U sys %S wall %e" /work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql -mt 1 -w 50 -runs 200 --quiet -o /work/bench/s38/$L > /work/bench/s38/$L.log 2>/work/bench/s38/$L.time
e=$(date +%s.%N)
cd /work/bench/s38; snap > $L.cpu1
pkill -f "quarry.jar serve"; sleep 2
echo "wall $(echo "$e - $s" | bc)"; cat $L.time | tail -1; grep -o 'QMpH [0-9,]*' $L.log
join $L.cpu0 $L.cpu1 | awk '{d=$3-$2; if(d>5) printf "%s %.2f s\n",$1,d/100}' | sort -k2 -rn
