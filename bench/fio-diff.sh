#!/usr/bin/env bash
# Runs job files with fio and with `iobench fio` (strict), each in a fresh directory of its own, both with
# --output-format=json, and prints for each file what must be the same and is not: the exit statuses; the jobs'
# names, groupids and order; per job and direction (read, write, trim) io_bytes, total_ios, short_ios and
# drop_ios, and the sync count; the error field; for a time-based job (time_based in its options) its job_runtime
# against its runtime (and bytes within 15 % of fio's instead of exact); the line count of every *.log file each
# left behind (within one line per direction for a log_avg_msec log of a time-based job); the sizes of the other
# files each left behind; and, for a job file with a `; @same-bytes` line, their CRCs. A job file may carry
# `; @args ARGS...` (extra command-line arguments for both tools). Prints `same` or the differences, one per line.
#
# Usage: bench/fio-diff.sh JOB.fio...
#        (env: SCRATCH=/tmp/iobench-fio-diff, a directory on a real filesystem (fio's direct=1 fails on tmpfs);
#         FIO=fio; IOBENCH=command to run instead of bin/iobench; LIMIT=30, seconds each run may take)
# Exit status: 0 when every file is the same, 1 otherwise, 2 on bad usage.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || { echo "usage: bench/fio-diff.sh JOB.fio..." >&2; exit 2; }
SCRATCH=${SCRATCH:-/tmp/iobench-fio-diff}
FIO=${FIO:-fio}
IOBENCH=${IOBENCH:-$ROOT/bin/iobench}
LIMIT=${LIMIT:-30}
command -v "$FIO" >/dev/null || { echo "fio-diff: $FIO not found" >&2; exit 2; }
command -v python3 >/dev/null || { echo "fio-diff: python3 not found" >&2; exit 2; }
$IOBENCH --version >/dev/null
mkdir -p "$SCRATCH"

# tree PID: PID and every process below it (fio's forked jobs call setsid(): they leave its process group)
tree() {
    local c
    for c in $(pgrep -P "$1"); do tree "$c"; done
    echo "$1"
}

