#!/bin/sh
# Regenerates the pictures in docs/images/ from the shipped worksheets, so the
# README always shows what the current version prints. Needs a built
# build/handout (./setup) and pdftoppm (poppler-utils).
set -eu
cd "$(dirname "$0")/.."
bin=${HANDOUT:-build/handout}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p docs/images

"$bin" render worksheets/split-the-work.yaml --seed 3 -o "$tmp/s3.pdf" >/dev/null
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$tmp/s3.pdf" docs/images/split-the-work-s3
pdftoppm -png -r 60 -f 2 -l 2 -singlefile "$tmp/s3.pdf" docs/images/split-the-work-s3-key

"$bin" batch worksheets/split-the-work.yaml --copies 30 -o "$tmp/class.pdf" --keys "$tmp/keys.pdf" >/dev/null
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$tmp/keys.pdf" docs/images/marking-grid

"$bin" render worksheets/parallelism-quiz.yaml --seed 1 --key off -o "$tmp/quiz.pdf" >/dev/null
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$tmp/quiz.pdf" docs/images/parallelism-quiz-s1
# Every question type and a picture, in each shipped page style.
for style in classic large-print compact; do
    "$bin" render worksheets/forces-and-motion.yaml --seed 1 --template "$style" -o "$tmp/fm-$style.pdf" >/dev/null
    pdftoppm -png -r 40 -f 1 -l 1 -singlefile "$tmp/fm-$style.pdf" "docs/images/forces-and-motion-$style"
done
# The answer sheet of a variant (--answer-sheet): its last student page.
"$bin" render worksheets/forces-and-motion.yaml --seed 3 --key off --answer-sheet -o "$tmp/fm-answers.pdf" >/dev/null
pages=$(pdfinfo "$tmp/fm-answers.pdf" | sed -n 's/^Pages: *//p')
pdftoppm -png -r 60 -f "$pages" -l "$pages" -singlefile "$tmp/fm-answers.pdf" docs/images/answer-sheet
HANDOUT="$bin" python3 scripts/type-pictures.py
ls -l docs/images
