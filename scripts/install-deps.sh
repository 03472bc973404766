#!/bin/sh
# Installs, from Debian's own packages (Debian 12 bookworm or 13 trixie),
# everything handout needs to build, run and test. Idempotent: installs only
# what is missing; runs apt-get as root, or through sudo when not root.
set -eu

# clang-tidy: scripts/tidy.sh, run by ./run-tests --full. Only unversioned
# names (libclang-rt-dev, not libclang-rt-14-dev), so that each release gets
# the version that goes with its own clang (14 in Debian 12, 19 in Debian 13).
# dpkg-dev and file: `cpack -G DEB` reads the package's dependencies off the
# programs (dpkg-shlibdeps); groff-base: the manual pages' test renders them.
# nlohmann-json3-dev: the JSON of `layout --json` and the quiz page.
# libxlsxwriter-dev: `mark --format xlsx`; python3-openpyxl and unzip: its tests read the file back.
# libharfbuzz-dev: the maths font's OpenType MATH table (src/math). fonts-lmodern: Latin
# Modern Math, the maths font (GUST Font License), which the build converts to TrueType
# outlines (cmake/MathFont.cmake) with python3-fonttools, run by Debian's /usr/bin/python3.
# python3-munkres satisfies fonttools' `python3-scipy | python3-munkres`, so that apt does
# not pull in SciPy and NumPy: the three add 13 packages, 89 MB (Debian 12; 14, 91 MB on
# Debian 13), where python3-fonttools alone would add 438 MB (181 MB on Debian 13).
# fonts-dejavu-core: DejaVu Sans, on which tests/fonts_test.cpp shows libharu's fault.
# libminizip-dev and libssl-dev: Debian 13's xlsxwriter.pc requires minizip
# and libcrypto (Requires.private), which its -dev package does not pull in,
# so pkg-config cannot find xlsxwriter without them.
# fonts-droid-fallback and fonts-nanum: Droid Sans Fallback and Nanum Gothic, the faces Chinese
# and Japanese, and Korean print in (TrueType outlines, which libharu embeds; Apache-2.0, OFL).
# fonts-noto-core: Noto Sans Hebrew, Arabic and Devanagari, the faces those scripts print in
# (TrueType, OFL 1.1), shaped with HarfBuzz (libharfbuzz-dev above).
# libsqlite3-dev: the item history (`mark --history`, `handout bank`): one file
# beside the bank that several runs update in transactions and any SQLite tool can read.
packages="g++ make cmake pkg-config libhpdf-dev libyaml-cpp-dev libcli11-dev libgtest-dev libpng-dev libjpeg-dev
          libpugixml-dev libicu-dev nlohmann-json3-dev
          poppler-utils qpdf zbar-tools python3 python3-yaml python3-jsonschema clang clang-tidy libclang-rt-dev
          libopencv-imgproc-dev libtiff-dev libzxing-dev
          libpoppler-cpp-dev libqpdf-dev libqrencode-dev zlib1g-dev libdeflate-dev libmuparser-dev
          dpkg-dev file groff-base
          libxlsxwriter-dev libminizip-dev libssl-dev python3-openpyxl unzip libsqlite3-dev
          libharfbuzz-dev fonts-lmodern python3-fonttools python3-munkres
          fonts-dejavu-core fonts-droid-fallback fonts-nanum fonts-noto-core"

missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# For the browser test of `handout html` (tests/browser/): Debian's Chromium,
# and Node.js with npm unless a node is already installed (perhaps not by dpkg).
dpkg-query -W -f='${Status}' chromium 2>/dev/null | grep -q "install ok installed" || missing="$missing chromium"
if ! command -v node >/dev/null 2>&1; then
    for p in nodejs npm; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
    done
elif ! command -v npm >/dev/null 2>&1; then
    missing="$missing npm"
fi
[ -z "$missing" ] && exit 0

echo "install-deps: installing$missing" >&2
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
# shellcheck disable=SC2086
$sudo apt-get install -y -q --no-install-recommends $missing
