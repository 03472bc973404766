#!/bin/sh
# What Hebrew, Arabic and Devanagari cost a class set (issue 34; not a test:
# times depend on the machine). The same worksheet in each (tests/data/shaped/)
# and in English (bench/shaped/english.yaml) printed for a class of 30 (`handout
# batch --copies 30`, keys in their own file) RUNS times each: the PDF's
# size, the best wall time and the peak memory (/usr/bin/time -v) of each,
# and their ratios. The target is at most 2x in size and time.
#
#   sh bench/shaped_class_bench.sh [HANDOUT_BINARY] [RUNS]
set -eu
handout=${1:-build/handout}
runs=${2:-5}
here=$(dirname "$0")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

. "$here/class_measure.sh"

en=$(measure "$here/shaped/english.yaml" en)
for lang in hebrew arabic hindi; do
    other=$(measure "$here/../tests/data/shaped/$lang.yaml" "$lang")
    echo "$other $en" | awk -v runs="$runs" -v lang="$lang" '{
        printf "%s, class of 30, best of %d runs:\n", lang, runs
        printf "  English: %d bytes (keys %d), %d ms, peak %d KB\n", $5, $8, $6, $7
        printf "  %s: %d bytes (keys %d), %d ms, peak %d KB\n", lang, $1, $4, $2, $3
        printf "  %s / English: size %.2fx, time %.2fx\n", lang, $1 / $5, ($6 > 0 ? $2 / $6 : 0)
    }'
done
