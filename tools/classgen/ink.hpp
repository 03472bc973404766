// classgen: hand-drawn ink on a page raster. Every stroke is a polyline that
// wobbles (a smooth random walk across its length), changes width with the
// pressure and lays down ink of its own darkness, pencil with grain, so no
// two marks are the same shape: fills scribbled back and forth, ticks,
// crosses, loops round a letter, erased marks' gray residue, handwritten
// digits. Ink darkens what is under it (multiplied), as it does on paper.
#pragma once

#include <string>
#include <vector>

#include "handout/scan.hpp"
#include "synth/synth.hpp"

namespace classgen {

using handout::scan::Point;
using handout::scan::Raster;
using handout::scan::Rect;
using handout::scan::synth::Rng;

/// A writing tool.
struct Ink {
    double gray = 30;    ///< the ink's gray where a stroke covers the paper fully (0 black)
    double width = 0.8;  ///< stroke width, points
    double grain = 0;    ///< pencil grain: share of the covered paper left bare at random (0 pen)
};

/// A ballpoint or felt pen, drawn at random.
Ink pen_ink(Rng& rng);
/// An HB pencil, drawn at random.
Ink pencil_ink(Rng& rng);
/// A hard or barely pressed pencil, drawn at random.
Ink light_ink(Rng& rng);
/// A teacher's pen (black, blue or red, which a gray scan makes mid-gray).
Ink teacher_ink(Rng& rng);

/// Draws on one page raster; positions in page points (y up from the bottom).
class Hand {
public:
    Hand(Raster& page, double page_height, Rng& rng) : page_(page), page_h_(page_height), rng_(rng) {}

    /// A stroke through `points` (points), wobbling by about `wobble` points.
    void stroke(const std::vector<Point>& points, const Ink& ink, double wobble = 0.25);
    /// A fill scribbled back and forth over the disc of radius `r` round `c`;
    /// `keep` < 1 fills only that share of it (a half fill).
    void scribble(Point c, double r, const Ink& ink, double keep = 1);
    /// A tick of about `size` points high, its foot near `c`.
    void tick(Point c, double size, const Ink& ink);
    /// An X of arms reaching `reach` points from `c`.
    void cross(Point c, double reach, const Ink& ink);
    /// A loop round `c` of radius about `r`, not quite closed or overlapping.
    void loop(Point c, double r, const Ink& ink);
    /// One straight-ish stroke through `c`, `length` points long, at `angle` radians.
    void slash(Point c, double length, double angle, const Ink& ink);
    /// The gray residue of a fill that was rubbed out.
    void erased(Point c, double r, Rng& rng);
    /// `text` (digits, '-', '.') handwritten, one character per box.
    void digits(const std::string& text, const std::vector<Rect>& boxes, const Ink& ink);

private:
    Raster& page_;
    double page_h_;
    Rng& rng_;
};

}  // namespace classgen
