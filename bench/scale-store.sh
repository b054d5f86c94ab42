#!/usr/bin/env bash
# The result store at 10^3 .. 10^6 runs: one store grown through the store's API (org.iobench.store.ScaleStore,
# test classes: a CI team's runs, 10 workloads an invocation, 3 repetitions, labels commit/branch/host/kernel, 1,000
# runs a transaction), and at each size the commands a team runs, each over a selection of the same size whatever
# the store holds:
#
#   runs last:20                                    the 20 newest
#   show ID                                         one run from the middle of the store
#   compare --base commit=cA --new commit=cB        the two newest invocations (10 runs a side)
#   history name:randread-4KiB branch=b0            one workload over one branch (100 runs)
#   check commit=cB --against commit=cA             the gate, 10 workloads
#   report commit=cB                                10 runs, text
#   report commit=cB -o page.html                   the same, the HTML page (with its history section)
#
# Prints per size: the database's bytes and bytes per run, the bulk save rate, one run's save (median of 20
# single-run transactions), and each command's wall and CPU seconds (median of ROUNDS), with `iobench --version`
# (JVM start alone) for scale. The timed commands of one size run as one burst under flock /tmp/iobench-suite.lock
# (the machine is shared); the load average at its start is printed beside each size.
#
#   bench/scale-store.sh                                  # SQLite, 1000 10000 100000 1000000
#   SIZES="1000 10000" ROUNDS=3 bench/scale-store.sh
#   STORE_URL="jdbc:postgresql://127.0.0.1:5432/db?user=u&password=p" SIZES="1000 10000 100000" bench/scale-store.sh
#       (PostgreSQL: the script makes a schema of its own, iobench_scale_<random>, and drops it at the end)
#   KEEP=/path/dir bench/scale-store.sh                   # keep the SQLite store in dir (reused when present)
#
# PostgreSQL above SERVER_SIDE_FROM runs (default 10000; 0: never) grows server-side: the first runs (made through
# the API; a store smaller than 10,000 doubles first) are copied in SQL, 10,000 a block, each copy the next invocations of the same CI (ids, the
# commit/branch/host/kernel labels and the times moved on as ScaleStore would have made them; documents, samples and
# the other columns as they are), then ANALYZE, as autovacuum would after a bulk load. 10^6 runs through the API take
# ~3 ms a run here (50 min); server-side ~0.2 ms. The 20 single saves are still made through the API, after the copy.
#
# Needs JDK 25 (JAVA=..., else /usr/lib/jvm/temurin-25*), Maven (NOBUILD=1 to use the built jar and test classes;
# JAR=... TEST_CLASSES=... to time another build)
# and /usr/bin/time; psql for PostgreSQL.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SIZES=${SIZES:-"1000 10000 100000 1000000"}
ROUNDS=${ROUNDS:-3}
WORKLOADS=10

if [[ -z "${JAVA:-}" ]]; then
  for j in /usr/lib/jvm/temurin-25*/bin/java /usr/lib/jvm/*-25*/bin/java "${JAVA_HOME:-/nonexistent}/bin/java"; do
    [[ -x "$j" ]] && { JAVA=$j; break; }
  done
fi
JAVA=${JAVA:-java}
[[ -x /usr/bin/time ]] || { echo "scale-store.sh: /usr/bin/time is needed (Debian: apt-get install time)" >&2; exit 2; }

if [[ -z "${NOBUILD:-}" ]]; then
  echo "# building (iobench jar and test classes) ..."
  (cd "$ROOT" && mvn -B -q -o -pl core -am package -DskipTests) || true # the release assembly may fail offline
fi
JAR=${JAR:-$ROOT/core/target/iobench.jar}
TEST_CLASSES=${TEST_CLASSES:-$ROOT/core/target/test-classes}
[[ -f "$JAR" && -d "$TEST_CLASSES/org/iobench/store" ]] || {
  echo "scale-store.sh: $JAR or the test classes are missing (mvn -pl core -am package -DskipTests)" >&2; exit 2; }
