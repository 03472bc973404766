// Images: decodes the PNG and JPEG files a worksheet names into 8-bit gray
// pixels, ready for the painter. Plain C++ on the outside: libpng and libjpeg
// stay inside src/image, and their errors come out as ImageError.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace handout {

/// Largest width or height of an image we decode, in pixels.
inline constexpr std::uint32_t max_image_side = 10000;
/// Largest image file we read, in bytes (64 MB; a 40-megapixel photo is
/// far smaller).
inline constexpr std::size_t max_image_file_bytes = std::size_t{64} << 20;
/// Largest number of pixels of an image we decode (40 megapixels).
inline constexpr std::uint64_t max_image_pixels = 40'000'000;

/// An image that cannot be used: missing, unreadable, not PNG or JPEG,
/// damaged, or too large. `what()` reads `<path>: <reason>`; `reason()` is
/// the part to show next to a worksheet location, `hint()` says what to do.
class ImageError : public std::runtime_error {
public:
    ImageError(std::string path, std::string reason, std::string hint);

    /// The file that was being read.
    const std::string& path() const noexcept { return path_; }
    /// What is wrong, in a teacher's words, e.g. "the PNG file is damaged (…)".
    const std::string& reason() const noexcept { return reason_; }
    /// What to do about it, e.g. "save it again as PNG or JPEG".
    const std::string& hint() const noexcept { return hint_; }

private:
    std::string path_, reason_, hint_;
};

/// A decoded image: 8-bit gray, row-major from the top row, one byte a pixel
/// (0 black, 255 white), transparency composited over white.
struct GrayImage {
    std::uint32_t width = 0, height = 0;
    std::vector<std::uint8_t> pixels;  ///< width × height bytes

    /// Width divided by height; 1 for an empty image.
    double aspect() const noexcept {
        return width == 0 || height == 0 ? 1.0 : static_cast<double>(width) / static_cast<double>(height);
    }
};

/// Decodes the PNG or JPEG file at `path` (the format is told by the file's
/// first bytes, not its name) into gray. PNG: every color type and bit depth
/// 1–16, palettes, tRNS and alpha, interlaced; JPEG: gray, YCbCr, RGB, CMYK
/// and YCCK, baseline and progressive, with the EXIF orientation applied.
/// Color becomes gray with the Rec. 601 weights (0.299 R + 0.587 G +
/// 0.114 B), as in JPEG's own luma. Images over `max_image_side` or
/// `max_image_pixels` are refused from their header, before any pixel memory
/// is allocated. Throws ImageError for a missing, unreadable, unknown,
/// damaged or too large file.
GrayImage decode_image(const std::string& path);

/// Longest side of an image embedded in the quiz page, in pixels: enough
/// for any screen, and it bounds the page's size.
inline constexpr std::uint32_t max_embedded_side = 1600;

/// `image` as an 8-bit gray PNG holding nothing but its pixels (no metadata,
/// no date: the same image gives the same bytes), shrunk by an integer
/// factor when its longer side is over `max_side`. Throws ImageError when
/// libpng fails.
std::string encode_png(const GrayImage& image, std::uint32_t max_side = max_embedded_side);

}  // namespace handout
