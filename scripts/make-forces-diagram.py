#!/usr/bin/env python3
"""Draws worksheets/images/forces-on-a-box.png: a box on the ground with a
long arrow pushing right and a short arrow (friction) pointing left. Pure
Python (zlib only), so the shipped picture can be remade anywhere."""
import os
import struct
import zlib

W, H = 600, 260
px = bytearray([255]) * (W * H)  # 8-bit gray, white


def dot(x, y, r, v=0):
    for yy in range(int(y - r), int(y + r) + 1):
        for xx in range(int(x - r), int(x + r) + 1):
            if 0 <= xx < W and 0 <= yy < H and (xx - x) ** 2 + (yy - y) ** 2 <= r * r:
                px[yy * W + xx] = min(px[yy * W + xx], v)


def line(x0, y0, x1, y1, r=2.5, v=0):
    n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
    for i in range(n + 1):
        t = i / n
        dot(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, r, v)


def arrow(x0, y, x1, v=0):
    line(x0, y, x1, y, 3, v)
    d = 18 if x1 > x0 else -18
    line(x1, y, x1 - d, y - 11, 3, v)
    line(x1, y, x1 - d, y + 11, 3, v)


line(20, 200, 580, 200, 2, 90)           # the ground
for x in range(30, 580, 22):             # hatching under it
    line(x, 203, x - 12, 218, 1.2, 150)
for (a, b, c, d) in [(230, 90, 370, 90), (370, 90, 370, 198), (370, 198, 230, 198), (230, 198, 230, 90)]:
    line(a, b, c, d, 3)                  # the box
arrow(60, 145, 225)                       # 10 N push, to the right
arrow(225, 182, 160, 100)                 # 4 N friction at the ground, to the left (gray)

raw = b"".join(b"\x00" + bytes(px[y * W:(y + 1) * W]) for y in range(H))


def chunk(tag, data):
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 0, 0, 0, 0)) +
       chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "worksheets", "images", "forces-on-a-box.png")
with open(out, "wb") as f:
    f.write(png)
print(out, len(png), "bytes")
