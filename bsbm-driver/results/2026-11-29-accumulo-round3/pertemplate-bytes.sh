#!/bin/bash
# Requests to Accumulo and bytes received per query, per template: N queries of each template
# (after 2 warm-up ones), /metrics before and after.  Usage: pertemplate-bytes.sh URL N DATA_DIR
URL=${1:-http://127.0.0.1:7879}; N=${2:-20}; DATA=${3:-/work/bench/data-2785}
cd $DATA
m() { curl -s $URL/metrics | grep -E '^quarry_accumulo_requests_total|^quarry_accumulo_received_bytes_total' | sed -E 's/^quarry_accumulo_received_bytes_total.* ([0-9.E]+)$/bytes \1/; s/.*kind="([a-z_]*)".* ([0-9.E]+)$/\1 \2/' | awk '{printf "%s=%d ", $1, $2}'; }
echo "template requests_per_query scan batch_scan txn write bytes_per_query"
for q in 1 2 3 4 5 7 8 9 10 11 12; do
  before=$(m)
  /work/main/bsbm-driver/bsbm run $URL/sparql --queries /work/bench/mixes/q$q -w 2 -runs $N --quiet -o /tmp/pt-q$q > /tmp/pt-q$q.log 2>&1
  after=$(m)
  python3 - "$q" "$before" "$after" "$N" <<'PY'
import sys
q,b,a,n=sys.argv[1],dict(x.split('=') for x in sys.argv[2].split()),dict(x.split('=') for x in sys.argv[3].split()),int(sys.argv[4])+2
d={k:(int(a[k])-int(b.get(k,0)))/n for k in a}
req=sum(v for k,v in d.items() if k!='bytes')
print(f"Q{q} {req:.2f} {d.get('scan',0):.2f} {d.get('batch_scan',0):.2f} {d.get('txn',0):.2f} {d.get('write',0):.2f} {d.get('bytes',0):.0f}")
PY
done
