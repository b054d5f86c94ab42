#!/usr/bin/env bash
# The measured window's first second: iobench's and fio's per-second series on the same cached 4 KiB random read,
# psync at QD1 and io_uring at QD32, in paired rounds. Built to judge on a loaded machine:
#   - each round runs fio and iobench back to back in an ABBA order (round 1: fio-short, iobench-short,
#     iobench-long, fio-long; round 2 the tools swapped), so that a load that drifts during a round hits both;
#   - every run's load average (1 min, /proc/loadavg) at its start is kept and printed beside its figures;
#   - the judgement is on medians over the rounds, with the spread (lowest-highest) beside them, and on the
#     paired ratio iobench/fio of each round (drift between rounds cancels in it).
# Figures, per engine and tool:
#   - first/median: the first interval's rate over the run's median interval, of a SHORT run and of a LONG run;
#     target for iobench >= 0.95, judged on the LONG runs (a 3 s run's is 1.000 whenever its first interval is the
#     middle one of three);
#   - short/long: the SHORT run's total rate over the LONG run's of the same round; target within 3 %;
#   - long early/late: inside the LONG run, the median of its first SHORT intervals over the median of the rest;
#     above 1 the later seconds were slower, below 1 faster. When iobench's short/long is off and its early/late
#     is too, the difference is inside iobench's run (its warm-up, a late recompile); when early/late is ~1 the
#     runs differed (the machine), as fio's own spread shows.
# FORM=cli (default): `iobench run` against fio's command line (iobench's figures from its JSON series).
# FORM=jobfile: one job file for both (`fio JOB` and `iobench fio JOB`, fio's random map kept, log_avg_msec=1000):
# both tools' figures from their own IOPS logs, the totals from their fio-format JSON.
# CPU=1 (default, FORM=cli): iobench's runs go through bench/interval-cpu.py, which reads its workers' CPU time
# every 20 ms, and the table adds the LONG run's first/median per CPU-second of the workers ("f/m CPU") and the
# workers' share of a core ("cpu"): on a loaded machine a first second slowed by the scheduler (less CPU) shows as
# f/m below 1 with f/m CPU at 1; one slowed by iobench's own code (still compiling) as both below 1. CPU=0: off.
# Also with FORM=cli: "s/l CPU", the short run's requests per CPU-second of its workers over the long run's (from
# each run's evidence.onCpuNs, the workers' time on a CPU over the window): short/long without the machine's share.
#
#   bench/warmup.sh                       # ./bench-work, 3 s and 30 s runs, 5 rounds, both engines
#   BENCH_DIR=/mnt/x SHORT=3 LONG=30 ROUNDS=3 ENGINES=uring FORM=jobfile bench/warmup.sh
#   IOBENCH_JAVA_OPTS=-Diobench.warmup=off bench/warmup.sh     # iobench without its warm-up
#   IOBENCH=/other/checkout/bin/iobench bench/warmup.sh        # another build (a "before")
#
# The data file (256 MiB) is written once and read into the page cache before each run; nothing is stored in
# iobench's result store. One round of both engines takes about 2 * (2 * LONG + 2 * SHORT + 10) s.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
iobench="${IOBENCH:-$root/bin/iobench}"
dir="${BENCH_DIR:-$PWD/bench-work}"
short="${SHORT:-3}"
long="${LONG:-30}"
rounds="${ROUNDS:-5}"
engines="${ENGINES:-psync uring}"
form="${FORM:-cli}"
cpu="${CPU:-1}"
[ "$form" = cli ] || cpu=0
size="${BENCH_SIZE:-256m}"
case "$form" in cli|jobfile) ;; *) echo "FORM=$form: cli or jobfile" >&2; exit 2 ;; esac

if ! command -v fio >/dev/null 2>&1; then
    echo "fio not found; installing Debian's package" >&2
    (apt-get update -qq && apt-get install -y -qq fio) >&2
fi
mkdir -p "$dir"
file="$dir/warmup.dat"
out="$dir/warmup-out"
rm -rf "$out"
mkdir -p "$out"
trap 'rm -f "$file"' EXIT

"$iobench" --version | head -1
fio --version
echo "dir $dir ($(df -T "$dir" | awk 'NR==2 {print $2}')), form $form, runs of ${short}s and ${long}s, $rounds rounds," \
    "$(nproc) cores"
