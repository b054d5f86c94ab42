#!/usr/bin/env python3
"""On-CPU time of each thread of a command, grouped by thread kind, over a window inside its run (issue 29).

    bench/thread-cpu.py --from 1.0 --to 3.5 -- CMD ARGS...
    bench/thread-cpu.py --from 0.2 --to 30 --until-worker --verbose -- bin/iobench run ...   # before the workers

Starts CMD, reads /proc/PID/task/*/schedstat (field 1: ns on a CPU) and comm at FROM and TO seconds after the
start, and prints, per group of threads (iobench workers, C1/C2 compilers, GC, VM thread, iobench monitors, fio's
job threads, other), the threads' count and their CPU seconds in the window, and the process total
(/proc/PID/stat utime+stime, which also counts threads that ended). CMD's own output goes to CMD_OUT (default
/dev/null). A thread's name is its comm (15 bytes): the JVM names its threads, iobench names its workers
iobench-worker-N and its monitors iobench-*; fio's jobs carry the job's name.
"""
import argparse, os, re, subprocess, sys, time

GROUPS = [
    ("worker", re.compile(r"^iobench-worker")),
    ("iobench-other", re.compile(r"^iobench-")),
    ("jit", re.compile(r"^C[12] Compiler|^C2 Compiler|^C1 Compiler")),
    ("gc", re.compile(r"^GC |^G1 |^VM Periodic|^Serial|^Gang")),
    ("vm", re.compile(r"^VM Thread")),
    ("io_uring-wq", re.compile(r"^iou-wrk-|^iou-sqp-")),
]


def group(comm, fio_job):
    for name, pat in GROUPS:
        if pat.search(comm):
            return name
    if fio_job and comm == fio_job:
        return "fio-job"
    return "other"


def sample(pids):
    out = {}
    for pid in pids:
        sample_one(pid, out)
    return out


def sample_one(pid, out):
    base = "/proc/%d/task" % pid
    try:
        tids = os.listdir(base)
    except OSError:
        return
    for tid in tids:
        try:
            with open("%s/%s/schedstat" % (base, tid)) as f:
                ns = int(f.read().split()[0])
            with open("%s/%s/comm" % (base, tid)) as f:
                comm = f.read().strip()
        except (OSError, ValueError, IndexError):
            continue
        out[tid] = (comm, ns)


def process_cpu(pids):
    total = 0
    for pid in pids:
        try:
            with open("/proc/%d/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--from", dest="t0", type=float, required=True)
    p.add_argument("--to", dest="t1", type=float, required=True)
    p.add_argument("--fio-job", default=None, help="fio's job name: its threads are the job's")
    p.add_argument("--verbose", action="store_true", help="every thread above 5 ms by name and id")
    p.add_argument("--jstack", default=None, help="at TO, write jcmd PID Thread.print here (JVMs)")
    p.add_argument("--until-worker", action="store_true",
                   help="end the window at the last sample (10 ms apart) before iobench's first worker thread "
                        "appears, or at TO: what the process spent before its workers start")
    p.add_argument("cmd", nargs=argparse.REMAINDER)
    a = p.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    out = open(os.environ.get("CMD_OUT", "/dev/null"), "w")
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    # fio forks a process per job (without thread): the whole tree is sampled
    def target():
        return tree(proc.pid)

    time.sleep(max(0, a.t0 - (time.monotonic() - start)))
    pids = target()
    pid = pids[0]
    s0, c0, w0 = sample(pids), process_cpu(pids), time.monotonic()
    if a.until_worker:
        s1, c1, w1 = s0, c0, w0
        while time.monotonic() - start < a.t1 and proc.poll() is None:
            s, c, w = sample(pids), process_cpu(pids), time.monotonic()
            if any(comm.startswith("iobench-worker") for comm, _ in s.values()):
                break
            s1, c1, w1 = s, c, w
            time.sleep(0.01)
    else:
        time.sleep(max(0, a.t1 - (time.monotonic() - start)))
        s1, c1, w1 = sample(pids), process_cpu(pids), time.monotonic()
    if a.jstack:
        with open(a.jstack, "w") as f:
            subprocess.run(["jcmd", str(pid), "Thread.print"], stdout=f, stderr=subprocess.STDOUT)
    rc = proc.wait()
    groups = {}
    names = {}
    for tid, (comm, ns) in s1.items():
        before = s0.get(tid, (comm, 0))[1]
        g = group(comm, a.fio_job)
        n, cpu = groups.get(g, (0, 0))
        groups[g] = (n + 1, cpu + (ns - before) / 1e9)
        if (g == "other" or a.verbose) and ns - before > 5e6:
            key = "%s[%s]" % (comm, tid) if a.verbose else comm
            names[key] = names.get(key, 0) + (ns - before) / 1e9
    total = sum(cpu for _, cpu in groups.values())
    print("# window %.2f s (%.2f..%.2f s after start), pids %s, exit %d" % (w1 - w0, a.t0, w1 - start, pids, rc))
    print("%-14s %7s %9s %6s" % ("threads", "count", "cpu_s", "share"))
    for g in sorted(groups, key=lambda g: -groups[g][1]):
        n, cpu = groups[g]
        print("%-14s %7d %9.3f %5.1f%%" % (g, n, cpu, 100 * cpu / total if total else 0))
    if names:
        print("# threads above 5 ms: " + ", ".join("%s %.3f" % kv for kv in sorted(names.items())))
    print("%-14s %7d %9.3f  (process utime+stime: %.2f s)" % ("all", sum(n for n, _ in groups.values()), total,
                                                             c1 - c0))


def tree(pid):
    out = [pid]
    for c in children(pid):
        out += tree(c)
    return out


def children(pid):
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


if __name__ == "__main__":
    main()
