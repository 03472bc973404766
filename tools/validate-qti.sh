#!/bin/sh
# Validates QTI packages written by `handout export --to qti` against the IMS
# schemas: every item and the test against imsqti_v2p1.xsd, every manifest
# against imscp_v1p1.xsd, with xmllint (Debian's libxml2-utils) and unzip.
#
#   sh tools/validate-qti.sh SCHEMES_DIR PACKAGE.zip...
#
# SCHEMES_DIR holds qtiv2p1/imsqti_v2p1.xsd, imscp_v1p1.xsd and what they
# import (w3/xml.xsd, w3/XInclude.xsd, w3/mathml2/, apipv1p0/), laid out as
# in oat-sa/qti-sdk's src/qtism/data/storage/xml/schemes/. The schemas are
# IMS's and not part of this repository. Prints one line per package and a
# total; exits 1 when any file does not validate.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 SCHEMES_DIR PACKAGE.zip..." >&2; exit 2; }
schemes=$1
shift
for xsd in "$schemes/qtiv2p1/imsqti_v2p1.xsd" "$schemes/imscp_v1p1.xsd"; do
    [ -f "$xsd" ] || { echo "$0: $xsd: not found" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
items=0 tests=0 bad=0 packages=0
for zip in "$@"; do
    packages=$((packages + 1))
    dir="$work/$packages"
    mkdir -p "$dir"
    unzip -q "$zip" -d "$dir"
    n=0
    for f in "$dir"/items/*.xml "$dir"/test.xml; do
        [ -f "$f" ] || continue
        case $f in */items/*) n=$((n + 1)) ;; *) tests=$((tests + 1)) ;; esac
        if ! xmllint --noout --schema "$schemes/qtiv2p1/imsqti_v2p1.xsd" "$f" 2>"$work/err"; then
            bad=$((bad + 1))
            sed "s|$dir/|$zip: |" "$work/err" >&2
        fi
    done
    if ! xmllint --noout --schema "$schemes/imscp_v1p1.xsd" "$dir/imsmanifest.xml" 2>"$work/err"; then
        bad=$((bad + 1))
        sed "s|$dir/|$zip: |" "$work/err" >&2
    fi
    items=$((items + n))
    echo "$zip: $n items"
done
echo "$packages packages, $items items, $tests tests: $bad files do not validate"
[ "$bad" -eq 0 ]
