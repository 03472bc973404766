// Private to src/scan: mark judging, called by registration (register.cpp)
// once a page's homography is known. judge.cpp measures each target on the
// image; judge_rules.cpp turns the measures into readings.
#pragma once

#include "handout/scan.hpp"

#include <opencv2/core.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace handout::scan::detail {

/// A page point mapped through a row-major 3×3 homography.
Point apply(const std::array<double, 9>& h, Point p) noexcept;

/// What one target's patch measures, before the page's blank state is taken off.
struct Raw {
    double fill = 0;  ///< mean darkness inside 0.7 of the outline
    double ink = 0;   ///< share of the inside that is dark ink
    /// Share of that ink with 3 or more of its 8 neighbours ink too: strokes
    /// are solid (0.8 and more), a 1-bit scanner's dots of light pencil not.
    double solid = 0;
    int strokes = 0;  ///< dark strokes leaving the outline (crossing 1.12–1.28 and reaching 1.32–1.5)
    /// Directions of the first strokes, in angular bins (0–31, counter-clockwise
    /// from the left), for telling a slash (two opposite) from a V-shaped tick.
    std::array<int, 4> arms{};
    /// Tick boxes: corners (0–4) that short strokes leave by, just outside
    /// the outline: an X drawn over the box, too short for `strokes`.
    int corner_arms = 0;
    /// The strokes (one or two, within 67° of each other) all leave from one
    /// arc of the outline inked just outside over 10 or more of the 32
    /// directions: a fill drawn larger than its outline, spilling over, not
    /// a pen line drawn across it (a tick's, a slash's or an X's arms cross
    /// the outline only where they leave, and a slash's or an X's two arms
    /// lie further apart).
    bool spill = false;
    /// The directions (bit i: angular bin i of 32) in which ink lies just
    /// outside the outline (1.12–1.28): where a circle hugging it, or an arc
    /// crossing it, passes.
    std::uint32_t near_bins = 0;
    /// The directions (bit i: bin i of 32) in which that ring holds ink,
    /// faint ink included (ring_faint's directions).
    std::uint32_t ring_bins = 0;
    /// The directions in which the band along the outline (0.75–1.3 of it)
    /// is darker than on the page's other targets of its kind and size
    /// (judge_hug.cpp): a loop drawn tight round a square passes just
    /// outside its sides and across its corners, where neither the stroke
    /// rings nor the ring look.
    std::uint32_t hug_bins = 0;
    /// In each of those directions, the band's darkness over the usual, as a
    /// share of the usual band's darkness all round (judge_hug.cpp): a loop
    /// lying on the printed line adds little in any one direction, but a
    /// pen's width along much of the band.
    std::array<float, 32> hug_extra{};
    double ring = 0;  ///< share of the ring 1.32–1.95 round the outline crossed by ink (neighbours left out)
    int ring_inked = 0;  ///< how many of the ring's 32 directions that is
    double ring_faint =
        0;  ///< share of the ring's directions crossed by faint ink too (a thin circle, light pencil)
    /// Share of the inside and outline darker than the target's blank look
    /// (its label's, elsewhere on the page): ink nothing printed explains.
    double unexplained = 0;
};

/// A target's patch as darkness (0 paper – 1 printed black, CV_32F),
/// `radius` pixels to the half-size, centred on the target: its outline
/// and a few pixels round it.
struct MeasuredPatch {
    cv::Mat darkness;
    double radius = 0;
};

/// Sets every raw's `unexplained` by comparing its patch with its label's
/// blank look on the page (judge_unexplained.cpp). On a 1-bit page
/// (`one_bit`) printed edges wander a pixel more.
void measure_unexplained(const PageGeometry& geometry, const std::vector<MeasuredPatch>& patches,
                         bool one_bit, std::vector<Raw>& raws);

/// Sets every raw's `hug_bins` from its patch and the usual darkness along
/// the outline of its kind and size on the page (judge_hug.cpp).
void measure_hug(const PageGeometry& geometry, const std::vector<MeasuredPatch>& patches,
                 std::vector<Raw>& raws);

/// Judges every target and write-in box of `geometry` on the gray page
/// `image`, registered by `out.page_to_image`; `ink` is the gray level of
/// printed black (the corner marks). Fills out.marks, out.written and out.one_bit.
void judge_page(const cv::Mat& image, const PageGeometry& geometry, double ink, const Thresholds& thresholds,
                PageReading& out);

/// The readings of a page's targets from their raw measures: each target's
/// blank state taken off, its state and shape decided, then the rules that
/// look at a whole answer group (a lone tick or circle is the answer).
/// `one_bit`: the page
/// is black and white only.
std::vector<MarkReading> decide_marks(const PageGeometry& geometry, const std::vector<Raw>& raws,
                                      const Thresholds& thresholds, bool one_bit);

}  // namespace handout::scan::detail
