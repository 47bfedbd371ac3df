#!/bin/sh
# summary.sh: ../2026-12-03-cap-split/summary.py over this folder's tdiag runs (writes tables.txt).
cd "$(dirname "$0")" && python3 ../2026-12-03-cap-split/summary.py "$PWD/inline" "$PWD/inline-u" \
  "$PWD/gclock" "$PWD/pool" "$PWD/willneed" "$PWD/probe" | sed "s|$PWD/||" > tables.txt
