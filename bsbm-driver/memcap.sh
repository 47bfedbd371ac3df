#!/usr/bin/env bash
# Runs a command in a memory cgroup of its own whose limit counts the page cache, so that a store
# larger than the limit must really be read from the device (bsbm-driver/README.md, "Beyond memory").
#
#   bsbm-driver/memcap.sh --check                          can a capped group be made here? (exit 0/3)
#   bsbm-driver/memcap.sh --cap 2GB --name NAME -- CMD...  CMD (exec'd: same pid) in group NAME
#   bsbm-driver/memcap.sh --report NAME                    limit, peak use, times the limit was hit
#   bsbm-driver/memcap.sh --remove NAME                    the group, once its processes are gone
#
# cgroup v1 (`memory.limit_in_bytes` under /sys/fs/cgroup/memory, what these machines have) or v2
# (`memory.max`, the memory controller enabled under /sys/fs/cgroup). Both charge the page cache a
# process reads in to its group. Needs root (or a delegated group). Where no group can be made it
# says why and exits 3 without running anything: a run that claims a cap must have had one.
set -euo pipefail

# MEMCAP_ROOT: where the cgroup file systems are mounted (/sys/fs/cgroup); tests point it elsewhere.
V2=${MEMCAP_ROOT:-/sys/fs/cgroup}
V1=$V2/memory

# Prints v1 or v2 when a memory group can be made here; otherwise the reason, on stderr, and fails.
flavour() {
  if [ -f "$V1/memory.limit_in_bytes" ] && [ -w "$V1" ]; then
    echo v1
  elif [ -f "$V2/cgroup.controllers" ] && grep -qw memory "$V2/cgroup.controllers" && [ -w "$V2" ]; then
    echo v2
  elif [ -f "$V1/memory.limit_in_bytes" ] || [ -f "$V2/cgroup.controllers" ]; then
    echo "memcap.sh: the memory cgroup is there but not writable by $(id -un): run as root" >&2
    return 3
  else
    echo "memcap.sh: no memory cgroup controller is mounted (neither $V1 nor $V2 with 'memory')" >&2
    return 3
  fi
}

dir_of() { # NAME
  case "$(flavour)" in
    v1) echo "$V1/$1" ;;
    v2) echo "$V2/$1" ;;
  esac
}

create() { # NAME BYTES
  local f dir
  f=$(flavour) || exit 3
  dir=$(dir_of "$1")
  if [ "$f" = v2 ] && ! grep -qw memory "$V2/cgroup.subtree_control"; then
    echo +memory > "$V2/cgroup.subtree_control" || { echo "memcap.sh: cannot enable the memory controller" >&2; exit 3; }
  fi
  mkdir -p "$dir" || { echo "memcap.sh: cannot create $dir" >&2; exit 3; }
  if [ "$f" = v1 ]; then
    echo "$2" > "$dir/memory.limit_in_bytes"
    echo 0 > "$dir/memory.max_usage_in_bytes" 2>/dev/null || true # peak counted from now
    [ "$(cat "$dir/memory.limit_in_bytes")" -le "$2" ] || { echo "memcap.sh: the limit did not hold" >&2; exit 3; }
  else
    echo "$2" > "$dir/memory.max"
  fi
}

case "${1:-}" in
  --check)
    f=$(flavour) || exit 3
    echo "memory cgroup $f: a capped group can be made"
    ;;
  --report)
    dir=$(dir_of "$2")
    if [ -f "$dir/memory.limit_in_bytes" ]; then
      printf 'limit %s peak %s limit-hit %s\n' "$(cat "$dir/memory.limit_in_bytes")" \
        "$(cat "$dir/memory.max_usage_in_bytes")" "$(cat "$dir/memory.failcnt")"
    else
      printf 'limit %s peak %s limit-hit %s\n' "$(cat "$dir/memory.max")" \
        "$(cat "$dir/memory.peak" 2>/dev/null || echo -)" "$(grep -w max "$dir/memory.events" | cut -d' ' -f2)"
    fi
    ;;
  --remove)
    dir=$(dir_of "$2")
    [ -d "$dir" ] && rmdir "$dir" 2>/dev/null || true
    ;;
  --cap)
    cap=$(numfmt --from=iec "${2%B}") || { echo "memcap.sh: --cap takes a size like 2GB, not $2" >&2; exit 2; }
    [ "${3:-}" = --name ] && [ -n "${4:-}" ] && [ "${5:-}" = -- ] && [ $# -gt 5 ] ||
      { echo "memcap.sh: usage: --cap SIZE --name NAME -- CMD..." >&2; exit 2; }
    name=$4
    shift 5
    create "$name" "$cap"
    echo $$ > "$(dir_of "$name")/cgroup.procs"
    exec "$@"
    ;;
  -h|--help|"") sed -n '2,13p' "$0" ;;
  *) echo "memcap.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
esac
