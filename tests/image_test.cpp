// Tests of image decoding. Every test image is written here, in a temporary
// folder, with libpng and libjpeg themselves: each PNG color type and bit
// depth, interlaced, palettes with tRNS, alpha, CMYK and progressive JPEGs,
// EXIF orientations. Damaged files are made by cutting and flipping bytes of
// good ones; they must give ImageError, never a crash or another exception.

#include <gtest/gtest.h>
#include <png.h>
#include <stdlib.h>

#include <cstdio>  // jpeglib.h needs FILE and size_t declared first
#include <jpeglib.h>

#include <atomic>
#include <csetjmp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <new>
#include <string>
#include <vector>

#include "handout/image.hpp"

namespace fs = std::filesystem;
using namespace handout;

// ---------------------------------------------------------------------------
// The largest single allocation through operator new, to prove that a file
// claiming a huge size is refused before its pixels are allocated.

namespace {
std::atomic<std::size_t> largest_allocation{0};
}  // namespace

// Not inlined: GCC would otherwise see free() of a pointer from operator new.
[[gnu::noinline]] void* operator new(std::size_t size) {
    std::size_t seen = largest_allocation.load(std::memory_order_relaxed);
    while (size > seen && !largest_allocation.compare_exchange_weak(seen, size, std::memory_order_relaxed)) {
    }
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using Bytes = std::vector<std::uint8_t>;

// ---------------------------------------------------------------------------
// Writing test PNGs

/// A PNG to write: size, format, and the samples of each pixel (one value per
/// channel, in the file's bit depth; a palette index for palette images).
struct PngSpec {
    std::uint32_t width = 1, height = 1;
    int color_type = PNG_COLOR_TYPE_GRAY;
    int bit_depth = 8;
    bool interlaced = false;
    std::vector<png_color> palette;
    Bytes palette_alpha;            ///< tRNS of a palette image
    bool has_trans_color = false;   ///< tRNS of a gray or RGB image
    png_color_16 trans_color{};
    bool with_gamma = false;        ///< adds a gAMA chunk of 1/2.2
    std::function<std::vector<unsigned>(std::uint32_t x, std::uint32_t y)> samples;
};

int channels_of(int color_type) {
    switch (color_type) {
        case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
        case PNG_COLOR_TYPE_RGB: return 3;
        case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
        default: return 1;
    }
}

/// The rows of `spec` packed as a PNG stores them (sub-byte samples from the
/// high bits, 16-bit samples big-endian).
std::vector<Bytes> pack_rows(const PngSpec& spec) {
    const int channels = channels_of(spec.color_type);
    std::vector<Bytes> rows;
    for (std::uint32_t y = 0; y < spec.height; ++y) {
        Bytes row((std::size_t{spec.width} * channels * spec.bit_depth + 7) / 8, 0);
        std::size_t bit = 0;
        for (std::uint32_t x = 0; x < spec.width; ++x) {
            const std::vector<unsigned> values = spec.samples(x, y);
            for (int c = 0; c < channels; ++c, bit += spec.bit_depth) {
                const unsigned v = values.at(static_cast<std::size_t>(c));
                if (spec.bit_depth == 16) {
                    row[bit / 8] = static_cast<std::uint8_t>(v >> 8);
                    row[bit / 8 + 1] = static_cast<std::uint8_t>(v);
                } else {
                    row[bit / 8] |= static_cast<std::uint8_t>(v << (8 - spec.bit_depth - bit % 8));
                }
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

void on_png_write_error(png_structp png, png_const_charp message) {
    ADD_FAILURE() << "libpng could not write a test image: " << message;
    png_longjmp(png, 1);
}

/// Writes with libpng's jump target set; holds only trivial locals.
bool guarded_write_png(png_structp png, png_infop info, const PngSpec& spec, png_bytepp rows, std::FILE* file) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_init_io(png, file);
    png_set_IHDR(png, info, spec.width, spec.height, spec.bit_depth, spec.color_type,
                 spec.interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (!spec.palette.empty()) png_set_PLTE(png, info, spec.palette.data(), static_cast<int>(spec.palette.size()));
    if (!spec.palette_alpha.empty())
        png_set_tRNS(png, info, spec.palette_alpha.data(), static_cast<int>(spec.palette_alpha.size()), nullptr);
    if (spec.has_trans_color) png_set_tRNS(png, info, nullptr, 0, &spec.trans_color);
    if (spec.with_gamma) png_set_gAMA(png, info, 1 / 2.2);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, nullptr);
    return true;
}

void write_png(const fs::path& path, const PngSpec& spec) {
    std::vector<Bytes> rows = pack_rows(spec);
    std::vector<png_bytep> pointers;
    for (Bytes& row : rows) pointers.push_back(row.data());
    std::FILE* file = std::fopen(path.c_str(), "wb");
    ASSERT_NE(file, nullptr);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, &on_png_write_error, nullptr);
    png_infop info = png_create_info_struct(png);
    EXPECT_TRUE(guarded_write_png(png, info, spec, pointers.data(), file));
    png_destroy_write_struct(&png, &info);
    std::fclose(file);
}

// ---------------------------------------------------------------------------
// Writing test JPEGs

/// A JPEG to write: size, the color space of the samples given, and options.
struct JpegSpec {
    std::uint32_t width = 16, height = 16;
    J_COLOR_SPACE in_space = JCS_RGB;
    int components = 3;
    J_COLOR_SPACE file_space = JCS_UNKNOWN;  ///< JCS_UNKNOWN: libjpeg's default for `in_space`
    bool adobe_marker = true;                ///< libjpeg writes one for CMYK; false removes it
    bool progressive = false;
    int quality = 100;
    Bytes exif;                              ///< APP1 payload, when not empty
    std::function<std::vector<unsigned>(std::uint32_t x, std::uint32_t y)> samples;
};

struct JpegWriteErrors {
    jpeg_error_mgr mgr;
    std::jmp_buf jump;
};

void on_jpeg_write_error(j_common_ptr cinfo) {
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    ADD_FAILURE() << "libjpeg could not write a test image: " << message;
    std::longjmp(reinterpret_cast<JpegWriteErrors*>(cinfo->err)->jump, 1);
}

/// Writes with libjpeg's jump target set; holds only trivial locals.
bool guarded_write_jpeg(jpeg_compress_struct& cinfo, JpegWriteErrors& errors, const JpegSpec& spec,
                        std::vector<Bytes>& rows, std::FILE* file) {
    if (setjmp(errors.jump)) return false;
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, file);
    cinfo.image_width = spec.width;
    cinfo.image_height = spec.height;
    cinfo.input_components = spec.components;
    cinfo.in_color_space = spec.in_space;
    jpeg_set_defaults(&cinfo);
    if (spec.file_space != JCS_UNKNOWN) jpeg_set_colorspace(&cinfo, spec.file_space);
    if (!spec.adobe_marker) cinfo.write_Adobe_marker = FALSE;
    jpeg_set_quality(&cinfo, spec.quality, TRUE);
    if (spec.progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (!spec.exif.empty())
        jpeg_write_marker(&cinfo, JPEG_APP0 + 1, spec.exif.data(), static_cast<unsigned>(spec.exif.size()));
    for (Bytes& row : rows) {
        JSAMPROW pointer = row.data();
        jpeg_write_scanlines(&cinfo, &pointer, 1);
    }
    jpeg_finish_compress(&cinfo);
    return true;
}

void write_jpeg(const fs::path& path, const JpegSpec& spec) {
    std::vector<Bytes> rows;
    for (std::uint32_t y = 0; y < spec.height; ++y) {
        Bytes row;
        for (std::uint32_t x = 0; x < spec.width; ++x)
            for (unsigned v : spec.samples(x, y)) row.push_back(static_cast<std::uint8_t>(v));
        rows.push_back(std::move(row));
    }
    std::FILE* file = std::fopen(path.c_str(), "wb");
    ASSERT_NE(file, nullptr);
    jpeg_compress_struct cinfo{};
    JpegWriteErrors errors{};
    cinfo.err = jpeg_std_error(&errors.mgr);
    errors.mgr.error_exit = &on_jpeg_write_error;
    EXPECT_TRUE(guarded_write_jpeg(cinfo, errors, spec, rows, file));
    jpeg_destroy_compress(&cinfo);
    std::fclose(file);
}

/// An EXIF APP1 payload that holds only an orientation tag, in Intel
/// ("II") or Motorola ("MM") byte order.
Bytes exif_with_orientation(unsigned orientation, bool little_endian) {
    auto u16 = [&](Bytes& out, unsigned v) {
        if (little_endian) out.insert(out.end(), {std::uint8_t(v), std::uint8_t(v >> 8)});
        else out.insert(out.end(), {std::uint8_t(v >> 8), std::uint8_t(v)});
    };
    auto u32 = [&](Bytes& out, unsigned v) {
        if (little_endian) u16(out, v & 0xFFFF), u16(out, v >> 16);
        else u16(out, v >> 16), u16(out, v & 0xFFFF);
    };
    Bytes out = {'E', 'x', 'i', 'f', 0, 0};
    if (little_endian) out.insert(out.end(), {'I', 'I'});
    else out.insert(out.end(), {'M', 'M'});
    u16(out, 42);
    u32(out, 8);      // IFD0 right after the header
    u16(out, 2);      // two entries: a resolution unit first, then the orientation
    u16(out, 0x0128), u16(out, 3), u32(out, 1), u16(out, 2), u16(out, 0);
    u16(out, 0x0112), u16(out, 3), u32(out, 1), u16(out, orientation), u16(out, 0);
    u32(out, 0);      // no next IFD
    return out;
}

// ---------------------------------------------------------------------------
// Crafting files by hand

void append_be32(std::string& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

std::uint32_t crc32_of(const std::string& bytes) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (unsigned char c : bytes) {
        crc ^= c;
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

/// A PNG chunk with a correct CRC.
std::string chunk(const std::string& type, const std::string& data) {
    std::string out;
    append_be32(out, static_cast<std::uint32_t>(data.size()));
    out += type + data;
    append_be32(out, crc32_of(type + data));
    return out;
}

/// A well-formed PNG header claiming `width` × `height` RGB pixels, followed
/// by a token IDAT: no reader can get past the header without allocating.
std::string png_claiming(std::uint32_t width, std::uint32_t height) {
    std::string ihdr;
    append_be32(ihdr, width);
    append_be32(ihdr, height);
    ihdr += std::string("\x08\x02\x00\x00\x00", 5);  // 8-bit RGB, no interlace
    return std::string("\x89PNG\r\n\x1A\n", 8) + chunk("IHDR", ihdr) + chunk("IDAT", std::string("\x78\x9C", 2)) +
           chunk("IEND", "");
}

std::string read_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

// ---------------------------------------------------------------------------
// Expectations

/// Decodes `path`, expecting ImageError; returns its reason.
std::string image_error(const fs::path& path) {
    try {
        decode_image(path.string());
    } catch (const ImageError& e) {
        EXPECT_EQ(e.path(), path.string());
        EXPECT_EQ(std::string(e.what()), path.string() + ": " + e.reason());
        EXPECT_FALSE(e.hint().empty());
        return e.reason();
    } catch (const std::exception& e) {
        ADD_FAILURE() << path << ": threw another exception: " << e.what();
        return {};
    }
    ADD_FAILURE() << path << ": threw nothing";
    return {};
}

std::uint8_t at(const GrayImage& image, std::uint32_t x, std::uint32_t y) {
    return image.pixels.at(std::size_t{y} * static_cast<std::size_t>(image.width) + x);
}

/// Rec. 601 luma, as the decoder rounds it.
unsigned luma(unsigned r, unsigned g, unsigned b) { return (299 * r + 587 * g + 114 * b + 500) / 1000; }

class DecodeImage : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "handout-image-test-XXXXXX").string();
        ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }

    /// Writes `spec` as `name` and decodes it.
    GrayImage png(const std::string& name, const PngSpec& spec) {
        write_png(dir_ / name, spec);
        return decode_image((dir_ / name).string());
    }
    GrayImage jpeg(const std::string& name, const JpegSpec& spec) {
        write_jpeg(dir_ / name, spec);
        return decode_image((dir_ / name).string());
    }

    fs::path dir_;
};

/// Four quadrant colors: red, green / blue, white; used by several tests.
std::vector<unsigned> quadrant_rgb(std::uint32_t x, std::uint32_t y, std::uint32_t w, std::uint32_t h) {
    const bool right = x >= w / 2, bottom = y >= h / 2;
    if (!right && !bottom) return {255, 0, 0};
    if (right && !bottom) return {0, 255, 0};
    if (!right && bottom) return {0, 0, 255};
    return {255, 255, 255};
}

// ---------------------------------------------------------------------------
// PNG

TEST_F(DecodeImage, TurnsAnRgbPngIntoGrayWithRec601Weights) {
    PngSpec spec;
    spec.width = 8, spec.height = 6, spec.color_type = PNG_COLOR_TYPE_RGB;
    spec.samples = [](std::uint32_t x, std::uint32_t y) { return quadrant_rgb(x, y, 8, 6); };
    const GrayImage image = png("rgb.png", spec);
    ASSERT_EQ(image.width, 8);
    ASSERT_EQ(image.height, 6);
    ASSERT_EQ(image.pixels.size(), 48u);
    EXPECT_EQ(at(image, 0, 0), 76);   // red: 0.299 × 255
    EXPECT_EQ(at(image, 7, 0), 150);  // green: 0.587 × 255
    EXPECT_EQ(at(image, 0, 5), 29);   // blue: 0.114 × 255
    EXPECT_EQ(at(image, 7, 5), 255);  // white
    EXPECT_DOUBLE_EQ(image.aspect(), 8.0 / 6.0);
}

TEST_F(DecodeImage, IgnoresTheGammaChunkSoPngAndJpegGiveTheSameGray) {
    PngSpec spec;
    spec.width = 2, spec.height = 1, spec.color_type = PNG_COLOR_TYPE_RGB, spec.with_gamma = true;
    spec.samples = [](std::uint32_t x, std::uint32_t) { return x == 0 ? std::vector<unsigned>{255, 0, 0}
                                                                      : std::vector<unsigned>{100, 150, 200}; };
    const GrayImage image = png("gamma.png", spec);
    EXPECT_EQ(at(image, 0, 0), 76);
    EXPECT_EQ(at(image, 1, 0), luma(100, 150, 200));
}

TEST_F(DecodeImage, ReadsInterlacedPngsOfEverySizeExactlyLikeTheirNonInterlacedTwins) {
    // Small sizes leave some of the seven Adam7 passes empty.
    for (const auto& [w, h] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{
             {1, 1}, {2, 1}, {1, 5}, {3, 2}, {5, 9}, {8, 8}, {37, 23}}) {
        for (int color_type : {PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_RGB_ALPHA}) {
            PngSpec spec;
            spec.width = w, spec.height = h, spec.color_type = color_type;
            spec.samples = [](std::uint32_t x, std::uint32_t y) {
                const unsigned v = (x * 37 + y * 91) % 256;
                return std::vector<unsigned>{v, 255 - v, (v * 3) % 256, (x + y) % 2 ? 255u : 128u};
            };
            const GrayImage plain = png("plain.png", spec);
            spec.interlaced = true;
            const GrayImage interlaced = png("interlaced.png", spec);
            SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " type " + std::to_string(color_type));
            EXPECT_EQ(interlaced.width, w);
            EXPECT_EQ(interlaced.height, h);
            EXPECT_EQ(interlaced.pixels, plain.pixels);
        }
    }
    // And the values themselves, for one interlaced gray image.
    PngSpec spec;
    spec.width = 9, spec.height = 9, spec.interlaced = true;
    spec.samples = [](std::uint32_t x, std::uint32_t y) { return std::vector<unsigned>{x * 10 + y}; };
    const GrayImage image = png("values.png", spec);
    for (std::uint32_t y = 0; y < 9; ++y)
        for (std::uint32_t x = 0; x < 9; ++x) EXPECT_EQ(at(image, x, y), x * 10 + y);
}

TEST_F(DecodeImage, ScalesSixteenBitRgbAndGrayDownToEightBits) {
    PngSpec spec;
    spec.width = 3, spec.height = 2, spec.color_type = PNG_COLOR_TYPE_RGB, spec.bit_depth = 16;
    spec.samples = [](std::uint32_t x, std::uint32_t) {
        if (x == 0) return std::vector<unsigned>{0xFFFF, 0, 0};
        if (x == 1) return std::vector<unsigned>{0xFFFF, 0xFFFF, 0xFFFF};
        return std::vector<unsigned>{0x1234, 0x1234, 0x1234};
    };
    GrayImage image = png("rgb16.png", spec);
    ASSERT_EQ(image.width, 3);
    EXPECT_EQ(at(image, 0, 1), 76);
    EXPECT_EQ(at(image, 1, 1), 255);
    EXPECT_NEAR(at(image, 2, 1), 0x12, 1);

    spec.color_type = PNG_COLOR_TYPE_GRAY, spec.interlaced = true;
    spec.samples = [](std::uint32_t x, std::uint32_t) { return std::vector<unsigned>{x == 2 ? 0xFFFFu : x * 0x8080}; };
    image = png("gray16.png", spec);
    EXPECT_EQ(at(image, 0, 0), 0);
    EXPECT_EQ(at(image, 1, 0), 128);
    EXPECT_EQ(at(image, 2, 0), 255);

    spec.color_type = PNG_COLOR_TYPE_RGB_ALPHA, spec.interlaced = false;
    spec.samples = [](std::uint32_t x, std::uint32_t) {
        return std::vector<unsigned>{0, 0, 0, x == 0 ? 0u : 0xFFFFu};
    };
    image = png("rgba16.png", spec);
    EXPECT_EQ(at(image, 0, 0), 255);  // transparent
    EXPECT_EQ(at(image, 1, 0), 0);    // opaque black
}

TEST_F(DecodeImage, ReadsPalettesWithTransparencyCompositedOverWhite) {
    for (int depth : {1, 2, 4, 8}) {
        PngSpec spec;
        spec.width = 4, spec.height = 2, spec.color_type = PNG_COLOR_TYPE_PALETTE, spec.bit_depth = depth;
        spec.palette = {{255, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 255, 0}};
        spec.palette_alpha = {255, 0, 128};  // entry 3 has no alpha: opaque
        if (depth == 1) spec.palette.resize(2), spec.palette_alpha.resize(2);
        const unsigned colors = depth == 1 ? 2 : 4;
        spec.samples = [colors](std::uint32_t x, std::uint32_t) { return std::vector<unsigned>{x % colors}; };
        const GrayImage image = png("palette" + std::to_string(depth) + ".png", spec);
        SCOPED_TRACE("bit depth " + std::to_string(depth));
        ASSERT_EQ(image.width, 4);
        EXPECT_EQ(at(image, 0, 0), 76);   // opaque red
        EXPECT_EQ(at(image, 1, 1), 255);  // fully transparent black
        if (depth == 1) continue;
        EXPECT_EQ(at(image, 2, 0), 127);  // half-transparent black: (255 × 127 + 127) / 255
        EXPECT_EQ(at(image, 3, 0), 150);  // opaque green without a tRNS entry
    }
}

TEST_F(DecodeImage, CompositesGrayWithAlphaOverWhite) {
    PngSpec spec;
    spec.width = 3, spec.height = 1, spec.color_type = PNG_COLOR_TYPE_GRAY_ALPHA;
    spec.samples = [](std::uint32_t x, std::uint32_t) {
        if (x == 0) return std::vector<unsigned>{0, 0};
        if (x == 1) return std::vector<unsigned>{0, 255};
        return std::vector<unsigned>{100, 128};
    };
    const GrayImage image = png("gray-alpha.png", spec);
    EXPECT_EQ(at(image, 0, 0), 255);
    EXPECT_EQ(at(image, 1, 0), 0);
    EXPECT_EQ(at(image, 2, 0), (100 * 128 + 255 * 127 + 127) / 255);

    spec.color_type = PNG_COLOR_TYPE_RGB_ALPHA;
    spec.samples = [](std::uint32_t x, std::uint32_t) {
        return std::vector<unsigned>{255, 0, 0, x == 0 ? 0u : 255u};
    };
    const GrayImage rgba = png("rgba.png", spec);
    EXPECT_EQ(at(rgba, 0, 0), 255);
    EXPECT_EQ(at(rgba, 1, 0), 76);
}

TEST_F(DecodeImage, ReadsOneTwoAndFourBitGrayAndAColorKeyedTransparentGray) {
    for (int depth : {1, 2, 4}) {
        PngSpec spec;
        spec.width = 17, spec.height = 3, spec.bit_depth = depth;
        const unsigned top = (1u << depth) - 1;
        spec.samples = [top](std::uint32_t x, std::uint32_t) { return std::vector<unsigned>{x % (top + 1)}; };
        const GrayImage image = png("gray" + std::to_string(depth) + ".png", spec);
        SCOPED_TRACE("bit depth " + std::to_string(depth));
        ASSERT_EQ(image.width, 17);
        ASSERT_EQ(image.height, 3);
        EXPECT_EQ(at(image, 0, 2), 0);
        EXPECT_EQ(at(image, top, 2), 255);
        EXPECT_EQ(at(image, 1, 0), 255 / top);
    }
    PngSpec keyed;
    keyed.width = 2, keyed.height = 1, keyed.has_trans_color = true;
    keyed.trans_color.gray = 50;
    keyed.samples = [](std::uint32_t x, std::uint32_t) { return std::vector<unsigned>{x == 0 ? 50u : 51u}; };
    const GrayImage image = png("keyed.png", keyed);
    EXPECT_EQ(at(image, 0, 0), 255);
    EXPECT_EQ(at(image, 1, 0), 51);
}

TEST_F(DecodeImage, TellsTheFormatByItsFirstBytesNotItsName) {
    PngSpec spec;
    spec.width = 5, spec.height = 4;
    spec.samples = [](std::uint32_t, std::uint32_t) { return std::vector<unsigned>{9}; };
    write_png(dir_ / "really-a-png.jpg", spec);
    const GrayImage image = decode_image((dir_ / "really-a-png.jpg").string());
    EXPECT_EQ(image.width, 5);
    EXPECT_EQ(at(image, 4, 3), 9);

    JpegSpec jspec;
    jspec.samples = [](std::uint32_t, std::uint32_t) { return std::vector<unsigned>{255, 255, 255}; };
    write_jpeg(dir_ / "photo.png", jspec);
    EXPECT_EQ(decode_image((dir_ / "photo.png").string()).width, 16);
}

// ---------------------------------------------------------------------------
// JPEG

TEST_F(DecodeImage, TurnsYCbCrRgbAndGrayJpegsIntoGrayLuma) {
    JpegSpec spec;
    spec.width = 32, spec.height = 32;
    spec.samples = [](std::uint32_t x, std::uint32_t y) { return quadrant_rgb(x, y, 32, 32); };
    for (J_COLOR_SPACE file_space : {JCS_UNKNOWN /* YCbCr */, JCS_RGB}) {
        spec.file_space = file_space;
        const GrayImage image = jpeg("color.jpg", spec);
        SCOPED_TRACE(file_space == JCS_RGB ? "RGB" : "YCbCr");
        ASSERT_EQ(image.width, 32);
        ASSERT_EQ(image.height, 32);
        EXPECT_NEAR(at(image, 4, 4), 76, 3);
        EXPECT_NEAR(at(image, 27, 4), 150, 3);
        EXPECT_NEAR(at(image, 4, 27), 29, 3);
        EXPECT_NEAR(at(image, 27, 27), 255, 3);
    }
    JpegSpec gray;
    gray.width = 20, gray.height = 10, gray.in_space = JCS_GRAYSCALE, gray.components = 1;
    gray.samples = [](std::uint32_t x, std::uint32_t) { return std::vector<unsigned>{x < 8 ? 40u : 200u}; };
    const GrayImage image = jpeg("gray.jpg", gray);
    EXPECT_EQ(image.width, 20);
    EXPECT_EQ(image.height, 10);
    EXPECT_NEAR(at(image, 2, 5), 40, 3);
    EXPECT_NEAR(at(image, 17, 5), 200, 3);
}

TEST_F(DecodeImage, ReadsProgressiveJpegs) {
    JpegSpec spec;
    spec.width = 48, spec.height = 40, spec.progressive = true, spec.quality = 95;
    spec.samples = [](std::uint32_t x, std::uint32_t y) { return quadrant_rgb(x, y, 48, 40); };
    const GrayImage image = jpeg("progressive.jpg", spec);
    ASSERT_EQ(image.width, 48);
    ASSERT_EQ(image.height, 40);
    EXPECT_NEAR(at(image, 5, 5), 76, 4);
    EXPECT_NEAR(at(image, 42, 35), 255, 4);
}

TEST_F(DecodeImage, ReadsCmykAndYcckJpegsWithAndWithoutTheAdobeInversion) {
    // Inks of four blocks: none, full black, full cyan, half black.
    auto ink = [](std::uint32_t x, std::uint32_t y) -> std::vector<unsigned> {
        const int block = (x >= 16 ? 1 : 0) + (y >= 16 ? 2 : 0);
        switch (block) {
            case 0: return {0, 0, 0, 0};
            case 1: return {0, 0, 0, 255};
            case 2: return {255, 0, 0, 0};
            default: return {0, 0, 0, 128};
        }
    };
    struct Case {
        const char* name;
        J_COLOR_SPACE file_space;
        bool adobe;
    };
    for (const Case& c : {Case{"ycck", JCS_UNKNOWN /* libjpeg's default: YCCK */, true},
                          Case{"cmyk", JCS_CMYK, true}, Case{"plain-cmyk", JCS_CMYK, false}}) {
        JpegSpec spec;
        spec.width = 32, spec.height = 32, spec.in_space = JCS_CMYK, spec.components = 4;
        spec.file_space = c.file_space, spec.adobe_marker = c.adobe;
        // Photoshop (with an Adobe marker) stores 255 for no ink.
        spec.samples = [&](std::uint32_t x, std::uint32_t y) {
            std::vector<unsigned> v = ink(x, y);
            if (c.adobe)
                for (unsigned& s : v) s = 255 - s;
            return v;
        };
        const GrayImage image = jpeg(std::string(c.name) + ".jpg", spec);
        SCOPED_TRACE(c.name);
        ASSERT_EQ(image.width, 32);
        EXPECT_NEAR(at(image, 4, 4), 255, 3);              // no ink
        EXPECT_NEAR(at(image, 27, 4), 0, 3);               // black
        EXPECT_NEAR(at(image, 4, 27), luma(0, 255, 255), 3);  // cyan
        EXPECT_NEAR(at(image, 27, 27), 127, 3);            // half black
    }
}

TEST_F(DecodeImage, TurnsJpegsTheWayTheirExifOrientationSays) {
    // Stored: 32 wide, 16 high, left half black, right half white.
    JpegSpec spec;
    spec.width = 32, spec.height = 16, spec.in_space = JCS_GRAYSCALE, spec.components = 1;
    spec.samples = [](std::uint32_t x, std::uint32_t) { return std::vector<unsigned>{x < 16 ? 0u : 255u}; };

    spec.exif = exif_with_orientation(6, /*little_endian=*/true);  // turn right to show
    GrayImage image = jpeg("right.jpg", spec);
    ASSERT_EQ(image.width, 16);
    ASSERT_EQ(image.height, 32);
    EXPECT_NEAR(at(image, 8, 4), 0, 8);     // top: the stored left half
    EXPECT_NEAR(at(image, 8, 28), 255, 8);  // bottom: the stored right half

    spec.exif = exif_with_orientation(8, /*little_endian=*/false);  // turn left to show
    image = jpeg("left.jpg", spec);
    ASSERT_EQ(image.width, 16);
    EXPECT_NEAR(at(image, 8, 4), 255, 8);
    EXPECT_NEAR(at(image, 8, 28), 0, 8);

    spec.exif = exif_with_orientation(3, /*little_endian=*/true);  // upside down
    image = jpeg("upside-down.jpg", spec);
    ASSERT_EQ(image.width, 32);
    EXPECT_NEAR(at(image, 4, 8), 255, 8);
    EXPECT_NEAR(at(image, 28, 8), 0, 8);

    spec.exif = exif_with_orientation(2, /*little_endian=*/true);  // mirrored
    image = jpeg("mirrored.jpg", spec);
    EXPECT_NEAR(at(image, 4, 8), 255, 8);

    spec.exif = exif_with_orientation(1, /*little_endian=*/true);
    image = jpeg("upright.jpg", spec);
    EXPECT_NEAR(at(image, 4, 8), 0, 8);

    spec.exif = {'E', 'x', 'i', 'f', 0, 0, 'I', 'I', 42, 0, 0xFF, 0xFF, 0xFF, 0x7F};  // IFD offset past the end
    image = jpeg("bad-exif.jpg", spec);
    EXPECT_EQ(image.width, 32);
}

// ---------------------------------------------------------------------------
// Files that cannot be used

TEST_F(DecodeImage, ExplainsMissingEmptyAndFolderPaths) {
    EXPECT_EQ(image_error(dir_ / "missing.png"), "the image file does not exist");
    EXPECT_EQ(image_error(dir_ / "no-folder" / "x.png"), "the image file does not exist");
    EXPECT_EQ(image_error(dir_), "this is a folder, not an image file");
    write_bytes(dir_ / "empty.png", "");
    EXPECT_EQ(image_error(dir_ / "empty.png"), "the image file is empty");
}

TEST_F(DecodeImage, SaysWhatAFileThatIsNotPngOrJpegLooksLike) {
    write_bytes(dir_ / "notes.png", "These are my notes, not a picture.\n");
    EXPECT_EQ(image_error(dir_ / "notes.png"), "not a PNG or JPEG file");
    write_bytes(dir_ / "anim.png", "GIF89a\x01\x00\x01\x00");
    EXPECT_EQ(image_error(dir_ / "anim.png"), "not a PNG or JPEG file (it is a GIF image)");
    write_bytes(dir_ / "photo.jpg", std::string("\0\0\0\x18" "ftypheic\0\0\0\0mif1heic", 24));
    EXPECT_EQ(image_error(dir_ / "photo.jpg"),
              "not a PNG or JPEG file (it is a HEIC image, as iPhones save photos)");
    write_bytes(dir_ / "shape.png", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
    EXPECT_EQ(image_error(dir_ / "shape.png"), "not a PNG or JPEG file (it is an SVG drawing)");
}

TEST_F(DecodeImage, RefusesHugeImagesFromTheirHeaderBeforeAllocatingPixels) {
    write_bytes(dir_ / "huge.png", png_claiming(50000, 50000));
    largest_allocation = 0;
    EXPECT_EQ(image_error(dir_ / "huge.png"),
              "image too large: 50000\u00D750000 pixels (at most 10000\u00D710000 and 40 megapixels)");
    EXPECT_LT(largest_allocation.load(), std::size_t{1} << 20);

    write_bytes(dir_ / "wide.png", png_claiming(10001, 1));
    EXPECT_TRUE(image_error(dir_ / "wide.png").starts_with("image too large: 10001\u00D71 pixels "));
    write_bytes(dir_ / "many.png", png_claiming(8000, 6000));  // each side fits, 48 megapixels do not
    EXPECT_TRUE(image_error(dir_ / "many.png").starts_with("image too large: 8000\u00D76000 pixels "));
    write_bytes(dir_ / "beyond-libpng.png", png_claiming(2'000'000, 1));  // over libpng's own limit
    EXPECT_TRUE(image_error(dir_ / "beyond-libpng.png").starts_with("image too large: 2000000\u00D71 pixels "));

    // A JPEG whose frame header claims 60000 × 60000.
    JpegSpec spec;
    spec.samples = [](std::uint32_t, std::uint32_t) { return std::vector<unsigned>{1, 2, 3}; };
    write_jpeg(dir_ / "small.jpg", spec);
    std::string bytes = read_bytes(dir_ / "small.jpg");
    const std::size_t sof = bytes.find("\xFF\xC0");
    ASSERT_NE(sof, std::string::npos);
    for (std::size_t i : {sof + 5, sof + 7}) bytes[i] = '\xEA', bytes[i + 1] = '\x60';
    write_bytes(dir_ / "huge.jpg", bytes);
    largest_allocation = 0;
    EXPECT_EQ(image_error(dir_ / "huge.jpg"),
              "image too large: 60000\u00D760000 pixels (at most 10000\u00D710000 and 40 megapixels)");
    EXPECT_LT(largest_allocation.load(), std::size_t{1} << 20);
}

TEST_F(DecodeImage, ReportsDamagedPngsInTheTeachersWords) {
    PngSpec spec;
    spec.width = 30, spec.height = 20, spec.color_type = PNG_COLOR_TYPE_RGB;
    spec.samples = [](std::uint32_t x, std::uint32_t y) { return std::vector<unsigned>{x * 8, y * 12, 7}; };
    write_png(dir_ / "good.png", spec);
    const std::string good = read_bytes(dir_ / "good.png");

    write_bytes(dir_ / "cut.png", good.substr(0, good.size() / 2));
    EXPECT_EQ(image_error(dir_ / "cut.png"), "the PNG file is damaged (it ends too early)");

    // A flipped bit in the compressed pixels fails zlib's check, one in the
    // header fails the chunk's CRC.
    std::string flipped = good;
    const std::size_t idat = flipped.find("IDAT");
    ASSERT_NE(idat, std::string::npos);
    flipped[idat + 10] = static_cast<char>(flipped[idat + 10] ^ 0x55);
    write_bytes(dir_ / "flipped.png", flipped);
    EXPECT_EQ(image_error(dir_ / "flipped.png"), "the PNG file is damaged (IDAT: incorrect data check)");
    flipped = good;
    flipped[16 + 3] = '\x02';  // the width's low byte
    write_bytes(dir_ / "bad-header.png", flipped);
    EXPECT_EQ(image_error(dir_ / "bad-header.png"), "the PNG file is damaged (IHDR: CRC error)");
}

TEST_F(DecodeImage, ReportsDamagedJpegsInTheTeachersWords) {
    JpegSpec spec;
    spec.width = 40, spec.height = 40;
    spec.samples = [](std::uint32_t x, std::uint32_t y) { return std::vector<unsigned>{x * 6, y * 6, 128}; };
    write_jpeg(dir_ / "good.jpg", spec);
    const std::string good = read_bytes(dir_ / "good.jpg");

    write_bytes(dir_ / "cut.jpg", good.substr(0, good.size() * 2 / 3));
    EXPECT_EQ(image_error(dir_ / "cut.jpg"), "the JPEG file is damaged (it ends too early)");

    write_bytes(dir_ / "header-only.jpg", good.substr(0, 3) + std::string(40, '\x01'));
    const std::string reason = image_error(dir_ / "header-only.jpg");
    EXPECT_EQ(reason.rfind("the JPEG file is damaged (", 0), 0u) << reason;
}

/// Decodes every cut of `good` (each length up to the whole) and a copy of
/// `good` with each byte in turn flipped (every `step`-th byte); expects
/// ImageError or a picture, never anything else. Returns how many cuts were
/// decoded without an error.
int survive_cuts_and_flips(const fs::path& dir, const std::string& good, const std::string& ext, std::size_t step) {
    int decoded_cuts = 0;
    const fs::path path = dir / ("mangled." + ext);
    auto attempt = [&](const std::string& bytes, const std::string& what) {
        write_bytes(path, bytes);
        try {
            const GrayImage image = decode_image(path.string());
            EXPECT_EQ(image.pixels.size(),
                      static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height))
                << what;
            return true;
        } catch (const ImageError&) {
            return false;
        } catch (const std::exception& e) {
            ADD_FAILURE() << what << ": threw another exception: " << e.what();
            return false;
        }
    };
    for (std::size_t n = 0; n < good.size(); ++n)
        if (attempt(good.substr(0, n), "cut at " + std::to_string(n))) ++decoded_cuts;
    for (std::size_t i = 0; i < good.size(); i += step) {
        for (unsigned char mask : {0x01, 0x80, 0xFF}) {
            std::string bytes = good;
            bytes[i] = static_cast<char>(static_cast<unsigned char>(bytes[i]) ^ mask);
            attempt(bytes, "byte " + std::to_string(i) + " flipped");
        }
    }
    return decoded_cuts;
}

TEST_F(DecodeImage, NeverCrashesOnCutOrFlippedFilesAndRejectsEveryCut) {
    PngSpec png_spec;
    png_spec.width = 13, png_spec.height = 7, png_spec.color_type = PNG_COLOR_TYPE_RGB_ALPHA,
    png_spec.interlaced = true;
    png_spec.samples = [](std::uint32_t x, std::uint32_t y) {
        return std::vector<unsigned>{x * 19, y * 30, 255 - x, (x * y) % 256};
    };
    write_png(dir_ / "good.png", png_spec);
    EXPECT_EQ(survive_cuts_and_flips(dir_, read_bytes(dir_ / "good.png"), "png", 1), 0);

    JpegSpec jpeg_spec;
    jpeg_spec.width = 24, jpeg_spec.height = 17, jpeg_spec.progressive = true, jpeg_spec.quality = 80;
    jpeg_spec.samples = [](std::uint32_t x, std::uint32_t y) { return std::vector<unsigned>{x * 10, y * 15, 99}; };
    write_jpeg(dir_ / "good.jpg", jpeg_spec);
    EXPECT_EQ(survive_cuts_and_flips(dir_, read_bytes(dir_ / "good.jpg"), "jpg", 3), 0);
}

// ---------------------------------------------------------------------------
// The committed samples, kept for end-to-end tests

TEST(SampleImages, DecodeToTheirKnownSizes) {
    const GrayImage diagram = decode_image(HANDOUT_TEST_DATA "/images/diagram.png");
    EXPECT_EQ(diagram.width, 200);
    EXPECT_EQ(diagram.height, 120);
    EXPECT_EQ(at(diagram, 0, 0), 255);  // white background
    const GrayImage photo = decode_image(HANDOUT_TEST_DATA "/images/photo.jpg");
    EXPECT_EQ(photo.width, 240);
    EXPECT_EQ(photo.height, 160);
    EXPECT_DOUBLE_EQ(photo.aspect(), 1.5);
}

TEST(GrayImageAspect, IsOneForAnEmptyImage) {
    EXPECT_DOUBLE_EQ(GrayImage{}.aspect(), 1.0);
    GrayImage tall;
    tall.width = 50, tall.height = 200;
    EXPECT_DOUBLE_EQ(tall.aspect(), 0.25);
}

}  // namespace
