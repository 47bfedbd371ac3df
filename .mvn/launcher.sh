# Sourced (POSIX sh) by ./quarry and bsbm-driver/bsbm, after .mvn/find-jdk.sh, with QUARRY_HOME set.
#   quarry_build_if_stale NAME MODULE JAR DIR...
# Builds MODULE (and what it needs) with ./mvnw when JAR or its lib/ is missing, or when a main
# source, resource, POM or YAML under the DIRs is newer than JAR. Test sources do not count.
# QUARRY_BUILD=never: never build; run JAR as it is (a warning when sources are newer), fail if it is
# missing. The benchmark scripts set it once they have built, so that an edit made while they run
# does not put a build inside a timed start, nor measure two builds in one comparison.

quarry_build_if_stale() {
  name=$1; module=$2; jar=$3; shift 3
  lib="$(dirname "$jar")/lib"
  if [ -f "$jar" ] && [ -d "$lib" ]; then
    newer=$(find "$@" \( -path '*/target' -prune -o -path '*/src/test' -prune \) -o \
              \( -type f \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \
                 -o -name '*.yaml' \) -newer "$jar" -print \) 2>/dev/null | head -n 1)
    [ -n "$newer" ] || return 0
    if [ "${QUARRY_BUILD:-}" = never ]; then
      echo "$name: $newer is newer than $jar; running the jar as built (QUARRY_BUILD=never)" >&2
      return 0
    fi
  elif [ "${QUARRY_BUILD:-}" = never ]; then
    echo "$name: $jar is missing and QUARRY_BUILD=never: build it first" >&2
    return 1
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

# quarry_aot_current AOT JAR MODE: whether the AOT cache AOT was recorded from JAR as it is now, by
# this JDK, for MODE (the JVM refuses a cache made from another jar or JDK; the stamp says which).
quarry_aot_current() {
  [ -f "$1" ] && [ ! "$2" -nt "$1" ] && [ "$(cat "$1.stamp" 2>/dev/null)" = "$(quarry_aot_stamp "$2" "$3")" ]
}

quarry_aot_stamp() {
  echo "$1 $2 $JAVA_HOME $(sed -n 's/^JAVA_RUNTIME_VERSION=//p' "$JAVA_HOME/release" 2>/dev/null)"
}

# quarry_aot_record AOT JAR MODE: runs the training workload under -XX:AOTCacheOutput (classes: 3 s,
# enough to load every class a served store uses; profiles: 20 s, for the JIT's profiles). On
# success the cache replaces AOT at once (a concurrent launcher sees the old one or the new one).
quarry_aot_record() {
  if [ "$3" = profiles ]; then seconds=20; profiles=""; else
    seconds=3; profiles="-XX:+UnlockDiagnosticVMOptions -XX:-AOTRecordTraining"; fi
  echo "quarry: recording the JVM's AOT cache for this build ($3, about $((seconds + 8)) s; QUARRY_AOT=off skips it) ..." >&2
  tmp="$1.$$"
  log="$1.log"
  # shellcheck disable=SC2086
  if "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -Xlog:disable -Xlog:all=warning:stderr \
       -XX:AOTCacheOutput="$tmp" $profiles -jar "$2" aot-train --seconds "$seconds" > "$log" 2>&1 \
       && [ -f "$tmp" ]; then
    mv -f "$tmp" "$1"
    quarry_aot_stamp "$2" "$3" > "$1.stamp"
    echo "quarry: AOT cache ready ($(sed -n "s/^training: //p" "$log"))" >&2
    return 0
  fi
  rm -f "$tmp" "$tmp.config"
  echo "quarry: recording the AOT cache failed (see $log); running without it" >&2
  return 1
}

# quarry_serve_jit ARGS...: for `quarry serve`, the JVM options that give the JIT less to do in a new
# server's first seconds (docs/OPERATING.md, "The JIT's start"):
# - the code of a request's path (Quarry's, Jena ARQ's, Netty's) is compiled after a tenth of
#   its usual call counts, the rest of the JDK and libraries as usual: code that runs once per
#   request (the HTTP handler, parsing, planning, the writers) is compiled after a few hundred
#   requests instead of a few thousand;
# - C2 inlines less (hot callees up to 80 bytecodes, not 325; none whose compiled code is over 1,000
#   bytes, not 2,500): each request-level method used to be compiled with most of the request path
#   inlined into it, 60-90 KB of code each, the same callees again and again. Measured: C2's time
#   in the newcomer's BSBM run 10-13 s instead of 25-31 s, that run 26 % faster, warm no slower;
#   the lower thresholds then pay (without the limits they made the run slower).
# Nothing for other commands; each part is left out when QUARRY_JAVA_OPTS sets it itself.
quarry_serve_jit() {
  [ "${1:-}" = serve ] || return 0
  scaled="-XX:CompileCommand=quiet"
  for p in dev.quarry org.apache.jena io.netty; do
    scaled="$scaled -XX:CompileCommand=CompileThresholdScaling,$p.*::*,0.1"
  done
  opts=""
  quarry_unless_set CompileThresholdScaling "$scaled"
  quarry_unless_set FreqInlineSize -XX:FreqInlineSize=80
  quarry_unless_set InlineSmallCode -XX:InlineSmallCode=1000
  echo "${opts# }"
}

