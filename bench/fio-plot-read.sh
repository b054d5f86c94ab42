#!/usr/bin/env bash
# Can fio-plot read iobench's fio JSON? Makes fio-plot's inputs for its iodepth, numjobs and histogram charts (one
# JSON file per point, as bench-fio makes them) with `iobench fio --output-format=json`, and with fio beside it when
# fio is on the PATH, then runs fio-plot's own reading and chart code on each directory (bench/fio-plot-read.py;
# matplotlib stood in for when absent). Nothing of fio-plot's is kept in this repository.
#
# Usage: FIO_PLOT_SRC=DIR bench/fio-plot-read.sh
#   env: FIO_PLOT_SRC  a fio-plot source tree (git clone https://github.com/louwrentius/fio-plot)
#        WORK=DIR      scratch (default: /tmp/iobench-fio-plot), on a filesystem with O_DIRECT; removed at the end
#        IOBENCH=CMD   iobench (default: bin/iobench); DEPTHS="1 2 4 8 16" JOBS="1 2 4"
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ -d "${FIO_PLOT_SRC:-}/fio_plot" ] || { echo "fio-plot-read: FIO_PLOT_SRC=DIR (a fio-plot tree) is needed" >&2; exit 2; }
WORK=${WORK:-/tmp/iobench-fio-plot}
IOBENCH=${IOBENCH:-$ROOT/bin/iobench}
DEPTHS=${DEPTHS:-1 2 4 8 16}
JOBS=${JOBS:-1 2 4}
mkdir -p "$WORK"
trap 'rm -rf "$WORK"' EXIT
tools=(iobench)
command -v fio >/dev/null && tools+=(fio)
status=0
for tool in "${tools[@]}"; do
    out=$WORK/$tool
    mkdir -p "$out"
    run() {
        if [ "$tool" = fio ]; then fio "$@"; else IOBENCH_ALLOW_OVERWRITE=1 $IOBENCH fio "$@"; fi
    }
    point() { # iodepth numjobs
        run --name=randread --ioengine=libaio --iodepth="$1" --rw=randread --bs=4k --direct=1 --size=16m \
            --numjobs="$2" --runtime=1 --group_reporting --filename="$WORK/data" --output-format=json \
            > "$out/randread-$1-$2.json"
    }
    for d in $DEPTHS; do point "$d" 1; done
    for n in $JOBS; do [ "$n" = 1 ] || point 1 "$n"; done
    echo "== $tool ($(uptime | sed 's/.*load/load/'))"
    python3 "$ROOT/bench/fio-plot-read.py" "$FIO_PLOT_SRC" "$out" randread "$(echo $DEPTHS | tr ' ' ,)" \
        "$(echo $JOBS | tr ' ' ,)" || status=1
done
exit $status
