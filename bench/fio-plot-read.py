#!/usr/bin/env python3
"""fio-plot's own code reading a directory of fio JSON files: its JSON import and parsing (jsonimport, jsonparsing)
and its iodepth (-l), numjobs (-N) and histogram (-H) chart functions, run as fio-plot's main runs them. When
matplotlib (or PIL) is not installed, recording stand-ins take their place: everything up to the drawing calls is
fio-plot's, nothing is drawn, and the script says so. Prints, per chart, the rows fio-plot took from the files
(iodepth, numjobs, IOPS, mean latency) and whether the chart function reached its savefig.

Usage: bench/fio-plot-read.py FIO_PLOT_SRC JSON_DIR RW IODEPTHS NUMJOBS
  FIO_PLOT_SRC  a fio-plot source tree (the directory holding fio_plot/)
  IODEPTHS, NUMJOBS  comma-separated, as the files were made (the iodepth chart uses numjobs 1, the numjobs chart
                     iodepth 1, the histogram the largest iodepth with numjobs 1)
"""
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from unittest import mock

src, json_dir, rw, depths, jobs = sys.argv[1:6]
depths, jobs = depths.split(","), jobs.split(",")
missing = [m for m in ("matplotlib", "PIL", "mpl_toolkits") if importlib.util.find_spec(m) is None]


class StandIns(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Modules named in `missing` (and their submodules) as recording mocks."""
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in missing:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec):
        m = mock.MagicMock(name=spec.name)
        m.__path__, m.__spec__, m.__version__ = [], spec, "3.8.0"
        return m

    def exec_module(self, module):
        pass


if missing:
    print("fio-plot-read: not installed, stood in for (nothing is drawn):", ", ".join(missing))
    sys.meta_path.insert(0, StandIns())
sys.path.insert(0, src)
import fio_plot  # noqa: E402
from fio_plot.fiolib import getdata  # noqa: E402

if "matplotlib" in missing:
    import matplotlib.pyplot as plt

    def subplots(*a, nrows=1, ncols=1, **k):
        n = nrows * ncols
        return mock.MagicMock(name="fig"), (mock.MagicMock(name="ax") if n == 1
                                            else tuple(mock.MagicMock(name="ax%d" % i) for i in range(n)))
    plt.subplots.side_effect = subplots

failed = 0


def chart(flags, graphtype):
    global failed
    sys.argv = ["fio-plot", "-i", json_dir, "-T", "t", "-s", "s", "-r", rw, "-o", "/dev/null"] + flags
    parser, settings = fio_plot.get_settings()
    routing = getdata.get_routing_dict()
    settings = getdata.configure_default_settings(settings, routing, graphtype)
    data = routing[graphtype]["get_data"](settings)
    rows = [(int(r["iodepth"]), int(r["numjobs"]), round(r["iops"]), round(r["lat"])) for d in data
            for r in d["data"]]
    print(graphtype, "rows (iodepth, numjobs, IOPS, mean lat ns):", rows)
    try:
        routing[graphtype]["function"](settings, data)
        print(graphtype, "chart function: ran to its end")
    except Exception as e:  # a key fio-plot reads and the files lack shows here
        failed += 1
        print(graphtype, "chart function FAILED:", repr(e))
    return data


chart(["-l", "-d"] + depths + ["-n", "1"], "bargraph2d_qd")
chart(["-N", "-d", "1", "-n"] + jobs, "bargraph2d_nj")
for d in chart(["-H", "-d", depths[-1], "-n", "1"], "histogram"):
    for r in d["data"]:
        if str(r["iodepth"]) == depths[-1]:
            print("histogram input (latency_us):", r["latency_us"])
sys.exit(1 if failed else 0)
