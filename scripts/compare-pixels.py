#!/usr/bin/env python3
"""Compares what two handout binaries print, pixel by pixel.

usage: scripts/compare-pixels.py BASE_BINARY [--handout build/handout] [--dpi 100]

Every shipped worksheet (worksheets/*.yaml) in every page style of templates/
is printed by both binaries: `render --seed 3` (key on), `render --seed 3
--answer-sheet`, and `batch --copies 3 --keys` (sheets and marking pack).
Every page is rendered at --dpi in gray (pdftoppm) and compared: the report
gives, per output, the number of pages, the pixels that differ and the
largest difference of one pixel (0-255). Both binaries read this tree's
worksheets, templates and fonts (HANDOUT_DATA_DIR). Use it when a change may
alter the bytes of a PDF but must not alter what it prints. Exits 1 when a
page count differs or a pixel differs by more than --tolerance (default 0).
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_pgm(path):
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:  # magic, width, height, maxval
        while data[pos:pos + 1].isspace():
            pos += 1
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    return int(fields[1]), int(fields[2]), data[pos + 1:]


def pages(pdf, prefix, dpi):
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", pdf, prefix], check=True)
    return sorted(glob.glob(prefix + "*.pgm"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("--handout", default=os.path.join(ROOT, "build", "handout"))
    ap.add_argument("--dpi", type=int, default=100)
    ap.add_argument("--tolerance", type=int, default=0)
    args = ap.parse_args()
    env = dict(os.environ, HANDOUT_DATA_DIR=ROOT)
    worst, failed = 0, False
    with tempfile.TemporaryDirectory(prefix="handout-pixels-") as tmp:
        for ws in sorted(glob.glob(os.path.join(ROOT, "worksheets", "*.yaml"))):
            for style in sorted(glob.glob(os.path.join(ROOT, "templates", "*.yaml"))):
                t = os.path.splitext(os.path.basename(style))[0]
                name = os.path.splitext(os.path.basename(ws))[0] + "-" + t
                jobs = {
                    "render": (["render", ws, "--seed", "3", "--template", t, "-o", "@OUT@"], ["@OUT@"]),
                    "answer-sheet": (["render", ws, "--seed", "3", "--answer-sheet", "--template", t, "-o", "@OUT@"],
                                     ["@OUT@"]),
                    "batch": (["batch", ws, "--copies", "3", "--template", t, "-o", "@OUT@", "--keys", "@KEYS@"],
                              ["@OUT@", "@KEYS@"]),
                }
                for job, (cmd, outs) in jobs.items():
                    files = {}
                    for side, binary in (("base", args.base), ("head", args.handout)):
                        sub = {"@OUT@": os.path.join(tmp, side + "-out.pdf"), "@KEYS@": os.path.join(tmp, side + "-keys.pdf")}
                        subprocess.run([binary] + [sub.get(a, a) for a in cmd], check=True, env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                        files[side] = [sub[o] for o in outs]
                    for i, (a, b) in enumerate(zip(files["base"], files["head"])):
                        pa = pages(a, os.path.join(tmp, "a%d-" % i), args.dpi)
                        pb = pages(b, os.path.join(tmp, "b%d-" % i), args.dpi)
                        differing, largest = 0, 0
                        if len(pa) != len(pb):
                            failed = True
                        for fa, fb in zip(pa, pb):
                            wa, ha, da = read_pgm(fa)
                            wb, hb, db = read_pgm(fb)
                            if (wa, ha) != (wb, hb):
                                failed = True
                                continue
                            if da == db:
                                continue
                            for x, y in zip(da, db):
                                if x != y:
                                    differing += 1
                                    largest = max(largest, abs(x - y))
                        for f in pa + pb:
                            os.remove(f)
                        worst = max(worst, largest)
                        if largest > args.tolerance:
                            failed = True
                        print("%-40s %-13s %-5s pages %3d/%3d  pixels differing %7d  largest difference %3d" %
                              (name, job, "keys" if i else "", len(pa), len(pb), differing, largest))
    print("largest pixel difference over everything: %d" % worst)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