echo "load at start: $(uptime | sed 's/.*load average: //')"
if [ ! -f "$file" ]; then
    "$iobench" run --quiet --no-store --rw write --bs 1m --size "$size" --pattern random --sync fdatasync --keep \
        "$file" >/dev/null
fi

# $1 engine, $2 seconds, $3 log stem: the job file both tools run in FORM=jobfile
job_file() {
    local engine=psync depth=1
    [ "$1" = uring ] && engine=io_uring depth=32
    cat <<EOF
[w]
ioengine=$engine
iodepth=$depth
rw=randread
bs=4k
size=$size
filename=$file
invalidate=0
time_based
runtime=$2
log_avg_msec=1000
write_iops_log=$3
EOF
}

# $1 tool, $2 engine (psync|uring), $3 seconds, $4 output stem
run_one() {
    local tool="$1" engine="$2" secs="$3" stem="$4"
    cat "$file" >/dev/null
    cut -d' ' -f1 /proc/loadavg > "$out/$stem.load"
    if [ "$form" = jobfile ]; then
        job_file "$engine" "$secs" "$stem" > "$out/$stem.fio"
        if [ "$tool" = fio ]; then
            (cd "$out" && fio --output-format=json --output="$stem.json" "$stem.fio" >/dev/null)
        else
            (cd "$out" && "$iobench" fio --output-format=json --output="$stem.json" "$stem.fio" >/dev/null)
        fi
    elif [ "$tool" = fio ]; then
        local e=(--ioengine=psync --iodepth=1)
        [ "$engine" = uring ] && e=(--ioengine=io_uring --iodepth=32)
        (cd "$out" && fio --name=w --filename="$file" --rw=randread --bs=4k --size="$size" "${e[@]}" \
            --randrepeat=0 --norandommap --invalidate=0 --time_based --runtime="$secs" \
            --log_avg_msec=1000 --write_iops_log="$stem" --output-format=json --output="$stem.json" >/dev/null)
    else
        local e=()
        [ "$engine" = uring ] && e=(--engine uring --iodepth 32)
        local c=()
        [ "$cpu" = 1 ] && c=(python3 "$root/bench/interval-cpu.py" --summary --json "$out/$stem.json" --)
        "${c[@]}" "$iobench" run --quiet --no-store --rw randread --bs 4k --size "$size" "${e[@]}" --time "${secs}s" \
            --format json -o "$out/$stem.json" --force "$file" > "$out/$stem.cpu"
    fi
}

# one run's row: "FIRST_OVER_MEDIAN TOTAL_IOPS EARLY_OVER_LATE LOAD FIRST_OVER_MEDIAN_PER_CPU CPU_SHARE PER_CPU"
# (early/late: nan for a short run; the two after LOAD nan without CPU=1; PER_CPU, requests per workers' CPU-second
# over the window, nan for fio and FORM=jobfile)
figures() {  # $1 tool, $2 stem
    python3 - "$1" "$out/$2" "$form" "$short" <<'PY'
import json, statistics, sys
tool, stem, form, short = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
per_cpu = float("nan")
d = json.load(open(stem + ".json"))
if tool == "fio" or form == "jobfile":
    total = d["jobs"][0]["read"]["iops"]
    rates = [float(l.split(",")[1]) for l in open(stem + "_iops.1.log") if l.strip()]
else:
    run = d["benchmarks"][0]["runs"][0]
    total = run["totals"]["opsPerSecond"]
    rates = [s["opsPerSecond"] for s in run["series"]]
    ev = run.get("evidence") or {}
    if ev.get("onCpuNs", -1) > 0:
        per_cpu = (run["totals"]["reads"] + run["totals"]["writes"]) / (ev["onCpuNs"] / 1e9)
load = open(stem + ".load").read().strip()
fm = rates[0] / statistics.median(rates) if rates else float("nan")
el = (statistics.median(rates[:short]) / statistics.median(rates[short:])
      if len(rates) > short + 1 else float("nan"))
try:
    fm_cpu, share = open(stem + ".cpu").read().split()[:2]
except (OSError, ValueError):
    fm_cpu, share = "nan", "nan"
print(f"{fm:.3f} {total:.0f} {el:.3f} {load} {fm_cpu} {share} {per_cpu:.0f}")
PY
}

table="$out/runs.tsv"
: > "$table"
printf '%-6s %-5s %-8s %9s %9s %10s %10s %10s %9s %11s %9s %5s %9s\n' engine round tool "f/m ${short}s" \
    "f/m ${long}s" "IOPS ${short}s" "IOPS ${long}s" "short/long" "early/late" "load s,l" "f/m CPU" "cpu" "s/l CPU"
