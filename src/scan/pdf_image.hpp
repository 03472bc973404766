// Private to src/scan: a PDF page that is one full-page image, read without
// rendering (pdf_image.cpp).
#pragma once

#include "scan/input.hpp"

#include <optional>

class QPDFPageObjectHelper;

namespace handout::scan::detail {

/// The page as its single image, decoded and turned the way a renderer would
/// draw it (dpi from the image's size on the page), when the page draws one
/// image over the whole page and nothing else visible, and the image is JPEG
/// or Flate/LZW gray, RGB or 1-bit without masks; nullopt otherwise (the page
/// is then rendered). May throw qpdf's exceptions for a damaged page.
std::optional<Raster> page_image(QPDFPageObjectHelper& page);

}  // namespace handout::scan::detail
