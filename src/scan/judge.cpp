// Mark judging. Each target is resampled, at the scan's own resolution, into
// a small upright patch centred on it where the outline's bounding box spans
// [-1, 1] in both directions. Darkness there is measured against the local
// paper (a high percentile of the patch) and the page's printed black (the
// corner marks), so gray scans, pencil and photocopies compare alike:
//   fill     mean darkness inside 0.7 of the outline (clear of the outline
//            itself, with room for registration error), over the blank
//            state of its label: the lower quartile of the page's targets
//            that print the same letter or number (and of their kind when a
//            label is rare), which are mostly unmarked and hold only the
//            letter — light in most page styles, bold in large print;
//   ink      share of the inside that is dark (darkness ≥ 0.5), over the same;
//   strokes  angular clusters where a dark stroke crosses the ring just
//            outside the outline (1.12–1.28) and reaches on (1.32–1.5): the
//            arms of a cancelling X.
// See docs/scanning.md for the thresholds.

#include "scan/judge.hpp"
#include "scan/groups.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>

namespace handout::scan::detail {

namespace {

constexpr double inner_radius = 0.70;
constexpr double mid_from = 1.12, mid_to = 1.28;
constexpr double outer_from = 1.32, outer_to = 1.50;
constexpr double patch_reach = 1.55;  ///< the patch spans ±this many half-sizes
constexpr int angular_bins = 32;
constexpr double dark = 0.5;          ///< darkness from which a pixel is ink
constexpr double cell_share = 0.3;    ///< share of a ring cell that must be ink
constexpr double blank_ceiling = 0.40; ///< darker than this, a target is marked, not blank
constexpr std::size_t label_sample = 2; ///< blank targets of a label to trust its own blank state
constexpr double label_spread = 0.12;   ///< a label's blank state at most this over its kind's

bool round_kind(TargetKind kind) { return kind != TargetKind::tick_box; }

enum class Zone : std::uint8_t { none, inside, mid, outer };

/// Which zone, and which angular bin, each pixel of a patch falls in; the
/// same for every target of a size, so computed once per size.
struct Zones {
    std::vector<Zone> zone;
    std::vector<std::uint8_t> bin;
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
            } else if ((r >= mid_from && r < mid_to) || (r >= outer_from && r < outer_to)) {
                z.zone[i] = r < mid_to ? Zone::mid : Zone::outer;
                const double angle = std::atan2(y, x) + M_PI;
                z.bin[i] = static_cast<std::uint8_t>(std::min(angular_bins - 1, static_cast<int>(angle / (2 * M_PI) * angular_bins)));
            }
        }
    }
    return z;
}

/// What one patch measures, before the page's baseline is taken off.
struct Raw {
    double fill = 0, ink = 0;
    int strokes = 0;
};

/// 2×2 Jacobian of the homography at p (image pixels per page point).
cv::Matx22d jacobian(const std::array<double, 9>& h, Point p) {
    const double w = h[6] * p.x + h[7] * p.y + h[8];
    const double x = (h[0] * p.x + h[1] * p.y + h[2]) / w;
    const double y = (h[3] * p.x + h[4] * p.y + h[5]) / w;
    return {(h[0] - h[6] * x) / w, (h[1] - h[7] * x) / w, (h[3] - h[6] * y) / w, (h[4] - h[7] * y) / w};
}

/// Counts circular runs of set bins.
int count_runs(const std::array<bool, angular_bins>& set) {
    int runs = 0;
    for (int i = 0; i < angular_bins; ++i) {
        if (set[static_cast<std::size_t>(i)] && !set[static_cast<std::size_t>((i + angular_bins - 1) % angular_bins)]) {
            ++runs;
        }
    }
    if (runs == 0 && set[0]) {
        runs = 1;  // every bin set: one ring, not strokes
    }
    return runs;
}

