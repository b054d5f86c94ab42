#!/usr/bin/env bash
# Compares iobench's io_uring engine with fio's io_uring engine on the same file, depth and block size:
#   4 KiB random read QD32 from a cached file, 4 KiB random read QD32 O_DIRECT, 1 MiB sequential write QD8 O_DIRECT.
# fio keeps the page cache (--invalidate=0, as iobench does); iobench runs time-based over the whole file.
# Each pair runs ROUNDS times, alternating iobench and fio; the best round of each and their ratio (iobench/fio)
# are printed (the virtio disk is shared and interference only ever slows a round down, as in bench/vs-fio.sh),
# with CPU time per I/O (lowest round) where known: a figure that other load on the machine disturbs far less.
# Target: ratio >= 0.95 for each workload.
#
# iobench runs as `bin/iobench run --engine uring ...`; with DRIVER=1 it is driven instead by
# org.iobench.engine.uring.UringBenchDriver (test classes), the engine alone in a worker's loop (submit until BUSY,
# commit, reap >= 1, a timestamp per issue and per reap), which isolates the engine from the rest of iobench.
#
# Usage: bench/uring-vs-fio.sh   (env: DIR=/tmp/iobench-bench SIZE_MIB=1024 RUNTIME=5 RAMP=1 ROUNDS=3 DRIVER=0)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${DIR:-/tmp/iobench-bench}
SIZE_MIB=${SIZE_MIB:-1024}
RUNTIME=${RUNTIME:-5}
RAMP=${RAMP:-1}
ROUNDS=${ROUNDS:-3}
DRIVER=${DRIVER:-0}
JAVA=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}

die() { echo "uring-vs-fio: $*" >&2; exit 2; }
command -v fio >/dev/null || die "fio not found (Debian: apt-get install -y fio)"
[ -x "$JAVA" ] || die "JDK 25 not found at $JAVA (set JAVA=/path/to/jdk-25/bin/java)"

CP="$ROOT/core/target/classes:$ROOT/core/target/test-classes"
if [ "$DRIVER" = 1 ] && [ ! -f "$ROOT/core/target/test-classes/org/iobench/engine/uring/UringBenchDriver.class" ]; then
    (cd "$ROOT" && mvn -B -q -pl core test-compile) || die "build failed"
fi
[ "$DRIVER" = 1 ] || [ -x "$ROOT/bin/iobench" ] || die "bin/iobench not found (or run with DRIVER=1)"

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

# iobench FILE RW BS DEPTH DIRECT -> "IOPS CPU_NS_PER_IO" (CPU per I/O only from the driver, else "-")
iobench() {
    if [ "$DRIVER" = 1 ]; then
        "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$CP" org.iobench.engine.uring.UringBenchDriver \
            file="$1" rw="$2" bs="$3" iodepth="$4" direct="$5" size="$SIZE" runtime="$RUNTIME" ramp="$RAMP" \
            | sed -n 's/^iops=\([0-9]*\) .*cpuNsPerIo=\([0-9]*\).*/\1 \2/p'
        return
    fi
    local direct=()
    [ "$5" = 1 ] && direct=(--direct)
    "$ROOT/bin/iobench" run --quiet --no-store --format json --engine uring --iodepth "$4" --rw "$2" --bs "$3" "${direct[@]}" \
        --time "${RUNTIME}s" --ramp "${RAMP}s" --allow-overwrite "$1" 2>/dev/null \
        | python3 -c 'import json,sys; print(round(json.load(sys.stdin)["benchmarks"][0]["runs"][0]["totals"]["opsPerSecond"]), "-")'
}

# fio FILE RW BS DEPTH DIRECT -> "IOPS CPU_NS_PER_IO" (fio's usr+sys CPU over its runtime, per I/O)
fio_run() {
    local dir=read
    case "$2" in *write) dir=write ;; esac
    fio --name=vs --filename="$1" --size="$SIZE" --rw="$2" --bs="$3" --iodepth="$4" --direct="$5" \
        --ioengine=io_uring --runtime="$RUNTIME" --ramp_time="$RAMP" --time_based --norandommap \
        --randrepeat=0 --invalidate=0 --output-format=json \
        | python3 -c 'import json,sys
j = json.load(sys.stdin)["jobs"][0]; d = j[sys.argv[1]]
print(round(d["iops"]), round((j["usr_cpu"] + j["sys_cpu"]) / 100 * d["runtime"] * 1e6 / max(d["total_ios"], 1)))' "$dir"
}

printf '%-24s %10s %9s %10s %9s %6s %9s %9s %6s\n' workload iobench_IOPS MB/s fio_IOPS MB/s ratio \
    cpu_ns/io fio_cpu cpu_r
bench() { # LABEL FILE RW BS DEPTH DIRECT
    local label=$1 file=$2 rw=$3 bs=$4 depth=$5 direct=$6 ours=() theirs=()
    for _ in $(seq "$ROUNDS"); do
        [ "$direct" = 0 ] && cat "$file" >/dev/null    # keep it cached
        ours+=("$(iobench "$file" "$rw" "$bs" "$depth" "$direct")")
        [ "$direct" = 0 ] && cat "$file" >/dev/null
        theirs+=("$(fio_run "$file" "$rw" "$bs" "$depth" "$direct")")
    done
    # Best IOPS round of each tool; lowest CPU per I/O of each (cpu_r = fio / iobench: >= 1 means iobench is
    # as cheap per I/O as fio, whatever share of the CPU the shared machine left to either).
    printf '%s\n' "${ours[@]}" > "$DIR/ours.txt"
    printf '%s\n' "${theirs[@]}" > "$DIR/theirs.txt"
    awk -v l="$label" -v bs="$bs" '
        FNR == 1 { f++ }
        { iops[f] = ($1 > iops[f]) ? $1 : iops[f]; runs[f] = runs[f] " " $1
          if ($2 != "-" && (cpu[f] == "" || $2 < cpu[f])) cpu[f] = $2 }
        END {
            cr = (cpu[1] != "" && cpu[2] != "") ? sprintf("%6.2f", cpu[2] / cpu[1]) : "     -"
            printf "%-24s %10.0f %9.1f %10.0f %9.1f %6.2f %9s %9s %s   (IOPS iobench:%s; fio:%s)\n",
                l, iops[1], iops[1] * bs / 1e6, iops[2], iops[2] * bs / 1e6, iops[1] / iops[2],
                cpu[1] == "" ? "-" : cpu[1], cpu[2], cr, runs[1], runs[2] }' "$DIR/ours.txt" "$DIR/theirs.txt"
}

bench "randread 4k QD32 cached"  "$READ_FILE"  randread 4096    32 0
bench "randread 4k QD32 direct"  "$READ_FILE"  randread 4096    32 1
bench "write 1m QD8 direct"      "$WRITE_FILE" write    1048576 8  1
echo "iobench via $([ "$DRIVER" = 1 ] && echo UringBenchDriver || echo bin/iobench); MB/s = 10^6 bytes/s; best of $ROUNDS alternating runs of ${RUNTIME}s after ${RAMP}s ramp; $(uname -r), $(fio --version)"
