#!/bin/sh
# `handout mark` at the size of a class: the issue's scenario (30 copies of
# forces-and-motion with answer sheets and 30 of split-the-work, scanned by
# scangen with mixed defects and planted problems) checked against the truth,
# then the reading speed and memory of `mark` on 60 scanned pages.
#
#   sh bench/mark-loop.sh [BUILD_DIR [BEFORE_BUILD_DIR]]   (default build/; needs /usr/bin/time)
#
# Then pages/s per core of each kind of input alone, the best of three runs
# (--jobs 1): the 30 answer sheets at 300 dpi (PDF), the 30 sheets at 200 dpi
# (TIFF), and 27 phone photos of split-the-work (12 MP JPEGs, corners moved up
# to 8 % of the page width, light and shadows) as a folder and as one PDF;
# with BEFORE_BUILD_DIR, the same inputs read by that build too (its own
# scangen is not used).
set -eu
BUILD=${1:-build}
BEFORE=${2:-}
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

echo "== speed per input (--jobs 1, best of 3 runs)"
"$BUILD/handout" batch "$W/split-the-work.yaml" --copies 27 -o "$T/stw27.pdf" >/dev/null
"$BUILD/scangen" "$T/photos/" --class "$T/stw27.pdf" --from "$W/split-the-work.yaml" --dpi 300 --hard 0.01 \
    --phone --random-defects --perspective 0.08 --seed 5
"$BUILD/scangen" "$T/photos.pdf" --class "$T/stw27.pdf" --from "$W/split-the-work.yaml" --dpi 300 --hard 0.01 \
    --phone --random-defects --perspective 0.08 --seed 5
one() {  # build, label, pages, worksheet, scan
    best=""
    for i in 1 2 3; do
        /usr/bin/time -f "%U %S" -o "$T/time" "$1/handout" mark "$5" --from "$W/$4" -o "$T/one.csv" --jobs 1 \
            >"$T/one.out" 2>&1 || true
        cpu=$(awk '{ print $1 + $2 }' "$T/time" | tail -n 1)
        best=$(awk -v a="$cpu" -v b="$best" 'BEGIN { print (b == "" || a < b) ? a : b }')
    done
    read_line=$(grep '^read ' "$T/one.out" || echo "read ?")
    awk -v b="$1" -v l="$2" -v n="$3" -v c="$best" -v r="$read_line" 'BEGIN {
        printf "%-28s %-22s %6.2f s CPU, %5.1f pages/s per core (%s)\n", b, l, c, n / c, r }'
}
for b in $BEFORE "$BUILD"; do
    one "$b" "300 dpi answer sheets" 30 forces-and-motion.yaml "$T/fam-scan.pdf"
    one "$b" "200 dpi sheets (TIFF)" 30 split-the-work.yaml "$T/stw-scan.tif"
    one "$b" "phone photos, folder" 27 split-the-work.yaml "$T/photos"
    one "$b" "phone photos, PDF" 27 split-the-work.yaml "$T/photos.pdf"
done
