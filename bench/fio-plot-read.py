#!/usr/bin/env python3
"""The figures fio-plot plots, read by fio-plot's own code (its JSON import and parsing, as its -L chart reads them:
every iodepth and numjobs point), of iobench's files beside fio's two passes: IOPS, mean and stddev of latency, IOPS
stddev and CPU per point, with iobench / fio and fio's second pass / fio, and the latency histogram's buckets (-H) at
the largest iodepth and the first numjobs. fio's second pass is the spread fio itself has from run to run.

Usage: bench/fio-plot-read.py FIO_PLOT_SRC JSON_DIR RW IODEPTHS NUMJOBS
  JSON_DIR  holding fio/, iobench/ and fio-again/, one fio JSON file per point
  IODEPTHS, NUMJOBS  comma-separated, as the files were made
"""
import sys

src, json_dir, rw, depths, jobs = sys.argv[1:6]
sys.path.insert(0, src)
import fio_plot  # noqa: E402
from fio_plot.fiolib import getdata  # noqa: E402

dirs = ("fio", "iobench", "fio-again")


def rows(directory, flags, graphtype):
    """fio-plot's rows for one chart's command line: {(iodepth, numjobs): row}."""
    sys.argv = ["fio-plot", "-i", directory, "-T", "t", "-r", rw] + flags
    _, settings = fio_plot.get_settings()
    routing = getdata.get_routing_dict()
    settings = getdata.configure_default_settings(settings, routing, graphtype)
    return {(int(r["iodepth"]), int(r["numjobs"])): r for d in routing[graphtype]["get_data"](settings)
            for r in d["data"]}


def ratio(a, b):
    return "%.2f" % (a / b) if b else "-"


grid = {d: rows(json_dir + "/" + d, ["-L", "-t", "iops", "-d"] + depths.split(",") + ["-n"] + jobs.split(","),
                "bargraph3d") for d in dirs}
figures = (("IOPS", "iops", 1), ("lat mean us", "lat", 1e3), ("lat stddev us", "lat_stddev", 1e3),
           ("IOPS stddev", "iops_stddev", 1), ("usr cpu %", "cpu_usr", 1), ("sys cpu %", "cpu_sys", 1))
for label, key, scale in figures:
    print("%-14s %7s %7s | %10s %10s %10s | %9s %9s" % (label, "iodepth", "numjobs", "fio", "iobench", "fio again",
                                                        "iobench/fio", "again/fio"))
    for point in sorted(grid["fio"]):
        f, i, a = (grid[d][point][key] / scale for d in dirs)
        print("%-14s %7d %7d | %10.1f %10.1f %10.1f | %11s %9s" % ("", point[0], point[1], f, i, a, ratio(i, f),
                                                                   ratio(a, f)))
q, n = depths.split(",")[-1], jobs.split(",")[0]
hist = {d: rows(json_dir + "/" + d, ["-H", "-d", q, "-n", n], "histogram")[(int(q), int(n))] for d in dirs}
print("histogram (-H) at iodepth %s numjobs %s: %% of requests per latency bucket" % (q, n))
print("%-16s | %9s %9s %9s" % ("bucket", *dirs))
for unit in ("latency_ns", "latency_us", "latency_ms"):
    keys = hist["fio"][unit][0].keys()
    for k in sorted(keys, key=lambda k: float(k.lstrip(">="))):
        values = [hist[d][unit][0].get(k, float("nan")) for d in dirs]
        if any(values):
            print("%-16s | %9.2f %9.2f %9.2f" % (unit[8:] + " " + k, *values))
