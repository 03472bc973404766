#!/usr/bin/env python3
"""Renders the example of every question type in docs/format.md and crops it
to docs/images/type-<type>.png, so the format reference shows how each type
prints with the current version. Run by scripts/gallery.sh."""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HANDOUT = os.environ.get("HANDOUT", os.path.join(ROOT, "build", "handout"))
DPI = 80

doc = open(os.path.join(ROOT, "docs", "format.md"), encoding="utf-8").read()
sections = re.split(r"^### `(\w+)`", doc, flags=re.M)
with tempfile.TemporaryDirectory(prefix="handout-types-") as tmp:
    for name, body in zip(sections[1::2], sections[2::2]):
        block = re.search(r"```yaml\n(.*?)```", body, flags=re.S)
        if not block:
            continue
        indented = "".join("  " + line + "\n" for line in block.group(1).splitlines())
        yaml = "id: example\ntitle: Example\nfields: []\nquestions:\n" + indented
        src = os.path.join(tmp, name + ".yaml")
        with open(src, "w", encoding="utf-8") as f:
            f.write(yaml)
        if "image:" in yaml:  # the example's picture, beside it
            os.symlink(os.path.join(ROOT, "worksheets", "images"), os.path.join(tmp, "images"))
        pdf = os.path.join(tmp, name + ".pdf")
        run = subprocess.run([HANDOUT, "render", src, "--seed", "1", "--key", "off", "-o", pdf],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("%s example does not render:\n%s" % (name, run.stderr))
        # From below the title to the end of the question's answer area.
        out = os.path.join(ROOT, "docs", "images", "type-" + name)
        subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", "-singlefile",
                        "-x", str(int(48 * DPI / 72)), "-y", str(int(84 * DPI / 72)),
                        "-W", str(int(500 * DPI / 72)), "-H", str(int(150 * DPI / 72)), pdf, out], check=True)
        print("docs/images/type-%s.png" % name)
