#!/usr/bin/env bash
# Cost against size, per axis, iobench beside fio where fio does the same work (issue 29):
#
#   workers  4 KiB random reads of a cached file with psync at 1, 16, 64, 256 workers (fio: numjobs=N thread,
#            group_reporting): requests per CPU-second and peak RSS of each tool
#   depth    4 KiB random reads on io_uring at QD 1, 32, 256, 1024 (one worker), on a cached file, a loop device
#            (over a file in DIR) and a zram device (when /sys/block/zram0 exists and is unused): the same figures
#   files    4 KiB random reads with psync over 1, 10, 100, 1000 cached files of one job (fio's nrfiles=N, round
#            robin; SIZE_MIB spread over them), both tools running the same job file on the same files: the same
#            figures. At 1 file the job is a one-file job (iobench's own path, which pays nothing for many files).
#            FILES_ENGINES="psync io_uring": also io_uring at QD FILES_QD (32) with registerfiles, each request naming
#            its file by its slot of the ring's file table
#   store    bench/scale-store.sh: each command's time at 10^3 .. 10^6 stored runs (SIZES)
#   hosts    bench/scale-hosts.sh: start skew and controller CPU at 2..16 agents
#   page     bench/scale-page.sh: page size and load time at 10..1000 benchmarks
#
#   bench/scale.sh                       # workers depth
#   bench/scale.sh workers depth files store   # AXES as words; hosts and page run their own scripts (minutes each)
#   WORKERS="1 16 64 256" DEPTHS="1 32 256 1024" RUNTIME=3 ROUNDS=2 DIR=/var/tmp bench/scale.sh depth
#   FILES="1 10 100 1000" SIZE_MIB=64 bench/scale.sh files
#   FILES_ENGINES="psync io_uring" FILES_QD=32 bench/scale.sh files
#   SUITE_LOCK=0 IOBENCH_NO_BUILD=1 /work/helpers/quiet bench/scale.sh workers   # on the shared machine
#
# CPU, two figures for iobench. fio's usr_cpu+sys_cpu is getrusage(RUSAGE_THREAD) of each job's thread (fio's
# getrusage.c): its main and helper threads and the kernel's io_uring workers (iou-wrk-*, threads of the process
# that serve requests the device cannot take without blocking, as zram's) are not in it. Like for like, iobench's
# worker threads' on-CPU time over the measured window (the result's evidence.onCpuNs, from their
# /proc/self/task/TID/schedstat) is set against it: "req/io-cpu-s" and "ratio". iobench's whole process over the
# window (system.window.processUser/SystemSeconds: its JIT compiler, GC, monitor threads and io_uring workers
# included; JVM start and warm-up outside it) is the "proc" column and its ratio to fio's figure, "proc_ratio".
# Requests per CPU-second = requests completed / that CPU. bench/thread-cpu.py splits either tool's CPU by thread.
# Peak RSS: the whole process (wait4's maxrss via /usr/bin/time; the JVM's heap and code included). Each point is
# the best of ROUNDS rounds in ABBA order (iobench then fio, fio then iobench, ...) by requests per I/O-thread
# CPU-second; ratio = iobench / fio; "load" is the 1-minute load average at the point's start and end.
# Every burst of one axis runs under flock /tmp/iobench-suite.lock (the machine is shared); the load average at its
# start is printed. Removes its files, detaches its loop device and resets zram on exit.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
AXES=${*:-workers depth}
WORKERS=${WORKERS:-1 16 64 256}
DEPTHS=${DEPTHS:-1 32 256 1024}
FILES=${FILES:-1 10 100 1000}
FILES_ENGINES=${FILES_ENGINES:-psync}
FILES_QD=${FILES_QD:-32}
RUNTIME=${RUNTIME:-3}
ROUNDS=${ROUNDS:-2}
SIZE_MIB=${SIZE_MIB:-256}
IOB=${IOBENCH:-$ROOT/bin/iobench}

die() { echo "scale.sh: $*" >&2; exit 2; }
command -v fio >/dev/null || die "fio not found (Debian: apt-get install -y fio)"
command -v python3 >/dev/null || die "python3 not found"
[[ -x /usr/bin/time ]] || die "/usr/bin/time is needed (Debian: apt-get install time)"
for a in $AXES; do
  case $a in workers|depth|files|store|hosts|page) ;;
  *) die "axis '$a': one of workers, depth, files, store, hosts, page" ;; esac
