// Page registration: from the QR symbol's position to a rough page → image
// map, then the corner marks near where that map puts them, then the exact
// map (a homography from four marks, or from three of them when the fourth
// does not fit; from three, an affine map for a page that lies flat or a
// homography with the QR symbol's corners), checked against the QR position
// and the marks' squareness before any mark is judged. A phone photo's
// perspective moves the marks far from where the small QR symbol puts them:
// when the scan's search finds three marks, the fourth is looked for as in
// a photo (and kept beside three that already fit only near where their map
// puts it); when it finds fewer, or no map fits, all four are looked for
// again outwards from the QR symbol, each in a window that grows with its
// distance from what is already known.

#include "scan/corners.hpp"
#include "scan/judge.hpp"
#include "scan/maps.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace handout::scan {

namespace {

constexpr double mm = 72.0 / 25.4;
/// How far from where the QR code puts it a scan's corner mark is looked for.
constexpr double corner_search = 24 * mm;
/// A photo's corner mark is looked for this far, plus this share of its
/// distance from the nearest point already known (the QR symbol or a mark).
constexpr double photo_search_base = 10 * mm;
constexpr double photo_search_growth = 0.25;
/// How far the QR symbol may lie from where the corner marks put it.
constexpr double qr_tolerance = 3 * mm;
/// Largest oblongness of the corner marks seen through the page's map (see
/// oblongness(); a scanner stretches by well under 1 %, A4 read as Letter
/// makes the marks 10 % oblong). A map from three marks of a photo taken at
/// an angle reads 4–5 %, so that the photo's own search is tried first.
constexpr double max_oblongness = 0.03;
/// As much again, for a copy's marks when nothing else fits: a blurred copy
/// at 150 dpi measures its marks up to 4 % oblong. The bubbles' outlines
/// then check the map (read.cpp's outline check).
constexpr double copy_oblongness = 0.06;
/// Largest difference between a three-mark affine map's frame and the QR
/// symbol's own (relative): more means perspective, which an affine map
/// cannot follow.
constexpr double max_frame_difference = 0.04;
/// A photo's corners may move this share of the page width from an affine
/// view; more is refused as photographed at too strong an angle.
constexpr double max_perspective = 0.15;
constexpr std::array<const char*, 4> corner_names = {"top-left", "top-right", "bottom-right", "bottom-left"};

using detail::fit_affine;
using detail::fit_homography;
using detail::fit_homography_lsq;
using detail::jacobian_at;
using detail::Matrix;
using detail::scale_at;

Point middle(Point a, Point b) { return {(a.x + b.x) / 2, (a.y + b.y) / 2}; }

using Marks = std::array<std::optional<detail::FoundMark>, 4>;

/// What registration knows of a page before its corner marks are found.
struct Frame {
    cv::Mat image;
    std::array<Point, 4> marks;     ///< the corner marks' centres, page points
    std::array<Rect, 4> rects;      ///< and the marks themselves
    std::array<Point, 4> qr_page;   ///< the QR symbol's corners, page points
    std::array<Point, 4> qr_image;  ///< and as decoded, image pixels
    Matrix rough;                   ///< page → image from the QR symbol alone (affine)
    double page_width = 0;
    const Raster* raster = nullptr;          ///< the picture, for the printed outlines
    const PageGeometry* geometry = nullptr;  ///< and where they are
};

int count(const Marks& found) {
    return static_cast<int>(
        std::count_if(found.begin(), found.end(), [](const auto& f) { return f.has_value(); }));
}

/// Scans: each corner mark near where the QR symbol's map puts it.
Marks scan_search(const Frame& f) {
    Marks found;
    const double px_per_pt = scale_at(f.rough, f.marks[0]);
    const double angle = std::atan2(f.rough[3], f.rough[0]);
    for (std::size_t i = 0; i < 4; ++i) {
        found[i] =
            detail::find_mark(f.image, {detail::apply(f.rough, f.marks[i]), corner_mark_side * px_per_pt,
                                        corner_search * px_per_pt, angle, detail::Binarize::otsu});
    }
    return found;
}

/// The points a found mark pins down (page points ↔ image pixels): its
/// centre, and its corners when its outline was a clear quadrilateral, each
/// matched to the page corner that `map` turns the same way from the centre.
void add_mark_points(const Frame& f, std::size_t i, const detail::FoundMark& m, const Matrix& map,
                     std::vector<Point>& from, std::vector<Point>& to) {
    from.push_back(f.marks[i]);
    to.push_back(m.centre);
    if (!m.corners) {
        return;
    }
    const Rect& r = f.rects[i];
    const Point c = detail::apply(map, f.marks[i]);
    for (const Point& p :
         {Point{r.x, r.y}, Point{r.x + r.w, r.y}, Point{r.x + r.w, r.y + r.h}, Point{r.x, r.y + r.h}}) {
        const Point q = detail::apply(map, p);
        const Point* best = nullptr;
        double best_dot = -1e18;
        for (const Point& corner : *m.corners) {
            const double dot = (q.x - c.x) * (corner.x - m.centre.x) + (q.y - c.y) * (corner.y - m.centre.y);
            if (dot > best_dot) {
                best_dot = dot;
                best = &corner;
            }
        }
        from.push_back(p);
        to.push_back(*best);
    }
}

/// Where a photo's corner mark `i` should be: a map fitted to the QR
/// symbol's corners and the marks found so far (their centres and corners),
/// a homography once two marks are known (their sides' directions tell the
/// perspective), else affine; and how far that map is to be trusted there
/// (page points: more with the distance from the nearest known point).
std::optional<std::pair<Matrix, double>> predict(const Frame& f, const Marks& found, std::size_t i) {
    std::vector<Point> from(f.qr_page.begin(), f.qr_page.end()), to(f.qr_image.begin(), f.qr_image.end());
    const Point qr_centre = middle(f.qr_page[0], f.qr_page[2]);
    double nearest = std::hypot(f.marks[i].x - qr_centre.x, f.marks[i].y - qr_centre.y);
    for (std::size_t j = 0; j < 4; ++j) {
        if (found[j]) {
            add_mark_points(f, j, *found[j], f.rough, from, to);
            nearest = std::min(nearest, std::hypot(f.marks[i].x - f.marks[j].x, f.marks[i].y - f.marks[j].y));
        }
    }
    if (count(found) >= 2) {
        if (const auto h = fit_homography_lsq(from, to)) {
            return std::make_pair(*h, photo_search_base + photo_search_growth / 2 * nearest);
        }
    }
    const auto a = fit_affine(from, to);
    if (!a) {
        return std::nullopt;
    }
    return std::make_pair(*a, photo_search_base + photo_search_growth * nearest);
}

/// Photos: the corner marks not yet found, nearest to the QR symbol first,
/// each where predict() puts it, within its reach, each pixel over its local
/// paper level.
Marks photo_search(const Frame& f, Marks found) {
    const Point qr_centre = middle(f.qr_page[0], f.qr_page[2]);
    std::array<std::size_t, 4> order = {0, 1, 2, 3};
    const auto far = [&](std::size_t i) {
        return std::hypot(f.marks[i].x - qr_centre.x, f.marks[i].y - qr_centre.y);
    };
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return far(a) < far(b); });
    for (std::size_t i : order) {
        if (found[i]) {
            continue;
        }
        const auto prediction = predict(f, found, i);
        if (!prediction) {
            continue;
        }
        const auto& [map, reach] = *prediction;
        const double px_per_pt = scale_at(map, f.marks[i]);
        const auto j = jacobian_at(map, f.marks[i]);
        found[i] = detail::find_mark(
            f.image, {detail::apply(map, f.marks[i]), corner_mark_side * px_per_pt, reach * px_per_pt,
                      std::atan2(j[2], j[0]), detail::Binarize::flattened});
    }
    return found;
}

