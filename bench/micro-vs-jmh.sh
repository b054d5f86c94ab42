#!/usr/bin/env bash
# Runs the variants of org.iobench.micro.examples.SumSuites under JMH (bench/micro-jmh) and under the Suite API,
# then prints the ratio tables side by side: each variant's time divided by the fastest in its group (doubles, ints),
# as in the seed story. The Suite API runs twice: interleaved in one JVM (its default) and with --fork 1.
#
#   bench/micro-vs-jmh.sh                 # ~5 min: JMH -f 1 -wi 3 -w 1s -i 5 -r 1s, Suite defaults
#   JMH_ARGS="-f 2 -wi 5 -i 10" SUITE_FORKS="0" bench/micro-vs-jmh.sh
#
# Needs JDK 25 (JAVA=/path/to/java, else /usr/lib/jvm/temurin-25*), Maven, jq, awk. Results stay in
# bench/micro-jmh/target/compare/. Run it on a quiet machine: both harnesses share the CPUs with everything else.
set -euo pipefail
cd "$(dirname "$0")/.."

JMH_ARGS=${JMH_ARGS:-"-f 1 -wi 3 -w 1s -i 5 -r 1s"}
SUITE_FORKS=${SUITE_FORKS:-"0 1"}
TOLERANCE=${TOLERANCE:-0.15}
OUT=bench/micro-jmh/target/compare

if [[ -z "${JAVA:-}" ]]; then
  for j in /usr/lib/jvm/temurin-25*/bin/java /usr/lib/jvm/*-25*/bin/java "${JAVA_HOME:-/nonexistent}/bin/java"; do
    [[ -x "$j" ]] && { JAVA=$j; break; }
  done
fi
JAVA=${JAVA:-java}
feature=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')
if [[ -z "$feature" || "$feature" -lt 25 ]]; then
  echo "error: need JDK 25 or later, $JAVA is '${feature:-unknown}'; set JAVA=/path/to/jdk-25/bin/java" >&2
  exit 2
fi
command -v jq >/dev/null || { echo "error: jq is needed to read the Suite API's JSON" >&2; exit 2; }

echo "# building (micro module, JMH project) ..."
mvn -B -q -pl micro -DskipTests package
mvn -B -q -f bench/micro-jmh/pom.xml package
mkdir -p "$OUT"
jar=$(ls micro/target/iobench-micro-*.jar | grep -v -e sources -e javadoc | head -1)

echo "# JMH $JMH_ARGS (20 benchmarks) ..."
"$JAVA" --sun-misc-unsafe-memory-access=allow -jar bench/micro-jmh/target/benchmarks.jar \
  $JMH_ARGS -bm avgt -tu ns -rf csv -rff "$OUT/jmh.csv" -jvmArgsAppend --sun-misc-unsafe-memory-access=allow \
  'org.iobench.bench.SumBenchmark' > "$OUT/jmh.log" 2>&1 || { tail -30 "$OUT/jmh.log" >&2; exit 1; }
# "org.iobench.bench.SumBenchmark.doubleArray_for","avgt",1,5,8275.6,27.4,"ns/op" -> key score error
awk -F, 'NR > 1 { gsub(/"/, ""); n = split($1, p, "."); print p[n] "\t" $5 "\t" $6 }' "$OUT/jmh.csv" > "$OUT/jmh.tsv"

for f in $SUITE_FORKS; do
  echo "# Suite API --fork $f ..."
  "$JAVA" -cp "$jar" org.iobench.micro.SuiteRunner --fork "$f" --json "$OUT/suite-fork$f.json" \
    org.iobench.micro.examples.SumSuites > "$OUT/suite-fork$f.txt"
  jq -r '.suites[].variants[] | [(.name | sub("^double\\[\\] "; "doubleArray_") | sub("^List<Double> "; "doubleList_")
          | sub("^int\\[\\] "; "intArray_") | sub("^List<Integer> "; "intList_")),
          .name, .meanNanosPerOp, .ratio, .ratioError] | @tsv' "$OUT/suite-fork$f.json" > "$OUT/suite-fork$f.tsv"
done
echo

files=("$OUT/jmh.tsv")
for f in $SUITE_FORKS; do files+=("$OUT/suite-fork$f.tsv"); done

awk -F'\t' -v modes="$SUITE_FORKS" -v tol="$TOLERANCE" '
  FILENAME ~ /jmh.tsv$/ {
    key = $1; jmh[key] = $2; jmhErr[key] = $3; group = (key ~ /^double/) ? "double" : "int"
    if (!(group in best) || $2 < best[group]) best[group] = $2
    next
  }
  {
    match(FILENAME, /fork[0-9]+/); m = substr(FILENAME, RSTART + 4, RLENGTH - 4)
    key = $1
    if (!(key in name)) { order[++count] = key; name[key] = $2 }
    ns[m, key] = $3; ratio[m, key] = $4; err[m, key] = $5
  }
  END {
    nm = split(modes, mode, " ")
    printf "%-28s %10s %6s", "variant", "JMH ns/op", "ratio"
    for (i = 1; i <= nm; i++) printf " | %10s %12s %6s", "Suite f" mode[i] " ns", "ratio", "diff"
    printf "\n"
    for (c = 1; c <= count; c++) {
      k = order[c]; g = (k ~ /^double/) ? "double" : "int"
      if (c > 1 && g != prev) printf "\n"
      prev = g
      jr[k] = jmh[k] / best[g]
      printf "%-28s %10.1f %6.2f", name[k], jmh[k], jr[k]
      for (i = 1; i <= nm; i++) {
        m = mode[i]; d = ratio[m, k] / jr[k] - 1
        rs = (err[m, k] > 0) ? sprintf("%.2f ±%.2f", ratio[m, k], err[m, k]) : sprintf("%.2f", ratio[m, k])
        printf " | %10.1f %12s %+5.0f%%", ns[m, k], rs, 100 * d
        if (d < 0) d = -d
        rows[m]++; if (d <= tol) within[m]++
      }
      printf "\n"
    }
    printf "\n"
    for (i = 1; i <= nm; i++) {
      m = mode[i]; pairs = 0; same = 0
      for (a = 1; a <= count; a++) for (b = 1; b <= count; b++) {
        ka = order[a]; kb = order[b]
        if (a == b || ((ka ~ /^double/) != (kb ~ /^double/))) continue
        if (jmh[kb] > jmh[ka] * (1 + tol)) { pairs++; if (ns[m, kb] > ns[m, ka]) same++ }
      }
      printf "Suite --fork %s: ratios within %d%% of JMH: %d of %d; pairs JMH separates by >%d%% that the Suite API orders the same way: %d of %d\n", \
        m, 100 * tol, within[m], rows[m], 100 * tol, same, pairs
    }
  }' "${files[@]}"
