// Page registration: from the QR symbol's position to a rough page → image
// map, then the corner marks near where that map puts them, then the exact
// map (a homography from four marks, an affine map from three), checked
// against the QR position before any mark is judged. Also the per-question
// summary and the names of the enums.

#include "scan/judge.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace handout::scan {

namespace {

constexpr double mm = 72.0 / 25.4;
/// How far from where the QR code puts it a corner mark is looked for.
constexpr double corner_search = 24 * mm;
/// How far the QR symbol may lie from where the corner marks put it.
constexpr double qr_tolerance = 3 * mm;
/// A corner mark fills at least this much of its square (a disc fills 0.79).
constexpr double min_squareness = 0.88;
/// Largest difference between the page's horizontal and vertical scale
/// (scanners stretch by well under 1 %; A4 read as Letter is off by 10 %).
constexpr double max_anisotropy = 0.03;

using Matrix = std::array<double, 9>;

/// Least-squares affine map taking `from` to `to` (at least three points).
std::optional<Matrix> fit_affine(const std::vector<Point>& from, const std::vector<Point>& to) {
    cv::Mat a(static_cast<int>(from.size()), 3, CV_64F), bx(static_cast<int>(from.size()), 1, CV_64F),
        by(static_cast<int>(from.size()), 1, CV_64F);
    for (int i = 0; i < a.rows; ++i) {
        const auto k = static_cast<std::size_t>(i);
        a.at<double>(i, 0) = from[k].x;
        a.at<double>(i, 1) = from[k].y;
        a.at<double>(i, 2) = 1;
        bx.at<double>(i) = to[k].x;
        by.at<double>(i) = to[k].y;
    }
    cv::Mat px, py;
    if (!cv::solve(a, bx, px, cv::DECOMP_SVD) || !cv::solve(a, by, py, cv::DECOMP_SVD)) {
        return std::nullopt;
    }
    return Matrix{px.at<double>(0), px.at<double>(1), px.at<double>(2), py.at<double>(0), py.at<double>(1),
                  py.at<double>(2), 0, 0, 1};
}

std::optional<Matrix> fit_homography(const std::vector<Point>& from, const std::vector<Point>& to) {
    std::array<cv::Point2f, 4> src, dst;
    for (std::size_t i = 0; i < 4; ++i) {
        src[i] = cv::Point2f(static_cast<float>(from[i].x), static_cast<float>(from[i].y));
        dst[i] = cv::Point2f(static_cast<float>(to[i].x), static_cast<float>(to[i].y));
    }
    const cv::Mat h = cv::getPerspectiveTransform(src.data(), dst.data(), cv::DECOMP_LU);
    if (h.empty()) {
        return std::nullopt;
    }
    Matrix m;
    for (int i = 0; i < 9; ++i) {
        m[static_cast<std::size_t>(i)] = h.at<double>(i / 3, i % 3);
    }
    return m;
}

/// Image pixels per page point at p.
double scale_at(const Matrix& h, Point p) {
    const Point a = detail::apply(h, p), bx = detail::apply(h, {p.x + 1, p.y}), by = detail::apply(h, {p.x, p.y + 1});
    return std::sqrt(std::abs((bx.x - a.x) * (by.y - a.y) - (bx.y - a.y) * (by.x - a.x)));
}

/// A corner mark found in the image.
struct Found {
    Point centre;
    double ink = 0;  ///< its median gray
};

/// How much of its bounding square, taken along the page's axes (at `angle`
/// radians in the image), component `label` fills: about 1 for a corner
/// mark, π/4 for a filled bubble of the same size.
double squareness(const cv::Mat& labels, int label, const cv::Rect& box, double area, double angle) {
    const double c = std::cos(angle), s = std::sin(angle);
    double u_min = 1e18, u_max = -1e18, v_min = 1e18, v_max = -1e18;
    for (int y = box.y; y < box.y + box.height; ++y) {
        const int* row = labels.ptr<int>(y);
        for (int x = box.x; x < box.x + box.width; ++x) {
            if (row[x] == label) {
                const double u = x * c + y * s, v = -x * s + y * c;
                u_min = std::min(u_min, u);
                u_max = std::max(u_max, u);
                v_min = std::min(v_min, v);
                v_max = std::max(v_max, v);
            }
        }
    }
    return area / ((u_max - u_min + 1) * (v_max - v_min + 1));
}

/// The solid square of about `side` pixels, its sides at `angle`, nearest to
/// `expected` within `reach` pixels, if any.
std::optional<Found> find_mark(const cv::Mat& image, Point expected, double side, double reach, double angle) {
    const cv::Rect window = cv::Rect(static_cast<int>(expected.x - reach), static_cast<int>(expected.y - reach),
                                     static_cast<int>(2 * reach), static_cast<int>(2 * reach)) &
                            cv::Rect(0, 0, image.cols, image.rows);
    if (window.width < side || window.height < side) {
        return std::nullopt;
    }
    const cv::Mat roi = image(window);
    cv::Mat binary, labels, stats, centroids;
    cv::threshold(roi, binary, 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);
    const int n = cv::connectedComponentsWithStats(binary, labels, stats, centroids, 8, CV_32S);
    std::optional<Found> best;
    double best_distance = reach;
    for (int i = 1; i < n; ++i) {
        const double area = stats.at<int>(i, cv::CC_STAT_AREA);
        const double w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
        const double root = std::sqrt(area);
        // A solid square of the right size, in any rotation: its bounding box
        // is at most √2 its side, and it fills at least half of that box.
        if (root < 0.7 * side || root > 1.4 * side || w > 1.5 * root || h > 1.5 * root || area < 0.5 * w * h ||
            std::max(w, h) > 1.6 * std::min(w, h)) {
            continue;
        }
        const Point c{window.x + centroids.at<double>(i, 0), window.y + centroids.at<double>(i, 1)};
        const double distance = std::hypot(c.x - expected.x, c.y - expected.y);
        const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                           stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
        if (distance < best_distance && squareness(labels, i, box, area, angle) >= min_squareness) {
            best_distance = distance;
            const cv::Rect core(static_cast<int>(c.x - root / 4), static_cast<int>(c.y - root / 4),
                                std::max(1, static_cast<int>(root / 2)), std::max(1, static_cast<int>(root / 2)));
            std::vector<std::uint8_t> values(image(core & cv::Rect(0, 0, image.cols, image.rows)).clone().reshape(1, 1));
            std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2), values.end());
            best = Found{c, values.empty() ? 0.0 : values[values.size() / 2]};
        }
    }
    return best;
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