/// Largest distance, in points, between the QR symbol's corners as decoded
/// and where `h` puts them.
double qr_error(const Matrix& h, const std::array<Point, 4>& page, const std::array<Point, 4>& image) {
    double worst = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const Point p = detail::apply(h, page[i]);
        worst = std::max(worst, std::hypot(p.x - image[i].x, p.y - image[i].y) / scale_at(h, page[i]));
    }
    return worst;
}

/// How far from square the found marks look on the page through `h`: their
/// pixels' second moments taken back onto the page (through h's Jacobian at
/// each mark) and summed, as the ratio of the longer principal axis to the
/// shorter, minus 1. A square's moments are alike in every direction at any
/// rotation, so 0 for the right map, however the photo was taken; a page of
/// another paper size read with this geometry turns them into oblongs.
double oblongness(const Matrix& h, const Frame& f, const Marks& found) {
    double sxx = 0, sxy = 0, syy = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        if (!found[i]) {
            continue;
        }
        const auto j = jacobian_at(h, f.marks[i]);
        const double det = j[0] * j[3] - j[1] * j[2];
        if (std::abs(det) < 1e-12) {
            return 1e9;
        }
        const std::array<double, 4> inv = {j[3] / det, -j[1] / det, -j[2] / det, j[0] / det};
        const double mxx = found[i]->mxx, mxy = found[i]->mxy, myy = found[i]->myy;
        // inv · M · invᵀ
        const double a = inv[0] * mxx + inv[1] * mxy, b = inv[0] * mxy + inv[1] * myy;
        const double c = inv[2] * mxx + inv[3] * mxy, d = inv[2] * mxy + inv[3] * myy;
        const double xx = a * inv[0] + b * inv[1], xy = a * inv[2] + b * inv[3], yy = c * inv[2] + d * inv[3];
        const double trace = xx + yy;
        if (trace <= 0) {
            return 1e9;
        }
        sxx += xx / trace;
        sxy += xy / trace;
        syy += yy / trace;
    }
    const double mean = (sxx + syy) / 2, spread = std::hypot((sxx - syy) / 2, sxy);
    return mean - spread > 0 ? std::sqrt((mean + spread) / (mean - spread)) - 1 : 1e9;
}

