#!/bin/sh
# Runs clang-tidy (the checks of .clang-tidy) over the product code in src/,
# using the compile commands of a build folder (default build-tidy/, made
# here with CMAKE_EXPORT_COMPILE_COMMANDS). Exits non-zero when any check
# reports. Not part of ./run-tests: on a 2-core machine it takes minutes.
#
#   scripts/tidy.sh [FILE...]     (default: every src/**/*.cpp)
set -eu
cd "$(dirname "$0")/.."
build=${TIDY_BUILD_DIR:-build-tidy}
if [ ! -f "$build/compile_commands.json" ]; then
    cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DHANDOUT_TESTS=OFF \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
    # The generated sources (embedded quiz assets) must exist before tidy reads them.
    cmake --build "$build" --target handout_lib -j "${JOBS:-2}" >/dev/null
fi
if [ $# -eq 0 ]; then
    set -- $(git ls-files 'src/*.cpp')
fi
status=0
for file in "$@"; do
    clang-tidy --quiet -p "$build" "$file" 2>/dev/null || status=1
done
exit $status
