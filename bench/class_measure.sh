# Sourced by bench/cjk_class_bench.sh and bench/shaped_class_bench.sh: runs
# `handout batch WORKSHEET --copies 30` (keys in their own file) $runs times
# with $handout, in $dir.
#   measure WORKSHEET NAME   prints "bytes best_ms peak_kb keys_bytes"
measure() {
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
