// Finding one corner mark: a window of the image made black and white, its
// dark components, and the solid square of the right size nearest to where
// the mark should be. Scans are thresholded as they are (Otsu); photos are
// first divided by their local paper level (the window closed with a
// kernel wider than a mark, at a quarter of the resolution), so a shadow's
// edge, light falling off or the desk around the page do not turn into ink.

#include "scan/corners.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace handout::scan::detail {

namespace {

/// A corner mark fills at least this much of its square (a disc fills 0.79).
constexpr double min_squareness = 0.88;
/// Flattened windows: the paper's level (ratio 1) is stored as this gray.
constexpr double paper_level = 200;
/// Flattened windows: never ink above this share of the local paper (a
/// shadow's edge seen against its lit side stays above it).
constexpr double max_ink_share = 0.6;

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

/// The corners of component `label` (pixels of the labels' image) when it
/// is a quadrilateral it fills: its outline simplified to four corners,
/// convex, enclosing about its area; each corner then where two sides meet,
/// every side a line fitted to the middle of its stretch of outline. A
/// square seen in perspective is one (sheared and narrowed as the photo was
/// taken); a disc simplifies to more corners.
std::optional<std::array<Point, 4>> quadrilateral(const cv::Mat& labels, int label, const cv::Rect& box,
                                                  double area) {
    const cv::Rect padded = cv::Rect(box.x - 1, box.y - 1, box.width + 2, box.height + 2) &
                            cv::Rect(0, 0, labels.cols, labels.rows);
    cv::Mat mask = labels(padded) == label;
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE, padded.tl());
    if (contours.size() != 1 || contours[0].size() < 16) {
        return std::nullopt;
    }
    const std::vector<cv::Point>& outline = contours[0];
    std::vector<cv::Point> simple;
    cv::approxPolyDP(outline, simple, 0.04 * cv::arcLength(outline, true), true);
    // The contour runs through the outer pixels' centres: half a pixel in.
    const double enclosed =
        simple.size() == 4 ? cv::contourArea(simple) + cv::arcLength(simple, true) / 2 : 0;
    if (simple.size() != 4 || !cv::isContourConvex(simple) || area < 0.9 * enclosed ||
        area > 1.12 * enclosed) {
        return std::nullopt;
    }
    std::array<std::size_t, 4> at{};
    for (std::size_t k = 0; k < 4; ++k) {
        at[k] =
            static_cast<std::size_t>(std::find(outline.begin(), outline.end(), simple[k]) - outline.begin());
    }
    const std::size_t n = outline.size();
    std::array<cv::Vec4f, 4> sides;
    for (std::size_t k = 0; k < 4; ++k) {
        const std::size_t from = at[k], length = (at[(k + 1) % 4] + n - from) % n;
        std::vector<cv::Point2f> middle;
        for (std::size_t j = length / 5; j + length / 5 < length; ++j) {
            middle.emplace_back(outline[(from + j) % n]);
        }
        if (middle.size() < 3) {
            return std::nullopt;
        }
        cv::fitLine(middle, sides[k], cv::DIST_L2, 0, 0.01, 0.01);
    }
    std::array<Point, 4> corners;
    for (std::size_t k = 0; k < 4; ++k) {
        const cv::Vec4f& a = sides[(k + 3) % 4];
        const cv::Vec4f& b = sides[k];
        const double det = a[0] * b[1] - a[1] * b[0];
        if (std::abs(det) < 1e-6) {
            return std::nullopt;
        }
        const double t = ((b[2] - a[2]) * b[1] - (b[3] - a[3]) * b[0]) / det;
        corners[k] = {a[2] + t * a[0], a[3] + t * a[1]};
    }
    return corners;
}

