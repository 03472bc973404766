# Sourced by bench/cjk_class_bench.sh and bench/shaped_class_bench.sh: runs
# `handout batch WORKSHEET --copies 30` (keys in their own file) with
# $handout, in $dir, $runs times for each of two worksheets, alternating
# (A, B, A, B …) so that a shared machine's load falls on both alike.
#   measure_pair WORKSHEET_A NAME_A WORKSHEET_B NAME_B
# prints "bytes best_cpu_ms peak_kb keys_bytes" of A, then the same of B:
# the CPU time (user + system, /usr/bin/time -v) of the best run, the
# highest peak memory of any.
measure_once() {
    /usr/bin/time -v -o "$dir/time.txt" "$handout" batch "$1" --copies 30 -o "$dir/$2.pdf" \
        --keys "$dir/$2-keys.pdf" > /dev/null
    awk -F': ' '/User time \(seconds\)/ { cpu += $2 } /System time \(seconds\)/ { cpu += $2 }
        /Maximum resident set size/ { kb = $2 } END { printf "%d %d\n", cpu * 1000 + 0.5, kb }' "$dir/time.txt"
}

measure_pair() {
    best_a="" best_b="" peak_a=0 peak_b=0 n=0
    while [ $n -lt "$runs" ]; do
        set -- "$1" "$2" "$3" "$4" $(measure_once "$1" "$2") $(measure_once "$3" "$4")
        if [ -z "$best_a" ] || [ "$5" -lt "$best_a" ]; then best_a=$5; fi
        if [ "$6" -gt "$peak_a" ]; then peak_a=$6; fi
        if [ -z "$best_b" ] || [ "$7" -lt "$best_b" ]; then best_b=$7; fi
        if [ "$8" -gt "$peak_b" ]; then peak_b=$8; fi
        set -- "$1" "$2" "$3" "$4"
        n=$((n + 1))
    done
    echo "$(wc -c < "$dir/$2.pdf") $best_a $peak_a $(wc -c < "$dir/$2-keys.pdf")" \
        "$(wc -c < "$dir/$4.pdf") $best_b $peak_b $(wc -c < "$dir/$4-keys.pdf")"
}
