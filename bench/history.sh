#!/usr/bin/env bash
# Times `iobench history` over RUNS stored runs x WORKLOADS workloads: synthetic runs (3 repetitions each, CV 3 %,
# two steps in most workloads, one workload missing from every fifth invocation) are saved into a temporary SQLite
# store through the store's API by org.iobench.history.HistoryBenchStore (test classes), then `iobench history`
# runs ROUNDS times over the whole store with its defaults (199 permutations of whole runs). Prints wall and CPU
# seconds per round, the best and the median, and `iobench --version` (JVM start alone) for scale.
#
#   bench/history.sh                              # 1000 x 10 (10,000 runs), 5 rounds
#   RUNS=300 WORKLOADS=4 ROUNDS=3 bench/history.sh
#
# Needs JDK 25 (JAVA=/path/to/java, else /usr/lib/jvm/temurin-25*) and Maven. The store lives in a temporary
# directory that is removed at the end.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-1000}
WORKLOADS=${WORKLOADS:-10}
ROUNDS=${ROUNDS:-5}

if [[ -z "${JAVA:-}" ]]; then
  for j in /usr/lib/jvm/temurin-25*/bin/java /usr/lib/jvm/*-25*/bin/java "${JAVA_HOME:-/nonexistent}/bin/java"; do
    [[ -x "$j" ]] && { JAVA=$j; break; }
  done
fi
JAVA=${JAVA:-java}
[[ -x /usr/bin/time ]] || { echo "history.sh: /usr/bin/time is needed (Debian: apt-get install time)" >&2; exit 2; }

echo "# building (iobench jar and test classes) ..."
(cd "$ROOT" && mvn -B -q -pl core -am package -DskipTests)
JAR="$ROOT/core/target/iobench.jar"
DIR=$(mktemp -d "${TMPDIR:-/tmp}/iobench-history-bench.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
DB="$DIR/results.db"

echo "# filling $DB ..."
"$JAVA" --enable-native-access=ALL-UNNAMED -cp "$JAR:$ROOT/core/target/test-classes" \
  org.iobench.history.HistoryBenchStore "$DB" "$RUNS" "$WORKLOADS"

timed() {  # prints "wall user sys" of one invocation, its output to $DIR/out.txt
  /usr/bin/time -f "%e %U %S" -o "$DIR/time.txt" "$JAVA" --enable-native-access=ALL-UNNAMED -jar "$JAR" "$@" \
    > "$DIR/out.txt"
  cat "$DIR/time.txt"
}

echo "# iobench history --db $DB ($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-8s %8s %8s %8s\n' round wall_s user_s sys_s
: > "$DIR/rounds.txt"
for r in $(seq 1 "$ROUNDS"); do
  read -r wall user sys < <(timed history --db "$DB")
  printf '%-8s %8s %8s %8s\n' "$r" "$wall" "$user" "$sys"
  echo "$wall $user" >> "$DIR/rounds.txt"
done
workloads=$(grep -c ' runs by time, ' "$DIR/out.txt" || true)
changes=$(grep -o '[0-9]* change point' "$DIR/out.txt" | awk '{s += $1} END {print s + 0}')
read -r vwall vuser _ < <(timed --version)
sort -n "$DIR/rounds.txt" | awk -v n="$ROUNDS" -v vw="$vwall" -v vu="$vuser" -v w="$workloads" -v c="$changes" '
  { wall[NR] = $1; user[NR] = $2 }
  END {
    printf "history over %s workloads (%s change points found): best %.2f s wall, median %.2f s wall (%.2f s CPU)\n",
           w, c, wall[1], wall[int((n + 1) / 2)], user[int((n + 1) / 2)]
    printf "for scale, iobench --version: %.2f s wall, %.2f s CPU\n", vw, vu
  }'
