#!/usr/bin/env bash
# io_uring at QD1 on a loop device, iobench against fio, with and without registered files and buffers (issue 29):
# 4 KiB random reads, O_DIRECT, QD1, time-based, norandommap, on a loop device over a cached file in DIR (dio=0).
# Configurations (CFGS, space-separated):
#   iob       bin/iobench run --engine uring            fio       fio --ioengine=io_uring
#   iob-rf    ... --register-files                      fio-rf    ... --registerfiles
#   iob-fb    ... --fixed-buffers (buffers AND files)   fio-fb    ... --registerfiles --fixedbufs
#   NAME@CPU  the same under taskset -c CPU (the whole process)
# ROUNDS rounds, odd ones in CFGS order and even ones reversed (ABBA). One line a run: requests, IOPS, requests per
# CPU-second like for like (iobench: its worker's on-CPU time over the window, evidence.onCpuNs; fio: its job
# thread's usr+sys), user and kernel microseconds a request (iobench: its worker's rusage; fio: usr_cpu/sys_cpu),
# the load average at the run's start and, for iobench, its worker's run-queue wait in the window. Then per
# configuration the median of its rounds, and all runs bucketed by the IOPS they got (on this path the CPU a
# request depends on the rate: compare the tools at equal rates).
#
# Usage: bench/loop-qd1-vs-fio.sh   (env: CFGS="iob iob-rf iob-fb fio fio-rf fio-fb" ROUNDS=8 RUNTIME=3
#                                     DIR=/tmp SIZE_MIB=256 IOBENCH=bin/iobench); needs root (losetup)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CFGS=${CFGS:-iob iob-rf iob-fb fio fio-rf fio-fb}
ROUNDS=${ROUNDS:-8}
RUNTIME=${RUNTIME:-3}
SIZE_MIB=${SIZE_MIB:-256}
IOB=${IOBENCH:-$ROOT/bin/iobench}
die() { echo "loop-qd1-vs-fio: $*" >&2; exit 2; }
command -v fio >/dev/null || die "fio not found (Debian: apt-get install -y fio)"
command -v losetup >/dev/null || die "losetup not found"
command -v python3 >/dev/null || die "python3 not found"
for c in $CFGS; do
  case ${c%@*} in iob|iob-rf|iob-fb|fio|fio-rf|fio-fb) ;; *) die "CFGS: '$c': iob, iob-rf, iob-fb, fio, fio-rf, fio-fb[@CPU]" ;; esac
