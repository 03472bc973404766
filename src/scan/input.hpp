// Private to src/scan: the readers behind read_scan, one a library.
#pragma once

#include "handout/scan.hpp"

#include <functional>
#include <string>
#include <vector>

namespace handout::scan::detail {

/// Largest page we accept, in pixels (A3 at 600 dpi is 70 megapixels).
inline constexpr long long max_page_pixels = 80'000'000;

/// Hands each page of a PDF, rendered with poppler, to `visit` (pdf_input.cpp).
void read_pdf(const std::string& path, const std::function<void(ScanPage&&)>& visit, const ReadOptions& options);

/// Hands each page of a PNG, JPEG or TIFF, decoded with OpenCV, to `visit` (images.cpp).
void read_image(const std::string& path, const std::function<void(ScanPage&&)>& visit);

/// A page that could not be read.
inline ScanPage failed_page(const std::string& source, int index, std::string reason) {
    ScanPage page;
    page.source = source;
    page.index = index;
    page.error = std::move(reason);
    return page;
}

}  // namespace handout::scan::detail
