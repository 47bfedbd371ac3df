#!/bin/sh
# summary.sh: ../2026-12-03-cap-split/summary.py over this folder's runs and templates.py per arm
# (writes tables.txt).
cd "$(dirname "$0")" || exit 1
{
  python3 ../2026-12-03-cap-split/summary.py "$PWD/typed" "$PWD/typed-u" "$PWD/typed-nr" \
    "$PWD/terms-warm" "$PWD/terms-warm2"
  for d in typed typed-u typed-nr; do echo; echo "$d/, per template"; echo; python3 templates.py "$d" records typed; done
  echo; python3 ../2026-12-02-side-chunks/pt.py "$PWD/pt-u/typed" "$PWD/pt-u/records"
} | sed "s|$PWD/||g" > tables.txt