# quarry_serve_gc ARGS...: for `quarry serve`, the parallel collector instead of G1, unless
# QUARRY_JAVA_OPTS picks a collector itself (-XX:+UseG1GC, -XX:+UseZGC, ...). A server's heap holds
# caches of decoded terms that churn, so G1 marks concurrently much of the time and its barriers
# cost every query; the parallel collector has neither, and collects the old generation in pauses
# (in two minutes of BSBM 100M with 16 clients: 2-3 of 0.3-0.4 s with a 512 MB heap, one of 0.07 s
# with 4 GB). Measured on 2 cores in docs/OPERATING.md, "The collector".
quarry_serve_gc() {
  [ "${1:-}" = serve ] || return 0
  case " ${QUARRY_JAVA_OPTS:-} " in
    *" -XX:+UseG1GC "* | *" -XX:+UseParallelGC "* | *" -XX:+UseSerialGC "* | *" -XX:+UseZGC "* | \
      *" -XX:+UseShenandoahGC "* | *" -XX:+UseEpsilonGC "*) return 0 ;;
  esac
  echo "-XX:+UseParallelGC"
}

# quarry_serve_heap_pages ARGS...: for `quarry serve`, the heap in transparent huge pages where the
# kernel gives them on request (its `madvise` mode; in `always` mode the heap has them anyway, in
# `never` the JVM would warn). Queries touch the young generation all over; with 4 KB pages that is
# a TLB miss after another, each a walk of two page tables in a VM. BSBM 100M, 16 clients, in a 2 GB
# cgroup: +6.4 % (four pairs of four), uncapped even (docs/OPERATING.md, "The heap in huge pages").
# Nothing when QUARRY_JAVA_OPTS says which pages the heap gets. QUARRY_THP_MODE_FILE: for tests.
quarry_serve_heap_pages() {
  [ "${1:-}" = serve ] || return 0
  case " ${QUARRY_JAVA_OPTS:-} " in *"TransparentHugePages"* | *"LargePages"*) return 0 ;; esac
  mode_file=${QUARRY_THP_MODE_FILE:-/sys/kernel/mm/transparent_hugepage/enabled}
  [ -r "$mode_file" ] || return 0
  case "$(cat "$mode_file")" in *"[madvise]"*) echo "-XX:+UseTransparentHugePages" ;; esac
}

# quarry_unless_set NAME OPTIONS: appends OPTIONS to opts, unless QUARRY_JAVA_OPTS sets the JVM flag
# NAME itself.
quarry_unless_set() {
  case " ${QUARRY_JAVA_OPTS:-} " in *"$1"*) ;; *) opts="$opts $2" ;; esac
}

# quarry_load_heap ARGS...: for `quarry load --memory SIZE`, the JVM option that sizes the load's
# heap at three quarters of SIZE (the load holds half of SIZE as data, quads and new terms, before
# it writes sorted runs; the rest of the heap is its working space, the last quarter of SIZE the
# JVM's own: code, metaspace, threads), so that the process keeps within SIZE. Nothing for other
# commands, without --memory, or when QUARRY_JAVA_OPTS sizes the heap itself.
quarry_load_heap() {
  [ "${1:-}" = load ] || return 0
  case " ${QUARRY_JAVA_OPTS:-} " in
    *" -Xmx"* | *"MaxHeapSize"* | *"MaxRAM"*) return 0 ;;
  esac
  size=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --memory) size=${2:-}; [ $# -gt 1 ] && shift ;;
      --memory=*) size=${1#--memory=} ;;
    esac
    shift
  done
  [ -n "$size" ] || return 0
  # Sizes as Config.parseBytes reads them (16MB, 1g, 2GB); anything else is left to it to refuse.
  echo "$size" | awk '{
    v = tolower($0); gsub(/ /, "", v)
    if (v !~ /^[0-9]+([kmgt]b?|b)?$/) exit
    n = v; sub(/[a-z]+$/, "", n); u = v; sub(/^[0-9]+/, "", u); m = 1
    if (u ~ /^k/) m = 1024; else if (u ~ /^m/) m = 1048576
    else if (u ~ /^g/) m = 1073741824; else if (u ~ /^t/) m = 1099511627776
    k = n * m * 3 / 4 / 1024
    if (k < 65536) k = 65536   # the JVM needs some heap whatever the budget
    printf "-Xmx%.0fk\n", k
  }'
}
