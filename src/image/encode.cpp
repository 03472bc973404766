// Image encoding: a gray image as a plain PNG (libpng: the quiz page's
// pictures, scan crops and thumbnails, synthetic scans) or JPEG (libjpeg:
// synthetic scans), and the one shrinker. Only pixels go in: no EXIF, GPS,
// camera or text chunks of the file the teacher named, and no date, so the
// same image gives the same bytes.

#include "handout/image.hpp"

#include <png.h>

#include <cstdio>  // jpeglib.h needs FILE and size_t declared first
#include <jpeglib.h>

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace handout {
namespace {

/// What the encoder shares with libpng's callbacks. Owns the output, so a
/// longjmp out of libpng skips no destructor.
struct PngOut {
    std::string bytes;
    std::vector<std::uint8_t> row;  ///< a row packed 8 pixels a byte (1-bit images)
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

/// Writes `image` through libpng, 8 or 1 bit a pixel; may be left by a
/// longjmp, so it holds only trivial locals. Returns false when libpng failed.
bool guarded_write(png_structp png, png_infop info, const GrayImage& image, bool one_bit, PngOut& out) {
    if (setjmp(png_jmpbuf(png))) return false;
    const auto w = static_cast<std::size_t>(image.width);
    png_set_IHDR(png, info, static_cast<png_uint_32>(image.width), static_cast<png_uint_32>(image.height),
                 one_bit ? 1 : 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (std::size_t y = 0; y < static_cast<std::size_t>(image.height); ++y) {
        const std::uint8_t* row = image.pixels.data() + y * w;
        if (!one_bit) {
            png_write_row(png, row);
            continue;
        }
        std::fill(out.row.begin(), out.row.end(), std::uint8_t{0});
        for (std::size_t x = 0; x < w; ++x)
            if (row[x] != 0) out.row[x / 8] |= static_cast<std::uint8_t>(0x80U >> (x % 8));
        png_write_row(png, out.row.data());
    }
    png_write_end(png, nullptr);
    return true;
}

/// Which pixels of a source line of `from` pixels make each of `to` pixels
/// (to ≤ from), and by how much: pixel i covers [i·from/to, (i+1)·from/to).
struct AreaTable {
    struct Part {
        std::size_t source;
        double weight;
    };
    std::vector<std::size_t> first;  ///< into parts, one more than `to`
    std::vector<Part> parts;

    AreaTable(int from, int to) {
        const double scale = static_cast<double>(from) / static_cast<double>(to);
        for (int i = 0; i < to; ++i) {
            first.push_back(parts.size());
            const double begin = i * scale, end = std::min(static_cast<double>(from), (i + 1) * scale);
            const auto j0 = static_cast<std::size_t>(std::floor(begin));
            for (std::size_t j = j0; static_cast<double>(j) < end && j < static_cast<std::size_t>(from);
                 ++j) {
                const double weight =
                    std::min(end, static_cast<double>(j + 1)) - std::max(begin, static_cast<double>(j));
                if (weight > 1e-9) parts.push_back({j, weight / (end - begin)});
            }
        }
        first.push_back(parts.size());
    }
};

}  // namespace

GrayImage shrink(const GrayImage& image, int longest) {
    if (image.empty() || longest <= 0 || std::max(image.width, image.height) <= longest) return image;
    const double k = static_cast<double>(longest) / std::max(image.width, image.height);
    GrayImage out;
    out.width = std::max(1, static_cast<int>(image.width * k));
    out.height = std::max(1, static_cast<int>(image.height * k));
    out.dpi = image.dpi * k;
    const AreaTable across(image.width, out.width), down(image.height, out.height);
    const auto in_w = static_cast<std::size_t>(image.width), out_w = static_cast<std::size_t>(out.width);
    out.pixels.resize(out_w * static_cast<std::size_t>(out.height));
    std::vector<double> sums(out_w), row(out_w);
    for (std::size_t y = 0; y < static_cast<std::size_t>(out.height); ++y) {
        std::fill(sums.begin(), sums.end(), 0.0);
        for (std::size_t p = down.first[y]; p < down.first[y + 1]; ++p) {
            const std::uint8_t* source = image.pixels.data() + down.parts[p].source * in_w;
            for (std::size_t x = 0; x < out_w; ++x) {
                double sum = 0;
                for (std::size_t q = across.first[x]; q < across.first[x + 1]; ++q)
                    sum += across.parts[q].weight * source[across.parts[q].source];
                row[x] = sum;
            }
            for (std::size_t x = 0; x < out_w; ++x) sums[x] += down.parts[p].weight * row[x];
        }
        for (std::size_t x = 0; x < out_w; ++x)
            out.pixels[y * out_w + x] = static_cast<std::uint8_t>(std::clamp(std::lround(sums[x]), 0L, 255L));
    }
    return out;
}

std::string encode_png(const GrayImage& image, int max_side, bool one_bit) {
    const GrayImage small = max_side > 0 ? shrink(image, max_side) : GrayImage{};
    const GrayImage& source = max_side > 0 ? small : image;
    if (source.empty()) throw ImageError("", "the image is empty", "");
    one_bit = one_bit && std::all_of(source.pixels.begin(), source.pixels.end(),
                                     [](std::uint8_t v) { return v == 0 || v == 255; });

    PngOut out;
    out.row.resize((static_cast<std::size_t>(source.width) + 7) / 8);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &out, &on_error, &on_warning);
    png_infop info = png != nullptr ? png_create_info_struct(png) : nullptr;
    if (info == nullptr) {
        png_destroy_write_struct(&png, nullptr);
        throw ImageError("", "there is not enough memory to encode the image", "");
    }
    png_set_write_fn(png, &out, &on_write, &on_flush);
    const bool ok = guarded_write(png, info, source, one_bit, out);
    png_destroy_write_struct(&png, &info);
    if (!ok) throw ImageError("", std::string("the image cannot be encoded as PNG (") + out.message + ")", "");
    return std::move(out.bytes);
}

namespace {

/// libjpeg's error manager, extended with our jump target and message.
struct JpegOut {
    jpeg_error_mgr mgr;  // first, so that libjpeg's pointer to it is a pointer to us
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX] = {};
    unsigned char* buffer = nullptr;  ///< jpeg_mem_dest's, freed by the caller
    unsigned long size = 0;
};

void jpeg_on_error(j_common_ptr cinfo) {
    auto* out = reinterpret_cast<JpegOut*>(cinfo->err);
    (*cinfo->err->format_message)(cinfo, out->message);
    std::longjmp(out->jump, 1);
}

/// Compresses `image`; may be left by a longjmp, so it holds only trivial
/// locals. Returns false when libjpeg failed.
bool guarded_compress(jpeg_compress_struct& cinfo, JpegOut& out, const GrayImage& image, int quality) {
    if (setjmp(out.jump)) return false;
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &out.buffer, &out.size);
    cinfo.image_width = static_cast<JDIMENSION>(image.width);
    cinfo.image_height = static_cast<JDIMENSION>(image.height);
    cinfo.input_components = 1;
    cinfo.in_color_space = JCS_GRAYSCALE;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        // libjpeg does not write through the row pointer.
        JSAMPROW row = const_cast<JSAMPROW>(image.pixels.data()) +
                       std::size_t{cinfo.next_scanline} * static_cast<std::size_t>(image.width);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    return true;
}

}  // namespace

std::string encode_jpeg(const GrayImage& image, int quality) {
    if (image.empty()) throw ImageError("", "the image is empty", "");
    jpeg_compress_struct cinfo{};
    JpegOut out;
    cinfo.err = jpeg_std_error(&out.mgr);
    out.mgr.error_exit = &jpeg_on_error;
    const bool ok = guarded_compress(cinfo, out, image, std::clamp(quality, 1, 100));
    jpeg_destroy_compress(&cinfo);
    std::string bytes = ok && out.buffer != nullptr
                            ? std::string(reinterpret_cast<const char*>(out.buffer), out.size)
                            : std::string();
    std::free(out.buffer);
    if (!ok)
        throw ImageError("", std::string("the image cannot be encoded as JPEG (") + out.message + ")", "");
    return bytes;
}

}  // namespace handout
