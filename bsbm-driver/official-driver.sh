#!/usr/bin/env bash
# The original BSBM test driver (bsbmtools 0.2) against a SPARQL endpoint, as a newcomer runs it.
#
#   bsbm-driver/official-driver.sh [-pc 2785] [-w 50] [-runs 200] [-mt 1] [-o DIR] ENDPOINT
#
# Fetches bsbmtools 0.2 once (git clone of github.com/Tpt/bsbm-tools, the public copy of the
# SourceForge release, into ${BSBMTOOLS:-~/.cache/quarry/bsbmtools}), runs its own generator once
# per scale for the test-driver data it reads (td_data, Java-serialized: Quarry's generator writes
# the same dataset but not that file), then its TestDriver: Explore mix, seed 808080, queries as
# GET ?query=, SELECT asked for as SPARQL XML, DESCRIBE and CONSTRUCT as RDF/XML, over Java's
# HttpURLConnection; with -mt 1 (the default) the driver's single-client loop, as without -mt (its
# -mt path, even for one client, is another and slower). Prints QMpH and each template's mean and geometric mean time (ms); keeps the
# driver's benchmark_result.xml as DIR/result-w<W>-mt<MT>.xml (default DIR: official-results).
# Its dataset is written beside td_data (dataset.nt) for loading the systems under test.
set -euo pipefail

PC=2785; WARM=50; RUNS=200; MT=1; OUT=official-results
while [ $# -gt 1 ]; do
  case "$1" in
    -pc) PC=$2; shift 2 ;;
    -w) WARM=$2; shift 2 ;;
    -runs) RUNS=$2; shift 2 ;;
    -mt) MT=$2; shift 2 ;;
    -o) OUT=$2; shift 2 ;;
    *) echo "official-driver.sh: unknown option $1 (see the head of this file)" >&2; exit 2 ;;
  esac
done
[ $# -eq 1 ] || { sed -n '2,14p' "$0"; exit 2; }
ENDPOINT=$1
here=$(cd "$(dirname "$0")" && pwd)
tools=${BSBMTOOLS:-$HOME/.cache/quarry/bsbmtools}
if [ ! -f "$tools/lib/bsbm.jar" ]; then
  echo "official-driver.sh: fetching bsbmtools 0.2 into $tools" >&2
  git clone -q --depth 1 https://github.com/Tpt/bsbm-tools "$tools"
fi
td="$tools/scale-$PC"
if [ ! -d "$td/td_data" ]; then
  echo "official-driver.sh: generating the $PC-product dataset and its td_data" >&2
  mkdir -p "$td"
  (cd "$tools" && java -Xmx1g -cp 'lib/*' benchmark.generator.Generator -pc "$PC" -s nt \
    -fn "$td/dataset" -dir "$td/td_data" > "$td/generate.log" 2>&1)
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
log="$OUT/driver-w$WARM-mt$MT.log"
echo "official-driver.sh: $ENDPOINT, -w $WARM -runs $RUNS -mt $MT" >&2
# The driver reads queries/ and usecases/ relative to its working directory, and writes
# benchmark_result.xml there: one run at a time per tools directory.
(cd "$tools" && java -Xmx1g -cp 'lib/*' benchmark.testdriver.TestDriver -idir "$td/td_data" \
  -w "$WARM" -runs "$RUNS" $([ "$MT" -gt 1 ] && echo "-mt $MT") "$ENDPOINT" > "$log" 2>&1) \
  || { tail -20 "$log" >&2; exit 1; }
cp "$tools/benchmark_result.xml" "$OUT/result-w$WARM-mt$MT.xml"
python3 "$here/official-summary.py" "$OUT/result-w$WARM-mt$MT.xml"
