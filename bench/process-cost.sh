#!/usr/bin/env bash
# The whole-process cost of iobench against fio: wall time, CPU (user+sys) and peak RSS of the finished process,
# start-up and set-up included, for the same fixed amount of work. Runs are paired (iobench, fio, iobench, fio...)
# and each ratio is taken pair by pair, so drift on a shared machine hits both sides; medians are printed.
#
#   bench/process-cost.sh                       # 5 pairs per case, scratch dir ./bench-work
#   PAIRS=7 BENCH_DIR=/mnt/x bench/process-cost.sh
#   IOBENCH=/path/to/other/bin/iobench bench/process-cost.sh     # another build (e.g. the one before a change)
#   CASES='version tiny' bench/process-cost.sh          # a subset of: version tiny tiny-store rand1 rand1-store
#                                                        #   rand16 rand64
#
# Cases (issue 20's table; iobench through bin/iobench, as a user starts it):
#   version  iobench --version                       vs fio --version
#   tiny     one 4 KiB read of a cached file         (iobench run --size 4k; fio --size=4k)
#   tiny-store  the same with the result store on, as users run it (a SQLite database in the scratch directory)
#   rand1    1 GiB of 4 KiB random reads from a cached 1 GiB file, psync, 1 thread
#   rand1-store  the same with the result store on
#   rand16   the same 1 GiB split over 16 threads   (fio: --numjobs=16 --io_size=64m --thread)
#   rand64   the same 1 GiB split over 64 threads   (fio: --numjobs=64 --io_size=16m --thread)
# fio runs its jobs as threads (--thread) so that its peak RSS is one process's, as iobench's is; iobench's
# --size with --threads is the job's total (docs/options.md), fio's --io_size is per job, hence 1g/N.
# Figures: /usr/bin/time's elapsed, user, system and maximum resident set size of the command (the launcher's
# shell and the JVM it execs). Targets (issue 20): --version <= 0.15 s wall; tiny job wall <= fio's; rand1 wall
# <= 1.0x and CPU <= 1.2x fio's; peak RSS <= 64 MiB at 1 thread, <= 128 MiB at 64 threads.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
iobench="${IOBENCH:-$root/bin/iobench}"
dir="${BENCH_DIR:-$PWD/bench-work}"
pairs="${PAIRS:-5}"
cases="${CASES:-version tiny tiny-store rand1 rand1-store rand16 rand64}"
timer=/usr/bin/time

if [ ! -x "$timer" ]; then
    echo "process-cost: $timer (GNU time) is needed: apt-get install time" >&2
    exit 1
fi
if ! command -v fio >/dev/null 2>&1; then
    echo "process-cost: fio is needed: apt-get install fio" >&2
    exit 1
fi
mkdir -p "$dir"
file="$dir/process-cost.dat"
work="$(mktemp -d "$dir/process-cost.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "iobench: $("$iobench" --version | head -1) ($iobench)"
echo "fio:     $(fio --version)"
echo "dir $dir ($(df -T "$dir" | awk 'NR==2 {print $2}')), $pairs pairs per case, $(nproc) cores," \
    "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$(stat -c %s "$file" 2>/dev/null || echo 0)" != 1073741824 ]; then
    rm -f "$file"
    fio --name=prepare --filename="$file" --rw=write --bs=1m --size=1g --end_fsync=1 --output=/dev/null
fi
cat "$file" >/dev/null  # cached: the jobs measure the process, not the disk

measure() {  # out-file -- command...: appends "wall user sys maxrss_kib"
    local out="$1"; shift
    "$timer" -f '%e %U %S %M' -o "$out.t" "$@" >/dev/null 2>"$out.err" || {
        echo "process-cost: command failed: $*" >&2
        cat "$out.err" >&2
        exit 1
    }
    tail -n 1 "$out.t" >> "$out"
}

fio_job=(fio --name=job --filename="$file" --ioengine=psync --invalidate=0 --norandommap --randrepeat=0
    --output-format=terse)
case_commands() {  # case -> sets iob and fio arrays
    case "$1" in
        version) iob=("$iobench" --version); fioc=(fio --version) ;;
        tiny) iob=("$iobench" run --no-store --quiet --rw read --bs 4k --size 4k "$file")
              fioc=("${fio_job[@]}" --rw=read --bs=4k --size=4k) ;;
        tiny-store) iob=("$iobench" run --db "$work/store.db" --quiet --rw read --bs 4k --size 4k "$file")
                    fioc=("${fio_job[@]}" --rw=read --bs=4k --size=4k) ;;
        rand1) iob=("$iobench" run --no-store --quiet --rw randread --bs 4k --size 1g "$file")
               fioc=("${fio_job[@]}" --rw=randread --bs=4k --size=1g) ;;
        rand1-store) iob=("$iobench" run --db "$work/store.db" --quiet --rw randread --bs 4k --size 1g "$file")
                     fioc=("${fio_job[@]}" --rw=randread --bs=4k --size=1g) ;;
        rand16) iob=("$iobench" run --no-store --quiet --rw randread --bs 4k --size 1g --threads 16 "$file")
                fioc=("${fio_job[@]}" --rw=randread --bs=4k --size=1g --io_size=64m --numjobs=16 --thread) ;;
        rand64) iob=("$iobench" run --no-store --quiet --rw randread --bs 4k --size 1g --threads 64 "$file")
                fioc=("${fio_job[@]}" --rw=randread --bs=4k --size=1g --io_size=16m --numjobs=64 --thread) ;;
        *) echo "process-cost: unknown case '$1' (version tiny tiny-store rand1 rand1-store rand16 rand64)" >&2
           exit 2 ;;
    esac
}

printf '\n%-8s %-10s %10s %10s %8s\n' case figure iobench fio ratio
for c in $cases; do
    case_commands "$c"
    "${iob[@]}" >/dev/null 2>&1 || true   # one unmeasured round each: caches warm for both
    "${fioc[@]}" >/dev/null 2>&1 || true
    for _ in $(seq 1 "$pairs"); do
        measure "$work/$c.iob" "${iob[@]}"
        measure "$work/$c.fio" "${fioc[@]}"
    done
    python3 - "$c" "$work/$c.iob" "$work/$c.fio" <<'PY'
import statistics, sys
name, a, b = sys.argv[1], sys.argv[2], sys.argv[3]
rows = lambda p: [list(map(float, l.split())) for l in open(p) if l.strip()]
ia, fa = rows(a), rows(b)
figures = [("wall s", lambda r: r[0], 3), ("cpu s", lambda r: r[1] + r[2], 3), ("user s", lambda r: r[1], 3),
           ("sys s", lambda r: r[2], 3), ("rss MiB", lambda r: r[3] / 1024, 1)]
for label, f, digits in figures:
    iv, fv = [f(r) for r in ia], [f(r) for r in fa]
    ratios = [x / y for x, y in zip(iv, fv) if y > 0]
    ratio = f"{statistics.median(ratios):.2f}x" if ratios else "-"
    print(f"{name:<8} {label:<10} {statistics.median(iv):>10.{digits}f} {statistics.median(fv):>10.{digits}f} {ratio:>8}")
PY
done
echo
echo "medians of $pairs paired runs; ratio = median of the per-pair iobench/fio ratios;" \
    "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
