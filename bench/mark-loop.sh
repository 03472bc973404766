#!/bin/sh
# `handout mark` at the size of a class: the issue's scenario (30 copies of
# forces-and-motion with answer sheets and 30 of split-the-work, scanned by
# scangen with mixed defects and planted problems) checked against the truth,
# then the reading speed and memory of `mark` on 60 scanned pages.
#
#   sh bench/mark-loop.sh [BUILD_DIR]        (default build/; needs /usr/bin/time)
set -eu
BUILD=${1:-build}
HERE=$(cd "$(dirname "$0")/.." && pwd)
W=$HERE/worksheets
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

echo "== the 30-copy loop against the truth (tests/mark_test.cpp, MarkLoop)"
[ "${SKIP_LOOP:-}" ] || HANDOUT_MARK_COPIES=30 "$BUILD/tests/mark_test" --gtest_filter='MarkLoop.ResultsAgree*' | tail -3

echo "== speed: 30 forces-and-motion answer sheets (300 dpi PDF) + 30 split-the-work sheets (200 dpi TIFF)"
"$BUILD/handout" batch "$W/forces-and-motion.yaml" --copies 30 --answer-sheet -o "$T/fam.pdf" >/dev/null
"$BUILD/handout" batch "$W/split-the-work.yaml" --copies 30 -o "$T/stw.pdf" >/dev/null
"$BUILD/scangen" "$T/fam-scan.pdf" --class "$T/fam.pdf" --from "$W/forces-and-motion.yaml" --dpi 300 \
    --random-defects --hard 0.01 --seed 1
"$BUILD/scangen" "$T/stw-scan.tif" --class "$T/stw.pdf" --from "$W/split-the-work.yaml" --dpi 200 \
    --random-defects --hard 0.01 --seed 2
run() {  # label, jobs
    /usr/bin/time -f "%U %S %e %M" -o "$T/time" "$BUILD/handout" mark "$T/fam-scan.pdf" "$T/stw-scan.tif" \
        --from "$W/forces-and-motion.yaml" --from "$W/split-the-work.yaml" -o "$T/r.csv" --report "$T/r.html" \
        --jobs "$2" >/dev/null 2>&1 || true
    read -r user sys wall rss <<EOF2
$(tail -n 1 "$T/time")
EOF2
    awk -v l="$1" -v u="$user" -v s="$sys" -v w="$wall" -v m="$rss" 'BEGIN {
        printf "%-8s 60 pages: %.2f s wall, %.2f s CPU, %.1f pages/s per core, %.1f pages/s, peak %d MB\n",
               l, w, u + s, 60 / (u + s), 60 / w, m / 1024 }'
}
run "--jobs 1" 1
run "--jobs 2" 2