for engine in $engines; do
    for r in $(seq 1 "$rounds"); do
        a=fio b=iobench
        [ $((r % 2)) = 0 ] && a=iobench b=fio
        run_one "$a" "$engine" "$short" "$a-$engine-$r-short"
        run_one "$b" "$engine" "$short" "$b-$engine-$r-short"
        run_one "$b" "$engine" "$long" "$b-$engine-$r-long"
        run_one "$a" "$engine" "$long" "$a-$engine-$r-long"
        for tool in fio iobench; do
            read -r fs ts _ ls _ _ ps <<<"$(figures "$tool" "$tool-$engine-$r-short")"
            read -r fl tl el ll fc sh pl <<<"$(figures "$tool" "$tool-$engine-$r-long")"
            ratio=$(python3 -c "print(f'{$ts / $tl:.3f}')")
            slc=$(python3 -c "print('nan' if 'nan' in ('$ps', '$pl') else f'{$ps / $pl:.3f}')")
            printf '%-6s %-5s %-8s %9s %9s %10s %10s %10s %9s %11s %9s %5s %9s\n' "$engine" "$r" "$tool" "$fs" "$fl" \
                "$ts" "$tl" "$ratio" "$el" "$ls,$ll" "$fc" "$sh" "$slc"
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$engine" "$r" "$tool" "$fs" "$fl" "$ratio" \
                "$el" "$ls" "$ll" "$fc" "$slc" >> "$table"
        done
    done
done
echo
python3 - "$table" "$short" "$long" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
short, long = sys.argv[2], sys.argv[3]
def spread(v):
    v = sorted(v)
    return f"{statistics.median(v):.3f} ({v[0]:.3f}-{v[-1]:.3f})"
print(f"medians over the rounds (lowest-highest); first/median of the {long} s runs (a {short} s run's is 1.000"
      f" whenever its first interval is the middle one of its three)")
print(f"{'engine':<6} {'tool':<8} {'first/median':>21} {'short/long':>21} {'long early/late':>21} {'load':>15}")
for engine in ("psync", "uring"):
    by = {t: [r for r in rows if r[0] == engine and r[2] == t] for t in ("fio", "iobench")}
    if not by["iobench"]:
        continue
    for tool, mine in by.items():
        fm = [float(r[4]) for r in mine]
        sl = [float(r[5]) for r in mine]
        el = [float(r[6]) for r in mine if r[6] != "nan"]
        load = [float(r[7]) for r in mine] + [float(r[8]) for r in mine]
        print(f"{engine:<6} {tool:<8} {spread(fm):>21} {spread(sl):>21} {spread(el) if el else 'n/a':>21} "
              f"{min(load):>6.1f}-{max(load):<6.1f}")
    # paired per round: iobench's figure over fio's of the same round
    rounds = sorted({r[1] for r in by["iobench"]}, key=int)
    pair = lambda k: [float(next(r for r in by["iobench"] if r[1] == n)[k])
                      / float(next(r for r in by["fio"] if r[1] == n)[k]) for n in rounds]
    fm_pair = pair(4)
    sl_pair = pair(5)
    print(f"{engine:<6} {'iob/fio':<8} {spread(fm_pair):>21} {spread(sl_pair):>21}   (paired per round)")
    iob = by["iobench"]
    fm = statistics.median(float(r[4]) for r in iob)
    sl = statistics.median(float(r[5]) for r in iob)
    ffm = statistics.median(float(r[4]) for r in by["fio"])
    fsl = statistics.median(float(r[5]) for r in by["fio"])
    print(f"{engine:<6} judgement: iobench first/median {fm:.3f} {'>=' if fm >= 0.95 else '<'} 0.95 "
          f"(fio {ffm:.3f}); short/long {sl:.3f} {'within' if abs(sl - 1) <= 0.03 else 'outside'} 3 % "
          f"(fio {fsl:.3f})")
    fc = [float(r[9]) for r in iob if r[9] != "nan"]
    slc = [float(r[10]) for r in iob if r[10] != "nan"]
    if fc or slc:
        print(f"{engine:<6} iobench per workers' CPU-second: first/median (the long runs) "
              f"{spread(fc) if fc else 'n/a'}, short/long {spread(slc) if slc else 'n/a'}")
PY
echo "load at end: $(uptime | sed 's/.*load average: //')"
echo "raw JSON, logs and runs.tsv in $out"
