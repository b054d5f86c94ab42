#!/usr/bin/env bash
# fio's own zoned-block-device suite as the judge of `iobench fio`'s zonemode=zbd: runs fio 3.33's
# t/zbd/test-zbd-support twice on a loop device made for the run (a regular block device: t/zbd's emulated zones,
# 64 KiB each, and the tests that need a zoned or SCSI device skip), once with fio and once with a two-line wrapper
# that execs `iobench fio "$@"` as fio, then prints both results per test and "fio passes N, iobench passes M of
# those N". t/zbd has no option naming the fio to run: it runs `$(dirname $0)/../../fio`, so each run gets a copy of
# the tree's t/ beside a `fio` of its own. Nothing of fio's is kept in this repository: the tests come from a fio 3.33
# source tree (FIO_SRC), fetched with git when it is not given. On exit (also on ^C or an error) the loop device is
# detached and the disk image and tree copies are removed; the per-test logs stay under $WORK/logs-fio and
# $WORK/logs-iobench.
#
# Usage: bench/zbd-tests.sh [TEST_NUMBER...]      (default: every test of the suite)
#   needs root (losetup) and losetup/blkzone from util-linux
#   env: FIO_SRC=DIR      a fio-3.33 source tree (its t/ is used; default: git clone --branch fio-3.33 into $WORK)
#        FIO=PATH         the fio to compare with (default: fio on the PATH; must be 3.33)
#        IOBENCH=CMD      iobench to judge (default: bin/iobench)
#        WORK=DIR         scratch, the disk image and the logs (default: /tmp/iobench-zbd-tests)
#        DISK_MB=N        the loop device's size in MiB (default 256: t/zbd wants at least 130 zones of 64 KiB)
# The wrapper exports IOBENCH_ALLOW_OVERWRITE=1: the suite writes the loop device (iobench fio asks that consent;
# docs/fio.md).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-/tmp/iobench-zbd-tests}
FIO=${FIO:-$(command -v fio || true)}
IOBENCH=${IOBENCH:-$ROOT/bin/iobench}
DISK_MB=${DISK_MB:-256}
ME=zbd-tests
. "$ROOT/bench/fio-source.sh"
[ "$(id -u)" = 0 ] || die "needs root: it makes a loop device (losetup)"
command -v losetup >/dev/null || die "losetup not found (util-linux)"
fio_and_source t/zbd/test-zbd-support

dev=
cleanup() {
    [ -n "$dev" ] && losetup -d "$dev" 2>/dev/null || true
    rm -rf "$WORK/disk.img" "$WORK/tree-fio" "$WORK/tree-iobench"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rm -f "$WORK/disk.img"
truncate -s "${DISK_MB}M" "$WORK/disk.img"
dev=$(losetup -f --show "$WORK/disk.img") || die "losetup failed"

args=()
for t in "$@"; do
    args+=(-t "$t")
done

# run NAME EXE: the suite with EXE as fio; its lines in $WORK/NAME.out, its per-test logs in $WORK/logs-NAME
run() {
    local name=$1 exe=$2 tree=$WORK/tree-$1
    rm -rf "$tree" "$WORK/logs-$name"
    mkdir -p "$tree" "$WORK/logs-$name"
    cp -r "$FIO_SRC/t" "$tree/t"
    rm -f "$tree"/t/zbd/test-zbd-support.log.*
    ln -s "$exe" "$tree/fio"
    (cd "$tree/t/zbd" && ./test-zbd-support "${args[@]}" "$dev") > "$WORK/$name.out" 2>&1 || true
    cp "$tree"/t/zbd/test-zbd-support.log.* "$WORK/logs-$name/" 2>/dev/null || true
}
wrapper=$WORK/iobench-as-fio
printf '#!/bin/sh\nIOBENCH_ALLOW_OVERWRITE=1 exec %s fio "$@"\n' "$IOBENCH" > "$wrapper"
chmod +x "$wrapper"
run fio "$FIO"
run iobench "$wrapper"

result() { # result NAME N -> PASS, FAIL or SKIP (with the reason the suite printed)
    grep -E "^Running test 0*$2 \.\.\. " "$WORK/$1.out" | head -1 | sed -E 's/^Running test [0-9]+ \.\.\. //' || true
}
printf '%-5s %-50s %s\n' test fio iobench
n=0 m=0
for t in $(grep -oE '^Running test [0-9]+' "$WORK/fio.out" | grep -oE '[0-9]+$'); do
    f=$(result fio "$t")
    b=$(result iobench "$t")
    printf '%-5s %-50s %s\n' "$t" "${f:-(no result)}" "${b:-(no result)}"
    if [[ $f == PASS* ]]; then
        n=$((n + 1))
        [[ $b == PASS* ]] && m=$((m + 1))
    fi
done
echo "fio passes $n, iobench passes $m of those $n"
echo "(output: $WORK/fio.out, $WORK/iobench.out; each test's log under $WORK/logs-fio and $WORK/logs-iobench)"
