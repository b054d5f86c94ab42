#!/usr/bin/env bash
# The throughput cost of --verify: 1 MiB sequential writes over a file held in the page cache (buffered, no sync),
# plain vs --verify crc32c (and sha256 for scale), alternating rounds; prints each round's MB/s (10^6 B/s), the
# median of each, the ratio verify/plain, and iobench's own stamping throughput (time in stamping alone).
#
#   bench/verify-cost.sh                       # 256 MiB file in ./bench-work, 5 s per run, 5 rounds
#   BENCH_DIR=/mnt/x BENCH_TIME=10 BENCH_ROUNDS=7 BENCH_SIZE=512m bench/verify-cost.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
iobench="$root/bin/iobench"
dir="${BENCH_DIR:-$PWD/bench-work}"
secs="${BENCH_TIME:-5}"
rounds="${BENCH_ROUNDS:-5}"
size="${BENCH_SIZE:-256m}"
mkdir -p "$dir/out"
file="$dir/verify-cost.dat"
trap 'rm -f "$file"' EXIT

"$iobench" --version | head -1
echo "dir $dir ($(df -T "$dir" | awk 'NR==2 {print $2}')), $size file, ${secs}s per run, $rounds rounds, $(nproc) cores"
"$iobench" run --quiet --rw write --bs 1m --size "$size" --pattern random --keep "$file" >/dev/null
cat "$file" >/dev/null

metric() {  # $1 json, $2 python expression over run r
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["benchmarks"][0]["runs"][0]; print(eval(sys.argv[2]))' "$@"
}

declare -A all
for r in $(seq 1 "$rounds"); do
    for mode in plain crc32c sha256; do
        extra=()
        [ "$mode" != plain ] && extra=(--verify "$mode")
        json="$dir/out/verify-cost-$mode-$r.json"
        # No --size: the region is the file, and the timed run wraps around it, overwriting cached pages.
        "$iobench" run --quiet --rw write --bs 1m --time "${secs}s" --pattern random \
            --allow-overwrite --keep --sample-interval 0 --force "${extra[@]}" -o "$json" "$file" >/dev/null
        mbps=$(metric "$json" 'round(r["totals"]["megabytesPerSecond"], 1)')
        all[$mode]+="$mbps "
        stamp=""
        [ "$mode" != plain ] && stamp=", stamping alone $(metric "$json" 'round(r["verification"]["stampBytesPerSecond"]/1e6)') MB/s"
        echo "round $r $mode: $mbps MB/s$stamp"
    done
done

median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
p=$(echo "${all[plain]}" | median)
c=$(echo "${all[crc32c]}" | median)
s=$(echo "${all[sha256]}" | median)
echo
printf 'median MB/s: plain %s, --verify crc32c %s, --verify sha256 %s\n' "$p" "$c" "$s"
printf 'ratio verify/plain: crc32c %.3f, sha256 %.3f\n' "$(echo "$c / $p" | bc -l)" "$(echo "$s / $p" | bc -l)"
