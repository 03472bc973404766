#!/bin/sh
# A real class's pile, end to end: print the class set with `handout batch`,
# mark and scan it with classgen, read it back with `handout mark` and score
# it against the truth (exit 1 when any answer is wrong without a flag).
#   sh tools/classgen/realclass.sh HANDOUT CLASSGEN WORKSHEET ROSTER OUT_DIR [classgen make options]
set -e
handout=$1 classgen=$2 worksheet=$3 roster=$4 out=$5
shift 5
mkdir -p "$out"
"$handout" batch "$worksheet" --roster "$roster" --answer-sheet -o "$out/class.pdf"
"$classgen" make --class "$out/class.pdf" --worksheet "$worksheet" --roster "$roster" -o "$out/pile" "$@"
status=0
"$classgen" score "$out/pile" --handout "$handout" --worksheet "$worksheet" --roster "$roster" >"$out/score.md" || status=$?
cat "$out/score.md"
exit $status
