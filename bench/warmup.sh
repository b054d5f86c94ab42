#!/usr/bin/env bash
# The measured window's first second: iobench's and fio's per-second series on the same cached 4 KiB random read,
# psync at QD1 and io_uring at QD32, in paired rounds (fio then iobench, then iobench then fio...), so that drift
# on a shared machine hits both. Prints, per engine and round:
#   - first/median: the first interval's rate over the median interval's, of a SHORT run and of a LONG run
#     (iobench from its JSON series, fio from its IOPS log with log_avg_msec=1000); target for iobench >= 0.95;
#   - short/long: a SHORT run's figure (the run's total rate) over a LONG run's; target within 3 %.
# and the medians over the rounds at the end. The machine's load (uptime) is printed at the start and the end.
#
#   bench/warmup.sh                       # defaults: ./bench-work, 3 s and 30 s runs, 2 rounds
#   BENCH_DIR=/mnt/x SHORT=3 LONG=30 ROUNDS=3 bench/warmup.sh
#   IOBENCH_JAVA_OPTS=-Diobench.warmup=off bench/warmup.sh     # iobench without its warm-up (the "before")
#   ENGINES=uring bench/warmup.sh         # one engine only (psync, uring; default both)
#
# The data file (256 MiB) is written once and read into the page cache before each run; nothing is stored in
# iobench's result store.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
iobench="$root/bin/iobench"
dir="${BENCH_DIR:-$PWD/bench-work}"
short="${SHORT:-3}"
long="${LONG:-30}"
rounds="${ROUNDS:-2}"
engines="${ENGINES:-psync uring}"
size="${BENCH_SIZE:-256m}"

if ! command -v fio >/dev/null 2>&1; then
    echo "fio not found; installing Debian's package" >&2
    (apt-get update -qq && apt-get install -y -qq fio) >&2
fi
mkdir -p "$dir"
file="$dir/warmup.dat"
out="$dir/warmup-out"
rm -rf "$out"
mkdir -p "$out"
trap 'rm -f "$file"' EXIT

"$iobench" --version | head -1
fio --version
echo "dir $dir ($(df -T "$dir" | awk 'NR==2 {print $2}')), runs of ${short}s and ${long}s, $rounds rounds, $(nproc) cores"
echo "load at start: $(uptime | sed 's/.*load average: //')"
if [ ! -f "$file" ]; then
    "$iobench" run --quiet --no-store --rw write --bs 1m --size "$size" --pattern random --sync fdatasync --keep \
        "$file" >/dev/null
fi

# $1 tool, $2 engine (psync|uring), $3 seconds, $4 output stem
run_one() {
    local tool="$1" engine="$2" secs="$3" stem="$4"
    cat "$file" >/dev/null
    if [ "$tool" = fio ]; then
        local e=(--ioengine=psync --iodepth=1)
        [ "$engine" = uring ] && e=(--ioengine=io_uring --iodepth=32)
        (cd "$out" && fio --name=w --filename="$file" --rw=randread --bs=4k --size="$size" "${e[@]}" \
            --randrepeat=0 --norandommap --invalidate=0 --time_based --runtime="$secs" \
            --log_avg_msec=1000 --write_iops_log="$stem" --output-format=json --output="$stem.json" >/dev/null)
    else
        local e=()
        [ "$engine" = uring ] && e=(--engine uring --iodepth 32)
        "$iobench" run --quiet --no-store --rw randread --bs 4k --size "$size" "${e[@]}" --time "${secs}s" \
            --format json -o "$out/$stem.json" --force "$file" >/dev/null
    fi
}

# first/median and the total rate of one run: "FIRST_OVER_MEDIAN TOTAL_IOPS"
figures() {  # $1 tool, $2 stem
    python3 - "$1" "$out/$2" <<'PY'
import json, statistics, sys
tool, stem = sys.argv[1], sys.argv[2]
if tool == "fio":
    d = json.load(open(stem + ".json"))
    total = d["jobs"][0]["read"]["iops"]
    rates = [float(l.split(",")[1]) for l in open(stem + "_iops.1.log") if l.strip()]
else:
    d = json.load(open(stem + ".json"))
    run = d["benchmarks"][0]["runs"][0]
    total = run["totals"]["opsPerSecond"]
    rates = [s["opsPerSecond"] for s in run["series"]]
print(f"{rates[0] / statistics.median(rates):.3f} {total:.0f}" if rates else f"nan {total:.0f}")
PY
}

summary="$out/summary.txt"
: > "$summary"
printf '%-6s %-5s %-8s %14s %14s %12s %12s %10s\n' engine round tool "first/med ${short}s" "first/med ${long}s" \
    "IOPS ${short}s" "IOPS ${long}s" "short/long"
for engine in $engines; do
    for r in $(seq 1 "$rounds"); do
        order="fio iobench"
        [ $((r % 2)) = 0 ] && order="iobench fio"
        for tool in $order; do
            run_one "$tool" "$engine" "$short" "$tool-$engine-$r-short"
            run_one "$tool" "$engine" "$long" "$tool-$engine-$r-long"
            read -r fs ts <<<"$(figures "$tool" "$tool-$engine-$r-short")"
            read -r fl tl <<<"$(figures "$tool" "$tool-$engine-$r-long")"
            ratio=$(python3 -c "print(f'{$ts / $tl:.3f}')")
            printf '%-6s %-5s %-8s %14s %14s %12s %12s %10s\n' "$engine" "$r" "$tool" "$fs" "$fl" "$ts" "$tl" "$ratio"
            echo "$engine $tool $fs $fl $ratio" >> "$summary"
        done
    done
done
echo
echo "medians over the rounds (targets for iobench: first/median >= 0.95, short/long within 3 %)"
python3 - "$summary" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
for engine in ("psync", "uring"):
    for tool in ("iobench", "fio"):
        mine = [r for r in rows if r[0] == engine and r[1] == tool]
        if not mine:
            continue
        med = lambda k: statistics.median(float(r[k]) for r in mine)
        print(f"{engine:<6} {tool:<8} first/median short {med(2):.3f}  long {med(3):.3f}   short/long {med(4):.3f}")
PY
echo "load at end: $(uptime | sed 's/.*load average: //')"
echo "raw JSON and logs in $out"
