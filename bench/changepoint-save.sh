#!/usr/bin/env bash
# What keeping change points costs a save (docs/store.md, schema 8): for each size, a fresh store holding SIZE runs
# of one workload (org.iobench.store.ChangePointSaveCost, test classes: CI-like runs, 3 repetitions, CV 3 %), then
# the median of 5 single saves through a store opened as the command line opens it (the change points of the
# shape's newest 1,000 runs searched again) and of 5 without the search, with the load average beside each line.
#
#   bench/changepoint-save.sh                       # SQLite, 100 1000 10000
#   SIZES="1000 30000" bench/changepoint-save.sh
#   STORE_URL="jdbc:postgresql://127.0.0.1:5432/db?user=u&password=p" bench/changepoint-save.sh
#       (PostgreSQL: a schema of its own per size, iobench_cpsave_<random>, dropped at the end; needs psql)
#   IOBENCH_NO_BUILD=1 bench/changepoint-save.sh    # the jar and test classes already built
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SIZES=${SIZES:-"100 1000 10000"}
if [[ -z "${JAVA:-}" ]]; then
  for j in /usr/lib/jvm/temurin-25*/bin/java /usr/lib/jvm/*-25*/bin/java "${JAVA_HOME:-/nonexistent}/bin/java"; do
    [[ -x "$j" ]] && { JAVA=$j; break; }
  done
fi
JAVA=${JAVA:-java}
if [[ -z "${IOBENCH_NO_BUILD:-}" ]]; then
  (cd "$ROOT" && mvn -B -q -o -pl core -am package -DskipTests) || true # the release assembly may fail offline
fi
JAR=$ROOT/core/target/iobench.jar
TEST_CLASSES=$ROOT/core/target/test-classes
[[ -f "$JAR" && -f "$TEST_CLASSES/org/iobench/store/ChangePointSaveCost.class" ]] || {
  echo "changepoint-save.sh: $JAR or the test classes are missing (mvn -pl core -am package -DskipTests)" >&2; exit 2; }
DIR=$(mktemp -d "${TMPDIR:-/tmp}/iobench-cpsave.XXXXXX")
SCHEMAS=()
cleanup() {
  for s in "${SCHEMAS[@]}"; do psql -q "$PG_CONNINFO" -c "DROP SCHEMA $s CASCADE" >/dev/null 2>&1 || true; done
  rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
for size in $SIZES; do
  if [[ -n "${STORE_URL:-}" ]]; then
    PG_CONNINFO="postgresql://${STORE_URL#jdbc:postgresql://}"
    schema="iobench_cpsave_$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')"
    psql -q "$PG_CONNINFO" -c "CREATE SCHEMA $schema" >/dev/null
    SCHEMAS+=("$schema")
    url="$STORE_URL&currentSchema=$schema"
    kind=postgresql
  else
    url="jdbc:sqlite:$DIR/s$size.db"
    kind=sqlite
  fi
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  line=$("$JAVA" --enable-native-access=ALL-UNNAMED -cp "$JAR:$TEST_CLASSES" org.iobench.store.ChangePointSaveCost \
      "$url" "$size" 2>/dev/null | tail -1)
  echo "$kind $line load=\"$load\""
done
