#!/bin/sh
# Starts a MiniAccumuloCluster (ZooKeeper, a manager, tablet servers: real Accumulo processes on
# loopback) in a new directory DIR, to try the Accumulo backend on one machine, and writes
# DIR/quarry.yaml for Quarry:
#   store-accumulo/mini-cluster.sh /tmp/acc [TABLET_SERVERS=2 [MB_PER_SERVER=1024]] &
#   ./quarry load --config /tmp/acc/quarry.yaml data.nt
#   ./quarry serve --config /tmp/acc/quarry.yaml
# Runs until stopped (Ctrl-C or kill), which stops the cluster. Not for production: see
# docs/CLUSTER.md for a real instance.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
. "$root/.mvn/find-jdk.sh"
quarry_find_jdk || exit 2
[ $# -ge 1 ] || { echo "usage: $0 DIR [TABLET_SERVERS [MB_PER_SERVER]]" >&2; exit 2; }
cp="$here/target/test-classpath.txt"
if [ ! -f "$cp" ] || [ ! -d "$here/target/test-classes" ]; then
  (cd "$root" && ./mvnw -q -B install -DskipTests -pl store-accumulo -am &&
    ./mvnw -q -B -pl store-accumulo dependency:build-classpath -Dmdep.includeScope=test \
      -Dmdep.outputFile="$cp") >&2
fi
exec "$JAVA_HOME/bin/java" -Xmx512m -cp "$here/target/test-classes:$here/target/classes:$(cat "$cp")" \
  dev.quarry.accumulo.MiniClusterMain "$@"
