#!/bin/bash
# diag.sh OUT LABEL CAP SECS CLIENTS [serve opts]: cold.sh's run, sampling every 10 s the server's
# major/minor faults (/proc/PID/stat), CPU user/system, and (capped) the cgroup's memory.stat.
OUT=$1; LABEL=$2; CAP=$3; SECS=$4; CL=$5; shift 5
D=$OUT/$LABEL; mkdir -p $D
. "$(dirname "$0")/../2026-12-02-collector/beside.sh"
start_beside $OUT $LABEL $CAP $SECS $CL 5 "$@" || exit 1
echo "pid $pid" > $D/diag.txt
for i in $(seq 1 $((SECS/10+1))); do
  [ -d /proc/$pid ] || break
  s=$(awk '{print $10, $12, $14, $15}' /proc/$pid/stat)
  g=""; [ -f /sys/fs/cgroup/memory/quarry-bench-exp/memory.stat ] && g=$(grep -E '^(total_pgmajfault|total_cache|total_rss|total_inactive_file|total_active_file|total_mapped_file) ' /sys/fs/cgroup/memory/quarry-bench-exp/memory.stat | awk '{printf "%s=%d ", $1, ($1 ~ /fault/ ? $2 : $2/1048576)}')
  echo "$(date +%s) minflt majflt utime stime: $s $g" >> $D/diag.txt
  sleep 10
done
wait
