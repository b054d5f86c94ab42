#!/usr/bin/env bash
# Multi-host runs on one machine: the start barrier's skew, and the controller's overhead.
#   bench/multi-host.sh [SECONDS] [DIR]
#   IOBENCH=/path/to/other/bin/iobench bench/multi-host.sh     # another build (e.g. the one before a change)
# Starts three agents on 127.0.0.2, .3 and .4, then runs 4 KiB random reads from the page cache (CPU-bound, so
# any overhead shows) for SECONDS (default 5):
#   1. one local run with 3 threads on 3 files' worth of data  (iobench run --threads 3)
#   2. the same total work as 3 agents x 1 thread              (iobench run --hosts, --runs 5 for 5 barriers)
#   3. fio --numjobs=3 as a reference
# and prints aggregate IOPS side by side with the ratios, and the start skew of every barrier.
# Saves nothing (--no-store); removes its files and stops its agents on exit.
set -euo pipefail
secs="${1:-5}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d "${2:-${TMPDIR:-/tmp}}/iobench-multihost-bench.XXXXXX")"
iob="${IOBENCH:-$root/bin/iobench}"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$dir"
}
trap cleanup EXIT
head -c 32 /dev/urandom | base64 > "$dir/secret"
chmod 600 "$dir/secret"
mkdir -p "$dir/data"
"$iob" --version >/dev/null   # builds the jar once, before the agents start
port=$((20000 + RANDOM % 20000))
hosts=""
for n in 2 3 4; do
    "$iob" agent --listen "127.0.0.$n:$port" --allow "$dir/data" --secret-file "$dir/secret" >"$dir/agent$n.log" 2>&1 &
    pids+=($!)
    hosts="${hosts:+$hosts,}127.0.0.$n:$port"
done
for n in 2 3 4; do
    for _ in $(seq 1 300); do grep -q "listening on" "$dir/agent$n.log" && break; sleep 0.2; done
done
size=64m
job=(--rw randread --bs 4k --time "${secs}s" --no-store -q)
# the files, filled and cached once
for n in 2 3 4; do "$iob" run --rw write --bs 1m --size $size --keep --no-store -q "$dir/data/127.0.0.$n.dat" >/dev/null; done

# no --size: the files exist, so a time-based job goes over them until the time is up (fio's time_based)
"$iob" run "${job[@]}" --threads 3 -o "$dir/local.json" "$dir/data/127.0.0.2.dat" >/dev/null
"$iob" run "${job[@]}" --runs 5 -o "$dir/cluster.json" "$dir/data/{host}.dat" \
    --hosts "$hosts" --secret-file "$dir/secret" >/dev/null
fio --name=r --rw=randread --bs=4k --size=$size --numjobs=3 --invalidate=0 --time_based --runtime="$secs" --group_reporting \
    --filename="$dir/data/127.0.0.2.dat" --output-format=json >"$dir/fio.json" 2>/dev/null

python3 - "$dir" <<'PY'
import json, sys, statistics
d = sys.argv[1]
local = json.load(open(f"{d}/local.json"))["benchmarks"][0]["runs"][0]["totals"]["opsPerSecond"]
c = json.load(open(f"{d}/cluster.json"))
runs = c["benchmarks"][0]["runs"]
agg = statistics.mean(r["totals"]["opsPerSecond"] for r in runs)
stone = statistics.mean(s["opsPerSecond"] for s in c["cluster"]["stonewall"])
fio = json.load(open(f"{d}/fio.json"))["jobs"][0]["read"]["iops"]
print(f"4 KiB random read from the page cache, 3 workers, {len(runs)} runs of the cluster job")
print(f"{'':34}{'IOPS':>12}{'vs local':>10}{'vs fio':>8}")
for name, v in [("fio --numjobs=3", fio), ("iobench local --threads 3", local),
                ("iobench 3 agents (last done)", agg), ("iobench 3 agents (stonewall)", stone)]:
    print(f"{name:34}{v:12.0f}{v / local:10.2f}{v / fio:8.2f}")
sk = c["cluster"]["startSkew"]
ms = lambda ns: f"{ns / 1e6:.3f} ms"
print(f"start skew over {len(sk)} barriers: measured starts max {ms(max(s['skewNs'] for s in sk))},"
      f" median {ms(statistics.median(s['skewNs'] for s in sk))}; barrier release max"
      f" {ms(max(s['releaseSkewNs'] for s in sk))}, median {ms(statistics.median(s['releaseSkewNs'] for s in sk))};"
      f" clock offsets known to +-{ms(max(s['uncertaintyNs'] for s in sk))}")
PY
