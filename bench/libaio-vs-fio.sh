#!/usr/bin/env bash
# Compares iobench's libaio engine (Linux native AIO through raw syscalls) with fio's libaio engine on the same
# file, depth and block size, O_DIRECT (the only mode in which native AIO is asynchronous):
#   4 KiB random read QD32, 1 MiB sequential write QD8.
# Rounds are paired: each round runs both tools back to back (iobench first in odd rounds, fio first in even
# ones), and the ratio iobench/fio is taken within the round, so drift of the shared virtual disk between rounds
# cancels out; the median of the per-round ratios is the figure (target >= 0.95), the best round of each is shown
# for orientation, with every round's ratio.
# Both run time-based after a ramp over the whole file, uniform random offsets with replacement (--norandommap),
# random data for the writes (fio's default buffers; iobench --pattern random), the file laid out beforehand
# (fio's write job overwrites it, as iobench does with --allow-overwrite).
#
# Usage: bench/libaio-vs-fio.sh   (env: DIR=/tmp/iobench-bench SIZE_MIB=1024 RUNTIME=5 RAMP=1 ROUNDS=5)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${DIR:-/tmp/iobench-bench}
SIZE_MIB=${SIZE_MIB:-1024}
RUNTIME=${RUNTIME:-5}
RAMP=${RAMP:-1}
ROUNDS=${ROUNDS:-5}

die() { echo "libaio-vs-fio: $*" >&2; exit 2; }
command -v fio >/dev/null || die "fio not found (Debian: apt-get install -y fio)"
command -v python3 >/dev/null || die "python3 not found"
[ -x "$ROOT/bin/iobench" ] || die "bin/iobench not found"
"$ROOT/bin/iobench" --version >/dev/null    # build the jar now, not inside the first round

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
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# iobench FILE RW BS DEPTH -> IOPS
iobench() {
    "$ROOT/bin/iobench" run --quiet --no-store --format json --engine libaio --iodepth "$4" --rw "$2" --bs "$3" \
        --direct --pattern random --time "${RUNTIME}s" --ramp "${RAMP}s" --allow-overwrite "$1" 2>/dev/null \
        | python3 -c 'import json,sys; print(round(json.load(sys.stdin)["benchmarks"][0]["runs"][0]["totals"]["opsPerSecond"]))'
}

# fio FILE RW BS DEPTH -> IOPS
fio_run() {
    local dir=read
    case "$2" in *write) dir=write ;; esac
    fio --name=vs --filename="$1" --size="$SIZE" --rw="$2" --bs="$3" --iodepth="$4" --direct=1 \
        --ioengine=libaio --runtime="$RUNTIME" --ramp_time="$RAMP" --time_based --norandommap \
        --randrepeat=0 --invalidate=0 --output-format=json \
        | python3 -c 'import json,sys; print(round(json.load(sys.stdin)["jobs"][0][sys.argv[1]]["iops"]))' "$dir"
}

printf '%-26s %12s %9s %12s %9s %8s %10s   %s\n' workload iobench_IOPS MB/s fio_IOPS MB/s ratio best_ratio \
    "ratio by round"
bench() { # LABEL FILE RW BS DEPTH
    local label=$1 file=$2 rw=$3 bs=$4 depth=$5 round ours theirs
    : > "$DIR/rounds.txt"
    for round in $(seq "$ROUNDS"); do
        if [ $((round % 2)) = 1 ]; then
            ours=$(iobench "$file" "$rw" "$bs" "$depth"); theirs=$(fio_run "$file" "$rw" "$bs" "$depth")
        else
            theirs=$(fio_run "$file" "$rw" "$bs" "$depth"); ours=$(iobench "$file" "$rw" "$bs" "$depth")
        fi
        echo "$ours $theirs" >> "$DIR/rounds.txt"
    done
    python3 - "$label" "$bs" "$DIR/rounds.txt" <<'EOF'
import statistics, sys
label, bs, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = [list(map(float, l.split())) for l in open(path) if l.strip()]
ours = statistics.median(r[0] for r in rows); theirs = statistics.median(r[1] for r in rows)
ratios = [r[0] / r[1] for r in rows]
best = max(r[0] for r in rows) / max(r[1] for r in rows)
print("%-26s %12.0f %9.1f %12.0f %9.1f %8.2f %10.2f   %s" % (label, ours, ours * bs / 1e6, theirs, theirs * bs / 1e6,
      statistics.median(ratios), best, " ".join("%.2f" % x for x in ratios)))
EOF
}

bench "randread 4k QD32 direct" "$READ_FILE"  randread 4096    32
bench "write 1m QD8 direct"     "$WRITE_FILE" write    1048576 8
echo "IOPS: medians of $ROUNDS paired rounds of ${RUNTIME}s after ${RAMP}s ramp; ratio = median of per-round" \
    "iobench/fio; MB/s = 10^6 bytes/s; load average at end $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores;" \
    "$(uname -r); $(fio --version)"
