#!/usr/bin/env python3
"""Each thread's CPU time in each second of a command's run: is a slow second the code's or the scheduler's?

    bench/thread-cpu-seconds.py [--top N] -- CMD ARGS...

Starts CMD (its output to /dev/null, its stderr to CMD_ERR, default /dev/null) and once a second reads every
thread's utime+stime (/proc/PID/task/TID/stat, in clock ticks) and name (comm); prints one row per second with the
CPU milliseconds each of the N busiest thread names took in it (threads of one name summed). CMD must exec the
process to watch (bin/iobench execs its JVM). Beside a run's per-second rates it tells a second in which the
worker thread got less CPU (the machine's load: the rate per worker CPU-second is the same) from one in which the
compiler threads or iobench's other threads were busy (iobench's own cost), which is what bench/warmup.sh's
first/median and short/long cannot tell on a loaded machine.
"""
import argparse, os, subprocess, sys, time


def sample(pid):
    out = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            s = open(f"/proc/{pid}/task/{tid}/stat").read()
        except OSError:
            continue
        comm = s[s.index("(") + 1:s.rindex(")")]
        f = s[s.rindex(")") + 2:].split()
        out[(tid, comm)] = int(f[11]) + int(f[12])  # utime, stime (fields 14, 15)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--top", type=int, default=6)
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    if not cmd:
        ap.error("no command")
    tick_ms = 1000 / os.sysconf("SC_CLK_TCK")
    err = open(os.environ.get("CMD_ERR", "/dev/null"), "w")
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
    prev, rows, t0 = {}, [], time.time()
    while p.poll() is None:
        time.sleep(1)
        cur = sample(p.pid)
        d = {}
        for k, v in cur.items():
            d[k[1]] = d.get(k[1], 0) + (v - prev.get(k, 0)) * tick_ms
        prev = cur
        rows.append((time.time() - t0, d))
    totals = {}
    for _, d in rows:
        for k, v in d.items():
            totals[k] = totals.get(k, 0) + v
    top = [k for k, _ in sorted(totals.items(), key=lambda x: -x[1])[:a.top]]
    print("   s " + " ".join(f"{k[:15]:>15}" for k in top))
    for t, d in rows:
        print(f"{t:4.0f} " + " ".join(f"{d.get(k, 0):15.0f}" for k in top))
    return p.returncode


if __name__ == "__main__":
    sys.exit(main())
