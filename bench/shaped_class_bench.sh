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

measure() {  # $1: worksheet, $2: name. Prints "bytes best_ms peak_kb".
    best_ms=""
    peak=0
    n=0
    while [ $n -lt "$runs" ]; do
        /usr/bin/time -v -o "$dir/time.txt" "$handout" batch "$1" --copies 30 -o "$dir/$2.pdf" \
            --keys "$dir/$2-keys.pdf" > /dev/null
        wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/time.txt")
        ms=$(echo "$wall" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%d", s * 1000 }')
        kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/time.txt")
        if [ -z "$best_ms" ] || [ "$ms" -lt "$best_ms" ]; then best_ms=$ms; fi
        if [ "$kb" -gt "$peak" ]; then peak=$kb; fi
        n=$((n + 1))
    done
    echo "$(wc -c < "$dir/$2.pdf") $best_ms $peak $(wc -c < "$dir/$2-keys.pdf")"
}

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
