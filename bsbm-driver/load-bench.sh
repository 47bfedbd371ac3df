#!/usr/bin/env bash
# The load benchmark: `quarry load` of BSBM datasets timed end to end (wall, JVM start included),
# with its phase breakdown (quarry load --verbose), peak RSS and store size per triple; and
# Oxigraph's `oxigraph load` (then `oxigraph optimize`, timed apart) on the same file in the same
# run, installed from PyPI into WORK/peers if missing (--no-oxigraph to skip it).
#
#   bsbm-driver/load-bench.sh [-pc "2785 28480"] [--rounds N] [--work DIR] [--no-oxigraph]
#                             [--data FILE] [-- quarry load options, e.g. --threads 1]
#
# Generates each scale's dataset once (WORK/data-PC/dataset.nt; --data FILE loads that file
# instead, for one scale). Writes WORK/load-results.md: one row per system, scale and round.
set -euo pipefail

SCALES="2785 28480"; ROUNDS=1; WORK=bsbm-compare; OXIGRAPH=1; DATA=""
OXIGRAPH_VERSION=0.5.13
while [ $# -gt 0 ]; do
  case "$1" in
    -pc) SCALES=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    --no-oxigraph) OXIGRAPH=0; shift ;;
    --data) DATA=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "load-bench.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
out="$WORK/load-results.md"
peers="$WORK/peers"
command -v /usr/bin/time > /dev/null || { echo "load-bench.sh needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

if [ "$OXIGRAPH" = 1 ] && [ ! -x "$peers/oxigraph-venv/bin/oxigraph" ]; then
  echo "== Oxigraph: installing $OXIGRAPH_VERSION from PyPI" >&2
  python3 -m venv "$peers/oxigraph-venv"
  "$peers/oxigraph-venv/bin/pip" install -q "oxigraph==$OXIGRAPH_VERSION"
fi

# Runs a command under /usr/bin/time; sets WALL (s) and RSS (MB).
timed() {
  local log=$1; shift
  /usr/bin/time -f '%e %M' -o "$WORK/time.txt" "$@" > "$log" 2>&1
  read -r WALL RSS < "$WORK/time.txt"
  RSS=$((RSS / 1024))
}

{
  echo "# Loads ($(date -u +%FT%TZ), $(nproc) cores, $(free -g | awk '/Mem/ {print $2}') GB)"
  echo
  echo "| system | scale | triples | wall s | triples/s | peak RSS MB | store MB | bytes/triple |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
} > "$out"

for pc in $SCALES; do
  file=$DATA
  if [ -z "$file" ]; then
    file="$WORK/data-$pc/dataset.nt"
    if [ ! -s "$file" ]; then
      echo "== generating BSBM $pc products" >&2
      mkdir -p "$WORK/data-$pc"
      (cd "$WORK/data-$pc" && "$here/bsbm" generate -pc "$pc" -o dataset.nt)
    fi
  fi
  triples=$(wc -l < "$file")
  for r in $(seq 1 "$ROUNDS"); do
    store="$WORK/quarry-load-$pc"
    rm -rf "$store"
    echo "== Quarry: $file, round $r" >&2
    timed "$WORK/quarry-load.log" "$root/quarry" load --verbose "$@" --location "$store" "$file"
    cat "$WORK/quarry-load.log" | tr '\r' '\n' | grep -v '^  parse\|^  build\|^$' >&2
    loaded=$(grep -o 'Loaded [0-9,]*' "$WORK/quarry-load.log" | tr -dc 0-9)
    mb=$(du -sm "$store" | cut -f1)
    echo "| Quarry | $pc | $loaded | $WALL | $(awk -v n="$loaded" -v t="$WALL" 'BEGIN{printf "%d", n/t}') | $RSS | $mb | $(awk -v b="$mb" -v n="$loaded" 'BEGIN{printf "%.0f", b*1048576/n}') |" >> "$out"
    grep -E '^  [a-z]' "$WORK/quarry-load.log" | sed 's/^/    /' > "$WORK/phases-$pc-$r.txt" || true
    if [ "$OXIGRAPH" = 1 ]; then
      db="$WORK/oxigraph-load-$pc"
      rm -rf "$db"
      echo "== Oxigraph $OXIGRAPH_VERSION: $file, round $r" >&2
      timed "$WORK/oxigraph-load.log" "$peers/oxigraph-venv/bin/oxigraph" load --location "$db" --file "$file"
      owall=$WALL orss=$RSS
      timed "$WORK/oxigraph-optimize.log" "$peers/oxigraph-venv/bin/oxigraph" optimize --location "$db"
      mb=$(du -sm "$db" | cut -f1)
      echo "| Oxigraph $OXIGRAPH_VERSION load | $pc | $triples | $owall | $(awk -v n="$triples" -v t="$owall" 'BEGIN{printf "%d", n/t}') | $orss | $mb | $(awk -v b="$mb" -v n="$triples" 'BEGIN{printf "%.0f", b*1048576/n}') |" >> "$out"
      echo "| Oxigraph $OXIGRAPH_VERSION load + optimize | $pc | $triples | $(awk -v a="$owall" -v b="$WALL" 'BEGIN{printf "%.2f", a+b}') | $(awk -v n="$triples" -v a="$owall" -v b="$WALL" 'BEGIN{printf "%d", n/(a+b)}') | $(( RSS > orss ? RSS : orss )) | $mb | |" >> "$out"
      rm -rf "$db"
    fi
  done
done
{
  echo
  echo "Quarry's phases (quarry load --verbose):"
  echo
  for f in "$WORK"/phases-*.txt; do
    [ -f "$f" ] || continue
    n=$(basename "$f" .txt); echo "- ${n#phases-}:"; echo; cat "$f"; echo
  done
} >> "$out"
rm -f "$WORK"/phases-*.txt
cat "$out"