Raw measure(const cv::Mat& image, const std::array<double, 9>& h, const Target& t, double ink_level) {
    const Point c = t.box.center();
    const cv::Matx22d j = jacobian(h, c);
    const double px_per_pt = std::sqrt(std::abs(j(0, 0) * j(1, 1) - j(0, 1) * j(1, 0)));
    // Quantised to 1/4 pixel so targets of a size share one zone table.
    const double radius = std::round(std::clamp(std::min(t.box.w, t.box.h) / 2 * px_per_pt, 6.0, 48.0) * 4) / 4;
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

    // Local paper: the 85th percentile of the patch.
    std::array<int, 256> histogram{};
    for (int v = 0; v < size; ++v) {
        for (int u = 0; u < size; ++u) {
            ++histogram[patch.at<std::uint8_t>(v, u)];
        }
    }
    int paper = 255;
    for (int level = 0, seen = 0; level < 256; ++level) {
        seen += histogram[static_cast<std::size_t>(level)];
        if (seen >= size * size * 85 / 100) {
            paper = level;
            break;
        }
    }
    const double range = std::max(static_cast<double>(paper) - ink_level, 60.0);

    const Zones& zones = zones_for(size, radius, round_kind(t.kind));
    double fill = 0;
    int inside = 0, inked = 0;
    std::array<int, angular_bins> mid_all{}, mid_ink{}, outer_all{}, outer_ink{};
    const auto* pixels = patch.ptr<std::uint8_t>(0);
    for (std::size_t i = 0; i < zones.zone.size(); ++i) {
        const Zone zone = zones.zone[i];
        if (zone == Zone::none) {
            continue;
        }
        const double darkness = std::clamp((paper - pixels[i]) / range, 0.0, 1.0);
        const int is_ink = darkness >= dark ? 1 : 0;
        if (zone == Zone::inside) {
            fill += darkness;
            ++inside;
            inked += is_ink;
        } else {
            const std::size_t bin = zones.bin[i];
            (zone == Zone::mid ? mid_all : outer_all)[bin] += 1;
            (zone == Zone::mid ? mid_ink : outer_ink)[bin] += is_ink;
        }
    }
    Raw raw;
    raw.fill = inside > 0 ? fill / inside : 0;
    raw.ink = inside > 0 ? static_cast<double>(inked) / inside : 0;
    std::array<bool, angular_bins> mid_set{}, stroke{};
    for (std::size_t i = 0; i < angular_bins; ++i) {
        mid_set[i] = mid_all[i] > 0 && mid_ink[i] >= cell_share * mid_all[i];
    }
    for (std::size_t i = 0; i < angular_bins; ++i) {
        const bool out = outer_all[i] > 0 && outer_ink[i] >= cell_share * outer_all[i];
        const std::size_t prev = (i + angular_bins - 1) % angular_bins, next = (i + 1) % angular_bins;
        stroke[i] = out && (mid_set[i] || mid_set[prev] || mid_set[next]);
    }
    raw.strokes = count_runs(stroke);
    return raw;
}

/// The lower quartile of `values` (0 for none).
double lower_quartile(std::vector<double> values) {
    if (values.empty()) {
        return 0;
    }
    const auto q = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 4);
    std::nth_element(values.begin(), q, values.end());
    return *q;
}

/// What a target's printed outline and label alone measure (fill, ink).
struct Blank {
    double fill = 0, ink = 0;
};

/// The blank state of every target of a page. Targets that print the same
/// label (the letter or number inside: "B", "7", "½") share one; it is the
/// lower quartile of those that look unmarked (below blank_ceiling), so a
/// few marks do not move it. A label with fewer than label_sample such
/// targets takes its kind's, and no label's is over its kind's by more than
/// label_spread: a rare label's only target may hold a light mark.
std::vector<Blank> blank_states(const PageGeometry& geometry, const std::vector<Raw>& raws) {
    struct Pool {
        std::vector<double> fills, inks;
    };
    std::map<TargetKind, Pool> kinds;
    std::map<std::pair<TargetKind, std::string>, Pool> labels;
    const auto label_of = [](const Target& t) {
        const auto colon = t.value.find(':');
        return std::make_pair(t.kind, colon == std::string::npos ? t.value : t.value.substr(colon + 1));
    };
    for (std::size_t i = 0; i < raws.size(); ++i) {
        if (raws[i].fill >= blank_ceiling) {
            continue;
        }
        for (Pool* pool : {&kinds[geometry.targets[i].kind], &labels[label_of(geometry.targets[i])]}) {
            pool->fills.push_back(raws[i].fill);
            pool->inks.push_back(raws[i].ink);
        }
    }
    std::map<TargetKind, Blank> kind_blank;
    for (const auto& [kind, pool] : kinds) {
        kind_blank[kind] = {lower_quartile(pool.fills), lower_quartile(pool.inks)};
    }
    std::map<std::pair<TargetKind, std::string>, Blank> label_blank;
    for (const auto& [label, pool] : labels) {
        const Blank kind = kind_blank[label.first];
        label_blank[label] = pool.fills.size() < label_sample
                                 ? kind
                                 : Blank{std::min(lower_quartile(pool.fills), kind.fill + label_spread),
                                         std::min(lower_quartile(pool.inks), kind.ink + label_spread)};
    }
    std::vector<Blank> out;
    out.reserve(raws.size());
    for (const Target& t : geometry.targets) {
        const auto found = label_blank.find(label_of(t));
        out.push_back(found != label_blank.end() ? found->second : kind_blank[t.kind]);
    }
    return out;
}