/// Whether the QR symbol and three marks pin a homography down: no three of
/// the four points (the marks and the symbol's centre) nearly in a line.
bool well_spread(const std::vector<Point>& p) {
    const auto area = [](Point a, Point b, Point c) {
        return std::abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2;
    };
    double whole = 0, least = 1e18;  // whole: twice the quadrilateral's area
    for (std::size_t skip = 0; skip < 4; ++skip) {
        std::vector<Point> t;
        for (std::size_t k = 0; k < 4; ++k) {
            if (k != skip) {
                t.push_back(p[k]);
            }
        }
        least = std::min(least, area(t[0], t[1], t[2]));
        whole += area(t[0], t[1], t[2]);
    }
    return least >= 0.125 * whole;
}

/// The maps three found marks allow: an affine map when it agrees with the
/// QR symbol's own frame (a scan: the page lies flat), and a homography from
/// the marks and the symbol's corners when they spread over the page.
std::vector<Matrix> three_mark_maps(const Frame& f, const std::vector<Point>& from,
                                    const std::vector<Point>& to) {
    std::vector<Matrix> maps;
    if (const auto a = fit_affine(from, to)) {
        const Matrix& q = f.rough;
        const double difference = std::hypot(std::hypot((*a)[0] - q[0], (*a)[1] - q[1]),
                                             std::hypot((*a)[3] - q[3], (*a)[4] - q[4]));
        if (difference <= max_frame_difference * std::hypot(std::hypot(q[0], q[1]), std::hypot(q[3], q[4]))) {
            maps.push_back(*a);
        }
    }
    const Point qr_centre = middle(f.qr_page[0], f.qr_page[2]);
    std::vector<Point> four = from;
    four.push_back(qr_centre);
    if (well_spread(four)) {
        std::vector<Point> src = from, dst = to;
        src.insert(src.end(), f.qr_page.begin(), f.qr_page.end());
        dst.insert(dst.end(), f.qr_image.begin(), f.qr_image.end());
        if (const auto h = fit_homography_lsq(src, dst)) {
            maps.push_back(*h);
        }
    }
    return maps;
}

/// What the fits that failed came closest to, for the reason.
struct Misfit {
    double qr_off = 1e9;  ///< least QR disagreement, points
    double oblong = 1e9;  ///< least oblongness among fits that agreed with the QR symbol
};

