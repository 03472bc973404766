// Drawing marks as people draw them on a synthetic answer sheet, scanning
// it and reading it back: what tests/scan_drawn_test.cpp and
// tests/scan_circles_test.cpp share (issue 27).
#pragma once

#include "handout/scan.hpp"
#include "synth/students.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace handout::scan::drawn {

using namespace handout::scan::synth;

inline const std::string code_text = "HO1 W1-2JO38SQAEO2A4-S18 1";

/// The answer groups of a geometry (nothing read), in order.
inline std::vector<Answer> groups_of(const PageGeometry& g) {
    PageReading r;
    r.marks.assign(g.targets.size(), MarkReading{});
    return summarize(g, r);
}

/// The groups of one kind with at least `size` targets.
inline std::vector<Answer> groups_of(const PageGeometry& g, TargetKind kind, std::size_t size = 2) {
    std::vector<Answer> out;
    for (const Answer& a : groups_of(g)) {
        if (a.kind == kind && a.targets.size() >= size) {
            out.push_back(a);
        }
    }
    return out;
}

/// How a page is scanned.
enum class Scan { gray, one_bit, dithered, jpeg, pale };

inline const char* name_of(Scan s) {
    switch (s) {
        case Scan::gray: return "gray";
        case Scan::one_bit: return "one_bit";
        case Scan::dithered: return "dithered";
        case Scan::jpeg: return "jpeg";
        case Scan::pale: return "pale";
    }
    return "?";
}

/// A pen stroke (`width` points) from a to b, in page points, on a page
/// drawn at its dpi.
inline void stroke(Raster& page, Point a, Point b, double width, double page_h) {
    const double px = page.dpi / 72.0, r = width * px / 2;
    const int steps = static_cast<int>(std::hypot(b.x - a.x, b.y - a.y) * px) + 1;
    for (int k = 0; k <= steps; ++k) {
        const double t = static_cast<double>(k) / steps;
        const double x = (a.x + (b.x - a.x) * t) * px, y = (page_h - (a.y + (b.y - a.y) * t)) * px;
        for (int v = static_cast<int>(y - r) - 1; v <= static_cast<int>(y + r) + 1; ++v) {
            for (int u = static_cast<int>(x - r) - 1; u <= static_cast<int>(x + r) + 1; ++u) {
                if (u >= 0 && v >= 0 && u < page.width && v < page.height && std::hypot(u - x, v - y) <= r) {
                    page.pixels[static_cast<std::size_t>(v) * static_cast<std::size_t>(page.width) +
                                static_cast<std::size_t>(u)] = 20;
                }
            }
        }
    }
}

/// A disc of gray `level` over target `t`'s inside (0.9 of its outline),
/// multiplied into the page; with `grain`, that share of its pixels is
/// `grain_level` instead (the dark grains of a pencil pressed hard).
inline void disc(Raster& page, const Target& t, int level, double page_h, double grain = 0,
                 int grain_level = 0) {
    const double px = page.dpi / 72.0, r = 0.9 * t.box.w / 2 * px;
    const double cx = (t.box.x + t.box.w / 2) * px, cy = (page_h - (t.box.y + t.box.h / 2)) * px;
    Rng rng(static_cast<std::uint64_t>(cx * 7 + cy));
    for (int v = static_cast<int>(cy - r) - 1; v <= static_cast<int>(cy + r) + 1; ++v) {
        for (int u = static_cast<int>(cx - r) - 1; u <= static_cast<int>(cx + r) + 1; ++u) {
            if (u < 0 || v < 0 || u >= page.width || v >= page.height || std::hypot(u - cx, v - cy) > r) {
                continue;
            }
            auto& p = page.pixels[static_cast<std::size_t>(v) * static_cast<std::size_t>(page.width) +
                                  static_cast<std::size_t>(u)];
            const int ink = rng.chance(grain) ? grain_level : level;
            p = static_cast<std::uint8_t>(p * ink / 255);
        }
    }
}

