#!/usr/bin/python3
"""Latin Modern Math with TrueType outlines, for libharu.

    lm-math-ttf.py LATINMODERN-MATH.OTF OUT.TTF

Debian's fonts-lmodern ships Latin Modern Math (GUST Font License) with
PostScript (CFF) outlines, which libharu 2.3.0 cannot embed. This rewrites
each glyph's cubic outline as quadratic curves (fontTools' cu2qu, at most
1 font unit of 1,000 off the cubic) in a `glyf` table and keeps every other
table the typesetter reads as it is: the glyph order (so glyph numbers, and
with them the MATH table's variants and assemblies, stay valid), MATH,
cmap, hmtx, GSUB, GPOS, OS/2 and hhea. No timestamp is changed: two runs
write the same bytes. Run by the build (cmake/MathFont.cmake) with Debian's
python3-fonttools; the font is made in the build tree, never stored in the
repository.
"""
import sys

from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

# The largest distance, in font units, a quadratic curve may stray from the
# cubic it replaces (0.01 pt at 10 pt).
MAX_ERROR = 1.0

# The names the converted font goes by (name table IDs 1, 4, 6 and 16).
FAMILY = "HandoutMathLM"
POSTSCRIPT = "HandoutMathLM-Regular"


def quadratic_glyphs(font):
    """Every glyph of `font` (CFF) as a TrueType glyph, by glyph name."""
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in font.getGlyphOrder():
        # Decompose first: a CFF glyph built with `seac` draws as components.
        recording = DecomposingRecordingPen(glyph_set)
        glyph_set[name].draw(recording)
        pen = TTGlyphPen(None)
        # TrueType contours run clockwise, PostScript ones counter-clockwise.
        recording.replay(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyphs[name] = pen.glyph()
    return glyphs


def rename(font):
    """New names for the converted font, and a description of what it is."""
    name = font["name"]
    version = font["head"].fontRevision
    for record in list(name.names):
        if record.nameID in (1, 16):
            name.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (4, 6):
            name.setName(POSTSCRIPT, record.nameID, record.platformID, record.platEncID, record.langID)
    name.setName(f"Latin Modern Math {version:.3f} (GUST Font License) with TrueType outlines, "
                 "converted by handout's scripts/lm-math-ttf.py", 10, 3, 1, 0x409)


def convert(source, target):
    font = TTFont(source, recalcTimestamp=False)
    if "CFF " not in font or "MATH" not in font:
        sys.exit(f"lm-math-ttf: {source} is not an OpenType maths font with CFF outlines")
    order = font.getGlyphOrder()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = quadratic_glyphs(font)
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    # maxp version 1.0 (TrueType): the outline counts are recomputed on
    # saving; no hinting, so no zones, storage or functions.
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements",
                  "maxComponentDepth"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    # post version 2 keeps the glyph names (CFF held them), so that the
    # converted font can be compared with the original glyph by glyph.
    font["post"].formatType = 2.0
    font["post"].extraNames = []
    font["post"].mapping = {}
    font.sfntVersion = "\x00\x01\x00\x00"
    rename(font)
    font.save(target)
    if TTFont(target).getGlyphOrder() != order:
        sys.exit("lm-math-ttf: the glyph order changed")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: lm-math-ttf.py LATINMODERN-MATH.OTF OUT.TTF")
    convert(sys.argv[1], sys.argv[2])
