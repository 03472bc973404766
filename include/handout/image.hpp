// Images: the one gray image type, and the one place where PNG and JPEG
// files are decoded and encoded (a worksheet's pictures for the painter and
// the quiz page, scanned pages and their crops for `handout mark`). Plain
// C++ on the outside: libpng and libjpeg stay inside src/image, and their
// errors come out as ImageError. (Multi-page TIFF scans are read by the scan
// stage with libtiff, into this same type.)
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

/// The one gray image type of handout: a picture a worksheet names, a scanned
/// page, a crop of it. 8-bit gray, row-major from the top row, one byte a
/// pixel (0 black, 255 white), transparency composited over white.
struct GrayImage {
    int width = 0, height = 0;
    double dpi = 0;  ///< resolution when the source says it (a rendered or scanned page); 0 when unknown
    std::vector<std::uint8_t> pixels;  ///< width × height bytes

    bool empty() const noexcept { return width <= 0 || height <= 0; }
    /// The pixel in column `x` of row `y` (unchecked).
    std::uint8_t at(int x, int y) const {
        return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                      static_cast<std::size_t>(x)];
    }
    /// Width divided by height; 1 for an empty image.
    double aspect() const noexcept {
        return empty() ? 1.0 : static_cast<double>(width) / static_cast<double>(height);
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

/// How decode_image_bytes decodes: its limits and its JPEG choices.
struct DecodeOptions {
    /// Largest width or height, and largest number of pixels, accepted
    /// (checked from the header, before any pixel memory is allocated).
    std::uint64_t max_side = max_image_side, max_pixels = max_image_pixels;
    /// A JPEG decoded this many times smaller (1, 2, 4 or 8: libjpeg's
    /// scaled decoding, which skips most of the work; the size is rounded up).
    int jpeg_reduction = 1;
    /// Whether a JPEG's EXIF orientation is applied (a phone photo taken
    /// sideways comes out as the phone showed it).
    bool exif_orientation = true;
};

/// decode_image of a PNG or JPEG file's bytes already read; `path` names it
/// in errors. Throws ImageError as decode_image does.
GrayImage decode_image_bytes(const std::string& bytes, const std::string& path,
                             const DecodeOptions& options = {});

/// The gray of an 8-bit RGB color: Rec. 601 luma, rounded (0.299 R +
/// 0.587 G + 0.114 B), the weights every color image of handout is made
/// gray with.
std::uint8_t luma(unsigned r, unsigned g, unsigned b) noexcept;

/// `image` scaled down so that its longer side is at most `longest` pixels,
/// each new pixel the mean of the area of the old ones it covers (partly
/// covered pixels counted by their share), rounded; an image already small
/// enough (or `longest` ≤ 0) comes back unchanged. `dpi` is scaled too.
GrayImage shrink(const GrayImage& image, int longest);

/// Longest side of an image embedded in the quiz page, in pixels: enough
/// for any screen, and it bounds the page's size.
inline constexpr int max_embedded_side = 1600;

/// `image` as an 8-bit gray PNG holding nothing but its pixels (no metadata,
/// no date: the same image gives the same bytes), shrunk (shrink()) when its
/// longer side is over `max_side` (> 0; the quiz page's pictures are
/// encoded with max_embedded_side); by default every pixel is kept. With
/// `one_bit`, an image that is only black (0) and white (255) is stored 1 bit
/// a pixel (as a black-and-white scanner writes it). Throws ImageError when
/// libpng fails.
std::string encode_png(const GrayImage& image, int max_side = 0, bool one_bit = false);

/// `image` as a baseline gray JPEG of `quality` (1–100, libjpeg's scale),
/// libjpeg's default settings otherwise, no metadata. Throws ImageError when
/// libjpeg fails.
std::string encode_jpeg(const GrayImage& image, int quality);

}  // namespace handout