done
WORK=$(mktemp -d "${DIR:-${TMPDIR:-/tmp}}/iobench-scale.XXXXXX")
LOOP=
ZRAM=
cleanup() {
  [[ -n "$LOOP" ]] && losetup -d "$LOOP" 2>/dev/null || true
  [[ -n "$ZRAM" ]] && echo 1 > /sys/block/zram0/reset 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
"$IOB" --version > /dev/null   # the jar built before the first round

# one line of JSON figures from either tool: "REQUESTS IO_THREAD_CPU_SECONDS PROCESS_CPU_SECONDS" (fio: its job
# threads' CPU twice, the only figure it gives)
iob_figures() {
  python3 -c 'import json,sys
b = json.load(sys.stdin)["benchmarks"][0]; r = b["runs"][0]; w = r["system"]["window"]
print(r["totals"]["ops"], r["evidence"]["onCpuNs"] / 1e9, w["processUserSeconds"] + w["processSystemSeconds"])'
}
fio_figures() {
  python3 -c 'import json,sys
j = json.load(sys.stdin)["jobs"][0]; d = j["read"]
cpu = (j["usr_cpu"] + j["sys_cpu"]) / 100 * j["job_runtime"] / 1e3
print(d["total_ios"], cpu, cpu)'
}

# point LABEL -- IOBENCH_ARGS -- FIO_ARGS: best round of each, printed as one row
point() {
  local label=$1; shift
  local iargs=() fargs=()
  while [[ $1 != -- ]]; do iargs+=("$1"); shift; done
  shift
  fargs=("$@")
  : > "$WORK/rounds"
  local load0 r tool
  load0=$(cut -d' ' -f1 /proc/loadavg)
  for r in $(seq "$ROUNDS"); do
    # ABBA: odd rounds iobench first, even rounds fio first, so a load that rises or falls through the point
    # weighs on both tools alike
    for tool in $( ((r % 2)) && echo "iobench fio" || echo "fio iobench"); do
      if [[ $tool == iobench ]]; then
        /usr/bin/time -f "%M" -o "$WORK/rss" "$IOB" run --quiet --no-store --format json "${iargs[@]}" \
          > "$WORK/i.json" 2> "$WORK/i.err" || { cat "$WORK/i.err" >&2; die "iobench ${iargs[*]} failed"; }
        echo "iobench $(iob_figures < "$WORK/i.json") $(cat "$WORK/rss")" >> "$WORK/rounds"
      else
        /usr/bin/time -f "%M" -o "$WORK/rss" fio --output-format=json "${fargs[@]}" > "$WORK/f.json" \
          2> "$WORK/f.err" || { cat "$WORK/f.err" >&2; die "fio ${fargs[*]} failed"; }
        echo "fio $(fio_figures < "$WORK/f.json") $(cat "$WORK/rss")" >> "$WORK/rounds"
      fi
    done
  done
  LOAD_RANGE="$load0-$(cut -d' ' -f1 /proc/loadavg)"
  python3 - "$label" "$WORK/rounds" "$LOAD_RANGE" <<'EOF'
import sys
label, path, load = sys.argv[1], sys.argv[2], sys.argv[3]
best = {}
for line in open(path):
    tool, reqs, cpu, proc, rss = line.split()
    reqs, cpu, proc, rss = int(reqs), float(cpu), float(proc), int(rss)
    per = reqs / cpu if cpu > 0 else float("nan")
    per_proc = reqs / proc if proc > 0 else float("nan")
    if tool not in best or per > best[tool][0]:
        best[tool] = (per, per_proc, rss)
i, f = best["iobench"], best["fio"]
print("%-22s %12.0f %12.0f %6.2f %12.0f %6.2f %8.1f %8.1f %11s" % (label, i[0], f[0], i[0] / f[0], i[1],
                                                                  i[1] / f[0], i[2] / 1024, f[2] / 1024, load))
EOF
}

header() {
  printf '%-22s %12s %12s %6s %12s %6s %8s %8s %11s\n' point iob_req/io-s fio_req/io-s ratio iob_req/proc proc_r \
    iob_MiB fio_MiB load
}

# SUITE_LOCK=0 when already alone on the machine (under /work/helpers/quiet, whose flag makes the builds that would
# take the suite lock wait: taking it there could wait for ever)
lock() {
  if [[ ${SUITE_LOCK:-1} != 0 ]]; then exec 9> /tmp/iobench-suite.lock; flock 9; fi
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
}
unlock() { if [[ ${SUITE_LOCK:-1} != 0 ]]; then flock -u 9; fi; }

FILE="$WORK/data.bin"
layout() {
  [[ -f "$FILE" ]] || fio --name=layout --filename="$FILE" --size="${SIZE_MIB}m" --rw=write --bs=1m \
    --output=/dev/null
  cat "$FILE" > /dev/null   # cached: the axis measures the tools, not the disk
}

for axis in $AXES; do
  case $axis in
  workers)
    layout
    echo "## workers: 4 KiB random reads, psync, cached ${SIZE_MIB} MiB file, ${RUNTIME}s, best of $ROUNDS"
    lock
    header
    for n in $WORKERS; do
      point "psync workers=$n" --engine psync --rw randread --bs 4k --threads "$n" --time "${RUNTIME}s" "$FILE" -- \
        --name=w --filename="$FILE" --size="${SIZE_MIB}m" --rw=randread --bs=4k --ioengine=psync \
        --numjobs="$n" --thread --group_reporting --time_based --runtime="$RUNTIME" --norandommap \
        --randrepeat=0 --invalidate=0
    done
    unlock
    ;;
  depth)
    layout
    targets=("file:$FILE")
    if LOOP=$(losetup --find --show "$FILE" 2>/dev/null); then
      targets+=("loop:$LOOP")
    else
      echo "# no loop device (losetup failed): the loop target is left out"
      LOOP=
    fi
    lock
    if [[ -w /sys/block/zram0/disksize ]] && [[ "$(cat /sys/block/zram0/disksize)" == 0 ]]; then
      echo 1G > /sys/block/zram0/disksize && ZRAM=/dev/zram0
      fio --name=fill --filename=$ZRAM --size="${SIZE_MIB}m" --rw=write --bs=1m --direct=1 --output=/dev/null
      targets+=("zram:$ZRAM")
    else
      echo "# zram0 missing or in use (disksize not 0): the zram target is left out"
    fi
    echo "## depth: 4 KiB random reads, io_uring, one worker, ${RUNTIME}s, best of $ROUNDS (devices O_DIRECT)"
    header
    for t in "${targets[@]}"; do
      kind=${t%%:*}
      path=${t#*:}
      direct=0
      [[ $kind != file ]] && direct=1
      dflag=()
      [[ $direct == 1 ]] && dflag=(--direct)
      for d in $DEPTHS; do
        point "$kind uring QD$d" --engine uring --rw randread --bs 4k --iodepth "$d" "${dflag[@]}" \
          --size "${SIZE_MIB}m" --time "${RUNTIME}s" "$path" -- \
          --name=d --filename="$path" --size="${SIZE_MIB}m" --rw=randread --bs=4k --ioengine=io_uring \
          --iodepth="$d" --direct="$direct" --time_based --runtime="$RUNTIME" --norandommap --randrepeat=0 \
          --invalidate=0
      done
    done
    unlock
    if [[ -n "$ZRAM" ]]; then echo 1 > /sys/block/zram0/reset; ZRAM=; fi
    if [[ -n "$LOOP" ]]; then losetup -d "$LOOP"; LOOP=; fi
    ;;
  files)
    for e in $FILES_ENGINES; do
      case $e in psync|io_uring) ;; *) die "FILES_ENGINES: '$e': psync or io_uring" ;; esac
    done
    echo "## files: 4 KiB random reads, one job over N cached files (${SIZE_MIB} MiB in all), ${RUNTIME}s," \
      "best of $ROUNDS (io_uring: QD$FILES_QD, registerfiles)"
    lock
    header
    for n in $FILES; do
      d="$WORK/files$n"
      mkdir -p "$d"
      each=$(( SIZE_MIB * 1024 / n ))
      (( each >= 4 )) || die "SIZE_MIB=$SIZE_MIB over $n files leaves less than a 4 KiB block each"
      # fio lays the files out (f.0.0 .. f.0.N-1 in the directory); then both tools read the same files
      fio --name=f --directory="$d" --nrfiles="$n" --filesize="${each}k" --rw=write --bs=64k --output=/dev/null
      cat "$d"/* > /dev/null
      for e in $FILES_ENGINES; do
        job="$WORK/files$n-$e.fio"
        printf '[f]\ndirectory=%s\nnrfiles=%s\nfilesize=%sk\nrw=randread\nbs=4k\nioengine=%s\ntime_based\n' \
          "$d" "$n" "$each" "$e" > "$job"
        printf 'runtime=%s\nnorandommap\nrandrepeat=0\ninvalidate=0\n' "$RUNTIME" >> "$job"
        label="psync files=$n"
        if [[ $e == io_uring ]]; then
          printf 'iodepth=%s\nregisterfiles=1\n' "$FILES_QD" >> "$job"
          label="uring reg files=$n"
        fi
        point "$label" "$job" -- "$job"
        rm -f "$job"
      done
      rm -rf "$d"
    done
    unlock
    ;;
  store) "$ROOT/bench/scale-store.sh" ;;
  hosts) "$ROOT/bench/scale-hosts.sh" ;;
  page) "$ROOT/bench/scale-page.sh" ;;
  esac
done
echo "# $(uname -r), $(fio --version), $("$IOB" --version 2>/dev/null | head -1)"
