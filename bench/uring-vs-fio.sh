#!/usr/bin/env bash
# Compares iobench's io_uring engine with fio's io_uring engine on the same file, depth and block size:
#   4 KiB random read QD32 from a cached file, 4 KiB random read QD32 O_DIRECT, 1 MiB sequential write QD8 O_DIRECT.
# Each pair runs ROUNDS times, alternating iobench and fio; the medians and their ratio (iobench/fio) are printed.
# Target: ratio >= 0.95 for each workload.
#
# Until `bin/iobench run` exists, iobench is driven by org.iobench.engine.uring.UringBenchDriver (test classes),
# which runs a worker's loop (submit until BUSY, commit, reap >= 1, timestamps per issue and reap).
#
# Usage: bench/uring-vs-fio.sh            (env: DIR=/tmp/iobench-bench SIZE_MIB=1024 RUNTIME=5 RAMP=1 ROUNDS=3)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${DIR:-/tmp/iobench-bench}
SIZE_MIB=${SIZE_MIB:-1024}
RUNTIME=${RUNTIME:-5}
RAMP=${RAMP:-1}
ROUNDS=${ROUNDS:-3}
JAVA=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}

die() { echo "uring-vs-fio: $*" >&2; exit 2; }
command -v fio >/dev/null || die "fio not found (Debian: apt-get install -y fio)"
[ -x "$JAVA" ] || die "JDK 25 not found at $JAVA (set JAVA=/path/to/jdk-25/bin/java)"

CP="$ROOT/core/target/classes:$ROOT/core/target/test-classes"
if [ ! -f "$ROOT/core/target/test-classes/org/iobench/engine/uring/UringBenchDriver.class" ]; then
    (cd "$ROOT" && mvn -B -q -pl core test-compile) || die "build failed"
fi

mkdir -p "$DIR"
READ_FILE="$DIR/read.dat"
WRITE_FILE="$DIR/write.dat"
SIZE=$((SIZE_MIB * 1024 * 1024))
for f in "$READ_FILE" "$WRITE_FILE"; do
    if [ ! -f "$f" ] || [ "$(stat -c %s "$f")" -ne "$SIZE" ]; then
        echo "laying out $f ($SIZE_MIB MiB)" >&2
        fio --name=layout --filename="$f" --size="$SIZE" --rw=write --bs=1m --direct=1 --output=/dev/null
    fi
done

# iobench FILE RW BS DEPTH DIRECT -> "iops"
iobench() {
    "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$CP" org.iobench.engine.uring.UringBenchDriver \
        file="$1" rw="$2" bs="$3" iodepth="$4" direct="$5" size="$SIZE" runtime="$RUNTIME" ramp="$RAMP" \
        | sed -n 's/^iops=\([0-9]*\).*/\1/p'
}

# fio FILE RW BS DEPTH DIRECT -> "iops"  (terse v3: field 8 read IOPS, 49 write IOPS)
fio_run() {
    local field=8
    case "$2" in *write) field=49 ;; esac
    fio --name=vs --filename="$1" --size="$SIZE" --rw="$2" --bs="$3" --iodepth="$4" --direct="$5" \
        --ioengine=io_uring --runtime="$RUNTIME" --ramp_time="$RAMP" --time_based --norandommap \
        --randrepeat=0 --output-format=terse --terse-version=3 | awk -F';' -v f="$field" '{ print $f }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-26s %12s %10s %12s %10s %7s\n' workload iobench_IOPS MB/s fio_IOPS MB/s ratio
bench() { # LABEL FILE RW BS DEPTH DIRECT
    local label=$1 file=$2 rw=$3 bs=$4 depth=$5 direct=$6 ours=() theirs=()
    for _ in $(seq "$ROUNDS"); do
        [ "$direct" = 0 ] && cat "$file" >/dev/null    # keep it cached
        ours+=("$(iobench "$file" "$rw" "$bs" "$depth" "$direct")")
        [ "$direct" = 0 ] && cat "$file" >/dev/null
        theirs+=("$(fio_run "$file" "$rw" "$bs" "$depth" "$direct")")
    done
    local a b
    a=$(printf '%s\n' "${ours[@]}" | median)
    b=$(printf '%s\n' "${theirs[@]}" | median)
    awk -v l="$label" -v a="$a" -v b="$b" -v bs="$bs" -v ra="${ours[*]}" -v rb="${theirs[*]}" 'BEGIN {
        printf "%-26s %12.0f %10.1f %12.0f %10.1f %7.2f   (iobench: %s; fio: %s)\n",
            l, a, a * bs / 1e6, b, b * bs / 1e6, a / b, ra, rb }'
}

bench "randread 4k QD32 cached"  "$READ_FILE"  randread 4096    32 0
bench "randread 4k QD32 direct"  "$READ_FILE"  randread 4096    32 1
bench "write 1m QD8 direct"      "$WRITE_FILE" write    1048576 8  1
echo "MB/s = 10^6 bytes/s; medians of $ROUNDS alternating runs of ${RUNTIME}s after ${RAMP}s ramp; $(uname -r), $(fio --version)"
