#!/bin/sh
# What maths costs a class set (not a test: times depend on the machine).
# Worksheets of 12 questions that differ only in their dollars: with a
# formula in every question (its prompt), with five in every question
# (prompt and options), and with the same characters as plain text. Each is
# printed for a class of 30 (`handout batch --copies 30`) RUNS times; the
# best wall time of each and the differences are printed.
#
#   sh bench/math_class_bench.sh [HANDOUT_BINARY] [RUNS]
set -eu
handout=${1:-build/handout}
runs=${2:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

write_sheet() {  # $1: file, $2: "$" for maths or "" for plain text, $3: "$" for maths in the options too
    d=$2
    o=$3
    {
        echo "id: math-class-$([ -n "$d" ] && echo on || echo off)"
        echo "title: Algebra and physics"
        echo "questions:"
        i=1
        while [ $i -le 12 ]; do
            # printf, not echo: dash's echo reads backslashes as escapes.
            printf '%s\n' "  - prompt: 'Solve ${d}x^2 - $((i + 1))x + \\frac{$i}{2} = 0${d} for x, then find ${o}\\sqrt{x_1^2 + x_2^2}${o}.'"
            printf '%s\n' "    options: ['${o}x = \\frac{1}{$i}${o}', '${o}x = $i${o}', '${o}\\int_0^$i t\\,dt${o}', '${o}\\ce{H2O}${o}']"
            printf '%s\n' "    answer: '${o}x = $i${o}'"
            i=$((i + 1))
        done
    } > "$1"
}

write_sheet "$dir/one.yaml" '$' ''
write_sheet "$dir/five.yaml" '$' '$'
write_sheet "$dir/off.yaml" '' ''
for f in one five off; do "$handout" check "$dir/$f.yaml" > /dev/null; done

best() {  # best wall time in ms of `handout batch FILE --copies 30`
    best_ms=""
    n=0
    while [ $n -lt "$runs" ]; do
        start=$(date +%s%N)
        "$handout" batch "$1" --copies 30 -o "$dir/out.pdf" > /dev/null
        end=$(date +%s%N)
        ms=$(( (end - start) / 1000000 ))
        if [ -z "$best_ms" ] || [ "$ms" -lt "$best_ms" ]; then best_ms=$ms; fi
        n=$((n + 1))
    done
    echo "$best_ms"
}

off=$(best "$dir/off.yaml")
one=$(best "$dir/one.yaml")
five=$(best "$dir/five.yaml")
echo "class of 30, 12 questions (best of $runs): without maths ${off} ms;" \
     "a formula a question ${one} ms (+$((one - off)) ms); five a question ${five} ms (+$((five - off)) ms)"
