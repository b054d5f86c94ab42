#!/usr/bin/env python3
"""Each interval of an iobench run per CPU-second of its workers: is a slow first second the code's or the machine's?

    bench/interval-cpu.py --json OUT.json [--summary] -- bin/iobench run ... --format json -o OUT.json ...

Starts the command and every 20 ms reads the on-CPU time (/proc/PID/task/TID/schedstat, field 1, ns) of its
iobench-worker-* threads and of the JIT's compiler threads (C1/C2 CompilerThre*), with the wall time of each
reading. When it has ended, reads the run's series from OUT.json (its first run; its startedAt, taken as the
measured window opens, in ms) and gives each interval the workers' CPU time in it (interpolated between readings)
and the compiler threads'. A slow interval in which the workers got as much CPU as in the others is iobench's own
(its code was slower: still compiling); one in which they got less is the machine's (other processes held the
CPUs), which on a loaded machine the per-second rates alone cannot tell apart. fio's side is not measured here.

Prints one row per interval (requests/s, workers' CPU ms, requests per workers' CPU-second, compiler ms), then the
first interval over the median interval, per wall-second and per CPU-second. --summary prints only
"FIRST_OVER_MEDIAN_PER_CPU_SECOND WORKER_CPU_SHARE" (bench/warmup.sh's columns). The command's output goes to
/dev/null, its stderr to CMD_ERR (default /dev/null). The readings cost the machine a few % of a core.
"""
import argparse, bisect, datetime, json, os, statistics, subprocess, sys, time


def read_threads(pid):
    workers = jit = 0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    for tid in tids:
        try:
            comm = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
            if comm.startswith("iobench-worker"):
                workers += int(open(f"/proc/{pid}/task/{tid}/schedstat").read().split()[0])
            elif comm.startswith(("C1 CompilerThre", "C2 CompilerThre")):
                jit += int(open(f"/proc/{pid}/task/{tid}/schedstat").read().split()[0])
        except (OSError, ValueError, IndexError):
            continue  # the thread ended meanwhile
    return workers, jit


def at(times, values, t):
    """The cumulative value at wall time t, linear between readings."""
    i = bisect.bisect_left(times, t)
    if i <= 0:
        return values[0]
    if i >= len(times):
        return values[-1]
    t0, t1 = times[i - 1], times[i]
    v0, v1 = values[i - 1], values[i]
    return v0 + (v1 - v0) * (t - t0) / (t1 - t0) if t1 > t0 else v1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", required=True)
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    if not cmd:
        ap.error("no command")
    err = open(os.environ.get("CMD_ERR", "/dev/null"), "w")
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
    times, workers, jit = [], [], []
    # workers' CPU only grows: a thread that ended leaves its last value (kept per reading as a running maximum)
    while p.poll() is None:
        r = read_threads(p.pid)
        if r is not None:
            times.append(time.time())
            workers.append(max(r[0], workers[-1] if workers else 0))
            jit.append(max(r[1], jit[-1] if jit else 0))
        time.sleep(0.02)
    if p.returncode != 0:
        sys.exit(f"the command exited with {p.returncode}")
    run = json.load(open(a.json))["benchmarks"][0]["runs"][0]
    start = datetime.datetime.fromisoformat(run["startedAt"].replace("Z", "+00:00")).timestamp()
    rows, t = [], start
    for s in run["series"]:
        end = t + s["durationNs"] / 1e9
        w = at(times, workers, end) - at(times, workers, t)
        j = at(times, jit, end) - at(times, jit, t)
        n = s["reads"] + s["writes"]
        rows.append((s["opsPerSecond"], w / 1e6, n / (w / 1e9) if w > 0 else float("nan"), j / 1e6))
        t = end
    if not rows:
        sys.exit("no intervals")
    wall = [r[0] for r in rows]
    cpu = [r[2] for r in rows]
    fm_wall = wall[0] / statistics.median(wall)
    fm_cpu = cpu[0] / statistics.median(cpu)
    share = sum(r[1] for r in rows) / 1e3 / sum(s["durationNs"] for s in run["series"]) * 1e9
    if a.summary:
        print(f"{fm_cpu:.3f} {share:.2f}")
        return
    print(f"{'interval':>8} {'req/s':>10} {'worker CPU ms':>14} {'req/CPU-s':>11} {'JIT ms':>8}")
    for i, r in enumerate(rows):
        print(f"{i + 1:>8} {r[0]:>10.0f} {r[1]:>14.0f} {r[2]:>11.0f} {r[3]:>8.0f}")
    print(f"first/median: {fm_wall:.3f} per wall-second, {fm_cpu:.3f} per workers' CPU-second;"
          f" the workers ran on a CPU {share:.0%} of the window")


if __name__ == "__main__":
    main()
