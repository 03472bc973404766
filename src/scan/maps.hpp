// Private to src/scan: maps between the page (points) and the image (pixels)
// fitted to point pairs (maps.cpp), for registration (register.cpp).
#pragma once

#include "handout/scan.hpp"

#include <array>
#include <optional>
#include <vector>

namespace handout::scan::detail {

/// A row-major 3×3 homography (an affine map has 0 0 1 as its last row).
using Matrix = std::array<double, 9>;

/// Least-squares affine map taking `from` to `to` (at least three points).
std::optional<Matrix> fit_affine(const std::vector<Point>& from, const std::vector<Point>& to);

/// The homography taking the first four points of `from` exactly to `to`'s.
std::optional<Matrix> fit_homography(const std::vector<Point>& from, const std::vector<Point>& to);

/// Least-squares homography taking `from` to `to` (four points or more).
std::optional<Matrix> fit_homography_lsq(const std::vector<Point>& from, const std::vector<Point>& to);

/// Image pixels per page point at p (the square root of the Jacobian's determinant).
double scale_at(const Matrix& h, Point p);

/// The 2×2 Jacobian of h at p (image pixels per page point), row-major.
std::array<double, 4> jacobian_at(const Matrix& h, Point p);

}  // namespace handout::scan::detail
