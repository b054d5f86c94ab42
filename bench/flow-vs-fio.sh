#!/usr/bin/env bash
# A paced job in a flow under load, fio and iobench side by side: two null-engine jobs of one flow_id, weights 1
# and 8, the first at rate_iops=1000 (the shape of fio's t/jobs/t0011), RUNTIME seconds, optionally with HOGS busy
# loops of this script's own on the CPUs. Prints, per round and tool, the paced job's IOPS and the flow's ratio
# (fio's own test wants 950-1050 IOPS and a ratio of 6-10), and the machine's load before and after.
#
#   bench/flow-vs-fio.sh                          # 3 rounds of 10 s, no hogs
#   HOGS=2 ROUNDS=5 RUNTIME=10 bench/flow-vs-fio.sh
#   env: IOBENCH=CMD (default bin/iobench), WORK=DIR (scratch, default /tmp/iobench-flow; removed at the end)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
IOBENCH=${IOBENCH:-$root/bin/iobench}
WORK=${WORK:-/tmp/iobench-flow}
ROUNDS=${ROUNDS:-3}
RUNTIME=${RUNTIME:-10}
HOGS=${HOGS:-0}
command -v fio >/dev/null 2>&1 || { echo "flow-vs-fio: fio not found (apt-get install fio)" >&2; exit 2; }
mkdir -p "$WORK"
hogs=()
cleanup() {
    for p in "${hogs[@]}"; do kill "$p" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT
cat > "$WORK/flow.fio" <<EOF
[global]
ioengine=null
bs=4k
size=100g
runtime=$RUNTIME
flow_id=1

[paced]
flow=1
rate_iops=1000

[unpaced]
flow=8
EOF
for _ in $(seq "$HOGS"); do
    (while :; do :; done) &
    hogs+=($!)
done
load() { cut -d' ' -f1 /proc/loadavg; }
echo "flow 1:8, paced at 1000 IOPS, ${RUNTIME}s, $ROUNDS rounds, $HOGS hogs, $(nproc) CPUs"
for r in $(seq "$ROUNDS"); do
    for tool in fio iobench; do
        before=$(load)
        if [ "$tool" = fio ]; then fio --output-format=json "$WORK/flow.fio" > "$WORK/$tool.json"
        else IOBENCH_ALLOW_OVERWRITE=1 $IOBENCH fio --output-format=json "$WORK/flow.fio" > "$WORK/$tool.json"; fi
        python3 - "$WORK/$tool.json" "$tool" "$r" "$before" "$(load)" <<'PY'
import json, sys
jobs = json.load(open(sys.argv[1]))["jobs"]
paced, unpaced = jobs[0]["read"]["iops"], jobs[1]["read"]["iops"]
ok = 950 <= paced <= 1050 and 6 <= unpaced / paced <= 10
print(f"round {sys.argv[3]} {sys.argv[2]:<8} paced {paced:8.1f} IOPS  ratio {unpaced / paced:5.2f}  "
      f"{'pass' if ok else 'FAIL'}  (load {sys.argv[4]}-{sys.argv[5]})")
PY
    done
done
