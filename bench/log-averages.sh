#!/usr/bin/env bash
# Do the plotting tools people feed fio's logs to read the same figure as the run's own total? One time-based
# job file (psync 4 KiB random read of a cached file, write_bw_log and write_iops_log averaged per second) run by
# fio and by `iobench fio`, then, for each tool's logs:
#   - fio2gnuplot's average (Debian's /usr/bin/fio2gnuplot, from fio's package: its .global file's avg=);
#   - fio-plot's average, computed as fio-plot computes it (fio_plot/fiolib: the rows of every job's log summed
#     row by row, values rescaled only when the rows are more than 1000 ms apart, then the plain mean): fio-plot is
#     a PyPI package this machine cannot reach, so its rule is reproduced here, not run;
#   - the total of the same run's JSON (jobs[0].read.bw in KiB/s, .iops), and the ratio average/total.
# The job keeps the page cache (invalidate=0): fio's default drops it at every pass of a time-based job, iobench's
# once before the run (docs/jobfiles.md), and the figures would not be of the same I/O.
# Target (issue: one run, one truth): iobench's ratios within 1 % of 1, as fio's are.
#
#   bench/log-averages.sh                        # ./bench-work, 3 s
#   BENCH_DIR=/mnt/x RUNTIME=10 bench/log-averages.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
iobench="${IOBENCH:-$root/bin/iobench}"
dir="${BENCH_DIR:-$PWD/bench-work}/log-averages"
runtime="${RUNTIME:-3}"
command -v fio >/dev/null || { echo "fio not found (apt-get install fio)" >&2; exit 1; }
command -v fio2gnuplot >/dev/null || { echo "fio2gnuplot not found (Debian's fio package has it)" >&2; exit 1; }
rm -rf "$dir"
mkdir -p "$dir"
trap 'rm -f "$dir/data"' EXIT
dd if=/dev/urandom of="$dir/data" bs=1M count=64 status=none
cat "$dir/data" > /dev/null

for tool in fio iobench; do
    mkdir -p "$dir/$tool"
    cat > "$dir/$tool/job.fio" <<EOF
[r]
ioengine=psync
rw=randread
bs=4k
size=64m
filename=$dir/data
runtime=$runtime
time_based
invalidate=0
log_avg_msec=1000
write_bw_log=r
write_iops_log=r
EOF
    (cd "$dir/$tool" && if [ "$tool" = fio ]; then fio --output-format=json --output=out.json job.fio
                        else "$iobench" fio --output-format=json --output=out.json job.fio; fi) > /dev/null
    for kind in bw iops; do
        (cd "$dir/$tool" && mkdir -p "g-$kind" && fio2gnuplot -p "r_${kind}*.log" -d "g-$kind" > /dev/null 2>&1)
    done
done

python3 - "$dir" <<'EOF'
import glob, json, os, sys
d = sys.argv[1]

def fio_plot_mean(files):
    # fio-plot: every job's log read as rows (time, value, ...); rows summed across jobs row by row; a log whose
    # rows are on average more than 1000 ms apart (the mean distance, truncated) has its values rescaled to per
    # second; then numpy's mean of the values.
    series = []
    for f in files:
        rows = [l.split(",") for l in open(f) if l.strip()]
        t = [int(r[0]) for r in rows]
        v = [float(r[1]) for r in rows]
        gaps = [b - a for a, b in zip(t, t[1:])]
        step = int(sum(gaps) / len(gaps)) if gaps else 1000
        if step > 1000:
            v = [x / (step / 1000) for x in v]
        series.append(v)
    n = min(len(s) for s in series)
    summed = [sum(s[i] for s in series) for i in range(n)]
    return sum(summed) / n

print(f"{'tool':8} {'log':5} {'rows':>4} {'total':>12} {'fio2gnuplot':>12} {'ratio':>8} {'fio-plot':>12} {'ratio':>8}")
for tool in ("fio", "iobench"):
    job = json.load(open(os.path.join(d, tool, "out.json")))["jobs"][0]["read"]
    for kind, total in (("bw", job["bw"]), ("iops", job["iops"])):
        logs = sorted(glob.glob(os.path.join(d, tool, f"r_{kind}*.log")))
        rows = sum(1 for f in logs for l in open(f) if l.strip())
        g = [l for l in open(os.path.join(d, tool, f"g-{kind}", f"r_{kind}.global")) if l.startswith("avg=")]
        gnu = float(g[0].split("=")[1])
        fp = fio_plot_mean(logs)
        print(f"{tool:8} {kind:5} {rows:>4} {total:>12.2f} {gnu:>12.2f} {gnu / total:>8.5f} {fp:>12.2f} {fp / total:>8.5f}")
EOF
