#!/bin/sh
# The clang-format check of ./run-tests --full: the C++ lines changed since a
# base commit must be laid out as .clang-format says (git clang-format, which
# formats changed lines only). Most of the tree predates .clang-format, and
# reformatting every file at once would collide with every branch in flight,
# so older lines are left as they are until they change.
#
#   scripts/format-check.sh [BASE]   (default: $FORMAT_BASE, else the commit
#                                     where the check began)
# Prints the diff that would fix the changed lines and fails when there is
# one; without git (a source tarball) or without BASE in the history (a
# shallow clone), says so and passes. To fix: git clang-format BASE.
set -eu
cd "$(dirname "$0")/.."
base="${1:-${FORMAT_BASE:-a7a45272472f37888a87b26e0da9fb0202c358f2}}"
if ! git rev-parse --git-dir >/dev/null 2>&1; then
    echo "format-check: skipped (not a git checkout)"
    exit 0
fi
if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
    echo "format-check: skipped (base $base is not in this clone's history)"
    exit 0
fi
out=$(git clang-format --diff --extensions cpp,hpp,h,cc "$base" -- src include tests tools bench)
case "$out" in
    "no modified files to format" | "clang-format did not modify any files")
        echo "format-check: the C++ lines changed since ${base%"${base#????????????}"} follow .clang-format"
        exit 0 ;;
esac
echo "$out"
echo "format-check: lines changed since ${base%"${base#????????????}"} differ from .clang-format;" \
     "fix them with: git clang-format $base"
exit 1