/// The window made black and white, ink white.
cv::Mat binarize(const cv::Mat& roi, double side, Binarize how) {
    cv::Mat binary;
    if (how == Binarize::otsu) {
        cv::threshold(roi, binary, 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);
        return binary;
    }
    // The local paper level: the window closed (dark details narrower than
    // two marks filled in by the paper around them), computed at a reduced
    // size where a mark is about 8 pixels, then enlarged smoothly.
    const int factor = std::max(1, static_cast<int>(side / 8));
    cv::Mat small, paper;
    cv::resize(roi, small, cv::Size(std::max(1, roi.cols / factor), std::max(1, roi.rows / factor)), 0, 0,
               cv::INTER_AREA);
    const int kernel = static_cast<int>(2 * side / factor) | 1;
    cv::morphologyEx(small, small, cv::MORPH_CLOSE,
                     cv::getStructuringElement(cv::MORPH_RECT, cv::Size(kernel, kernel)));
    cv::resize(small, paper, roi.size(), 0, 0, cv::INTER_LINEAR);
    cv::max(paper, 1, paper);
    cv::Mat flat;
    cv::divide(roi, paper, flat, paper_level, CV_8U);
    const double otsu = cv::threshold(flat, binary, 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);
    if (otsu > max_ink_share * paper_level) {
        cv::threshold(flat, binary, max_ink_share * paper_level, 255, cv::THRESH_BINARY_INV);
    }
    return binary;
}

/// The median gray of the middle of a found square, and its pixels' moments.
FoundMark describe(const cv::Mat& image, const cv::Mat& labels, int label, const cv::Rect& box,
                   const cv::Rect& window, Point centre, double area) {
    FoundMark f{centre, 0, area, 0, 0, 0, std::nullopt};
    const double root = std::sqrt(area);
    const cv::Rect core(static_cast<int>(centre.x - root / 4), static_cast<int>(centre.y - root / 4),
                        std::max(1, static_cast<int>(root / 2)), std::max(1, static_cast<int>(root / 2)));
    std::vector<std::uint8_t> values(
        image(core & cv::Rect(0, 0, image.cols, image.rows)).clone().reshape(1, 1));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2),
                     values.end());
    f.ink = values.empty() ? 0.0 : values[values.size() / 2];
    const double cx = centre.x - window.x, cy = centre.y - window.y;
    for (int y = box.y; y < box.y + box.height; ++y) {
        const int* row = labels.ptr<int>(y);
        for (int x = box.x; x < box.x + box.width; ++x) {
            if (row[x] == label) {
                f.mxx += (x - cx) * (x - cx);
                f.mxy += (x - cx) * (y - cy);
                f.myy += (y - cy) * (y - cy);
            }
        }
    }
    f.mxx /= area;
    f.mxy /= area;
    f.myy /= area;
    return f;
}

}  // namespace

std::optional<FoundMark> find_mark(const cv::Mat& image, const MarkSearch& s) {
    const double side = s.side, reach = s.reach;
    const cv::Rect window =
        cv::Rect(static_cast<int>(s.expected.x - reach), static_cast<int>(s.expected.y - reach),
                 static_cast<int>(2 * reach), static_cast<int>(2 * reach)) &
        cv::Rect(0, 0, image.cols, image.rows);
    if (window.width < side || window.height < side) {
        return std::nullopt;
    }
    const cv::Mat binary = binarize(image(window), side, s.binarize);
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(binary, labels, stats, centroids, 8, CV_32S);
    std::optional<FoundMark> best;
    double best_distance = reach;
    for (int i = 1; i < n; ++i) {
        const double area = stats.at<int>(i, cv::CC_STAT_AREA);
        const double w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
        const double root = std::sqrt(area);
        // A solid square of the right size, in any rotation: its bounding box
        // is at most √2 its side, and it fills at least half of that box.
        if (root < 0.7 * side || root > 1.4 * side || w > 1.5 * root || h > 1.5 * root ||
            area < 0.5 * w * h || std::max(w, h) > 1.6 * std::min(w, h)) {
            continue;
        }
        const Point c{window.x + centroids.at<double>(i, 0), window.y + centroids.at<double>(i, 1)};
        const double distance = std::hypot(c.x - s.expected.x, c.y - s.expected.y);
        const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                           stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
        if (distance >= best_distance) {
            continue;
        }
        const auto corners = quadrilateral(labels, i, box, area);
        if (s.binarize == Binarize::otsu ? squareness(labels, i, box, area, s.angle) >= min_squareness
                                         : corners.has_value()) {
            best_distance = distance;
            best = describe(image, labels, i, box, window, c, area);
            if (corners) {
                best->corners = *corners;
                for (Point& p : *best->corners) {
                    p = {p.x + window.x, p.y + window.y};
                }
            }
        }
    }
    return best;
}

}  // namespace handout::scan::detail