MarkState decide(const MarkReading& m, const Thresholds& th) {
    if (m.fill >= th.filled_above) {
        if (m.strokes >= th.cancel_strokes) {
            // An X alone over an empty outline can darken as much as a fill;
            // only a solid inside is a filled-then-cancelled mark.
            return m.ink >= th.solid_ink ? MarkState::cancelled : MarkState::unclear;
        }
        return m.strokes >= 2 ? MarkState::unclear : MarkState::filled;
    }
    if (m.fill <= th.empty_below && m.ink < th.ink_empty_below) {
        return MarkState::empty;
    }
    return MarkState::unclear;
}

/// A lone dark mark in a single-answer group is its answer (see
/// Thresholds::lone_mark_ink): a tick or a hasty fill where nothing else of
/// the question is marked. Groups with a fill or a second unclear mark, and
/// light or X-like marks, stay as they are.
void decide_lone_marks(const PageGeometry& geometry, const Thresholds& th, std::vector<MarkReading>& marks) {
    if (th.lone_mark_ink <= 0) {
        return;
    }
    std::map<std::tuple<int, TargetKind, std::string>, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < geometry.targets.size(); ++i) {
        const Target& t = geometry.targets[i];
        if (t.kind != TargetKind::tick_box) {
            groups[{t.question, t.kind, group_of(t.value)}].push_back(i);
        }
    }
    for (const auto& [key, members] : groups) {
        std::size_t unclear = 0, lone = 0, filled = 0;
        for (std::size_t i : members) {
            if (marks[i].state == MarkState::unclear) {
                ++unclear;
                lone = i;
            }
            filled += marks[i].state == MarkState::filled ? 1 : 0;
        }
        MarkReading& m = marks[lone];
        if (unclear == 1 && filled == 0 && m.ink >= th.lone_mark_ink && m.strokes < 2 && m.fill > th.empty_below) {
            m.state = MarkState::filled;
        }
    }
}

}  // namespace

Point apply(const std::array<double, 9>& h, Point p) noexcept {
    const double w = h[6] * p.x + h[7] * p.y + h[8];
    return {(h[0] * p.x + h[1] * p.y + h[2]) / w, (h[3] * p.x + h[4] * p.y + h[5]) / w};
}

std::vector<MarkReading> judge_targets(const cv::Mat& image, const std::array<double, 9>& page_to_image,
                                       const PageGeometry& geometry, double ink, const Thresholds& thresholds) {
    std::vector<Raw> raws;
    raws.reserve(geometry.targets.size());
    for (const Target& t : geometry.targets) {
        raws.push_back(measure(image, page_to_image, t, ink));
    }
    const std::vector<Blank> blank = blank_states(geometry, raws);
    std::vector<MarkReading> out;
    out.reserve(raws.size());
    for (std::size_t i = 0; i < raws.size(); ++i) {
        const Blank& base = blank[i];
        MarkReading m;
        m.fill = std::max(0.0, raws[i].fill - base.fill) / (1 - base.fill);
        m.ink = std::max(0.0, raws[i].ink - base.ink) / (1 - base.ink);
        m.strokes = raws[i].strokes;
        m.state = decide(m, thresholds);
        out.push_back(m);
    }
    decide_lone_marks(geometry, thresholds, out);
    return out;
}

}  // namespace handout::scan::detail
