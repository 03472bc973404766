// Mark judging, the measuring half: each target is resampled, at the scan's
// own resolution, into a small upright patch centred on it where the
// outline's bounding box spans [-1, 1] in both directions. Darkness there is
// measured against the local paper (a high percentile of the patch) and the
// page's printed black (the corner marks), so gray scans, pencil and
// photocopies compare alike:
//   fill     mean darkness inside 0.7 of the outline (clear of the outline
//            itself, with room for registration error);
//   ink      share of the inside that is dark (darkness ≥ 0.5), and how
//            solid that ink is (dark neighbours: strokes, not a 1-bit
//            scanner's scattered dots);
//   strokes  angular clusters where a dark stroke crosses the ring just
//            outside the outline (1.12–1.28) and reaches on (1.32–1.5): the
//            arms of a cancelling X, a slash, a tick's tail;
//   ring     share of the directions round the outline (1.32–1.95) in which
//            ink lies, leaving out the outlines of neighbouring targets and
//            write-in boxes: a circle drawn round a bubble or its letter
//            crosses nearly all of them; and with faint ink too (a thin
//            circle in light pen).
// judge_unexplained.cpp then compares each patch with its label's blank
// look on the page.
// Write-in boxes are measured for dark ink only. judge_rules.cpp takes the
// page's blank state off and decides; see docs/scanning.md for the values.

#include "scan/judge.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace handout::scan::detail {

