#!/bin/sh
# What Hebrew, Arabic and Devanagari cost a class set (issue 34; not a test:
# times depend on the machine). The same worksheet in each (tests/data/shaped/)
# and in English (bench/shaped/english.yaml) printed for a class of 30 (`handout
# batch --copies 30`, keys in their own file) RUNS times each, alternating
# with English: the PDF's size, the CPU time (user + system) of the best run
# and the peak memory (/usr/bin/time -v) of each, and their ratios. The
# target is at most 2x in size and time.
#
#   sh bench/shaped_class_bench.sh [HANDOUT_BINARY] [RUNS]
set -eu
handout=${1:-build/handout}
runs=${2:-5}
here=$(dirname "$0")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

. "$here/class_measure.sh"

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for lang in hebrew arabic persian urdu hindi; do
    measure_pair "$here/../tests/data/shaped/$lang.yaml" "$lang" "$here/shaped/english.yaml" en | awk -v runs="$runs" -v lang="$lang" '{
        printf "%s, class of 30, best of %d runs:\n", lang, runs
        printf "  English: %d bytes (keys %d), %d ms CPU, peak %d KB\n", $5, $8, $6, $7
        printf "  %s: %d bytes (keys %d), %d ms CPU, peak %d KB\n", lang, $1, $4, $2, $3
        printf "  %s / English: size %.2fx, CPU time %.2fx\n", lang, $1 / $5, ($6 > 0 ? $2 / $6 : 0)
    }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
