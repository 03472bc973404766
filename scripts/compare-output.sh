#!/bin/sh
# Compares what this tree prints with what BASE_REV printed, byte for byte:
# every shipped worksheet (worksheets/*.yaml) in every page style of
# templates/, seeds 0, 1, 3 and 7 with the key on, plus per worksheet a class
# set with its marking pack, answer-sheet renders, the quiz page (HTML) and
# the layout JSON at seeds 1 and 42. Use it to show that a refactoring
# changes no output. (Non-PDF outputs are stored under .pdf names too.)
#
#   scripts/compare-output.sh BASE_REV
#
# BASE_REV is built (the `handout` target only, Release) in a temporary git
# worktree; its build is kept under ${HANDOUT_COMPARE_CACHE:-/tmp/handout-compare}/<commit>
# so later runs against the same commit reuse it. This tree's binary is
# ${BUILD_DIR:-build}/handout, built first. Both binaries read the worksheets,
# templates and fonts of this tree (HANDOUT_DATA_DIR), so only code differs.
# Exits 0 when every PDF is identical, 1 when any differs (listing them).
set -eu
if [ $# -ne 1 ]; then
    echo "usage: $0 BASE_REV" >&2
    exit 2
fi
cd "$(dirname "$0")/.."
root=$(pwd)
base=$(git rev-parse --verify "$1^{commit}")
cache=${HANDOUT_COMPARE_CACHE:-/tmp/handout-compare}/$base
build=${BUILD_DIR:-build}
jobs=${JOBS:-2}

# The base binary, built once per commit.
if [ ! -x "$cache/build/handout" ]; then
    rm -rf "$cache"
    mkdir -p "$(dirname "$cache")"
    git worktree add --detach "$cache/src" "$base" >/dev/null
    cmake -S "$cache/src" -B "$cache/build" -DCMAKE_BUILD_TYPE=Release -DHANDOUT_TESTS=OFF >/dev/null
    cmake --build "$cache/build" --target handout -j "$jobs" >/dev/null
    git worktree remove --force "$cache/src"
fi
cmake --build "$build" --target handout -j "$jobs" >/dev/null

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export HANDOUT_DATA_DIR="$root"

# run NAME ARGS...: runs both binaries with ARGS, where @OUT@ and @KEYS@ stand
# for output files, and records NAME when their outputs differ.
same=0
differ=""
run() {
    name=$1
    shift
    for side in base head; do
        if [ $side = base ]; then bin="$cache/build/handout"; else bin="$root/$build/handout"; fi
        mkdir -p "$out/$side"
        args=""
        for a in "$@"; do
            case $a in
                @OUT@) a="$out/$side/$name.pdf" ;;
                @KEYS@) a="$out/$side/$name-keys.pdf" ;;
            esac
            args="$args '$a'"
        done
        eval "\"$bin\" $args" >/dev/null 2>"$out/$side/$name.err" || echo "handout-compare: failed" >>"$out/$side/$name.err"
    done
    for file in "$name.pdf" "$name-keys.pdf"; do
        [ -e "$out/base/$file" ] || [ -e "$out/head/$file" ] || continue
        if [ -s "$out/base/$file" ] && cmp -s "$out/base/$file" "$out/head/$file"; then
            same=$((same + 1))
        else
            differ="$differ $file"
        fi
    done
    if grep -q "^handout-compare: failed" "$out/base/$name.err" "$out/head/$name.err"; then
        differ="$differ $name(a-run-failed)"
    fi
}

for ws in worksheets/*.yaml; do
    stem=$(basename "$ws" .yaml)
    for style in templates/*.yaml; do
        t=$(basename "$style" .yaml)
        for seed in 0 1 3 7; do
            run "$stem-$t-s$seed" render "$ws" --template "$t" --seed "$seed" --key on -o @OUT@
        done
    done
    run "$stem-batch" batch "$ws" --copies 3 --jobs 2 -o @OUT@ --keys @KEYS@
    for seed in 1 42; do
        run "$stem-answer-sheet-s$seed" render "$ws" --seed "$seed" --answer-sheet -o @OUT@
        run "$stem-html-s$seed" html "$ws" --seed "$seed" -o @OUT@
        run "$stem-layout-s$seed" layout "$ws" --seed "$seed" --json --answer-sheet -o @OUT@
    done
done

if [ -n "$differ" ]; then
    echo "compare-output: $same identical, these differ from $1 ($base):"
    for f in $differ; do echo "  $f"; done
    exit 1
fi
echo "compare-output: all $same files identical to $1 ($base)"
