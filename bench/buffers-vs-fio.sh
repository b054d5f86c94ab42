#!/usr/bin/env bash
# What fio's buffer contents cost: `iobench fio` against fio on the same command line, 64 KiB sequential writes,
# for each way fio fills a write buffer (docs/fio.md, "Buffer contents"):
#   scramble default   fio's default scramble_buffers=1: each write's 512-byte blocks get its offset and time
#   filled once        scramble_buffers=0: the buffers are filled at the start, never touched again
#   refill_buffers     a new random fill of every write
#   dedupe+compress    dedupe_percentage=30 buffer_compress_percentage=50: refilled, chunk by chunk
# each on the null engine (no I/O: the harness and the fill are all there is), and the scramble default on a real
# file with psync (WORKDIR, the current directory by default; fio and iobench each write a file of their own).
#
# Rounds are paired: each round runs iobench then fio, and the ratio (iobench/fio) is taken within the round; the
# median of the per-round ratios is printed. Writes per second follow the share of a core each process was given on
# a shared machine; writes per CPU-second of the job's thread (usr+sys of fio's JSON, which `iobench fio` fills
# from its worker thread's own getrusage, x the job's runtime) do not. iobench's JVM start and warm-up are outside
# the job's runtime, as fio's start is.
#
# Each tool runs in a session of its own (setsid -w): fio's forked job calls setsid() (backend.c, thread_main), and
# with the kernel's autogroups (/proc/sys/kernel/sched_autogroup_enabled = 1, as here) a new session is a new
# scheduling group, given as much CPU as any other session of the machine, while iobench's worker shares the group
# of the shell that started it. Both pinned to one CPU beside one other busy process of that shell's session (load
# about 2.5): iobench 25 % of the CPU against fio's 50 %, 0.58x the writes at 1.16x per CPU-second; with iobench
# under setsid too, 34 % each and 1.19x. In a session of its own iobench's worker shares its group only with the
# JVM's own, mostly idle, threads.
#
# Usage: bench/buffers-vs-fio.sh   (env: RUNTIME=5 ROUNDS=3 SIZE=256m WORKDIR=.)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNTIME=${RUNTIME:-5}
ROUNDS=${ROUNDS:-3}
SIZE=${SIZE:-256m}
WORKDIR=${WORKDIR:-$PWD}
WORK=$(mktemp -d)
FILES=$(mktemp -d "$WORKDIR/buffers-vs-fio.XXXXXX")
trap 'rm -rf "$WORK" "$FILES"' EXIT

die() { echo "buffers-vs-fio: $*" >&2; exit 2; }
command -v fio >/dev/null || die "fio not found (Debian: apt-get install -y fio)"
command -v python3 >/dev/null || die "python3 not found"
command -v setsid >/dev/null || die "setsid not found (Debian: util-linux)"
[ -x "$ROOT/bin/iobench" ] || die "bin/iobench not found"
"$ROOT/bin/iobench" --version >/dev/null    # build the jar now, not inside the first round
echo "load average at start: $(cut -d" " -f1-3 /proc/loadavg);" \
    "autogroups $(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo absent)"

# fio's JSON on stdin -> "WRITES/S WRITES_PER_CPU_SECOND"
per_cpu() {
    python3 -c 'import json,sys
j = json.load(sys.stdin)["jobs"][0]; w = j["write"]
cpu = (j["usr_cpu"] + j["sys_cpu"]) / 100 * j["job_runtime"] / 1e3
print(round(w["iops"]), round(w["total_ios"] / cpu) if cpu > 0 else 0)'
}

# TOOL ARGS... -> one figure pair; a fresh file for each run of a real file case
one() {
    local tool=$1; shift
    rm -f "$FILES/f"
    if [ "$tool" = iobench ]; then
        IOBENCH_ALLOW_OVERWRITE=1 setsid -w "$ROOT/bin/iobench" fio "$@" --output-format=json 2>"$WORK/err" \
            | per_cpu || { cat "$WORK/err" >&2; die "iobench fio $* failed"; }
    else
        setsid -w fio "$@" --output-format=json 2>"$WORK/err" | per_cpu \
            || { cat "$WORK/err" >&2; die "fio $* failed"; }
    fi
}

printf '%-28s %12s %12s %6s   %14s %14s %6s\n' workload iobench_w/s fio_w/s ratio iobench_/cpu-s fio_/cpu-s ratio
bench() { # LABEL FIO-ARGS...
    local label=$1; shift
    local args=(--name=buffers --rw=write --bs=64k --time_based --runtime="$RUNTIME" "$@")
    : > "$WORK/rounds.txt"
    local mine theirs
    for _ in $(seq "$ROUNDS"); do
        mine=$(one iobench "${args[@]}")    # an assignment: a failed run stops the script (set -e)
        theirs=$(one fio "${args[@]}")
        echo "$mine $theirs" >> "$WORK/rounds.txt"
    done
    python3 - "$label" "$WORK/rounds.txt" <<'EOF'
import statistics, sys
label, path = sys.argv[1], sys.argv[2]
rows = [list(map(float, l.split())) for l in open(path) if l.strip()]
med = statistics.median
ratio = lambda a, b: a / b if b else float("nan")
print("%-28s %12.0f %12.0f %6.2f   %14.0f %14.0f %6.2f" % (label,
      med([r[0] for r in rows]), med([r[2] for r in rows]), med([ratio(r[0], r[2]) for r in rows]),
      med([r[1] for r in rows]), med([r[3] for r in rows]), med([ratio(r[1], r[3]) for r in rows])))
print("%-28s per-CPU-second ratio by round: %s" % ("", " ".join("%.2f" % ratio(r[1], r[3]) for r in rows)))
EOF
}

null=(--ioengine=null --size=1g)
bench "null, scramble default" "${null[@]}"
bench "null, filled once" "${null[@]}" --scramble_buffers=0
bench "null, refill_buffers" "${null[@]}" --refill_buffers
bench "null, dedupe+compress" "${null[@]}" --dedupe_percentage=30 --buffer_compress_percentage=50
bench "psync file, scramble default" --ioengine=psync --size="$SIZE" --filename="$FILES/f"
echo "medians of $ROUNDS paired rounds of ${RUNTIME}s (iobench first in each); file cases in $WORKDIR" \
    "($(df -T "$WORKDIR" | awk 'NR==2 {print $2}')); load average $(cut -d' ' -f1-3 /proc/loadavg);" \
    "$(nproc) cores; $(uname -r); $(fio --version)"
