#!/bin/sh
# summary.sh: ../2026-12-03-cap-split/summary.py over this folder's runs, templates.py per ABBA set
# and beyond.py for the capped sets (writes tables.txt).
cd "$(dirname "$0")" || exit 1
{
  python3 ../2026-12-03-cap-split/summary.py "$PWD/thp-u" "$PWD/thp-c" "$PWD/jfr-u" "$PWD/typed-nr2" \
    "$PWD/tails" "$PWD/tails-u" "$PWD/pair-tails" "$PWD/pair-thp" "$PWD/pair-thp2"
  for d in thp-u thp-c; do echo; echo "$d/, per template"; echo; python3 ../2026-12-03-typed-ids/templates.py "$d" nothp thp; done
  for d in tails tails-u; do echo; echo "$d/, per template"; echo; python3 ../2026-12-03-typed-ids/templates.py "$d" typed tails; done
  for d in typed-nr2 jfr-u; do echo; echo "$d/, per template"; echo; python3 ../2026-12-03-typed-ids/templates.py "$d" records typed; done
  echo; python3 beyond.py thp-c tails
} | sed "s|$PWD/||g" > tables.txt
