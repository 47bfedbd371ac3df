#!/usr/bin/env bash
# Builds alternating, a new server each: ab.sh OUT ROUNDS REPO... ; per run, 1,500 one-client mixes
# to warm it, then 100 + 3,000 mixes with 16 clients measured (cpu-split.sh, with a JFR profile).
set -euo pipefail
out=$1; rounds=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
for r in $(seq "$rounds"); do
  for repo in "$@"; do
    echo "== $(basename "$repo") round $r"
    PROF=1 PRE=1:1500 "$here/cpu-split.sh" "$out/$(basename "$repo")-$r" "$repo" 16 100 3000
  done
done
