#!/bin/bash
export DIO=auto IDIR=/work/bench/data-284826/td-gen
/work/bench/s56/abx.sh /work/bench/s56/typed-u 2 0 120 16 "typed /work/main /work/bench/quarry-284826-typed" "records /work/main /work/bench/quarry-284826-coded"
/work/bench/s56/abx.sh /work/bench/s56/terms-warm2 2 2GB 120 16 "noted /work/main /work/bench/quarry-284826-typed" "head /work/main /work/bench/quarry-284826-typed -Dquarry.warm-up.noted-terms=false"
echo done