namespace {

constexpr double inner_radius = 0.70;
constexpr double mid_from = 1.12, mid_to = 1.28;
constexpr double outer_from = 1.32, outer_to = 1.50;
constexpr double far_to = 1.95;      ///< the ring round a target reaches this far (a circle drawn round it)
constexpr double patch_reach = 2.0;  ///< the patch spans ±this many half-sizes
constexpr int angular_bins = 32;
constexpr double dark = 0.5;          ///< darkness from which a pixel is ink
constexpr double faint_dark = 0.25;   ///< darkness from which a pixel of the ring is faint ink (a thin line)
constexpr int spill_arc = 10;         ///< a spilled fill's arc: 10 of 32 directions (112°)
constexpr int spill_span =
    6;  ///< and its ink beyond, within 6 directions (67°): not a slash, nor an X's two arms
constexpr double cell_share = 0.3;    ///< share of a stroke-ring cell that must be ink
constexpr double ring_share = 0.08;   ///< share of a direction of the ring round a target that must be ink
constexpr int ring_directions_min = 8;  ///< fewer free directions than this: no ring measured
constexpr double free_share =
    0.3;  ///< a direction of the ring counts when this share of it is clear of neighbours
constexpr double neighbour_margin =
    0.3;  ///< a neighbour's outline box, widened by this share, holds its outline and its marks
constexpr double write_in_inset = 0.15;  ///< share of a write-in box's side left out along its outline

bool round_kind(TargetKind kind) { return kind != TargetKind::tick_box; }

enum class Zone : std::uint8_t { none, inside, mid, outer, far };

/// Which zone, and which angular bin, each pixel of a patch falls in; the
/// same for every target of a size, so computed once per size.
struct Zones {
    std::vector<Zone> zone;
    std::vector<std::uint8_t> bin;
    std::vector<std::uint32_t> active;  ///< the pixels in some zone, in order
};

const Zones& zones_for(int size, double radius, bool round) {
    thread_local std::map<std::tuple<int, long, bool>, Zones> cache;
    const auto key = std::make_tuple(size, std::lround(radius * 64), round);
    auto [it, added] = cache.try_emplace(key);
    if (!added) {
        return it->second;
    }
    if (cache.size() > 256) {  // a bound for pathological geometries
        cache.clear();
        it = cache.try_emplace(key).first;
    }
    Zones& z = it->second;
    const double half = (size - 1) / 2.0;
    z.zone.resize(static_cast<std::size_t>(size) * static_cast<std::size_t>(size), Zone::none);
    z.bin.resize(z.zone.size(), 0);
    for (int v = 0; v < size; ++v) {
        for (int u = 0; u < size; ++u) {
            const std::size_t i = static_cast<std::size_t>(v) * static_cast<std::size_t>(size) + static_cast<std::size_t>(u);
            const double x = (u - half) / radius, y = (v - half) / radius;
            const double r = round ? std::hypot(x, y) : std::max(std::abs(x), std::abs(y));
            if (r < inner_radius) {
                z.zone[i] = Zone::inside;
            } else if (r >= mid_from && r < far_to && (r < mid_to || r >= outer_from)) {
                z.zone[i] = r < mid_to ? Zone::mid : r < outer_to ? Zone::outer : Zone::far;
                const double angle = std::atan2(y, x) + M_PI;
                z.bin[i] = static_cast<std::uint8_t>(std::min(angular_bins - 1, static_cast<int>(angle / (2 * M_PI) * angular_bins)));
            }
            if (z.zone[i] != Zone::none) {
                z.active.push_back(static_cast<std::uint32_t>(i));
            }
        }
    }
    return z;
}

using Bins = std::array<bool, angular_bins>;

/// 2×2 Jacobian of the homography at p (image pixels per page point).
cv::Matx22d jacobian(const std::array<double, 9>& h, Point p) {
    const double w = h[6] * p.x + h[7] * p.y + h[8];
    const double x = (h[0] * p.x + h[1] * p.y + h[2]) / w;
    const double y = (h[3] * p.x + h[4] * p.y + h[5]) / w;
    return {(h[0] - h[6] * x) / w, (h[1] - h[7] * x) / w, (h[3] - h[6] * y) / w, (h[4] - h[7] * y) / w};
}

/// Counts circular runs of set bins and notes where the first few are.
int count_runs(const Bins& set, std::array<int, 4>* centres = nullptr) {
    int runs = 0;
    for (int i = 0; i < angular_bins; ++i) {
        if (set[static_cast<std::size_t>(i)] && !set[static_cast<std::size_t>((i + angular_bins - 1) % angular_bins)]) {
            int length = 0;
            while (length < angular_bins && set[static_cast<std::size_t>((i + length) % angular_bins)]) {
                ++length;
            }
            if (centres != nullptr && runs < 4) {
                (*centres)[static_cast<std::size_t>(runs)] = (i + length / 2) % angular_bins;
            }
            ++runs;
        }
    }
    if (runs == 0 && set[0]) {
        runs = 1;  // every bin set: one ring, not strokes
    }
    return runs;
}

/// Whether every set bin of `stroke` lies in one run of `mid` at least
/// `spill_arc` bins long, and within `spill_span` bins of each other (see
/// Raw::spill).
bool spilled(const Bins& stroke, const Bins& mid) {
    const auto n = static_cast<int>(angular_bins);
    int start = -1;
    for (int i = 0; i < n; ++i) {
        if (!mid[static_cast<std::size_t>(i)]) start = i;
    }
    if (start < 0) {
        return false;  // ink all round: a ring, not a spill
    }
    // Walk once round from a gap in `mid`, noting the runs that hold strokes
    // and the first and last stroke seen.
    int runs_with_strokes = 0, length = 0, longest = 0, first = -1, last = -1;
    bool has_stroke = false;
    for (int k = 1; k <= n; ++k) {
        const auto i = static_cast<std::size_t>((start + k) % n);
        if (stroke[i]) {
            first = first < 0 ? k : first;
            last = k;
            runs_with_strokes += mid[i] ? 0 : 2;  // a stroke beside the arc, not out of it
        }
        if (mid[i]) {
            ++length;
            has_stroke = has_stroke || stroke[i];
        }
        if (!mid[i] || k == n) {
            if (has_stroke) {
                ++runs_with_strokes;
                longest = std::max(longest, length);
            }
            length = 0;
            has_stroke = false;
        }
    }
    return runs_with_strokes == 1 && longest >= spill_arc && last - first < spill_span;
}

/// How many corners of a square outline an X's arms leave by: short runs of
/// ink in the ring just outside it (1.12–1.28, `near`) centred on a diagonal.
/// An X drawn over a filled tick box barely wider than the box reaches no
/// further; a fill's overflow leaves by a side, or all along.
int corner_arms(const Bins& near) {
    constexpr int longest = 4;            // bins: an arm, not an overflowing edge
    constexpr double off_diagonal = 1.5;  // bins between a run's centre and a diagonal
    std::array<bool, 4> corners{};
    int off_diagonal_runs = 0;
    for (int i = 0; i < angular_bins; ++i) {
        const auto at = [&](int k) {
            return near[static_cast<std::size_t>((k + angular_bins) % angular_bins)];
        };
        if (!at(i) || at(i - 1)) {
            continue;  // not the start of a run
        }
        int length = 0;
        while (length < angular_bins && at(i + length)) {
            ++length;
        }
        const double centre = i + (length - 1) / 2.0;
        bool diagonal_run = false;
        for (std::size_t c = 0; c < corners.size(); ++c) {
            const double diagonal = static_cast<double>(angular_bins) / 8 * static_cast<double>(2 * c + 1);
            const double gap = std::abs(std::remainder(centre - diagonal, static_cast<double>(angular_bins)));
            if (length <= longest && gap <= off_diagonal) {
                corners[c] = true;
                diagonal_run = true;
            }
        }
        off_diagonal_runs += diagonal_run ? 0 : 1;
    }
    const int found = static_cast<int>(std::count(corners.begin(), corners.end(), true));
    // Ink leaving by a side as well: a fill's overflow, unless three corners
    // or more say X (a 1-bit scan thickens an edge into the ring).
    return off_diagonal_runs > 0 && found < 3 ? 0 : found;
}

/// A box in a patch's own units (the target's half size, x right, y down
/// from its centre).
struct Box {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

/// The other targets and write-in boxes whose outlines (widened by
/// neighbour_margin) reach into the ring round target `t`: their printed
/// outlines and their own marks are not ink round `t`.
std::vector<Box> neighbours(const PageGeometry& g, const Target& t) {
    std::vector<Box> out;
    const Point c = t.box.center();
    const double sx = t.box.w / 2, sy = t.box.h / 2;
    if (!(sx > 0 && sy > 0)) {
        return out;  // a degenerate target has no ring to keep clear
    }
    const auto add = [&](const Rect& other) {
        const double mx = other.w * neighbour_margin / 2, my = other.h * neighbour_margin / 2;
        if (std::abs(other.x + other.w / 2 - c.x) - other.w / 2 - mx > far_to * sx ||
            std::abs(other.y + other.h / 2 - c.y) - other.h / 2 - my > far_to * sy) {
            return;  // far off: most of the page
        }
        const Box b{(other.x - mx - c.x) / sx, -(other.y + other.h + my - c.y) / sy,
                    (other.x + other.w + mx - c.x) / sx, -(other.y - my - c.y) / sy};
        if (!(std::isfinite(b.x0) && std::isfinite(b.x1) && std::isfinite(b.y0) && std::isfinite(b.y1)) ||
            b.x1 < b.x0 || b.y1 < b.y0) {
            return;
        }
        const double nx = std::clamp(0.0, b.x0, b.x1), ny = std::clamp(0.0, b.y0, b.y1);
        if (std::hypot(nx, ny) < far_to && !(nx == 0 && ny == 0)) {  // within the ring, not the target itself
            out.push_back(b);
        }
    };
    for (const Target& other : g.targets) {
        if (&other != &t) {
            add(other.box);
        }
    }
    for (const WriteIn& w : g.write_ins) {
        add(w.box);
    }
    return out;
}

/// The local paper of a patch: its 85th percentile gray.
int paper_level(const cv::Mat& patch) {
    std::array<int, 256> histogram{};
    for (int v = 0; v < patch.rows; ++v) {
        const auto* row = patch.ptr<std::uint8_t>(v);
        for (int u = 0; u < patch.cols; ++u) {
            ++histogram[row[u]];
        }
    }
    const long total = static_cast<long>(patch.rows) * patch.cols;
    for (int level = 0, seen = 0; level < 256; ++level) {
        seen += histogram[static_cast<std::size_t>(level)];
        if (seen >= total * 85 / 100) {
            return level;
        }
    }
    return 255;
}

/// Sums one patch's pixels into its zones.
struct Tally {
    double fill = 0;
    int inside = 0, inked = 0, solid = 0;  ///< solid: inked pixels with 3 or more inked neighbours
    std::array<int, angular_bins> mid_all{}, mid_ink{}, outer_all{}, outer_ink{};
    std::array<int, angular_bins> ring_total{}, ring_all{},
        ring_ink{},    ///< ring pixels; those clear of neighbours; their ink
        ring_faint{};  ///< and their faint ink (darkness ≥ faint_dark)
};

Tally tally(const cv::Mat& patch, const Zones& zones, int paper, double range, double radius,
            const std::vector<Box>& others) {
    // Darkness and ink of every gray level, for this patch's paper and black.
    std::array<double, 256> darkness{};
    std::array<int, 256> ink{};
    for (int level = 0; level < 256; ++level) {
        darkness[static_cast<std::size_t>(level)] = std::clamp((paper - level) / range, 0.0, 1.0);
        ink[static_cast<std::size_t>(level)] = darkness[static_cast<std::size_t>(level)] >= dark ? 1 : 0;
    }
    // The neighbours' boxes in patch pixels.
    const int size = patch.cols;
    const double half = (size - 1) / 2.0;
    std::vector<std::array<int, 4>> masked;
    masked.reserve(others.size());
    const auto pixel = [&](double v) { return static_cast<int>(std::clamp(v, -1.0, size + 1.0)); };
    for (const Box& b : others) {
        masked.push_back({pixel(std::floor(half + b.x0 * radius)), pixel(std::ceil(half + b.x1 * radius)),
                          pixel(std::floor(half + b.y0 * radius)), pixel(std::ceil(half + b.y1 * radius))});
    }
    Tally t;
    const auto* pixels = patch.ptr<std::uint8_t>(0);
    for (const std::uint32_t i : zones.active) {
        const Zone zone = zones.zone[i];
        const std::uint8_t level = pixels[i];
        const int is_ink = ink[level];
        if (zone == Zone::inside) {
            t.fill += darkness[level];
            ++t.inside;
            t.inked += is_ink;
            if (is_ink != 0) {  // inside pixels are well within the patch: all eight neighbours exist
                const auto at = [&](std::ptrdiff_t d) {
                    return ink[pixels[static_cast<std::ptrdiff_t>(i) + d]];
                };
                const std::ptrdiff_t w = size;
                const int around =
                    at(-1) + at(1) + at(-w) + at(w) + at(-w - 1) + at(-w + 1) + at(w - 1) + at(w + 1);
                t.solid += around >= 3 ? 1 : 0;
            }
            continue;
        }
        const std::size_t bin = zones.bin[i];
        if (zone == Zone::mid) {
            t.mid_all[bin] += 1;
            t.mid_ink[bin] += is_ink;
            continue;
        }
        if (zone == Zone::outer) {
            t.outer_all[bin] += 1;
            t.outer_ink[bin] += is_ink;
        }
        // The ring, clear of the outline itself wherever registration puts it.
        t.ring_total[bin] += 1;
        const int u = static_cast<int>(i % static_cast<std::uint32_t>(size)),
                  v = static_cast<int>(i / static_cast<std::uint32_t>(size));
        if (std::none_of(masked.begin(), masked.end(),
                         [&](const auto& m) { return u >= m[0] && u <= m[1] && v >= m[2] && v <= m[3]; })) {
            t.ring_all[bin] += 1;
            t.ring_ink[bin] += is_ink;
            t.ring_faint[bin] += darkness[level] >= faint_dark ? 1 : 0;
        }
    }
    return t;
}

Raw measure(const cv::Mat& image, const std::array<double, 9>& h, const Target& t, double ink_level,
            const std::vector<Box>& others, MeasuredPatch& kept) {
    const Point c = t.box.center();
    const cv::Matx22d j = jacobian(h, c);
    const double px_per_pt = std::sqrt(std::abs(j(0, 0) * j(1, 1) - j(0, 1) * j(1, 0)));
    // Quantised to 1/4 pixel so targets of a size share one zone table.
    const double radius =
        std::round(std::clamp(std::min(t.box.w, t.box.h) / 2 * px_per_pt, 6.0, 48.0) * 4) / 4;
    const int size = static_cast<int>(std::ceil(2 * patch_reach * radius)) | 1;
    const double half = (size - 1) / 2.0;
    // Patch pixel (u, v) → page (c.x + (u - half)·sx, c.y − (v − half)·sy) → image.
    const double sx = t.box.w / 2 / radius, sy = t.box.h / 2 / radius;
    const Point centre = apply(h, c);
    const double a = j(0, 0) * sx, b = -j(0, 1) * sy, d = j(1, 0) * sx, e = -j(1, 1) * sy;
    const cv::Matx23d to_image(a, b, centre.x - (a + b) * half, d, e, centre.y - (d + e) * half);
    cv::Mat patch;
    cv::warpAffine(image, patch, to_image, cv::Size(size, size), cv::INTER_LINEAR | cv::WARP_INVERSE_MAP,
                   cv::BORDER_CONSTANT, cv::Scalar(255));
    const int paper = paper_level(patch);
    const double range = std::max(static_cast<double>(paper) - ink_level, 60.0);
    const Tally s = tally(patch, zones_for(size, radius, round_kind(t.kind)), paper, range, radius, others);
    // Kept for judge_unexplained.cpp: the outline and a margin, centred,
    // reaching 1.3 of the outline or more (Raw::hug_bins).
    const int outline_px = static_cast<int>(std::ceil(radius)) + 4;
    const int keep = std::min(static_cast<int>(half), outline_px + (3 * outline_px + 9) / 10);
    const int from = static_cast<int>(half) - keep;
    patch(cv::Rect(from, from, 2 * keep + 1, 2 * keep + 1))
        .convertTo(kept.darkness, CV_32F, -1.0 / range, paper / range);
    cv::max(kept.darkness, 0.0, kept.darkness);
    cv::min(kept.darkness, 1.0, kept.darkness);
    kept.radius = radius;

    Raw raw;
    raw.fill = s.inside > 0 ? s.fill / s.inside : 0;
    raw.ink = s.inside > 0 ? static_cast<double>(s.inked) / s.inside : 0;
    raw.solid = s.inked > 0 ? static_cast<double>(s.solid) / s.inked : 0;
    Bins mid_set{}, stroke{};
    for (std::size_t i = 0; i < angular_bins; ++i) {
        mid_set[i] = s.mid_all[i] > 0 && s.mid_ink[i] >= cell_share * s.mid_all[i];
    }
    int free = 0, inked = 0, faint = 0;
    for (std::size_t i = 0; i < angular_bins; ++i) {
        const bool out = s.outer_all[i] > 0 && s.outer_ink[i] >= cell_share * s.outer_all[i];
        const std::size_t prev = (i + angular_bins - 1) % angular_bins, next = (i + 1) % angular_bins;
        stroke[i] = out && (mid_set[i] || mid_set[prev] || mid_set[next]);
        if (s.ring_all[i] > 0 && s.ring_all[i] >= free_share * s.ring_total[i]) {
            ++free;
            inked += s.ring_ink[i] >= std::max(2.0, ring_share * s.ring_all[i]) ? 1 : 0;
            const bool faint_ink = s.ring_faint[i] >= std::max(2.0, ring_share * s.ring_all[i]);
            faint += faint_ink ? 1 : 0;
            raw.ring_bins |= faint_ink ? std::uint32_t{1} << i : 0U;
        }
    }
    for (std::size_t i = 0; i < angular_bins; ++i) {
        raw.near_bins |= mid_set[i] ? std::uint32_t{1} << i : 0U;
    }
    raw.strokes = count_runs(stroke, &raw.arms);
    raw.spill = raw.strokes >= 1 && raw.strokes <= 2 && spilled(stroke, mid_set);
    raw.corner_arms = round_kind(t.kind) ? 0 : corner_arms(mid_set);
    raw.ring = free >= ring_directions_min ? static_cast<double>(inked) / free : 0;
    raw.ring_inked = free >= ring_directions_min ? inked : 0;
    raw.ring_faint = free >= ring_directions_min ? static_cast<double>(faint) / free : 0;
    return raw;
}

/// Share of a write-in box's inside (its outline left out) that is dark ink.
double measure_written(const cv::Mat& image, const std::array<double, 9>& h, const Rect& box,
                       double ink_level) {
    if (!(box.w > 0 && box.h > 0 && box.w < 1e4 && box.h < 1e4)) {
        return 0;  // no box to look in
    }
    const Point c = box.center();
    const cv::Matx22d j = jacobian(h, c);
    const double px_per_pt =
        std::clamp(std::sqrt(std::abs(j(0, 0) * j(1, 1) - j(0, 1) * j(1, 0))), 0.5, 12.0);
    // The patch spans the box and a margin of paper as wide as its inset, at the scan's resolution.
    const double margin = write_in_inset * std::min(box.w, box.h);
    const Rect area{box.x - margin, box.y - margin, box.w + 2 * margin, box.h + 2 * margin};
    const int w = std::max(4, static_cast<int>(std::lround(area.w * px_per_pt)));
    const int hgt = std::max(4, static_cast<int>(std::lround(area.h * px_per_pt)));
    const double su = area.w / w, sv = area.h / hgt;
    const Point origin = apply(h, {area.x, area.y + area.h});
    const double a = j(0, 0) * su, b = -j(0, 1) * sv, d = j(1, 0) * su, e = -j(1, 1) * sv;
    const cv::Matx23d to_image(a, b, origin.x, d, e, origin.y);
    cv::Mat patch;
    cv::warpAffine(image, patch, to_image, cv::Size(w, hgt), cv::INTER_LINEAR | cv::WARP_INVERSE_MAP,
                   cv::BORDER_CONSTANT, cv::Scalar(255));
    const int paper = paper_level(patch);
    const double range = std::max(static_cast<double>(paper) - ink_level, 60.0);
    // The inside: the box less its inset on every side.
    const double inset = 2 * margin;
    const int u0 = static_cast<int>(std::ceil(inset / su)), u1 = w - u0;
    const int v0 = static_cast<int>(std::ceil(inset / sv)), v1 = hgt - v0;
    int inside = 0, inked = 0;
    for (int v = v0; v < v1; ++v) {
        const auto* row = patch.ptr<std::uint8_t>(v);
        for (int u = u0; u < u1; ++u) {
            ++inside;
            inked += (paper - row[u]) / range >= dark ? 1 : 0;
        }
    }
    return inside > 0 ? static_cast<double>(inked) / inside : 0;
}

/// Whether a page is black and white only (a 1-bit scan, perhaps smoothed
/// by a PDF renderer): of a sampled grid's pixels, few are mid-gray beside
/// the dark ones. A gray scan's anti-aliased edges, letters and pencil give
/// 0.6 or more mid-gray pixels per dark one; a 1-bit page none, or about 0.2
/// once poppler has smoothed it.
bool only_black_and_white(const cv::Mat& image) {
    constexpr int step = 3;
    long darkish = 0, mid = 0;
    for (int y = 0; y < image.rows; y += step) {
        const auto* row = image.ptr<std::uint8_t>(y);
        for (int x = 0; x < image.cols; x += step) {
            darkish += row[x] < 128 ? 1 : 0;
            mid += row[x] > 40 && row[x] < 215 ? 1 : 0;
        }
    }
    return darkish > 0 && static_cast<double>(mid) < 0.35 * static_cast<double>(darkish);
}

}  // namespace

Point apply(const std::array<double, 9>& h, Point p) noexcept {
    const double w = h[6] * p.x + h[7] * p.y + h[8];
    return {(h[0] * p.x + h[1] * p.y + h[2]) / w, (h[3] * p.x + h[4] * p.y + h[5]) / w};
}

void judge_page(const cv::Mat& image, const PageGeometry& geometry, double ink, const Thresholds& thresholds,
                PageReading& out) {
    std::vector<Raw> raws;
    raws.reserve(geometry.targets.size());
    std::vector<MeasuredPatch> patches(geometry.targets.size());
    for (std::size_t i = 0; i < geometry.targets.size(); ++i) {
        const Target& t = geometry.targets[i];
        raws.push_back(measure(image, out.page_to_image, t, ink, neighbours(geometry, t), patches[i]));
    }
    out.one_bit = only_black_and_white(image);
    measure_unexplained(geometry, patches, out.one_bit, raws);
    measure_hug(geometry, patches, raws);
    out.marks = decide_marks(geometry, raws, thresholds, out.one_bit);
    out.written.clear();
    for (const WriteIn& w : geometry.write_ins) {
        out.written.push_back(measure_written(image, out.page_to_image, w.box, ink));
    }
}

}  // namespace handout::scan::detail
