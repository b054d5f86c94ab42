#!/usr/bin/env bash
# fio's own test suite as the judge of `iobench fio`: runs fio 3.33's t/run-fio-tests.py twice, once with fio and
# once with a two-line wrapper that execs `iobench fio "$@"` as the "fio executable" (-f), on the same job tests
# (t0001-t0026) and the standalone t/*.py scripts that apply to files (readonly, steadystate_tests, strided,
# latency_percentiles, jsonplus2csv_test, log_compression: 1003 1004 1006 1010 1011 1012), then prints a table of
# both results and "fio passes N, iobench passes M of those N". Nothing of fio's is kept in this repository: the
# tests come from a fio 3.33 source tree (FIO_SRC), fetched with git when it is not given. Given a tree of fio
# master instead, it also runs master's job tests t0027-t0038 and its newer scripts, still judging fio 3.33 against
# iobench: a test counts only where fio 3.33 itself passes it.
#
# Usage: bench/fio-tests.sh [TEST_ID...]      (default: every job test and the scripts above)
#   env: FIO_SRC=DIR      a fio-3.33 source tree (its t/ is used; default: git clone --branch fio-3.33 into $WORK)
#        FIO=PATH         the fio to compare with (default: fio on the PATH; must be 3.33)
#        IOBENCH=CMD      iobench to judge (default: bin/iobench)
#        WORK=DIR         scratch and artifacts (default: /tmp/iobench-fio-tests), on a real filesystem
#        PYTHON=EXE       the Python that runs fio's suite (default python3); fio master's runner imports
#                         statsmodels (Debian's python3-statsmodels, for /usr/bin/python3)
#        SKIP="10 13"     tests not run: t0010 and t0013 (io_submit_mode=offload) hang fio 3.33 itself past the
#                         script's 600 s timeout on 2 CPUs and ignore SIGTERM; an empty SKIP runs them
# The wrapper exports IOBENCH_ALLOW_OVERWRITE=1: fio's tests rewrite the files they made (iobench fio asks that
# consent; docs/fio.md). Libaio tests need CONFIG_LIBAIO in config-host.h: written into a copy of the tree's root.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-/tmp/iobench-fio-tests}
FIO=${FIO:-$(command -v fio || true)}
IOBENCH=${IOBENCH:-$ROOT/bin/iobench}
SKIP=${SKIP-10 13}
ME=fio-tests
. "$ROOT/bench/fio-source.sh"
command -v python3 >/dev/null || die "python3 not found (fio's tests are Python)"
fio_and_source t/run-fio-tests.py

PYTHON=${PYTHON:-python3}
# the tree's t/ beside a config-host.h that says what this machine has (fio's configure would write it)
tree=$WORK/root
rm -rf "$tree"
mkdir -p "$tree"
cp -r "$FIO_SRC/t" "$tree/t"
printf "#define CONFIG_LIBAIO\n" > "$tree/config-host.h" # Linux AIO: iobench's own syscalls

wrapper=$WORK/iobench-as-fio
printf '#!/bin/sh\nIOBENCH_ALLOW_OVERWRITE=1 exec %s fio "$@"\n' "$IOBENCH" > "$wrapper"
chmod +x "$wrapper"

ids=("$@")
if [ ${#ids[@]} -eq 0 ]; then
    more=()
    # a tree of fio master has job tests 27-38 (no 32) and more scripts that apply to files: 1013 random_seed,
    # 1016 client_server, 1017 verify, 1018 verify-trim, 1019 sprandom, 1021 numberio_overlap,
    # 1023 verify_state_save, 1024 sequence
    [ -f "$FIO_SRC/t/jobs/t0027.fio" ] && more=(27 28 29 30 31 33 34 35 36 37 38 1013 1016 1017 1018 1019 1021 1023 1024)
    for i in $(seq 1 26) 1003 1004 1006 1010 1011 1012 "${more[@]}"; do
        case " $SKIP " in *" $i "*) continue ;; esac
        ids+=("$i")
    done
fi

# run NAME EXE: the suite with EXE as fio; its per-test lines in $WORK/NAME.log
run() {
    local name=$1 exe=$2
    rm -rf "$WORK/art-$name" # the suite makes it
    (cd "$tree" && "$PYTHON" t/run-fio-tests.py -r "$tree" -f "$exe" -a "$WORK/art-$name" -o "${ids[@]}") \
        > "$WORK/$name.log" 2>&1 || true
    # the tests' data files (up to 5 GiB a test, ~25 GiB a run) go; their logs, JSON and outputs stay
    find "$WORK/art-$name" -type f -size +16M -delete 2>/dev/null || true
}
run fio "$FIO"
run iobench "$wrapper"

result() { # result NAME ID -> PASSED, FAILED or SKIPPED (with the reason the suite printed)
    grep -E "^Test $2 (PASSED|FAILED|SKIPPED)" "$WORK/$1.log" | head -1 | sed -E "s/^Test $2 //" || true
}
printf '%-6s %-50s %s\n' test fio iobench
n=0 m=0
for i in "${ids[@]}"; do
    f=$(result fio "$i")
    b=$(result iobench "$i")
    printf '%-6s %-50s %s\n' "$i" "${f:-(no result)}" "${b:-(no result)}"
    if [[ $f == PASSED* ]]; then
        n=$((n + 1))
        [[ $b == PASSED* ]] && m=$((m + 1))
    fi
done
echo "fio passes $n, iobench passes $m of those $n"
echo "(logs: $WORK/fio.log, $WORK/iobench.log; each test's outputs under $WORK/art-fio and $WORK/art-iobench, files over 16 MiB removed)"
