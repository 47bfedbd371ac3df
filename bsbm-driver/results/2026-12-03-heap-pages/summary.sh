#!/bin/sh
# summary.sh: ../2026-12-03-cap-split/summary.py over this folder's runs (writes tables.txt).
cd "$(dirname "$0")" || exit 1
python3 ../2026-12-03-cap-split/summary.py "$PWD/heap-c" "$PWD/heap-c2" "$PWD/heap-u" "$PWD/heap-u2" "$PWD/pair-cnt" "$PWD/pair-hthp" \
  | sed "s|$PWD/||g" > tables.txt