/// The best exact map from the found corner marks that agrees with the QR
/// symbol and keeps the marks square: all four (a homography), else three;
/// `used` gets the marks it was fitted to.
std::optional<Matrix> fit_page(const Frame& f, const Marks& found, Misfit& misfit,
                               Marks* used_marks = nullptr, double most_oblong = max_oblongness) {
    std::vector<std::size_t> present;
    for (std::size_t i = 0; i < 4; ++i) {
        if (found[i]) {
            present.push_back(i);
        }
    }
    std::vector<std::vector<std::size_t>> choices;
    if (present.size() >= 3) {
        choices.push_back(present);
    }
    for (std::size_t skip = 0; skip < present.size() && present.size() == 4; ++skip) {
        std::vector<std::size_t> three = present;
        three.erase(three.begin() + static_cast<std::ptrdiff_t>(skip));
        choices.push_back(three);
    }
    for (const auto& choice : choices) {
        std::vector<Point> from, to;
        Marks used;
        for (std::size_t i : choice) {
            from.push_back(f.marks[i]);
            to.push_back(found[i]->centre);
            used[i] = found[i];
        }
        std::vector<Matrix> maps;
        if (choice.size() == 4) {
            if (const auto h = fit_homography(from, to)) {
                maps.push_back(*h);
            }
        } else {
            maps = three_mark_maps(f, from, to);
        }
        for (const Matrix& h : maps) {
            const double error = qr_error(h, f.qr_page, f.qr_image);
            misfit.qr_off = std::min(misfit.qr_off, error);
            if (error > qr_tolerance) {
                continue;
            }
            const double oblong = oblongness(h, f, used);
            misfit.oblong = std::min(misfit.oblong, oblong);
            if (oblong <= most_oblong) {
                if (used_marks) {
                    *used_marks = used;
                }
                return h;
            }
        }
    }
    return std::nullopt;
}

cv::Mat view(const Raster& raster) {
    return cv::Mat(raster.height, raster.width, CV_8UC1, const_cast<std::uint8_t*>(raster.pixels.data()));
}

/// The names of the corner marks found, for a reason: "top-left, bottom-right".
std::string names_of(const Marks& found) {
    std::string names;
    for (std::size_t i = 0; i < 4; ++i) {
        if (found[i]) {
            names += (names.empty() ? "" : ", ") + std::string(corner_names[i]);
        }
    }
    return names.empty() ? "none" : names;
}

std::string percent(double share) { return std::to_string(std::lround(share * 100)) + " %"; }

/// How far a map bends the page away from an affine view: the largest
/// distance of a corner mark from where the best affine map through the four
/// puts it, as a share of the page width (0 for a scan; a phone photo
/// whose corners each move 8 % of the page width measures up to about 8 %).
double perspective_of(const Matrix& h, const Frame& f) {
    std::vector<Point> from(f.marks.begin(), f.marks.end()), to;
    for (const Point& p : f.marks) {
        to.push_back(detail::apply(h, p));
    }
    const auto a = fit_affine(from, to);
    if (!a) {
        return 1;
    }
    double worst = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const Point p = detail::apply(*a, f.marks[i]);
        worst = std::max(worst, std::hypot(p.x - to[i].x, p.y - to[i].y));
    }
    return worst / scale_at(*a, middle(f.marks[0], f.marks[2])) / f.page_width;
}

/// What a page with too few corner marks shows beyond them: the missing
/// marks that lie outside the picture, and how far the found ones are from
/// where the QR symbol's flat view puts them (a photo taken at an angle).
std::string what_else_was_seen(const Frame& f, const Marks& found) {
    std::vector<Point> from(f.qr_page.begin(), f.qr_page.end()), to(f.qr_image.begin(), f.qr_image.end());
    double off = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        if (found[i]) {
            const Point p = detail::apply(f.rough, f.marks[i]);
            off = std::max(off, std::hypot(p.x - found[i]->centre.x, p.y - found[i]->centre.y));
            from.push_back(f.marks[i]);
            to.push_back(found[i]->centre);
        }
    }
    std::string out;
    const auto map = fit_affine(from, to);
    for (std::size_t i = 0; i < 4 && map; ++i) {
        const Point p = detail::apply(*map, f.marks[i]);
        if (!found[i] && (p.x < 0 || p.y < 0 || p.x >= f.image.cols || p.y >= f.image.rows)) {
            out += "; the " + std::string(corner_names[i]) + " one lies outside the picture";
        }
    }
    const double tilt = off / scale_at(f.rough, f.marks[0]) / f.page_width;
    if (tilt >= 0.04) {
        out += "; the page looks photographed at an angle (corners about " + percent(tilt) +
               " of the page width off a straight view): take the photo from straight above";
    }
    return out;
}