done
WORK=$(mktemp -d "${DIR:-${TMPDIR:-/tmp}}/iobench-loop-qd1.XXXXXX")
LOOP=
cleanup() { [[ -n "$LOOP" ]] && losetup -d "$LOOP" 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
trap 'exit 1' INT TERM
"$IOB" --version > /dev/null   # the jar built before the first round
dd if=/dev/urandom of="$WORK/backing" bs=1M count="$SIZE_MIB" status=none
cat "$WORK/backing" > /dev/null
LOOP=$(losetup --find --show "$WORK/backing") || die "losetup failed (root needed)"
echo "# $LOOP over $SIZE_MIB MiB in $WORK, dio=$(cat "/sys/block/${LOOP#/dev/}/loop/dio"); load $(cut -d' ' -f1-3 /proc/loadavg)"
: > "$WORK/runs"
for r in $(seq "$ROUNDS"); do
  if ((r % 2)); then order=$CFGS; else order=$(printf '%s\n' $CFGS | tac | tr '\n' ' '); fi
  for c in $order; do
    pin=(); [[ $c == *@* ]] && pin=(taskset -c "${c#*@}")
    b=${c%@*}
    load=$(cut -d' ' -f1 /proc/loadavg)
    case $b in
      fio*)
        ex=(); [[ $b == fio-rf ]] && ex=(--registerfiles); [[ $b == fio-fb ]] && ex=(--registerfiles --fixedbufs)
        "${pin[@]}" fio --output-format=json --name=d --filename="$LOOP" --size="${SIZE_MIB}m" --rw=randread --bs=4k \
          --ioengine=io_uring --iodepth=1 --direct=1 --time_based --runtime="$RUNTIME" --norandommap \
          --randrepeat=0 --invalidate=0 "${ex[@]}" > "$WORK/f.json" || die "fio failed"
        python3 - "$WORK/f.json" "$r" "$c" "$load" <<'PY' | tee -a "$WORK/runs"
import json, sys
j = json.load(open(sys.argv[1]))["jobs"][0]; rt = j["job_runtime"] / 1e3; n = j["read"]["total_ios"]
usr, sys_ = j["usr_cpu"] / 100 * rt, j["sys_cpu"] / 100 * rt
print("%s %-9s %8d ios %7.0f iops %8.0f req/cpu-s usr %6.2f us sys %6.2f us load %6s" % (sys.argv[2], sys.argv[3], n,
      n / rt, n / (usr + sys_), usr / n * 1e6, sys_ / n * 1e6, sys.argv[4]))
PY
        ;;
      iob*)
        ex=(); [[ $b == iob-rf ]] && ex=(--register-files); [[ $b == iob-fb ]] && ex=(--fixed-buffers)
        "${pin[@]}" "$IOB" run --quiet --no-store --format json --engine uring --rw randread --bs 4k --iodepth 1 \
          --direct --size "${SIZE_MIB}m" --time "${RUNTIME}s" "${ex[@]}" "$LOOP" > "$WORK/i.json" || die "iobench failed"
        python3 - "$WORK/i.json" "$r" "$c" "$load" <<'PY' | tee -a "$WORK/runs"
import json, sys
r = json.load(open(sys.argv[1]))["benchmarks"][0]["runs"][0]; e = r["evidence"]; u = e["usage"]
n = r["totals"]["ops"]
print("%s %-9s %8d ios %7.0f iops %8.0f req/cpu-s usr %6.2f us sys %6.2f us load %6s runq %.2f s" % (sys.argv[2],
      sys.argv[3], n, n / (e["windowNs"] / 1e9), n / (e["onCpuNs"] / 1e9), u["userNs"] / n / 1e3,
      u["systemNs"] / n / 1e3, sys.argv[4], e["runQueueNs"] / 1e9))
PY
        ;;
    esac
  done
done
python3 - "$WORK/runs" $CFGS <<'PY'
import sys, statistics as st, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    f = line.split()
    runs[f[1]].append((float(f[4]), float(f[6]), float(f[12]), float(f[15])))
print("# per configuration: median req/cpu-s [each round], median IOPS, median kernel us a request, load range")
for c in sys.argv[2:]:
    v = runs[c]
    print("%-9s %8.0f [%s] %7.0f iops sys %5.2f us load %s-%s" % (c, st.median(x[1] for x in v),
          " ".join("%.0fk" % (x[1] / 1e3) for x in v), st.median(x[0] for x in v), st.median(x[2] for x in v),
          min(x[3] for x in v), max(x[3] for x in v)))
print("# all runs by the IOPS they got: runs, median req/cpu-s, median kernel us a request, per tool")
edges = [0, 3000, 8000, 15000, float("inf")]
for lo, hi in zip(edges, edges[1:]):
    row = []
    for tool in ("iob", "fio"):
        v = [x for c, xs in runs.items() if c.startswith(tool) for x in xs if lo <= x[0] < hi]
        row.append("%s %2d %8s %6s" % (tool, len(v), "%.0f" % st.median(x[1] for x in v) if v else "-",
                                       "%.2f" % st.median(x[2] for x in v) if v else "-"))
    print("%6.0f-%-6s %s" % (lo, "" if hi == float("inf") else "%.0f" % hi, "   ".join(row)))
PY
echo "# $(uname -r), $(fio --version), $("$IOB" --version 2>/dev/null | head -1)"