/// The best exact map from the found corner marks that agrees with the QR symbol.
std::optional<Matrix> fit_page(const std::array<Point, 4>& marks, const std::array<std::optional<Found>, 4>& found,
                               const std::array<Point, 4>& qr_page, const std::array<Point, 4>& qr_image,
                               double& best_error) {
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
        std::vector<std::size_t> three;
        for (std::size_t k = 0; k < present.size(); ++k) {
            if (k != skip) {
                three.push_back(present[k]);
            }
        }
        if (three.size() == 3) {
            choices.push_back(three);
        }
    }
    for (const auto& choice : choices) {
        std::vector<Point> from, to;
        for (std::size_t i : choice) {
            from.push_back(marks[i]);
            to.push_back(found[i]->centre);
        }
        const auto h = choice.size() == 4 ? fit_homography(from, to) : fit_affine(from, to);
        if (!h) {
            continue;
        }
        const double error = qr_error(*h, qr_page, qr_image);
        best_error = std::min(best_error, error);
        if (error <= qr_tolerance) {
            return h;
        }
    }
    return std::nullopt;
}

cv::Mat view(const Raster& raster) {
    return cv::Mat(raster.height, raster.width, CV_8UC1, const_cast<std::uint8_t*>(raster.pixels.data()));
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

    // The page's x axis in the image, from the QR symbol.
    const double angle = std::atan2((*rough)[3], (*rough)[0]);
    const cv::Mat image = view(raster);
    const auto marks_rects = corner_marks(geometry.width, geometry.height);
    std::array<Point, 4> marks;
    std::array<std::optional<Found>, 4> found;
    for (std::size_t i = 0; i < 4; ++i) {
        marks[i] = marks_rects[i].center();
        found[i] = find_mark(image, detail::apply(*rough, marks[i]), corner_mark_side * px_per_pt,
                             corner_search * px_per_pt, angle);
        out.corners_found += found[i] ? 1 : 0;
    }
    if (out.corners_found < 3) {
        out.reason = "only " + std::to_string(out.corners_found) + " of the 4 corner marks found (3 are needed)";
        return out;
    }
    double qr_off = 1e9;
    const auto exact = fit_page(marks, found, qr_page, id.qr, qr_off);
    if (!exact) {
        char off[32];
        std::snprintf(off, sizeof off, "%.1f", qr_off / mm);
        out.reason = "the corner marks do not agree with the page code's position (QR code " + std::string(off) +
                     " mm away from where they put it)";
        return out;
    }
    out.page_to_image = *exact;
    const Point centre{geometry.width / 2, geometry.height / 2};
    const Point o = out.to_image(centre), ox = out.to_image({centre.x + 100, centre.y}),
                oy = out.to_image({centre.x, centre.y + 100});
    const double stretch = std::hypot(ox.x - o.x, ox.y - o.y) / std::hypot(oy.x - o.x, oy.y - o.y);
    if (std::abs(stretch - 1) > max_anisotropy) {
        out.reason = "the corner marks are not where this page's geometry puts them (another paper size or layout?)";
        return out;
    }
    out.dpi = scale_at(*exact, centre) * 72;
    const Point a = out.to_image(centre), b = out.to_image({centre.x + 1, centre.y});
    out.rotation = static_cast<int>(std::lround(std::atan2(-(b.y - a.y), b.x - a.x) * 180 / M_PI + 360)) % 360;

    std::vector<double> inks;
    for (const auto& f : found) {
        if (f) {
            inks.push_back(f->ink);
        }
    }
    std::sort(inks.begin(), inks.end());
    detail::judge_page(image, geometry, inks[inks.size() / 2], thresholds, out);
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
