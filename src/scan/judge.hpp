// Private to src/scan: mark judging (judge.cpp), called by registration
// (register.cpp) once a page's homography is known.
#pragma once

#include "handout/scan.hpp"

#include <opencv2/core.hpp>

#include <vector>

namespace handout::scan::detail {

/// A page point mapped through a row-major 3×3 homography.
Point apply(const std::array<double, 9>& h, Point p) noexcept;

/// Judges every target of `geometry` on the gray page `image`, registered by
/// `page_to_image`; `ink` is the gray level of printed black (the corner marks).
std::vector<MarkReading> judge_targets(const cv::Mat& image, const std::array<double, 9>& page_to_image,
                                       const PageGeometry& geometry, double ink, const Thresholds& thresholds);

}  // namespace handout::scan::detail
