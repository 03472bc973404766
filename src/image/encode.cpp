// Image encoding: a decoded gray image as a plain PNG (libpng), for the quiz
// page. Only pixels go in: no EXIF, GPS, camera or text chunks of the file
// the teacher named, and no date, so the same image gives the same bytes.

#include "handout/image.hpp"

#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace handout {
namespace {

/// What the encoder shares with libpng's callbacks. Owns the output, so a
/// longjmp out of libpng skips no destructor.
struct PngOut {
    std::string bytes;
    char message[256] = {};
};

void on_write(png_structp png, png_bytep data, png_size_t size) {
    static_cast<PngOut*>(png_get_io_ptr(png))->bytes.append(reinterpret_cast<const char*>(data), size);
}

void on_flush(png_structp) {}

void on_error(png_structp png, png_const_charp message) {
    auto* out = static_cast<PngOut*>(png_get_error_ptr(png));
    std::snprintf(out->message, sizeof out->message, "%s", message);
    png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

/// Writes `image` through libpng; may be left by a longjmp, so it holds
/// only trivial locals. Returns false when libpng failed.
bool guarded_write(png_structp png, png_infop info, const GrayImage& image) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_IHDR(png, info, image.width, image.height, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (std::uint32_t y = 0; y < image.height; ++y)
        png_write_row(png, image.pixels.data() + std::size_t{y} * image.width);
    png_write_end(png, nullptr);
    return true;
}

/// `image` shrunk by averaging `factor` × `factor` blocks (edges averaged
/// over what is there).
GrayImage shrink(const GrayImage& image, std::uint32_t factor) {
    GrayImage out;
    out.width = (image.width + factor - 1) / factor;
    out.height = (image.height + factor - 1) / factor;
    out.pixels.resize(std::size_t{out.width} * out.height);
    for (std::uint32_t y = 0; y < out.height; ++y)
        for (std::uint32_t x = 0; x < out.width; ++x) {
            unsigned sum = 0, count = 0;
            for (std::uint32_t dy = 0; dy < factor && y * factor + dy < image.height; ++dy)
                for (std::uint32_t dx = 0; dx < factor && x * factor + dx < image.width; ++dx, ++count)
                    sum += image.pixels[std::size_t{y * factor + dy} * image.width + x * factor + dx];
            out.pixels[std::size_t{y} * out.width + x] = static_cast<std::uint8_t>((sum + count / 2) / count);
        }
    return out;
}

}  // namespace

std::string encode_png(const GrayImage& image, std::uint32_t max_side) {
    const std::uint32_t side = std::max(image.width, image.height);
    const std::uint32_t factor = side > max_side && max_side > 0 ? (side + max_side - 1) / max_side : 1;
    const GrayImage small = factor > 1 ? shrink(image, factor) : GrayImage{};
    const GrayImage& source = factor > 1 ? small : image;
    if (source.width == 0 || source.height == 0) throw ImageError("", "the image is empty", "");

    PngOut out;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &out, &on_error, &on_warning);
    png_infop info = png != nullptr ? png_create_info_struct(png) : nullptr;
    if (info == nullptr) {
        png_destroy_write_struct(&png, nullptr);
        throw ImageError("", "there is not enough memory to encode the image", "");
    }
    png_set_write_fn(png, &out, &on_write, &on_flush);
    const bool ok = guarded_write(png, info, source);
    png_destroy_write_struct(&png, &info);
    if (!ok) throw ImageError("", std::string("the image cannot be encoded as PNG (") + out.message + ")", "");
    return std::move(out.bytes);
}

}  // namespace handout