/// The corner marks, found as in a scan, else as in a photo; and the exact
/// map from them, if any agrees with the QR symbol (`found` then holds the
/// marks it was fitted to).
/// The share of the page's printed outlines that map `h` finds where the
/// geometry puts them (outline_share).
double outlines_through(const Frame& f, const Matrix& h) {
    PageReading reading;
    reading.page_to_image = h;
    return outline_share(*f.raster, reading, *f.geometry);
}

/// Three marks found by the scan's search, and the fourth looked for as in a
/// photo. Where the three already give a map that passes (a flat page with a
/// corner covered), a fourth "mark" found away from where that map puts it
/// is something else printed there (a filled tick box), not the mark; unless
/// the four give a map that fits the QR symbol and keeps all four square,
/// and finds the printed outlines where the three-mark map does not (a photo
/// taken at an angle, whose three-mark map passed as a flat page's: its far
/// corner was off by a centimetre).
Marks with_fourth(const Frame& f, const Marks& found) {
    Misfit ignored;
    const auto flat = fit_page(f, found, ignored);
    const Marks more = photo_search(f, found);
    for (std::size_t i = 0; i < 4; ++i) {
        if (found[i] || !more[i]) continue;
        if (!flat) return more;
        const Point p = detail::apply(*flat, f.marks[i]);
        const double off = std::hypot(p.x - more[i]->centre.x, p.y - more[i]->centre.y);
        if (off <= qr_tolerance * scale_at(*flat, f.marks[i])) return more;
        Marks used;
        Misfit other;
        const auto four = fit_page(f, more, other, &used);
        if (four && count(used) == 4 && f.raster && f.geometry) {
            const double three_share = outlines_through(f, *flat);
            if (three_share < outlines_needed && outlines_through(f, *four) >= outlines_needed) return more;
        }
    }
    return found;
}

std::optional<Matrix> register_marks(const Frame& f, Marks& found, Misfit& misfit) {
    found = scan_search(f);
    if (count(found) == 3) found = with_fourth(f, found);
    Marks used;
    std::optional<Matrix> exact = count(found) >= 3 ? fit_page(f, found, misfit, &used) : std::nullopt;
    if (exact) {
        found = used;
        return exact;
    }
    const Marks again = photo_search(f, {});
    Misfit other;
    const auto refit = count(again) >= 3 ? fit_page(f, again, other, &used) : std::nullopt;
    if (refit || count(again) > count(found)) {
        found = refit ? used : again;
        misfit = other;
        if (refit) {
            return refit;
        }
    }
    const Marks scanned = scan_search(f);
    Misfit loose;
    if (const auto copy =
            count(scanned) >= 3 ? fit_page(f, scanned, loose, &used, copy_oblongness) : std::nullopt) {
        found = used;
        return copy;
    }
    return std::nullopt;
}

/// Why no map came of the corner marks found: too few, or too few to undo a
/// photo's perspective, or marks that do not fit the geometry (`misfit`).
std::string refusal(const Frame& f, const Marks& found, const Misfit& misfit, bool& is_misfit) {
    const int n = count(found);
    if (n < 3) {
        return "only " + std::to_string(n) + " of the 4 corner marks found (" + names_of(found) +
               "; 3 are needed)" + what_else_was_seen(f, found);
    }
    if (n == 3) {
        std::string missing;
        for (std::size_t i = 0; i < 4; ++i) {
            missing += found[i] ? "" : corner_names[i];
        }
        return "3 of the 4 corner marks found (" + names_of(found) +
               "), too few to undo the angle the page was photographed at: the " + missing +
               " one must be in the picture too";
    }
    is_misfit = true;
    if (misfit.qr_off > qr_tolerance) {
        char off[32];
        std::snprintf(off, sizeof off, "%.1f", misfit.qr_off / mm);
        return "the corner marks do not agree with the page code's position (QR code " + std::string(off) +
               " mm away from where they put it)";
    }
    return "the corner marks are not where this page's geometry puts them (another paper size or layout?)";
}

}  // namespace

Point PageReading::to_image(Point page) const noexcept { return detail::apply(page_to_image, page); }

