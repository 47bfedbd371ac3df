# Sourced (POSIX sh) by ./mvnw and ./quarry: make JAVA_HOME point at a JDK 25 or newer.
# Order: JAVA_HOME if it is 25+, else the newest JDK 25+ under /usr/lib/jvm, else a clear error.
# (The Debian default java on these machines is 17, so PATH's java is never trusted blindly.)

quarry_java_major() {
  # Prints the feature version of the java at $1 (a JDK home), or nothing.
  [ -x "$1/bin/java" ] || return 0
  "$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

quarry_find_jdk() {
  if [ -n "${JAVA_HOME-}" ]; then
    v=$(quarry_java_major "$JAVA_HOME")
    if [ -n "$v" ] && [ "$v" -ge 25 ]; then return 0; fi
  fi
  best=""; best_v=0
  set +f # mvnw runs with globbing off
  for d in /usr/lib/jvm/* /opt/java/* /opt/jdk*; do
    [ -d "$d" ] || continue
    [ -x "$d/bin/javac" ] || continue
    v=$(quarry_java_major "$d")
    if [ -n "$v" ] && [ "$v" -ge 25 ] && [ "$v" -gt "$best_v" ]; then best="$d"; best_v="$v"; fi
  done
  if [ -n "$best" ]; then
    JAVA_HOME="$best"; export JAVA_HOME
    return 0
  fi
  echo "error: Quarry needs a JDK 25 or newer, and none was found (JAVA_HOME='${JAVA_HOME-}', nothing 25+ under /usr/lib/jvm)." >&2
  echo "       Install one (e.g. Temurin 25: apt-get install temurin-25-jdk) or set JAVA_HOME to it." >&2
  return 1
}
