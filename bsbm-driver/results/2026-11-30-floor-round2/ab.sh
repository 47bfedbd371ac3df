#!/bin/bash
# one-client and 16-client A/B, new server each, alternating
cd "$(dirname "$0")"  # with cpu2.sh beside it
for r in 1 2 3; do for repo in /work/bench/qbefore /work/main; do
  echo "== $(basename $repo) r$r c1"; REPO=$repo PRE=1:1500 timeout 600 bash cpu2.sh quarry 1 0 1500 2>&1 | grep -E "^quarry|QMpH|quarry-query"
  echo "== $(basename $repo) r$r c16"; REPO=$repo PRE=1:1500 timeout 600 bash cpu2.sh quarry 16 100 3000 2>&1 | grep -E "^quarry|QMpH|quarry-query"
done; done