PageReading read_page(const Raster& raster, const Identification& id, const PageGeometry& geometry,
                      const Thresholds& thresholds) {
    PageReading out;
    out.code = id.code;
    if (!id.ok()) {
        out.reason = id.reason;
        return out;
    }
    if (id.code.version != 1) {
        out.reason = "layout version " + std::to_string(id.code.version) + " is not known to this handout";
        return out;
    }
    if (geometry.width <= 0 || geometry.height <= 0 || geometry.qr.w <= 0 || geometry.qr.h <= 0) {
        out.reason = "the page geometry has no size or no QR rectangle";
        return out;
    }
    // The QR symbol's corners on the page, in the order ZXing reports them.
    const Rect& q = geometry.qr;
    const std::array<Point, 4> qr_page = {Point{q.x, q.y + q.h}, Point{q.x + q.w, q.y + q.h}, Point{q.x + q.w, q.y},
                                          Point{q.x, q.y}};
    const auto rough = fit_affine({qr_page.begin(), qr_page.end()}, {id.qr.begin(), id.qr.end()});
    if (!rough) {
        out.reason = "the QR code's position is degenerate";
        return out;
    }
    const double px_per_pt = scale_at(*rough, q.center());
    if (!(px_per_pt > 0.5 && px_per_pt < 20)) {
        out.reason = "the QR code's size does not fit a page of this geometry";
        return out;
    }
    Frame f{view(raster),   {},      corner_marks(geometry.width, geometry.height),
            qr_page,        id.qr,   *rough,
            geometry.width, &raster, &geometry};
    for (std::size_t i = 0; i < 4; ++i) {
        f.marks[i] = f.rects[i].center();
    }
    Marks found;
    Misfit misfit;
    const auto exact = register_marks(f, found, misfit);
    out.corners_found = count(found);
    for (std::size_t i = 0; i < 4; ++i) {
        if (found[i]) {
            out.corners[i] = found[i]->centre;
        }
    }
    if (!exact) {
        out.reason = refusal(f, found, misfit, out.misfit);
        return out;
    }
    const double tilt = perspective_of(*exact, f);
    if (tilt > max_perspective) {
        out.reason = "the page is photographed at too strong an angle (corners about " + percent(tilt) +
                     " of the page width off a straight view): take the photo from straight above";
        return out;
    }
    out.page_to_image = *exact;
    const Point centre{geometry.width / 2, geometry.height / 2};
    out.dpi = scale_at(*exact, centre) * 72;
    const Point a = out.to_image(centre), b = out.to_image({centre.x + 1, centre.y});
    out.rotation = static_cast<int>(std::lround(std::atan2(-(b.y - a.y), b.x - a.x) * 180 / M_PI + 360)) % 360;

    std::vector<double> inks;
    for (const auto& m : found) {
        if (m) {
            inks.push_back(m->ink);
        }
    }
    std::sort(inks.begin(), inks.end());
    detail::judge_page(f.image, geometry, inks[inks.size() / 2], thresholds, out);
    return out;
}

PageReading read_page(const Raster& raster, const GeometryLookup& lookup, const Thresholds& thresholds) {
    const Identification id = identify_page(raster);
    if (!id.ok()) {
        PageReading out;
        out.reason = id.reason;
        return out;
    }
    const auto geometry = lookup(id.code);
    if (!geometry) {
        PageReading out;
        out.code = id.code;
        out.reason = "no worksheet known for sheet " + id.code.sheet + " page " + id.code.page;
        return out;
    }
    return read_page(raster, id, *geometry, thresholds);
}

Raster crop(const Raster& raster, const PageReading& reading, Rect area, double dpi) {
    Raster out;
    if (!reading.ok() || raster.empty() || area.w <= 0 || area.h <= 0 || dpi <= 0) {
        return out;
    }
    const double k = 72.0 / dpi;
    out.width = std::max(1, static_cast<int>(std::lround(area.w / k)));
    out.height = std::max(1, static_cast<int>(std::lround(area.h / k)));
    out.dpi = dpi;
    out.pixels.assign(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height), 255);
    const cv::Matx33d to_page(k, 0, area.x, 0, -k, area.y + area.h, 0, 0, 1);
    const auto& h = reading.page_to_image;
    const cv::Matx33d page_to_image(h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]);
    cv::Mat dst(out.height, out.width, CV_8UC1, out.pixels.data());
    cv::warpPerspective(view(raster), dst, page_to_image * to_page, dst.size(), cv::INTER_LINEAR | cv::WARP_INVERSE_MAP,
                        cv::BORDER_CONSTANT, cv::Scalar(255));
    return out;
}

}  // namespace handout::scan
