#!/usr/bin/env bash
# Runs the variants of org.iobench.micro.examples.SumSuites under JMH (bench/micro-jmh) and under the Suite API,
# then prints the ratio tables side by side: each variant's time divided by the fastest in its group (doubles, ints),
# as in the blog post. The Suite API runs twice: --fork 0 (its default: each suite's variants interleaved in a fresh
# JVM of the suite's own) and --fork 1 (each variant alone in a fresh JVM, like JMH's default).
#
# Both tables use MEDIANS (JMH: of its iteration scores; Suite API: of its samples) so that a burst of other load
# during one JMH benchmark does not decide the comparison; the Suite API's own mean-based ratio with its 95 %
# uncertainty is shown as well.
#
#   bench/micro-vs-jmh.sh                 # ~4 min: JMH -f 1 -wi 5 -w 200ms -i 20 -r 200ms, Suite defaults
#   JMH_ARGS="-f 2 -wi 5 -i 10 -r 1s" SUITE_FORKS="0" bench/micro-vs-jmh.sh
#   JMH_FILTER='SumBenchmark.int' SUITE_FILTER=ints SUITE_FORKS=0 bench/micro-vs-jmh.sh   # ints only, ~1 min
#
# Needs JDK 25 (JAVA=/path/to/java, else /usr/lib/jvm/temurin-25*), Maven, jq, awk. Results stay in
# bench/micro-jmh/target/compare/. Run it on a quiet machine: both harnesses share the CPUs with everything else.
set -euo pipefail
cd "$(dirname "$0")/.."

JMH_ARGS=${JMH_ARGS:-"-f 1 -wi 5 -w 200ms -i 20 -r 200ms"}
SUITE_FORKS=${SUITE_FORKS:-"0 1"}
TOLERANCE=${TOLERANCE:-0.15}
JMH_FILTER=${JMH_FILTER:-org.iobench.bench.SumBenchmark}
SUITE_FILTER=${SUITE_FILTER:-.}
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

echo "# JMH $JMH_ARGS $JMH_FILTER ..."
"$JAVA" --sun-misc-unsafe-memory-access=allow -jar bench/micro-jmh/target/benchmarks.jar \
  $JMH_ARGS -bm avgt -tu ns -rf json -rff "$OUT/jmh.json" -jvmArgsAppend --sun-misc-unsafe-memory-access=allow \
  "$JMH_FILTER" > "$OUT/jmh.log" 2>&1 || { tail -30 "$OUT/jmh.log" >&2; exit 1; }
# key, median of all iteration scores, JMH's mean score, its 99.9 % error
jq -r 'def median: sort | if length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end;
       .[] | [(.benchmark | split(".") | last), (.primaryMetric.rawData | flatten | median),
              .primaryMetric.score, .primaryMetric.scoreError] | @tsv' "$OUT/jmh.json" > "$OUT/jmh.tsv"

for f in $SUITE_FORKS; do
  echo "# Suite API --fork $f ..."
  "$JAVA" -cp "$jar" org.iobench.micro.SuiteRunner --fork "$f" --filter "$SUITE_FILTER" --json "$OUT/suite-fork$f.json" \
    org.iobench.micro.examples.SumSuites > "$OUT/suite-fork$f.txt"
  jq -r '.suites[].variants[] | [(.name | sub("^double\\[\\] "; "doubleArray_") | sub("^List<Double> "; "doubleList_")
          | sub("^int\\[\\] "; "intArray_") | sub("^List<Integer> "; "intList_")),
          .name, .medianNanosPerOp, .ratio, .ratioError] | @tsv' "$OUT/suite-fork$f.json" > "$OUT/suite-fork$f.tsv"
done
echo

files=("$OUT/jmh.tsv")
for f in $SUITE_FORKS; do files+=("$OUT/suite-fork$f.tsv"); done

awk -F'\t' -v modes="$SUITE_FORKS" -v tol="$TOLERANCE" '
  function group(k) { return (k ~ /^double/) ? "double" : "int" }
  FILENAME ~ /jmh.tsv$/ {
    jmh[$1] = $2; g = group($1)
    if (!(g in jbest) || $2 < jbest[g]) jbest[g] = $2
    next
  }
  {
    match(FILENAME, /fork[0-9]+/); m = substr(FILENAME, RSTART + 4, RLENGTH - 4)
    k = $1; g = group(k)
    if (!(k in jmh)) next  # not run under JMH (JMH_FILTER)
    if (!(k in name)) { order[++count] = k; name[k] = $2 }
    ns[m, k] = $3; ratio[m, k] = $4; err[m, k] = $5
    if (!((m, g) in sbest) || $3 < sbest[m, g]) sbest[m, g] = $3
  }
  END {
    nm = split(modes, mode, " ")
    printf "%-28s %10s %5s", "", "JMH", ""
    for (i = 1; i <= nm; i++) printf " | %-36s", "Suite API --fork " mode[i]
    printf "\n%-28s %10s %5s", "variant", "median ns", "ratio"
    for (i = 1; i <= nm; i++) printf " | %9s %5s %5s %14s", "median ns", "ratio", "diff", "mean ratio"
    printf "\n"
    for (c = 1; c <= count; c++) {
      k = order[c]; g = group(k)
      if (c > 1 && g != prev) printf "\n"
      prev = g
      jr = jmh[k] / jbest[g]
      printf "%-28s %10.1f %5.2f", name[k], jmh[k], jr
      for (i = 1; i <= nm; i++) {
        m = mode[i]; sr = ns[m, k] / sbest[m, g]; d = sr / jr - 1
        rs = (err[m, k] > 0) ? sprintf("%.2f ±%.2f", ratio[m, k], err[m, k]) : sprintf("%.2f", ratio[m, k])
        printf " | %9.1f %5.2f %+4.0f%% %14s", ns[m, k], sr, 100 * d, rs
        if (d < 0) d = -d
        rows[m]++; if (d <= tol) within[m]++
      }
      printf "\n"
    }
    printf "\n(--fork 0: each suite interleaved in a JVM of its own; --fork 1: each variant in a JVM of its own)\n"
    printf "(ratio = median / fastest median in the group; diff = Suite ratio / JMH ratio - 1;"
    printf " mean ratio = the Suite API'"'"'s own mean-based ratio with its 95%% uncertainty)\n"
    for (i = 1; i <= nm; i++) {
      m = mode[i]; pairs = 0; same = 0
      for (a = 1; a <= count; a++) for (b = 1; b <= count; b++) {
        ka = order[a]; kb = order[b]
        if (a == b || group(ka) != group(kb)) continue
        if (jmh[kb] > jmh[ka] * (1 + tol)) { pairs++; if (ns[m, kb] > ns[m, ka]) same++ }
      }
      printf "Suite --fork %s: ratios within %d%% of JMH: %d of %d; pairs JMH separates by >%d%% ordered the same way: %d of %d\n", \
        m, 100 * tol, within[m], rows[m], 100 * tol, same, pairs
    }
  }' "${files[@]}"
