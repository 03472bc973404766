// Maps between the page and the image fitted to point pairs: affine by least
// squares, a homography from four points exactly or from more by least
// squares (the direct linear transform on normalised points, solved by SVD).

#include "scan/maps.hpp"

#include "scan/judge.hpp"

#include <opencv2/imgproc.hpp>

#include <cmath>

namespace handout::scan::detail {

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
    return Matrix{px.at<double>(0),
                  px.at<double>(1),
                  px.at<double>(2),
                  py.at<double>(0),
                  py.at<double>(1),
                  py.at<double>(2),
                  0,
                  0,
                  1};
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

/// Least-squares homography taking `from` to `to` (four points or more):
/// the direct linear transform on points normalised to their centroid and
/// mean distance √2, solved by SVD.
std::optional<Matrix> fit_homography_lsq(const std::vector<Point>& from, const std::vector<Point>& to) {
    const auto normaliser = [](const std::vector<Point>& p) {
        double cx = 0, cy = 0, spread = 0;
        for (const Point& q : p) {
            cx += q.x / static_cast<double>(p.size());
            cy += q.y / static_cast<double>(p.size());
        }
        for (const Point& q : p) {
            spread += std::hypot(q.x - cx, q.y - cy) / static_cast<double>(p.size());
        }
        const double k = spread > 0 ? std::sqrt(2.0) / spread : 1;
        return cv::Matx33d(k, 0, -k * cx, 0, k, -k * cy, 0, 0, 1);
    };
    const cv::Matx33d n_from = normaliser(from), n_to = normaliser(to);
    cv::Mat a(2 * static_cast<int>(from.size()), 9, CV_64F, cv::Scalar(0));
    for (std::size_t i = 0; i < from.size(); ++i) {
        const cv::Vec3d p = n_from * cv::Vec3d(from[i].x, from[i].y, 1),
                        q = n_to * cv::Vec3d(to[i].x, to[i].y, 1);
        auto* r0 = a.ptr<double>(2 * static_cast<int>(i));
        auto* r1 = a.ptr<double>(2 * static_cast<int>(i) + 1);
        const std::array<double, 3> v = {p[0], p[1], 1};
        for (std::size_t k = 0; k < 3; ++k) {
            r0[k] = v[k];
            r0[6 + k] = -q[0] * v[k];
            r1[3 + k] = v[k];
            r1[6 + k] = -q[1] * v[k];
        }
    }
    cv::Mat solution;
    cv::SVD::solveZ(a, solution);
    if (solution.empty()) {
        return std::nullopt;
    }
    const cv::Matx33d h = n_to.inv() * cv::Matx33d(solution.ptr<double>()) * n_from;
    if (std::abs(h(2, 2)) < 1e-12) {
        return std::nullopt;
    }
    Matrix m;
    for (int i = 0; i < 9; ++i) {
        m[static_cast<std::size_t>(i)] = h(i / 3, i % 3) / h(2, 2);
    }
    return m;
}

/// Image pixels per page point at p.
double scale_at(const Matrix& h, Point p) {
    const Point a = detail::apply(h, p), bx = detail::apply(h, {p.x + 1, p.y}),
                by = detail::apply(h, {p.x, p.y + 1});
    return std::sqrt(std::abs((bx.x - a.x) * (by.y - a.y) - (bx.y - a.y) * (by.x - a.x)));
}

/// The 2×2 Jacobian of h at p (image pixels per page point), row-major.
std::array<double, 4> jacobian_at(const Matrix& h, Point p) {
    const Point a = detail::apply(h, p), bx = detail::apply(h, {p.x + 1, p.y}),
                by = detail::apply(h, {p.x, p.y + 1});
    return {bx.x - a.x, by.x - a.x, bx.y - a.y, by.y - a.y};
}

}  // namespace handout::scan::detail
