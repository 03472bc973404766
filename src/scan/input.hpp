// Private to src/scan: the readers behind read_scan, one a library.
#pragma once

#include "handout/scan.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <utility>
#include <string>
#include <vector>

namespace handout::scan::detail {

/// Largest page we accept, in pixels (A3 at 600 dpi is 70 megapixels).
inline constexpr long long max_page_pixels = 80'000'000;

/// Hands each page of a PDF, rendered with poppler, to `visit` (pdf_input.cpp).
void read_pdf(const std::string& path, const std::function<void(ScanPage&&)>& visit, const ReadOptions& options);

/// Hands each page of a PNG, JPEG or TIFF to `visit` (images.cpp).
void read_image(const std::string& path, const std::function<void(ScanPage&&)>& visit);

/// How many times smaller (1, 2, 4 or 8: libjpeg's scaled decoding, which
/// skips most of the work) a JPEG page of `width` × `height` pixels at `dpi`
/// (0: unknown, its short side taken as 8.3 in) is decoded: as small as keeps
/// it at 200 dpi or more (a fine scan of 400–600 dpi). A 12 MP phone photo
/// is decoded whole: by its short side it is 360 dpi, but the page in it,
/// desk around, is about 310, and half of that is too little where the
/// photo's perspective shrinks the far side of the page (dense bubble grids
/// of an answer sheet then read unclear).
inline int jpeg_reduction(long long width, long long height, double dpi) {
    const double resolution = dpi > 0 ? dpi : static_cast<double>(std::min(width, height)) / 8.3;
    int factor = 1;
    while (factor < 8 && resolution / (2 * factor) >= 200) {
        factor *= 2;
    }
    return factor;
}

/// A JPEG's width and height from its frame header, or nullopt when the
/// bytes are not a baseline or progressive JPEG (images.cpp).
std::optional<std::pair<int, int>> jpeg_size(const std::uint8_t* data, std::size_t size);

/// The size a page declares, in pixels.
struct PageSize {
    std::uint64_t width = 0, height = 0;

    bool too_large() const {
        constexpr auto most = static_cast<std::uint64_t>(max_page_pixels);
        return width == 0 || height == 0 || width > most || height > most || width * height > most;
    }
};

/// A PNG's declared size (its IHDR chunk); nullopt when the file is not a PNG (image_sizes.cpp).
std::optional<PageSize> png_size(const std::string& path);

/// The declared size of each page of a (Big)TIFF, in one pass over its
/// directories, stopping after `most` + 1 pages; nullopt when the file is
/// not a TIFF or its directories cannot be read (image_sizes.cpp).
std::optional<std::vector<PageSize>> tiff_sizes(const std::string& path, std::size_t most);

/// Why a page of `size` is not read: "the page is too large (…)" (images.cpp).
std::string too_large(const PageSize& size);

/// Hands each page of a TIFF whose directories gave `sizes` to `visit`, in
/// order, decoded with libtiff: 8-bit gray directly, every other kind (1-bit,
/// 16-bit, color, palette, tiled) through libtiff's RGBA reader and made gray
/// with luma(); a page too large is refused before it is decoded (tiff.cpp).
void read_tiff(const std::string& path, const std::vector<PageSize>& sizes,
               const std::function<void(ScanPage&&)>& visit);

/// png_size and tiff_sizes of bytes already open (the fuzzer's).
std::optional<PageSize> png_size(std::istream& in);
std::optional<std::vector<PageSize>> tiff_sizes(std::istream& in, std::size_t most);

/// A page that could not be read.
inline ScanPage failed_page(const std::string& source, int index, std::string reason) {
    ScanPage page;
    page.source = source;
    page.index = index;
    page.error = std::move(reason);
    return page;
}

}  // namespace handout::scan::detail