/// Draws the page, paints `marks` (and `digits` in the write-in boxes, an
/// X barely wider than the box over the tick boxes `crossed`, and what
/// `also` draws), scans it as `how` and reads it.
inline PageReading scan_and_read(const PageGeometry& g, const std::vector<Mark>& marks, Scan how,
                                 const std::vector<std::string>& digits = {},
                                 const std::vector<std::size_t>& crossed = {},
                                 const std::function<void(Raster&)>& also = {}) {
    Raster page = draw_page(g, code_text, 200);
    Rng rng(17);
    for (std::size_t i = 0; i < marks.size(); ++i) {
        paint_mark(page, g.targets[i], marks[i], g.height, rng);
    }
    for (std::size_t i : crossed) {
        const Rect& b = g.targets[i].box;
        const double out = 0.1 * b.w;  // the arms leave the box by a tenth of its side at each corner
        stroke(page, {b.x - out, b.y - out}, {b.x + b.w + out, b.y + b.h + out}, 0.8, g.height);
        stroke(page, {b.x - out, b.y + b.h + out}, {b.x + b.w + out, b.y - out}, 0.8, g.height);
    }
    if (also) {
        also(page);
    }
    for (std::size_t w = 0; w < digits.size() && w < g.write_ins.size(); ++w) {
        if (!digits[w].empty()) {
            paint_digits(page, g.write_ins[w].box, digits[w], g.height, rng);
        }
    }
    Defects d;
    d.skew = 1.5;
    d.noise = 3;
    if (how == Scan::pale) {
        lighten(page, 0.5);
    }
    if (how == Scan::dithered) {
        dither(page);
    }
    d.one_bit = how == Scan::one_bit;
    d.jpeg_quality = how == Scan::jpeg ? 60 : 0;
    const Raster scanned = how == Scan::dithered ? page : degrade(page, d, rng);
    const Identification id = identify_page(scanned);
    EXPECT_TRUE(id.ok()) << id.reason;
    const PageReading reading = read_page(scanned, id, g);
    EXPECT_TRUE(reading.ok()) << reading.reason;
    return reading;
}

/// The answer of the group that holds target `target`.
inline Answer answer_at(const PageGeometry& g, const PageReading& r, std::size_t target) {
    for (const Answer& a : summarize(g, r)) {
        for (std::size_t i : a.targets) {
            if (i == target) {
                return a;
            }
        }
    }
    return {};
}

class DrawnMarks : public testing::TestWithParam<Scan> {};

inline std::string describe(const PageReading& r, std::size_t i) {
    const MarkReading& m = r.marks[i];
    return std::string(to_string(m.state)) + " (" + std::string(to_string(m.shape)) + ", fill " +
           std::to_string(m.fill) + ", ink " + std::to_string(m.ink) + ", strokes " +
           std::to_string(m.strokes) + ", ring " + std::to_string(m.ring) + ")";
}

/// A loop of `radius` points round `c`, from angle `from` to `to` (radians),
/// in a pen `width` points wide.
inline void arc(Raster& page, Point c, double radius, double from, double to, double width, double page_h) {
    constexpr int steps = 48;
    for (int i = 0; i < steps; ++i) {
        const double a = from + (to - from) * i / steps, b = from + (to - from) * (i + 1) / steps;
        stroke(page, {c.x + radius * std::cos(a), c.y + radius * std::sin(a)},
               {c.x + radius * std::cos(b), c.y + radius * std::sin(b)}, width, page_h);
    }
}

/// A loop round `c` (page points): an ellipse of half axes `rx` and `ry`
/// points turned by `turn` radians, drawn from angle `from` over `sweep`
/// radians (a loop left a little open: less than 2π) in a pen `width`
/// points wide.
inline void loop(Raster& page, Point c, double rx, double ry, double turn, double from, double sweep,
                 double width, double page_h) {
    constexpr int steps = 64;
    const auto at = [&](int i) {
        const double a = from + sweep * i / steps;
        const double x = rx * std::cos(a), y = ry * std::sin(a);
        return Point{c.x + x * std::cos(turn) - y * std::sin(turn),
                     c.y + x * std::sin(turn) + y * std::cos(turn)};
    };
    for (int i = 0; i < steps; ++i) {
        stroke(page, at(i), at(i + 1), width, page_h);
    }
}

/// What the tick boxes of `members` read, for a failure's message.
inline std::string describe_all(const PageReading& r, const std::vector<std::size_t>& members) {
    std::string out;
    for (std::size_t i : members) {
        out += "\n  " + std::to_string(i) + ": " + describe(r, i) + " unexplained " +
               std::to_string(r.marks[i].unexplained) + " faint ring " +
               std::to_string(r.marks[i].ring_faint);
    }
    return out;
}

}  // namespace handout::scan::drawn