# run_bounded SECONDS DIR CMD...: CMD in DIR in its own process group, killed whole after SECONDS (its group and
# every process below it, listed before the kill: an orphan would lose its parent); prints its status
run_bounded() {
    local limit=$1 dir=$2; shift 2
    (cd "$dir" && exec setsid "$@") >"$dir/.stdout" 2>"$dir/.stderr" &
    local pid=$! i
    for i in $(seq $((limit * 10))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then
        local all; all=$(tree "$pid")
        kill -9 -- "-$pid" $all 2>/dev/null; wait "$pid" 2>/dev/null; echo timeout
    else wait "$pid" && echo 0 || echo $?; fi
}

all_same=0
for job in "$@"; do
    name=$(basename "$job" .fio)
    base="$SCRATCH/$name"
    rm -rf "$base"; mkdir -p "$base/fio" "$base/iobench"
    read -r -a extra <<<"$(sed -n 's/^; *@args //p' "$job" | head -1)"
    for d in fio iobench; do cp "$job" "$base/$d/job.fio"; done
    frc=$(run_bounded "$LIMIT" "$base/fio" "$FIO" "${extra[@]}" --output-format=json --output=out.json job.fio)
    irc=$(run_bounded "$LIMIT" "$base/iobench" env IOBENCH_ALLOW_OVERWRITE=1 "$IOBENCH" fio "${extra[@]}" \
        --output-format=json --output=out.json job.fio)
    if python3 - "$base" "$frc" "$irc" "$name" <<'EOF'
import json, os, sys, zlib

base, frc, irc, name = sys.argv[1:5]
diffs = []
if frc != irc:
    diffs.append(f"exit status: fio {frc}, iobench {irc}")
    err = open(os.path.join(base, "iobench", ".stderr")).read().strip().splitlines()
    if err:
        diffs.append("iobench: " + err[-1][:300])

def load(tool):
    try:
        with open(os.path.join(base, tool, "out.json")) as f:
            text = f.read()
        return json.loads(text[text.index("{"):])
    except (OSError, ValueError):
        return None

fio, iob = load("fio"), load("iobench")
jobtext = open(os.path.join(base, "fio", "job.fio")).read()
same_bytes = "@same-bytes" in jobtext

def seconds(v):
    v = str(v).strip().lower()
    for suffix, scale in (("msec", 1e-3), ("ms", 1e-3), ("usec", 1e-6), ("us", 1e-6), ("s", 1), ("m", 60), ("h", 3600)):
        if v.endswith(suffix) and v[: -len(suffix)].replace(".", "").isdigit():
            return float(v[: -len(suffix)]) * scale
    return float(v)

if fio is not None and iob is not None:
    fj, ij = fio["jobs"], iob["jobs"]
    fnames = [(j["jobname"], j["groupid"]) for j in fj]
    inames = [(j["jobname"], j["groupid"]) for j in ij]
    if fnames != inames:
        diffs.append(f"jobs: fio {fnames}, iobench {inames}")
    glob = fio.get("global options", {})
    for a, b in zip(fj, ij):
        opts = dict(glob); opts.update(a.get("job options", {}))
        # fio's JSON leaves flags without a value (time_based) out of its options: the job file says it
        timed = "runtime" in opts and ("time_based" in opts or any(
            l.strip() in ("time_based", "time_based=1") for l in jobtext.splitlines()))
        label = a["jobname"]
        if a.get("error", 0) != b.get("error", 0):
            diffs.append(f"{label} error: fio {a.get('error')}, iobench {b.get('error')}")
        for ddir in ("read", "write", "trim"):
            fa, ia = a.get(ddir, {}), b.get(ddir, {})
            for key in ("io_bytes", "total_ios", "short_ios", "drop_ios"):
                x, y = fa.get(key, 0), ia.get(key, 0)
                if timed and key in ("io_bytes", "total_ios"):
                    if (x == 0) != (y == 0) or (x and abs(y - x) > 0.15 * x):
                        diffs.append(f"{label} {ddir} {key} (time-based): fio {x}, iobench {y}")
                elif x != y:
                    diffs.append(f"{label} {ddir} {key}: fio {x}, iobench {y}")
        x, y = a.get("sync", {}).get("total_ios", 0), b.get("sync", {}).get("total_ios", 0)
        if x != y:
            diffs.append(f"{label} sync total_ios: fio {x}, iobench {y}")
        if timed:
            want = seconds(opts["runtime"]) * 1000
            fr, ir = a.get("job_runtime", 0), b.get("job_runtime", 0)
            if ir < 0.9 * want or ir > want * 1.5 + 500:
                diffs.append(f"{label} job_runtime: asked {want:.0f} ms, fio {fr}, iobench {ir}")

def files(tool):
    d = os.path.join(base, tool)
    out = {}
    for root, _, names in os.walk(d):
        for n in names:
            p = os.path.join(root, n)
            rel = os.path.relpath(p, d)
            if rel in ("job.fio", "out.json", ".stdout", ".stderr") or os.path.islink(p):
                continue
            out[rel] = p
    return out

ff, fi = files("fio"), files("iobench")
if sorted(ff) != sorted(fi):
    diffs.append(f"files: only fio {sorted(set(ff) - set(fi))}, only iobench {sorted(set(fi) - set(ff))}")
timed_logs = fio is not None and any("log_avg_msec" in {**fio.get("global options", {}), **j.get("job options", {})}
                                     for j in fio["jobs"])
for rel in sorted(set(ff) & set(fi)):
    a, b = ff[rel], fi[rel]
    if rel.endswith(".log"):
        na, nb = (sum(1 for _ in open(p, "rb")) for p in (a, b))
        if na != nb and not (timed_logs and abs(na - nb) <= 3):
            diffs.append(f"{rel} lines: fio {na}, iobench {nb}")
        continue
    sa, sb = os.path.getsize(a), os.path.getsize(b)
    if sa != sb:
        diffs.append(f"{rel} size: fio {sa}, iobench {sb}")
    elif same_bytes:
        def crc(p):
            c = 0
            with open(p, "rb") as f:
                while chunk := f.read(1 << 20):
                    c = zlib.crc32(chunk, c)
            return c
        if crc(a) != crc(b):
            diffs.append(f"{rel} contents differ (size {sa})")

if diffs:
    print(f"{name}: DIFFERS")
    for d in diffs:
        print("  " + d)
    sys.exit(1)
print(f"{name}: same")
EOF
    then :; else all_same=1; fi
done
exit $all_same
