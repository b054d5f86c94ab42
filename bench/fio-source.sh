# Sourced by bench/fio-tests.sh and bench/zbd-tests.sh: the fio they compare with and a fio 3.33 source tree.
# Before sourcing: ME (the script's name in its messages), WORK, FIO. After: die, WORK absolute, FIO_SRC set
# (cloned from fio's repository into $WORK/fio-src when it was not given).
die() { echo "$ME: $*" >&2; exit 2; }

# $1: the file of FIO_SRC's the script runs (a tree without it is not a fio source tree).
fio_and_source() {
    [ -n "$FIO" ] || die "fio not found (Debian: apt-get install -y fio)"
    local version
    version=$("$FIO" --version)
    [ "$version" = fio-3.33 ] || echo "$ME: note: $FIO is $version; the tests are fio-3.33's" >&2
    mkdir -p "$WORK"
    WORK=$(cd "$WORK" && pwd)
    if [ -z "${FIO_SRC:-}" ]; then
        FIO_SRC=$WORK/fio-src
        [ -d "$FIO_SRC/t" ] || git clone -q --depth 1 --branch fio-3.33 https://github.com/axboe/fio "$FIO_SRC" \
            || die "cannot fetch fio's source; give a fio-3.33 tree as FIO_SRC=DIR"
    fi
    [ -e "$FIO_SRC/$1" ] || die "$FIO_SRC/$1 not found (FIO_SRC must be a fio source tree)"
}
