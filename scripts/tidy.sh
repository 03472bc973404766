#!/bin/sh
# Runs clang-tidy (the checks of .clang-tidy, among them the 80-line limit on
# functions) over the product code in src/, in parallel, using the compile
# commands of a build folder (default build/, which ./run-tests configures
# with CMAKE_EXPORT_COMPILE_COMMANDS; configured and its generated sources
# built here when missing). Prints "tidy: N files, M findings" and exits
# non-zero when any check reports. ./run-tests runs it after the first suite.
#
#   scripts/tidy.sh [FILE...]     (default: every src/**/*.cpp)
set -eu
cd "$(dirname "$0")/.."
build=${TIDY_BUILD_DIR:-build}
if [ ! -f "$build/compile_commands.json" ]; then
    cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DHANDOUT_TESTS=OFF \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
fi
# The generated sources (embedded quiz assets) must exist before tidy reads them.
cmake --build "$build" --target handout_html handout_mark -j "$(nproc)" >/dev/null

files=$(mktemp)
log=$(mktemp)
trap 'rm -f "$files" "$log"' EXIT
if [ $# -eq 0 ]; then
    find src -name '*.cpp' | LC_ALL=C sort >"$files"
else
    printf '%s\n' "$@" >"$files"
fi
# Each clang-tidy prints its findings with the source lines under them; a
# header's finding shows once per file that includes it, so findings are
# counted once per place and check, and only in this tree's files: clang 14
# cannot compile qpdf 11's JSON.hh against GCC 12's C++20 library (a vector
# of a class not yet complete), errors in a Debian header that are not about
# this code. clang-tidy's own status is not used: it is 0 even with
# warnings; a compile error in src/ or include/ prints an "error:" line and
# so counts here.
# GCC's own warning options (-Wno-restrict) are unknown to clang: not a finding.
xargs -P "$(nproc)" -n 1 clang-tidy --quiet -p "$build" --extra-arg=-Wno-unknown-warning-option \
    <"$files" >"$log" 2>/dev/null || true
root=$(pwd)
# A stage reaches headers through its link tree (build/layers/STAGE/include
# or src, cmake/stages.cmake): findings there are named by the real file.
sed -E "s#^$root/[^ ]*/layers/[a-z]+/(src|include)/#$root/\1/#" "$log" >"$log.real" && mv "$log.real" "$log"
found=$(grep -E "^$root/(src|include)/[^ ]*:[0-9]+:[0-9]+: (warning|error):" "$log" | LC_ALL=C sort -u || true)
if [ -n "$found" ]; then
    echo "$found"
    count=$(echo "$found" | wc -l)
else
    count=0
fi
echo "tidy: $(wc -l <"$files") files, $count findings"
[ "$count" -eq 0 ]
