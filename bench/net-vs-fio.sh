#!/usr/bin/env bash
# Compares iobench's net engine with fio's on loopback (127.0.0.1), one job file run by both tools (`fio FILE`
# and `iobench fio FILE`): a receiver and a sender started a second later, time-based, 4 KiB requests:
#   tcp  - netio.fio's shape (listen + rw=read, hostname + rw=write)
#   udp  - a UDP reader and writer (datagrams the reader misses are the kernel's drops, for both tools)
# Rounds are paired (iobench first in odd rounds, fio first in even ones); the figure is the median of the
# per-round ratios iobench/fio of the sender's and the receiver's requests per second, with every round's ratio;
# then the same ratios per CPU-second (recv/cpu, send/cpu: requests over the job's usr+sys, its own threads' CPU in
# both tools). On a loaded machine the two sides' threads wake each other per request and use a fraction of a core:
# the requests per second are then the scheduler's share, the per-CPU-second ratio the cost of a request.
# iobench's per-second series of the TCP receiver (its first seconds) follows each round, from `iobench run`'s JSON
# of the same file, to show a ramp if the JVM is still compiling the net path (net jobs get no warm-up on
# /dev/zero: WarmHarness.warms() leaves out engines with EngineFlag.NETWORK).
#
# Usage: bench/net-vs-fio.sh   (env: DIR=/tmp/iobench-net RUNTIME=5 ROUNDS=3 PORT=18950)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${DIR:-/tmp/iobench-net}
RUNTIME=${RUNTIME:-5}
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-18950}

die() { echo "net-vs-fio: $*" >&2; exit 2; }
command -v fio >/dev/null || die "fio not found (Debian: apt-get install -y fio)"
command -v python3 >/dev/null || die "python3 not found"
[ -x "$ROOT/bin/iobench" ] || die "bin/iobench not found"
"$ROOT/bin/iobench" --version >/dev/null    # build the jar now, not inside the first round
mkdir -p "$DIR"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# job PROTO PORT -> job file path
job() {
    local f="$DIR/$1.fio"
    {
        printf '[global]\nioengine=net\nprotocol=%s\nport=%s\nbs=4k\nsize=100g\ntime_based\nruntime=%s\n' \
            "$1" "$2" "$RUNTIME"
        if [ "$1" = tcp ]; then printf '[receiver]\nlisten\nrw=read\n'; else printf '[receiver]\nrw=read\n'; fi
        printf '[sender]\nhostname=127.0.0.1\nstartdelay=1\nrw=write\n'
    } >"$f"
    echo "$f"
}

# rates JSON -> "receiver_iops sender_iops receiver_req_per_cpu_s sender_req_per_cpu_s" (CPU: the job's
# usr_cpu+sys_cpu, its threads' CPU in both tools' fio-format JSON)
rates() {
    python3 - "$1" <<'PY'
import json, sys
s = open(sys.argv[1]).read()
d, _ = json.JSONDecoder().raw_decode(s[s.index('{'):])
by = {j["jobname"]: j for j in d["jobs"]}
def per_cpu(j, ddir):
    cpu = (j["usr_cpu"] + j["sys_cpu"]) / 100 * j["job_runtime"] / 1e3
    return round(j[ddir]["total_ios"] / cpu) if cpu > 0 else 0
r, w = by["receiver"], by["sender"]
print(round(r["read"]["iops"]), round(w["write"]["iops"]), per_cpu(r, "read"), per_cpu(w, "write"))
PY
}

run_fio() { fio --output-format=json --output="$DIR/fio-$1.json" "$2" >/dev/null 2>&1; rates "$DIR/fio-$1.json"; }
run_iob() {
    "$ROOT/bin/iobench" fio --output-format=json --output="$DIR/iob-$1.json" "$2" >/dev/null 2>&1
    rates "$DIR/iob-$1.json"
}

printf '%-5s %-9s %12s %12s %7s   %s\n' proto side iobench_IOPS fio_IOPS median "ratio by round"
for proto in tcp udp; do
    declare -a rr=() sr=() ri=() si=() rf=() sf=() rc=() sc=()
    for round in $(seq "$ROUNDS"); do
        PORT=$((PORT + 1))
        f=$(job "$proto" "$PORT")
        if [ $((round % 2)) -eq 1 ]; then
            read -r ir is irc isc < <(run_iob "$proto" "$f"); PORT=$((PORT + 1)); f=$(job "$proto" "$PORT")
            read -r fr fs frc fsc < <(run_fio "$proto" "$f")
        else
            read -r fr fs frc fsc < <(run_fio "$proto" "$f"); PORT=$((PORT + 1)); f=$(job "$proto" "$PORT")
            read -r ir is irc isc < <(run_iob "$proto" "$f")
        fi
        ri+=("$ir"); si+=("$is"); rf+=("$fr"); sf+=("$fs")
        rr+=("$(python3 -c "print(f'{$ir/max($fr,1):.3f}')")"); sr+=("$(python3 -c "print(f'{$is/max($fs,1):.3f}')")")
        rc+=("$(python3 -c "print(f'{$irc/max($frc,1):.3f}')")"); sc+=("$(python3 -c "print(f'{$isc/max($fsc,1):.3f}')")")
    done
    med() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
    printf '%-5s %-9s %12s %12s %7s   %s\n' "$proto" receiver "$(med "${ri[@]}")" "$(med "${rf[@]}")" \
        "$(med "${rr[@]}")" "${rr[*]}"
    printf '%-5s %-9s %12s %12s %7s   %s\n' "$proto" sender "$(med "${si[@]}")" "$(med "${sf[@]}")" \
        "$(med "${sr[@]}")" "${sr[*]}"
    printf '%-5s %-9s %12s %12s %7s   %s\n' "$proto" "recv/cpu" "" "" "$(med "${rc[@]}")" "${rc[*]}"
    printf '%-5s %-9s %12s %12s %7s   %s\n' "$proto" "send/cpu" "" "" "$(med "${sc[@]}")" "${sc[*]}"
    unset rr sr ri si rf sf rc sc
done

# iobench's TCP receiver second by second (iobench run's JSON series of the same job)
PORT=$((PORT + 1))
f=$(job tcp "$PORT")
"$ROOT/bin/iobench" run --no-store --quiet --format json "$f" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
for b in d["benchmarks"]:
    s = b["runs"][0]["series"]
    print("iobench tcp %s per second:" % b["job"]["name"], [round(x["opsPerSecond"]) for x in s])'
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
