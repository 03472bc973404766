#!/usr/bin/env python3
"""Imports every question bank under FOLDER with `handout import` and tallies,
per file, the questions carried over as they are, those carried over with a
comment saying how Moodle marks them differently, the items commented out
with their reason, and files refused (with the first error).

    tools/import_tally.py FOLDER [HANDOUT]    (HANDOUT default: build/handout)

Used for issue 30 on Moodle's importer fixtures (question/format/*/tests/
fixtures/, examples.txt) and GIFT-grammar-PEG.js's tests/questions/*.gift,
which are not part of this repository: fetch them yourself."""
import os
import re
import subprocess
import sys
import tempfile

MARKING = ["partial credit", "weights not carried", "also accepted", "more than one answer", "extra right-hand",
           "drop-down gaps are written", "gap weights", "right within", "one word bank", "wrong answer the source"]


def tally(yaml_path):
    faithful = noted = commented = 0
    notes = []
    for line in open(yaml_path, encoding="utf-8"):
        s = line.strip()
        if re.match(r"^- (type|prompt|text|options):", s):
            if any(m in n for n in notes for m in MARKING):
                noted += 1
            else:
                faithful += 1
            notes = []
        elif s.startswith("- title"):
            notes = []
        elif s.startswith("# Not carried over"):
            commented += 1
            notes = []
        elif s.startswith("#") and not s.startswith("# -") and not s.startswith("#   "):
            notes.append(s)
    return faithful, noted, commented


def main():
    folder = sys.argv[1]
    handout = sys.argv[2] if len(sys.argv) > 2 else "build/handout"
    totals = [0, 0, 0, 0]
    print("| file | as they are | marking difference noted | commented out (reason) | refused |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as out:
        for root, _, files in sorted(os.walk(folder)):
            for name in sorted(files):
                if not name.endswith((".gift", ".txt", ".xml")):
                    continue
                path = os.path.join(root, name)
                yaml = os.path.join(out, name + ".yaml")
                run = subprocess.run([handout, "import", path, "-o", yaml, "--force"], capture_output=True, text=True)
                counts = tally(yaml) if run.returncode == 0 else (0, 0, 0)
                refused = ""
                if run.returncode != 0:
                    refused = run.stderr.split("error: ", 1)[-1].split("\n")[0][:80]
                    totals[3] += 1
                for i in range(3):
                    totals[i] += counts[i]
                print(f"| {os.path.relpath(path, folder)} | {counts[0]} | {counts[1]} | {counts[2]} | {refused} |")
    print(f"| total | {totals[0]} | {totals[1]} | {totals[2]} | {totals[3]} files |")


if __name__ == "__main__":
    main()
