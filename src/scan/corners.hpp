// Private to src/scan: finding one corner mark in a window of the image
// (corners.cpp), for registration (register.cpp).
#pragma once

#include "handout/scan.hpp"

#include <opencv2/core.hpp>

#include <array>
#include <optional>

namespace handout::scan::detail {

/// A corner mark found in the image.
struct FoundMark {
    Point centre;     ///< image pixels
    double ink = 0;   ///< its median gray
    double area = 0;  ///< pixels
    /// Central second moments of its pixels (xx, xy, yy), image pixels²: a
    /// square's are alike in every direction, which registration checks on
    /// the page (a homography that turns the marks into oblongs is wrong).
    double mxx = 0, mxy = 0, myy = 0;
    /// Its four corners (image pixels, in order round the outline; each
    /// where two of its sides, fitted to the outline, meet), when its outline
    /// is a clear quadrilateral: with them a mark also tells the page's
    /// directions and scale where it lies.
    std::optional<std::array<Point, 4>> corners;
};

/// How a search window is made black and white.
enum class Binarize {
    otsu,       ///< Otsu's threshold on the gray window (scans: even light)
    flattened,  ///< each pixel over its local paper level first (photos: uneven light, shadows, desk)
};

/// Where to look for one mark and what it looks like.
struct MarkSearch {
    Point expected;    ///< where it should be, image pixels
    double side = 0;   ///< its expected side, pixels
    double reach = 0;  ///< half the search window's side, pixels
    double angle = 0;  ///< the page's x axis in the image, radians
    Binarize binarize = Binarize::otsu;
};

/// The solid square of about `side` pixels, its sides near `angle`, nearest
/// to `expected` within the window, if any.
std::optional<FoundMark> find_mark(const cv::Mat& image, const MarkSearch& search);

}  // namespace handout::scan::detail
