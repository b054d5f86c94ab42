#!/usr/bin/env bash
# Multi-host runs at 2, 4, 8 and 16 agents on one machine: the start skew of every barrier, the aggregate's
# exactness, and the controller's cost (CPU and peak RSS of the whole controller process).
#   bench/scale-hosts.sh [SECONDS] [DIR]            # COUNTS='2 4 8 16' RUNS=3 RATE=2000 by default
#   IOBENCH=/path/to/other/bin/iobench bench/scale-hosts.sh     # another build (e.g. the one before a change)
# Starts max(COUNTS) agents on 127.0.0.2, .3, ... (one JVM each), each with a 16 MiB file of its own, then for each
# count runs 4 KiB random reads, paced at RATE IOPS per host (so that 16 agents on 2 cores measure the barrier and
# the controller, not a CPU fight between agents), RUNS runs (RUNS barriers) of SECONDS each, and prints per count:
# the start skew (max and median over the barriers: the spread of the hosts' measured starts on the controller's
# clock), the barrier's release skew, the clock estimate's precision, whether the aggregate's requests and bytes
# are exactly the hosts' sums, and the controller's CPU (user+sys) and peak RSS from wait4's rusage. Last, at the
# largest count, one agent is killed 2 s after it started the job and the controller's line naming it is printed.
# Saves nothing (--no-store); removes its files and stops its agents on exit.
set -euo pipefail
secs="${1:-3}"
root="$(cd "$(dirname "$0")/.." && pwd)"
iob="${IOBENCH:-$root/bin/iobench}"
counts="${COUNTS:-2 4 8 16}"
runs="${RUNS:-3}"
rate="${RATE:-2000}"
dir="$(mktemp -d "${2:-${TMPDIR:-/tmp}}/iobench-scale-hosts.XXXXXX")"
max=0
for n in $counts; do [ "$n" -gt "$max" ] && max=$n; done
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
for i in $(seq 1 "$max"); do
    a="127.0.0.$((i + 1))"
    head -c 16M /dev/zero > "$dir/data/$a.dat"
    "$iob" agent --listen "$a:$port" --allow "$dir/data" --secret-file "$dir/secret" >"$dir/agent$i.log" 2>&1 &
    pids+=($!)
done
for i in $(seq 1 "$max"); do
    for _ in $(seq 1 600); do grep -q "listening on" "$dir/agent$i.log" && break; sleep 0.2; done
    grep -q "listening on" "$dir/agent$i.log" || { echo "agent $i did not start:"; cat "$dir/agent$i.log"; exit 1; }
done
hosts_of() {  # the first $1 agents, as --hosts takes them
    local h="" i
    for i in $(seq 1 "$1"); do h="${h:+$h,}127.0.0.$((i + 1)):$port"; done
    echo "$h"
}
# Runs the controller as a child of python, which reports the child's rusage (CPU and peak RSS of the process
# tree's leader: bin/iobench execs the JVM).
controller() {  # $1 out.json $2 err file, rest: the command
    local out="$1" errf="$2"
    shift 2
    python3 - "$out" "$errf" "$@" <<'PY'
import os, sys, subprocess, time, json
out, errf, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
t = time.monotonic()
with open(errf, "w") as e:
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=e)
    _, status, ru = os.wait4(p.pid, 0)
print(json.dumps({"status": os.waitstatus_to_exitcode(status), "wall": time.monotonic() - t,
                  "cpu": ru.ru_utime + ru.ru_stime, "rssKiB": ru.ru_maxrss}))
PY
}
job=(--rw randread --bs 4k --time "${secs}s" --rate "$rate" --runs "$runs" --no-store -q "$dir/data/{host}.dat")
echo "4 KiB random reads paced at $rate IOPS per host, $runs runs of ${secs}s each (one barrier per run)"
printf '%7s %12s %12s %12s %10s %7s %11s %11s %9s %9s\n' agents "skew max" "skew median" "release max" \
    "clock +-" exact "ctrl CPU s" "CPU/run-s" "RSS MiB" "wall s"
for n in $counts; do
    usage="$(controller "$dir/c$n.json" "$dir/c$n.err" "$iob" run "${job[@]}" -o "$dir/c$n.json" \
        --hosts "$(hosts_of "$n")" --secret-file "$dir/secret")"
    python3 - "$dir/c$n.json" "$usage" "$n" "$dir/c$n.err" <<'PY'
import json, sys, statistics
path, usage, n, errf = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
if usage["status"] != 0:
    print(f"{n:7d}  controller exit {usage['status']}: {open(errf).read().strip()[:300]}")
    sys.exit(0)
c = json.load(open(path))
runs = c["benchmarks"][0]["runs"]
exact = True
for i, r in enumerate(runs):
    ops = sum(h["benchmarks"][0]["runs"][i]["totals"]["ops"] for h in c["cluster"]["hosts"])
    by = sum(h["benchmarks"][0]["runs"][i]["totals"]["readBytes"] for h in c["cluster"]["hosts"])
    exact &= ops == r["totals"]["ops"] and by == r["totals"]["readBytes"]
sk = c["cluster"]["startSkew"]
ms = lambda ns: f"{ns / 1e6:.3f} ms"
runsecs = sum(r["totals"]["elapsedNs"] for r in runs) / 1e9
print(f"{n:7d} {ms(max(s['skewNs'] for s in sk)):>12} {ms(statistics.median(s['skewNs'] for s in sk)):>12}"
      f" {ms(max(s['releaseSkewNs'] for s in sk)):>12} {ms(max(s['uncertaintyNs'] for s in sk)):>10}"
      f" {'yes' if exact else 'NO':>7} {usage['cpu']:11.2f} {usage['cpu'] / runsecs:11.3f}"
      f" {usage['rssKiB'] / 1024:9.0f} {usage['wall']:9.1f}")
PY
done
victim="127.0.0.$((max + 1))"
echo "an agent lost mid-run: $max agents, $victim killed (SIGKILL) 2 s after it started a 6 s job"
before="$(grep -c " started: " "$dir/agent$max.log" || true)"
"$iob" run --rw randread --bs 4k --time 6s --rate "$rate" --no-store -q "$dir/data/{host}.dat" \
    --hosts "$(hosts_of "$max")" --secret-file "$dir/secret" >"$dir/lost.out" 2>"$dir/lost.err" &
cpid=$!
for _ in $(seq 1 600); do
    [ "$(grep -c " started: " "$dir/agent$max.log" || true)" -gt "$before" ] && break
    sleep 0.1
done
sleep 2
kill -9 "${pids[$((max - 1))]}"
set +e
wait "$cpid"
echo "controller exit status $?"
set -e
grep "lost mid-job" "$dir/lost.err" || { echo "no line named the lost agent:"; cat "$dir/lost.err"; }
