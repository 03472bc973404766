#!/bin/sh
# Two builds of handout side by side on class sets (issue 31: the cost of a
# change to the PDF wing; not a test: times depend on the machine). For each
# worksheet and class size, runs `handout batch W --copies N -o c.pdf --keys
# k.pdf` RUNS times with each build, alternating, and prints the best CPU
# time (user + system), the peak memory and the bytes of both files, and
# whether the two builds wrote the same bytes.
#
#   sh bench/side_by_side.sh OLD_HANDOUT NEW_HANDOUT [RUNS] [COPIES...]
#   (default: 7 runs; 30 and 1000 copies; the shipped worksheets)
set -eu
old=$1
new=$2
runs=${3:-7}
shift 2
[ $# -gt 0 ] && shift
copies=${*:-30 1000}
here=$(dirname "$0")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# run BINARY WORKSHEET COPIES TAG: prints "cpu_ms peak_kb"
run() {
    /usr/bin/time -f "%U %S %M" -o "$dir/time" "$1" batch "$2" --copies "$3" -o "$dir/$4.pdf" \
        --keys "$dir/$4-keys.pdf" > /dev/null
    awk '{ printf "%d %d\n", ($1 + $2) * 1000, $3 }' "$dir/time"
}

printf "%-28s %6s  %18s  %18s  %6s  %s\n" worksheet copies "old ms / peak KB" "new ms / peak KB" "new/old" bytes
for w in "$here"/../worksheets/*.yaml; do
    for n in $copies; do
        best_old=""; best_new=""; peak_old=0; peak_new=0
        i=0
        while [ $i -lt "$runs" ]; do
            set -- $(run "$old" "$w" "$n" old)
            if [ -z "$best_old" ] || [ "$1" -lt "$best_old" ]; then best_old=$1; fi
            if [ "$2" -gt "$peak_old" ]; then peak_old=$2; fi
            set -- $(run "$new" "$w" "$n" new)
            if [ -z "$best_new" ] || [ "$1" -lt "$best_new" ]; then best_new=$1; fi
            if [ "$2" -gt "$peak_new" ]; then peak_new=$2; fi
            i=$((i + 1))
        done
        if cmp -s "$dir/old.pdf" "$dir/new.pdf" && cmp -s "$dir/old-keys.pdf" "$dir/new-keys.pdf"; then
            same="same bytes ($(wc -c < "$dir/new.pdf") + $(wc -c < "$dir/new-keys.pdf"))"
        else
            same="differ: $(wc -c < "$dir/old.pdf") -> $(wc -c < "$dir/new.pdf")"
        fi
        printf "%-28s %6s  %8s / %7s  %8s / %7s  %6s  %s\n" "$(basename "$w")" "$n" "$best_old" "$peak_old" \
            "$best_new" "$peak_new" "$(awk -v a="$best_old" -v b="$best_new" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }')" \
            "$same"
    done
done
