#!/bin/sh
# What Chinese costs a class set (issue 34; not a test: times depend on the
# machine). The same worksheet in Chinese (tests/data/cjk/chinese.yaml) and
# in English (bench/cjk/english.yaml) printed for a class of 30 (`handout
# batch --copies 30`, keys in their own file) RUNS times each, alternating:
# the PDF's size, the CPU time (user + system) of the best run and the peak
# memory (/usr/bin/time -v) of each, and their ratios, with the load
# average (the machine may be shared). The target is at most 2x in size and time.
#
#   sh bench/cjk_class_bench.sh [HANDOUT_BINARY] [RUNS]
set -eu
handout=${1:-build/handout}
runs=${2:-5}
here=$(dirname "$0")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

. "$here/class_measure.sh"

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
pair=$(measure_pair "$here/../tests/data/cjk/chinese.yaml" zh "$here/cjk/english.yaml" en)
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$pair" | awk -v runs="$runs" '{
    printf "class of 30, best of %d runs each, alternating:\n", runs
    printf "  English: %d bytes (keys %d), %d ms CPU, peak %d KB\n", $5, $8, $6, $7
    printf "  Chinese: %d bytes (keys %d), %d ms CPU, peak %d KB\n", $1, $4, $2, $3
    printf "  Chinese / English: size %.2fx, CPU time %.2fx\n", $1 / $5, ($6 > 0 ? $2 / $6 : 0)
}'
