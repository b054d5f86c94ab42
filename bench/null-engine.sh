#!/usr/bin/env bash
# The harness's own ceiling: iobench's null engine against fio's (--ioengine=null), requests per second and
# requests per CPU-second of the thread doing the I/O loop ("per core"), latency recorded by both as usual.
#   4 KiB random read, 1 thread, iodepth 1 (both complete each request inside submit)
#   4 KiB random read, 1 thread, iodepth 8 (both queue, commit and reap: the asynchronous path)
# Nothing touches a disk: neither tool opens a file for its null engine.
#
# Rounds are paired: each round runs iobench then fio, and the ratio (iobench/fio) is taken within the round;
# the median of the per-round ratios is printed. On a shared machine requests/s follows the share of a core each
# process was given; requests per CPU-second does not, and is the figure the target is about (>= 1.5x fio).
# CPU time: iobench's worker thread (JSON systemSummary.cpuPerWorkerPercent x elapsed); fio's job (usr+sys of
# its JSON x job runtime). No ramp for either, so iobench's JIT warm-up counts against it.
#
# Usage: bench/null-engine.sh   (env: RUNTIME=5 ROUNDS=5)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNTIME=${RUNTIME:-5}
ROUNDS=${ROUNDS:-5}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

die() { echo "null-engine: $*" >&2; exit 2; }
command -v fio >/dev/null || die "fio not found (Debian: apt-get install -y fio)"
command -v python3 >/dev/null || die "python3 not found"
[ -x "$ROOT/bin/iobench" ] || die "bin/iobench not found"
"$ROOT/bin/iobench" --version >/dev/null    # build the jar now, not inside the first round
echo "load average at start: $(cut -d" " -f1-3 /proc/loadavg)"

# iobench DEPTH -> "IOPS PER_CPU_SECOND"
iobench() {
    "$ROOT/bin/iobench" run --quiet --no-store --format json --engine null --rw randread --bs 4k \
        --iodepth "$1" --time "${RUNTIME}s" "$WORK/unused" 2>/dev/null \
        | python3 -c 'import json,sys
r = json.load(sys.stdin)["benchmarks"][0]["runs"][0]; t = r["totals"]; s = r["systemSummary"]
cpu = s["cpuPerWorkerPercent"] / 100 * t["elapsedNs"] / 1e9
print(round(t["opsPerSecond"]), round(t["ops"] / cpu))'
}

# fio DEPTH -> "IOPS PER_CPU_SECOND"
fio_run() {
    fio --name=null --ioengine=null --rw=randread --bs=4k --size=1g --iodepth="$1" --norandommap \
        --randrepeat=0 --time_based --runtime="$RUNTIME" --output-format=json \
        | python3 -c 'import json,sys
j = json.load(sys.stdin)["jobs"][0]; r = j["read"]
cpu = (j["usr_cpu"] + j["sys_cpu"]) / 100 * j["job_runtime"] / 1e3
print(round(r["iops"]), round(r["total_ios"] / cpu))'
}

printf '%-26s %12s %12s %6s   %14s %14s %6s\n' workload iobench_req/s fio_req/s ratio \
    iobench_/cpu-s fio_/cpu-s ratio
bench() { # LABEL DEPTH
    local label=$1 depth=$2
    : > "$WORK/rounds.txt"
    for _ in $(seq "$ROUNDS"); do
        echo "$(iobench "$depth") $(fio_run "$depth")" >> "$WORK/rounds.txt"
    done
    python3 - "$label" "$WORK/rounds.txt" <<'EOF'
import statistics, sys
label, path = sys.argv[1], sys.argv[2]
rows = [list(map(float, l.split())) for l in open(path) if l.strip()]
med = lambda xs: statistics.median(xs)
print("%-26s %12.0f %12.0f %6.2f   %14.0f %14.0f %6.2f" % (label,
      med([r[0] for r in rows]), med([r[2] for r in rows]), med([r[0] / r[2] for r in rows]),
      med([r[1] for r in rows]), med([r[3] for r in rows]), med([r[1] / r[3] for r in rows])))
print("%-26s per-CPU-second ratio by round: %s" % ("", " ".join("%.2f" % (r[1] / r[3]) for r in rows)))
EOF
}

bench "randread 4k QD1 null" 1
bench "randread 4k QD8 null" 8
echo "medians of $ROUNDS paired rounds of ${RUNTIME}s (iobench first in each); load average $(cut -d' ' -f1-3 /proc/loadavg);" \
    "$(nproc) cores; $(uname -r); $(fio --version)"
