#!/usr/bin/env bash
# Does fio-plot draw iobench's fio JSON as it draws fio's? Makes fio-plot's inputs (one JSON file per point, as
# bench-fio makes them) with the blog one-liner at each iodepth and numjobs, once with `iobench fio
# --output-format=json` and twice with fio (fio's second pass measures fio's own run-to-run spread), the three taken
# point by point in turn so that the machine's load falls on each alike. Then runs fio-plot's own command line on
# each directory: the iodepth chart (-l), the numjobs chart (-N), the latency histogram (-H), the 3D chart (-L, IOPS
# and latency) and the comparison chart (-C) of the directories side by side. A chart renders when fio-plot exits 0
# and writes a PNG. Last, bench/fio-plot-read.py prints the figures fio-plot plots, iobench beside fio's two passes.
# Nothing of fio-plot's is kept in this repository.
#
# Usage: FIO_PLOT_SRC=DIR bench/fio-plot-read.sh
#   env: FIO_PLOT_SRC  a fio-plot source tree (git clone https://github.com/louwrentius/fio-plot); needs python3 with
#                      matplotlib >= 3.3, numpy, Pillow and packaging (Debian: python3-matplotlib python3-packaging)
#        PNGS=DIR      where the charts are kept (default: removed with WORK)
#        WORK=DIR      scratch (default: /tmp/iobench-fio-plot), on a filesystem with O_DIRECT; removed at the end
#        IOBENCH=CMD   iobench (default: bin/iobench); DEPTHS="1 2 4 8 16" JOBS="1 2 4"; PYTHON=python3 with matplotlib
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ -d "${FIO_PLOT_SRC:-}/fio_plot" ] || { echo "fio-plot-read: FIO_PLOT_SRC=DIR (a fio-plot tree) is needed" >&2; exit 2; }
command -v fio >/dev/null || { echo "fio-plot-read: fio is not on the PATH" >&2; exit 2; }
if [ -z "${PYTHON:-}" ]; then
    for p in python3 /usr/bin/python3; do
        if "$p" -c 'import matplotlib, numpy, PIL, packaging' 2>/dev/null; then PYTHON=$p; break; fi
    done
fi
[ -n "${PYTHON:-}" ] || { echo "fio-plot-read: no python3 with matplotlib, numpy, PIL and packaging" >&2; exit 2; }
WORK=${WORK:-/tmp/iobench-fio-plot}
IOBENCH=${IOBENCH:-$ROOT/bin/iobench}
DEPTHS=${DEPTHS:-1 2 4 8 16}
JOBS=${JOBS:-1 2 4}
PNGS=${PNGS:-$WORK/png}
mkdir -p "$WORK" "$PNGS"
trap 'rm -rf "$WORK"' EXIT
dirs=(fio iobench fio-again)
for d in "${dirs[@]}"; do mkdir -p "$WORK/json/$d"; done

echo "== runs: iodepth {$DEPTHS} x numjobs {$JOBS} ($(uptime | sed 's/.*load/load/'))"
for n in $JOBS; do
    for q in $DEPTHS; do
        for d in "${dirs[@]}"; do
            args=(--name=randread --ioengine=libaio --iodepth="$q" --rw=randread --bs=4k --direct=1 --size=16m
                  --numjobs="$n" --runtime=1 --group_reporting --filename="$WORK/data" --output-format=json)
            out=$WORK/json/$d/randread-$q-$n.json
            if [ "$d" = iobench ]; then IOBENCH_ALLOW_OVERWRITE=1 $IOBENCH fio "${args[@]}" > "$out"
            else fio "${args[@]}" > "$out"; fi
        done
    done
done
echo "== runs done ($(uptime | sed 's/.*load/load/'))"

first() { echo "$1"; }
last() { echo "${!#}"; }
# shellcheck disable=SC2086
q_last=$(last $DEPTHS) q_first=$(first $DEPTHS) n_first=$(first $JOBS)
status=0
plot() { # NAME ARGS...: one fio-plot command line, its PNG in $PNGS/NAME.png
    local name=$1 png=$PNGS/$1.png
    shift
    rm -f "$png"
    if (cd "$WORK" && PYTHONPATH=$FIO_PLOT_SRC "$PYTHON" "$FIO_PLOT_SRC/bin/fio-plot" "$@" -o "$png") \
            > "$WORK/plot.out" 2>&1 && [ -s "$png" ]; then
        echo "rendered $name.png ($(stat -c %s "$png") bytes): fio-plot $*"
    else
        status=1
        echo "FAILED $name: fio-plot $*"
        sed 's/^/    /' "$WORK/plot.out"
    fi
}
echo "== fio-plot (${FIO_PLOT_SRC}, $(git -C "$FIO_PLOT_SRC" log -1 --format=%h 2>/dev/null || echo 'not a git tree'))"
for d in "${dirs[@]}"; do
    j=$WORK/json/$d
    # shellcheck disable=SC2086
    {
        plot "$d-iodepth" -i "$j" -T "$d randread" -l -r randread -d $DEPTHS -n "$n_first"
        plot "$d-numjobs" -i "$j" -T "$d randread" -N -r randread -d "$q_first" -n $JOBS
        plot "$d-histogram" -i "$j" -T "$d randread" -H -r randread -d "$q_last" -n "$n_first"
        plot "$d-3d-iops" -i "$j" -T "$d randread" -L -t iops -r randread -d $DEPTHS -n $JOBS
        plot "$d-3d-lat" -i "$j" -T "$d randread" -L -t lat -r randread -d $DEPTHS -n $JOBS
    }
done
plot compare -i "$WORK/json/fio" "$WORK/json/iobench" "$WORK/json/fio-again" -T "fio and iobench" -C -r randread \
    -d "$q_last" -n "$n_first"

echo "== the figures fio-plot plots"
"$PYTHON" "$ROOT/bench/fio-plot-read.py" "$FIO_PLOT_SRC" "$WORK/json" randread "$(echo $DEPTHS | tr ' ' ,)" \
    "$(echo $JOBS | tr ' ' ,)" || status=1
exit $status
