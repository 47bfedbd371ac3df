#!/usr/bin/env bash
# Fuzzing with Jazzer: each fuzz target runs ROUNDS times in fuzzing mode (30 s a round, set by
# its @FuzzTest), each round going on from the corpus the previous ones grew (.cifuzz-corpus/ in the
# module, not versioned). A finding fails the run and is written next to the target's seeds
# (src/test/resources/.../<Test>Inputs/<method>/crash-...): fix it, rename the file for what it
# is, and it stays a regression test that ./mvnw verify runs (-Pslow for the two tagged slow). See
# docs/FUZZING.md.
#   .ci/fuzz.sh        one round of each (what CI runs)
#   .ci/fuzz.sh 120    an hour of each
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-1}
targets=(
  "store-io LoaderFuzzTest"
  "sparql-server RequestFuzzTest"
  "store-core TermCodecFuzzTest"
  "store-core PageCorruptionFuzzTest"
)
# store-core ExecutorFuzzTest is fuzzed by hand (JAZZER_FUZZ=1 ./mvnw test -pl store-core
# -Dtest=ExecutorFuzzTest): its oracle, ARQ, has quirks of its own that a finding must be triaged
# against (docs/FUZZING.md); its seeds and fixed findings run in ./mvnw verify.
./mvnw -B -q install -DskipTests
for t in "${targets[@]}"; do
  read -r module test <<<"$t"
  for ((i = 1; i <= rounds; i++)); do
    echo "fuzzing $test ($module), round $i of $rounds"
    # -Pslow: LoaderFuzzTest and RequestFuzzTest are tagged slow (their seeds take 15-20 s).
    JAZZER_FUZZ=1 ./mvnw -B -q test -Pslow -pl "$module" -Dtest="$test" \
      -Dsurefire.failIfNoSpecifiedTests=false
  done
done
echo "fuzzing: no finding"
