#!/usr/bin/env bash
# Runs fio's own examples (examples/*.fio of a fio source tree; not shipped with iobench) with fio and with
# `iobench run` in strict mode, after making each safe to run anywhere: files relative to a scratch directory
# (an absolute or /dev filename becomes a file of that name; a file that had no size gets size=256m),
# sizes capped at 256m, runtime at 2 s (a `runtime=2` default in front), startdelay/ramp_time at 1 s, directory=
# dropped. For each example it prints whether fio ran it, whether iobench ran it strictly, whether the jobs and
# reporting groups are the same, and iobench's one-line reason when it refused.
#
# Usage: git clone --branch fio-3.33 https://github.com/axboe/fio; bench/fio-examples.sh fio/examples [NAME...]
#        (env: SCRATCH=/tmp/iobench-fio-examples, a directory on a real filesystem with a few GiB free;
#         IOBENCH=command to run instead of bin/iobench)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
EXAMPLES=${1:?usage: bench/fio-examples.sh FIO_EXAMPLES_DIR [NAME...]}
shift
SCRATCH=${SCRATCH:-/tmp/iobench-fio-examples}
die() { echo "fio-examples: $*" >&2; exit 2; }
command -v fio >/dev/null || die "fio not found (Debian: apt-get install -y fio)"
command -v python3 >/dev/null || die "python3 not found"
IOBENCH=${IOBENCH:-$ROOT/bin/iobench}
$IOBENCH --version >/dev/null
mkdir -p "$SCRATCH/safe" "$SCRATCH/out"

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for f in "$EXAMPLES"/*.fio; do names+=("$(basename "$f" .fio)"); done
fi

# run_bounded SECONDS DIR OUT CMD...: CMD in its own process group, killed whole after SECONDS; prints the status
run_bounded() {
    local limit=$1 dir=$2 out=$3; shift 3
    (cd "$dir" && exec setsid "$@") >"$out" 2>&1 &
    local pid=$! i
    for i in $(seq $((limit * 10))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then kill -9 -- "-$pid" 2>/dev/null; wait "$pid" 2>/dev/null; echo timeout
    else wait "$pid" && echo 0 || echo $?; fi
}

printf '%-28s %-8s %-8s %-6s %s\n' example fio iobench same reason
for n in "${names[@]}"; do
    python3 - "$EXAMPLES/$n.fio" "$SCRATCH/safe/$n.fio" <<'PY'
import re, sys
MAX = 256 << 20
UNITS = {'': 1, 'k': 1 << 10, 'm': 1 << 20, 'g': 1 << 30, 't': 1 << 40, 'p': 1 << 50}
def size_of(t):
    m = re.fullmatch(r'\s*(\d+)\s*([kmgtp]?)(i?b?)\s*', t, re.I)
    return int(m.group(1)) * UNITS[m.group(2).lower()] if m else None
def cap_size(v):
    return ''.join('256m' if p not in '-:,' and (size_of(p) or 0) > MAX else p for p in re.split(r'([-:,])', v))
def seconds(t):
    m = re.fullmatch(r'\s*(\d+)\s*(us|ms|s|m|h|d)?\s*', t, re.I)
    if not m: return None
    return int(m.group(1)) * {'us': 1e-6, 'ms': 1e-3, 's': 1, 'm': 60, 'h': 3600, 'd': 86400}[(m.group(2) or 's').lower()]
def cap_time(v, limit):
    s = seconds(v)
    return str(limit) if s is not None and s > limit else v
def safe_file(v):
    out = []
    for f in v.split(':'):
        f = f.strip()
        if f.startswith('/'):
            f = ('dev-' if v.startswith('/dev/') else '') + (f.rstrip('/').split('/')[-1] or 'root')
        out.append(f.replace(',', '_'))
    return ':'.join(out)
src, dst = sys.argv[1], sys.argv[2]
text = open(src, encoding='utf-8', errors='replace').read()
has_size = re.search(r'^\s*(size|filesize|fill_device)\s*=', text, re.M) is not None
lines = ['[global]', 'runtime=2']
for raw in text.splitlines():
    line, extra = raw, None
    m = re.match(r'^(\s*)([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)(\s*[;#].*)?$', raw)
    if m and not raw.lstrip().startswith((';', '#')):
        key, val, tail = m.group(2).lower(), m.group(3), m.group(4) or ''
        if key == 'directory':
            lines.append(';' + raw); continue
        if key == 'offset' and (size_of(val) or 0) > MAX:
            val = '0'
        elif key in ('size', 'filesize', 'io_size', 'io_limit', 'offset_increment', 'zonesize', 'zoneskip', 'zonerange'):
            val = cap_size(val)
        elif key in ('runtime', 'timeout'):
            val = cap_time(val, 2)
        elif key in ('startdelay', 'ramp_time', 'ss_dur', 'ss_ramp'):
            val = cap_time(val, 1)
        elif key == 'filename':
            if val.startswith('/') and not has_size:
                extra = 'size=256m'
            val = safe_file(val)
        line = m.group(1) + m.group(2) + '=' + val + tail
    lines.append(line)
    if extra:
        lines.append(extra)
open(dst, 'w').write('\n'.join(lines) + '\n')
PY
    work="$SCRATCH/run-$n"
    rm -rf "$work"; mkdir -p "$work"
    fio_status=$(run_bounded 40 "$work" "$SCRATCH/out/$n.fio.log" fio --output-format=json \
        --output="$SCRATCH/out/$n.fio.json" "$SCRATCH/safe/$n.fio")
    rm -rf "$work"; mkdir -p "$work"
    iob_status=$(run_bounded 60 "$work" "$SCRATCH/out/$n.iobench.log" $IOBENCH run --keep \
        --allow-overwrite --no-store --quiet --sample-interval 0 -o "$SCRATCH/out/$n.iobench.json" --force \
        "$SCRATCH/safe/$n.fio")
    rm -rf "$work"
    python3 - "$n" "$fio_status" "$iob_status" "$SCRATCH/out" <<'PY'
import json, sys
n, fs, ios, out = sys.argv[1:5]
def load(path):
    try:
        text = open(path).read()
        return json.loads(text[text.index('{'):])
    except Exception:
        return None
fio = load(f'{out}/{n}.fio.json') if fs == '0' else None
iob = load(f'{out}/{n}.iobench.json') if ios == '0' else None
same = '-'
if fio and iob:
    groups = {}
    for j in fio['jobs']:
        groups.setdefault(j['groupid'], 0); groups[j['groupid']] += 1
    ours, alone = {}, 0
    for b in iob['benchmarks']:
        g = b['job'].get('group') or f'alone{alone}'
        if not b['job'].get('group'): alone += 1
        ours[g] = ours.get(g, 0) + 1
    f, o = list(groups.values()), list(ours.values())
    same = 'yes' if len(f) == len(o) and all(a == b or a == 1 for a, b in zip(f, o)) else 'no'
reason = ''
if ios != '0':
    lines = [l.strip() for l in open(f'{out}/{n}.iobench.log', errors='replace') if l.startswith('iobench:')]
    reason = (lines[-1] if lines else ios)[:400]
print('%-28s %-8s %-8s %-6s %s' % (n, 'ran' if fs == '0' else 'fails' if fs != 'timeout' else 'timeout',
      'ran' if ios == '0' else 'refused' if ios == '2' else ios, same, reason))
PY
done
