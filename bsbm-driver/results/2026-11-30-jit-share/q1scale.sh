#!/bin/bash
# q1scale.sh OUT ROUNDS: BSBM 10M then 100M, one client, 50 + 200 mixes, a new server each, alternating.
OUT=$1; ROUNDS=${2:-2}
cd /work
for r in $(seq 1 "$ROUNDS"); do
  for pc in 28480 284826; do
    cat bench/quarry-$pc/* > /dev/null 2>&1
    rm -rf bench/results-$pc
    bench/qrun/bsbm-driver/compare.sh -pc $pc --work bench --keep-stores --systems quarry --clients 1 > /tmp/q1scale-$pc-$r.log 2>&1
    mkdir -p "$OUT/$pc-$r"; cp -r bench/results-$pc/. "$OUT/$pc-$r/"
  done
done
python3 - "$OUT" <<'PY'
import json,glob,sys,os
out=sys.argv[1]
runs={}
for d in sorted(glob.glob(out+'/*-*')):
    j=json.load(open(d+'/Quarry/explore-1.json'))
    runs[os.path.basename(d)]=j
names=[q['name'] for q in next(iter(runs.values()))['queries']]
print('| template | '+' | '.join(runs)+' |')
print('|---|'+'---:|'*len(runs))
print('| QMpH | '+' | '.join(f"{round(j['qmph']):,}" for j in runs.values())+' |')
for n in names:
    print(f'| {n} | '+' | '.join(next(f"{q['meanMs']:.2f} ({q['p50Ms']:.2f})" for q in j['queries'] if q['name']==n) for j in runs.values())+' |')
PY
