# Sourced (POSIX sh) by ./quarry and bsbm-driver/bsbm, after .mvn/find-jdk.sh, with QUARRY_HOME set.
#   quarry_build_if_stale NAME MODULE JAR DIR...
# Builds MODULE (and what it needs) with ./mvnw when JAR or its lib/ is missing, or when a main
# source, resource, POM or YAML under the DIRs is newer than JAR. Test sources do not count.

quarry_build_if_stale() {
  name=$1; module=$2; jar=$3; shift 3
  lib="$(dirname "$jar")/lib"
  if [ -f "$jar" ] && [ -d "$lib" ]; then
    newer=$(find "$@" \( -path '*/target' -prune -o -path '*/src/test' -prune \) -o \
              \( -type f \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \
                 -o -name '*.yaml' \) -newer "$jar" -print \) 2>/dev/null | head -n 1)
    [ -n "$newer" ] || return 0
  fi
  echo "$name: building $module (./mvnw package -DskipTests) ..." >&2
  log=$(mktemp)
  rm -rf "$lib"
  if ! (cd "$QUARRY_HOME" && ./mvnw -B -q package -DskipTests -Dspotless.check.skip=true \
          -pl "$module" -am) > "$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "$name: the build failed (output above)" >&2
    return 1
  fi
  rm -f "$log"
  touch "$jar" # the jar is not rewritten when its classes did not change
}
