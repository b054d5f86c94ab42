#!/usr/bin/env bash
# Issue 29's page axis: the HTML report of 10, 100 and 1000 stored benchmarks. For each size it makes a store of
# that many benchmarks (null-engine sweeps over block size, threads and queue depth, 2 runs each, under labels so
# that the page has an A/B and groups), writes the page with `iobench report`, and opens it in headless Chromium
# twice: as a reader gets it (collapsed groups stay undrawn) and with #selfcheck (every chart drawn and checked).
# It prints the page's size, the time `iobench report` took, Chromium's wall time to a loaded DOM and the page's own
# time from its first script line to its last chart, and the number of charts drawn.
#
# Usage: bench/scale-page.sh [SIZES...]        (default 10 100 1000; env IOBENCH=command instead of bin/iobench,
#                                               CHROMIUM=chromium binary, SCRATCH=directory for the stores)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
IOBENCH=${IOBENCH:-$ROOT/bin/iobench}
CHROMIUM=${CHROMIUM:-chromium}
SCRATCH=${SCRATCH:-$(mktemp -d /tmp/iobench-scale-page.XXXXXX)}
die() { echo "scale-page: $*" >&2; exit 2; }
command -v "$CHROMIUM" >/dev/null || die "$CHROMIUM not found (Debian: apt-get install -y chromium)"
command -v python3 >/dev/null || die "python3 not found"
$IOBENCH --version >/dev/null
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 100 1000)

# make_store N DB: N benchmarks, as sweeps of 5 block sizes x T threads x Q depths under side=... labels
make_store() {
    local n=$1 db=$2 sides threads depths
    case "$n" in
        10) sides="a"; threads="1,2"; depths="1" ;;              # 5 x 2 x 1 = 10
        100) sides="a b"; threads="1,2"; depths="1,2,4,8,16" ;;  # 2 x 5 x 2 x 5 = 100
        1000) sides="a b c d e f g h"; threads="1,2,4,8,16"; depths="1,2,4,8,16" ;;  # 8 x 125 = 1000
        *) die "size $n: one of 10, 100, 1000" ;;
    esac
    for side in $sides; do
        $IOBENCH run --engine null --rw randread --bs 4k..64k --threads "$threads" --iodepth "$depths" \
            --size 256k --runs 2 --sample-interval 0 --label side="$side" --db "jdbc:sqlite:$db" -q x >/dev/null 2>&1 \
            || die "making the store of $n failed"
    done
}

# open_page PAGE FRAGMENT: Chromium's wall seconds to a dumped DOM, then the page's self-check JSON
open_page() {
    local page=$1 fragment=$2 profile start end dom
    profile=$(mktemp -d "$SCRATCH/profile.XXXXXX")
    start=$(date +%s.%N)
    dom=$("$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --user-data-dir="$profile" --virtual-time-budget=60000 \
        --window-size=1200,3000 --dump-dom "file://$page$fragment" 2>/dev/null)
    end=$(date +%s.%N)
    rm -rf "$profile"
    printf '%s\n' "$dom" | python3 -c '
import html, json, re, sys
m = re.search(r"<pre id=\"selfcheck\">([^<]*)</pre>", sys.stdin.read())
check = json.loads(html.unescape(m.group(1))) if m and m.group(1) else {}
print(json.dumps(check))' | { read -r check; echo "$(python3 -c "print(round($end - $start, 2))") $check"; }
}

printf '%-11s %11s %9s %12s %10s %8s %12s %10s %8s %s\n' benchmarks page_bytes report_s \
    reader_load_s reader_ms charts check_load_s check_ms charts errors
for n in "${sizes[@]}"; do
    db="$SCRATCH/store-$n.db"
    rm -f "$db"
    make_store "$n" "$db"
    page="$SCRATCH/page-$n.html"
    start=$(date +%s.%N)
    $IOBENCH report --base side=a --new side=b -o "$page" --force --db "jdbc:sqlite:$db" 2>/dev/null \
        || $IOBENCH report -o "$page" --force --db "jdbc:sqlite:$db" 2>/dev/null
    end=$(date +%s.%N)
    read -r reader_s reader <<<"$(open_page "$page" "")"
    read -r check_s check <<<"$(open_page "$page" "#selfcheck")"
    python3 - "$n" "$(stat -c %s "$page")" "$(python3 -c "print(round($end - $start, 2))")" "$reader_s" "$reader" \
        "$check_s" "$check" <<'PY'
import json, sys
n, size, report_s, reader_s, reader, check_s, check = sys.argv[1:]
r, c = json.loads(reader or "{}"), json.loads(check or "{}")
errors = len(r.get("errors", [])) + len(c.get("errors", []))
print(f"{n:<11} {size:>11} {report_s:>9} {reader_s:>12} {r.get('drawMs', '?'):>10} {r.get('charts', '?'):>8}"
      f" {check_s:>12} {c.get('drawMs', '?'):>10} {c.get('charts', '?'):>8} {errors}")
PY
done
echo "reader: the page as opened (collapsed groups undrawn); check: #selfcheck, every chart drawn and checked."
echo "*_ms: the page's own time from its script's start to its last chart; *_load_s: Chromium's wall time."