DIR=$(mktemp -d "${TMPDIR:-/tmp}/iobench-scale-store.XXXXXX")
SCHEMA=
cleanup() {
  if [[ -n "$SCHEMA" ]]; then
    psql -q "$PG_CONNINFO" -c "DROP SCHEMA $SCHEMA CASCADE" >/dev/null 2>&1 || true
  fi
  rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

if [[ -n "${STORE_URL:-}" ]]; then
  [[ "$STORE_URL" == jdbc:postgresql://* ]] || { echo "STORE_URL=$STORE_URL: only jdbc:postgresql:// URLs" >&2; exit 2; }
  # jdbc:postgresql://HOST:PORT/DB?user=U&password=P -> a libpq URI for psql
  PG_CONNINFO="postgresql://${STORE_URL#jdbc:postgresql://}"
  SCHEMA="iobench_scale_$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')"
  psql -q "$PG_CONNINFO" -c "CREATE SCHEMA $SCHEMA" >/dev/null
  URL="$STORE_URL&currentSchema=$SCHEMA"
  KIND=postgresql
  size_of() { psql -At "$PG_CONNINFO" -c "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '$SCHEMA' AND c.relkind = 'r'"; }
else
  STORE_DIR=${KEEP:-$DIR}
  mkdir -p "$STORE_DIR"
  URL="jdbc:sqlite:$STORE_DIR/scale.db"
  KIND=sqlite
  size_of() { stat -c %s "$STORE_DIR/scale.db"; }
fi

SERVER_SIDE_FROM=${SERVER_SIDE_FROM:-10000}
BASE=10000
grow_server_side() {  # grows the PostgreSQL store to $1 runs by copying runs 1..BASE; prints "seconds per_run_us"
  local target=$1 t0 t1 have copied=0 n
  t0=$(date +%s.%N)
  while :; do
    have=$(psql -At "$PG_CONNINFO" -c "SELECT count(*) FROM $SCHEMA.runs")
    (( have + 20 >= target )) && break
    # copy blocks of BASE runs; a smaller store doubles until it has them
    n=$(( target - 20 - have )); (( n > BASE )) && n=$BASE; (( n > have )) && n=$have
    psql -q -v ON_ERROR_STOP=1 "$PG_CONNINFO" >/dev/null <<SQL
SET search_path TO $SCHEMA;
BEGIN;
CREATE TEMP TABLE off ON COMMIT DROP AS
  SELECT (SELECT max(id) FROM runs) AS id,
         (SELECT max(substr(label_value, 2)::bigint) + 1 FROM run_labels WHERE label_key = 'commit') AS inv;
CREATE TEMP TABLE t ON COMMIT DROP AS SELECT * FROM runs WHERE id <= $n;
UPDATE t SET id = t.id + off.id,
  created_at = to_char((t.created_at::timestamptz + off.inv * interval '1 minute') AT TIME ZONE 'UTC',
                       'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  ended_at = CASE WHEN t.ended_at IS NULL THEN NULL ELSE to_char((t.ended_at::timestamptz
                  + off.inv * interval '1 minute') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END
  FROM off;
INSERT INTO runs SELECT * FROM t;
INSERT INTO run_labels (run_id, label_key, label_value)
  SELECT l.run_id + off.id, l.label_key, CASE l.label_key
      WHEN 'commit' THEN 'c' || (c.inv + off.inv) WHEN 'branch' THEN 'b' || ((c.inv + off.inv) / 100)
      WHEN 'host' THEN 'h' || ((c.inv + off.inv) % 4) WHEN 'kernel' THEN '6.' || ((c.inv + off.inv) / 5000)
      ELSE l.label_value END
  FROM run_labels l
  JOIN (SELECT run_id, substr(label_value, 2)::bigint AS inv FROM run_labels WHERE label_key = 'commit') c
    ON c.run_id = l.run_id
  CROSS JOIN off WHERE l.run_id <= $n;
INSERT INTO samples SELECT s.run_id + off.id, s.repetition, s.complete, s.bytes_per_second, s.iops, s.bytes,
  s.elapsed_ns, s.sync_ns FROM samples s CROSS JOIN off WHERE s.run_id <= $n;
SELECT setval(pg_get_serial_sequence('runs', 'id'), (SELECT max(id) FROM runs));
COMMIT;
SQL
    copied=$(( copied + n ))
  done
  psql -q "$PG_CONNINFO" -c "ANALYZE $SCHEMA.runs; ANALYZE $SCHEMA.run_labels; ANALYZE $SCHEMA.samples" >/dev/null
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" -v n="$copied" 'BEGIN { printf "%.1f %.0f\n", b - a, n ? (b - a) * 1e6 / n : 0 }'
}

timed() {  # "wall cpu" of one invocation (median of ROUNDS); callers hold the suite lock
  local r out=()
  for r in $(seq 1 "$ROUNDS"); do
    rm -f "$DIR/page.html"
    /usr/bin/time -f "%e %U %S" -o "$DIR/time.txt" \
      "$JAVA" --enable-native-access=ALL-UNNAMED -jar "$JAR" "$@" > "$DIR/out.txt" 2> "$DIR/err.txt" || {
        local rc=$?
        # check exits 3 on a regression, 5 when inconclusive; anything else is a failure of the command
        [[ $rc == 3 || $rc == 5 ]] || { echo "scale-store.sh: iobench $* exited $rc:" >&2; cat "$DIR/err.txt" >&2; exit 1; }
      }
    # the last line: /usr/bin/time writes "Command exited with non-zero status N" first when the command failed
    out+=("$(tail -1 "$DIR/time.txt" | awk '{printf "%s %.2f\n", $1, $2 + $3}')")
  done
  printf '%s\n' "${out[@]}" | sort -n | sed -n "$(( (ROUNDS + 1) / 2 ))p"
}

exec 9> /tmp/iobench-suite.lock
flock 9
read -r vwall vcpu < <(timed --version)
flock -u 9
echo "# $KIND store, $(nproc) cores; iobench --version (JVM start alone): ${vwall} s wall, ${vcpu} s CPU"
printf '%-8s %6s %12s %9s %9s %9s' runs load bytes B/run bulk_us save_ms
CMDS=(runs show compare history check report html)
for c in "${CMDS[@]}"; do printf ' %13s' "$c"; done
printf '\n'
for size in $SIZES; do
  server=
  if [[ $KIND == postgresql && $SERVER_SIDE_FROM -gt 0 && $size -gt $SERVER_SIDE_FROM && $size -gt $BASE ]]; then
    read -r _ server < <(grow_server_side "$size")
  fi
  gen=$(nice "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$JAR:$TEST_CLASSES" \
        org.iobench.store.ScaleStore "$URL" "$size" "$WORKLOADS" | tail -1)
  runs=$(sed 's/.*runs=\([0-9]*\).*/\1/' <<<"$gen")
  bulk=$(sed 's/.*per_run_us=\([0-9.]*\).*/\1/' <<<"$gen")
  [[ -n "$server" ]] && bulk="${server}sql"
  save=$(sed 's/.*single_save_ms=\([0-9.]*\).*/\1/' <<<"$gen")
  bytes=$(size_of)
  inv=$(( (runs + WORKLOADS - 1) / WORKLOADS ))
  a="commit=c$((inv - 2))"
  b="commit=c$((inv - 1))"
  flock 9  # the timed burst of this size; the store is grown outside it
  load=$(cut -d' ' -f1 /proc/loadavg)
  printf '%-8s %6s %12s %9.0f %9s %9s' "$runs" "$load" "$bytes" "$(echo "$bytes / $runs" | bc -l)" "$bulk" "$save"
  for c in "${CMDS[@]}"; do
    case $c in
      runs) args=(runs --db "$URL" last:20) ;;
      show) args=(show --db "$URL" $((runs / 2))) ;;
      compare) args=(compare --db "$URL" --base "$a" --new "$b") ;;
      history) args=(history --db "$URL" name:randread-4KiB branch=b0) ;;
      check) args=(check --db "$URL" "$b" --against "$a") ;;
      report) args=(report --db "$URL" "$b") ;;
      html) args=(report --db "$URL" "$b" -o "$DIR/page.html") ;;
    esac
    read -r wall cpu < <(timed "${args[@]}")
    printf ' %6s/%-6s' "$wall" "$cpu"
  done
  flock -u 9
  printf '\n'
done
echo "# each command: wall/CPU seconds, median of $ROUNDS; bulk_us: microseconds a run in 1000-run transactions;"
echo "# (NNNsql: grown server-side, microseconds a copied run); save_ms: one run in its own transaction (median of 20); bytes: the database file (SQLite) or its tables"
echo "# with indexes and TOAST (PostgreSQL)"
