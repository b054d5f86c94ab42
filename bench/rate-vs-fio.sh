#!/usr/bin/env bash
# Pacing accuracy: how close iobench --rate and fio rate_iops/rate come to the rate asked, side by side.
# (The tests only check that a paced run never runs ahead of its rate; how close it comes from below depends on
# the CPU the machine gives it, which is a measurement, so it lives here.)
#
#   bench/rate-vs-fio.sh                     # defaults: scratch dir ./bench-work, 5 s per job, 2 rounds
#   BENCH_DIR=/mnt/x BENCH_TIME=10 BENCH_ROUNDS=3 bench/rate-vs-fio.sh
#
# Jobs, on a cached 64 MiB file:
#   1. 4 KiB random read, psync, 2 threads, 3000 IOPS in all (fio: numjobs=2, rate_iops=1500 each)
#   2. 4 KiB random read, io_uring QD4, 4000 IOPS
#   3. 64 KiB sequential read, psync, 32 MiB/s
# Prints achieved/asked for each tool (1.000 = exact) and iobench's accuracy over fio's. The best round counts.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
iobench="$root/bin/iobench"
dir="${BENCH_DIR:-$PWD/bench-work}"
secs="${BENCH_TIME:-5}"
rounds="${BENCH_ROUNDS:-2}"

command -v fio >/dev/null 2>&1 || { echo "fio not found (apt-get install fio)" >&2; exit 1; }
mkdir -p "$dir/out"
file="$dir/rate-vs-fio.dat"
out="$dir/out"
trap 'rm -f "$file"' EXIT
"$iobench" run --quiet --no-store --rw write --bs 1m --size 64m --pattern random --keep "$file" >/dev/null
cat "$file" >/dev/null
echo "dir $dir, ${secs}s per job, $rounds rounds, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

fio_achieved() {  # $1 json, $2 iops|bw_bytes: the group's total
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["jobs"][0]["read"][sys.argv[2]])' "$@"
}
iob_achieved() {  # $1 json, $2 opsPerSecond|bytesPerSecond
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["benchmarks"][0]["runs"][0]["totals"][sys.argv[2]])' "$@"
}

run_job() {  # name asked fio-metric iob-metric -- fio args -- iobench args
    local name="$1" asked="$2" fmetric="$3" imetric="$4"; shift 4
    local fargs=() iargs=()
    while [ "$1" != "--" ]; do fargs+=("$1"); shift; done; shift
    iargs=("$@")
    local best_f=0 best_i=0 r v
    for r in $(seq 1 "$rounds"); do
        fio --ioengine=psync --group_reporting --output-format=json --invalidate=0 --name="$name" \
            --filename="$file" --time_based --runtime="$secs" "${fargs[@]}" > "$out/$name-fio-$r.json"
        v=$(fio_achieved "$out/$name-fio-$r.json" "$fmetric")
        best_f=$(python3 -c "a=$asked; print(min(($best_f, $v), key=lambda x: abs(x / a - 1)))")
        "$iobench" run --quiet --no-store --time "${secs}s" -o "$out/$name-iobench-$r.json" "${iargs[@]}" \
            "$file" >/dev/null
        v=$(iob_achieved "$out/$name-iobench-$r.json" "$imetric")
        best_i=$(python3 -c "a=$asked; print(min(($best_i, $v), key=lambda x: abs(x / a - 1)))")
    done
    python3 - "$name" "$asked" "$best_f" "$best_i" <<'PY'
import sys
name, asked, f, i = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
print(f"{name:<32} asked {asked:>12.0f}   fio {f / asked:6.3f}   iobench {i / asked:6.3f}"
      f"   error iobench/fio {abs(i / asked - 1) / max(abs(f / asked - 1), 1e-9):7.2f}")
PY
}

run_job "randread-4k-T2-3000iops" 3000 iops opsPerSecond \
    --rw=randread --bs=4k --numjobs=2 --rate_iops=1500 -- \
    --rw randread --bs 4k --threads 2 --rate 3000
run_job "randread-4k-uring-qd4-4000iops" 4000 iops opsPerSecond \
    --rw=randread --bs=4k --ioengine=io_uring --iodepth=4 --rate_iops=4000 -- \
    --rw randread --bs 4k --engine uring --iodepth 4 --rate 4000
run_job "read-64k-32MiBps" $((32 << 20)) bw_bytes bytesPerSecond \
    --rw=read --bs=64k --rate=32m -- \
    --rw read --bs 64k --rate 32MiB/s
echo "raw JSON in $out"
