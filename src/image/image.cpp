// Image decoding: PNG with libpng, JPEG with libjpeg(-turbo), both to 8-bit
// gray. This is the only file of handout that includes png.h and jpeglib.h;
// libharu never sees an image file, only the gray pixels decoded here
// (Debian's libharu 2.3.0 fails on interlaced and garbles 16-bit PNGs).
//
// How the C libraries are wrapped:
//  - Both report fatal errors through a callback that must not return. Ours
//    record the library's message and longjmp back to a small "guarded"
//    function that called setjmp; no exception ever crosses a C frame.
//  - A longjmp skips the frames between, so the functions it can skip
//    (`read_png`, `read_jpeg`) hold only trivial locals; everything that owns
//    memory (row buffers, the output image) lives in a job struct owned by
//    the caller, and the library handles are freed by RAII owners there.
//  - After the guarded function returns, the recorded message is turned into
//    an ImageError in plain C++ code.
//  - The image size is checked as soon as the header is read, before any
//    pixel memory is allocated.

#include "handout/image.hpp"

#include <unistd.h>

#include <png.h>

#include <cstdio>  // jpeglib.h needs FILE and size_t declared first
#include <jerror.h>
#include <jpeglib.h>

#include <algorithm>
#include <cerrno>
#include <csetjmp>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string_view>

#include "handout/io.hpp"

namespace handout {

ImageError::ImageError(std::string path, std::string reason, std::string hint)
    : std::runtime_error(path + ": " + reason), path_(std::move(path)), reason_(std::move(reason)),
      hint_(std::move(hint)) {}

namespace {

namespace fs = std::filesystem;

constexpr const char* hint_resave = "open the image in an image editor and save it again as PNG or JPEG";
constexpr const char* hint_path =
    "check the file name; an image path is read relative to the folder of the worksheet file";
constexpr const char* hint_scale = "scale the image down in an image editor and save it again";

/// Most scans a progressive JPEG may have; real files have about ten, a
/// crafted one can have thousands that each cost a pass over the image.
constexpr int max_jpeg_scans = 1000;

/// Most memory libjpeg may use for a progressive JPEG's coefficients.
constexpr long max_jpeg_memory = 512L * 1024 * 1024;

[[noreturn]] void fail(const std::string& path, std::string reason, std::string hint) {
    throw ImageError(path, std::move(reason), std::move(hint));
}

/// "W×H".
std::string size_text(std::uint64_t width, std::uint64_t height) {
    return std::to_string(width) + "\u00D7" + std::to_string(height);
}

/// Whether a width × height image is within the limits; the caller reports.
bool fits_limits(const DecodeOptions& limits, std::uint64_t width, std::uint64_t height) {
    return width <= limits.max_side && height <= limits.max_side && width * height <= limits.max_pixels;
}

[[noreturn]] void fail_too_large(const std::string& path, const DecodeOptions& limits, std::uint64_t width,
                                 std::uint64_t height) {
    fail(path,
         "image too large: " + size_text(width, height) + " pixels (at most " +
             size_text(limits.max_side, limits.max_side) + " and " +
             std::to_string(limits.max_pixels / 1'000'000) + " megapixels)",
         hint_scale);
}

/// Gray `value` with coverage `alpha`, composited over white, rounded.
std::uint8_t over_white(unsigned value, unsigned alpha) {
    return static_cast<std::uint8_t>((value * alpha + 255 * (255 - alpha) + 127) / 255);
}

// ---------------------------------------------------------------------------
// Opening the file and telling its format

struct FileCloser {
    void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

enum class Format { png, jpeg };

/// The bytes of the image file at `path` (read through the io module, so
/// nothing but a regular file is opened), with a teacher's explanation when
/// it cannot be read.
std::string read_image_bytes(const std::string& path) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (fs::is_directory(status)) fail(path, "this is a folder, not an image file", hint_path);
    if (!fs::exists(status)) fail(path, "the image file does not exist", hint_path);
    if (!fs::is_regular_file(status))
        fail(path, "this is not an ordinary file, so it cannot be an image", hint_path);
    try {
        return read_file(path, max_image_file_bytes);
    } catch (const FileTooLarge& e) {
        fail(path,
             "the image file is " + e.size() + " bytes; the limit is " + std::to_string(max_image_file_bytes >> 20) +
                 " MB",
             hint_scale);
    } catch (const IoError& e) {
        if (::access(path.c_str(), R_OK) != 0 && (errno == EACCES || errno == EPERM))
            fail(path, "the image file cannot be read (permission denied)",
                 "ask whoever owns the file to let you read it, or copy it next to the worksheet");
        fail(path, std::string("the image file cannot be read (") + e.what() + ")", hint_path);
    }
}

/// The bytes of an image as a read-only stdio stream, for libpng and
/// libjpeg's file readers.
File open_bytes(const std::string& path, const std::string& bytes) {
    if (bytes.empty()) fail(path, "the image file is empty", hint_resave);
    File file(::fmemopen(const_cast<char*>(bytes.data()), bytes.size(), "rb"));
    if (file == nullptr)
        fail(path, "there is not enough memory to read the image file", hint_scale);
    return file;
}

/// What a file that is neither PNG nor JPEG looks like, from its first bytes
/// (empty when we cannot tell).
std::string other_format(std::string_view head) {
    using namespace std::literals;
    auto starts = [&](std::string_view magic, std::size_t at = 0) {
        return head.size() >= at + magic.size() && head.substr(at, magic.size()) == magic;
    };
    if (starts("GIF87a"sv) || starts("GIF89a"sv)) return "a GIF image";
    if (starts("RIFF"sv) && starts("WEBP"sv, 8)) return "a WebP image";
    if (starts("ftypavif"sv, 4) || starts("ftypavis"sv, 4)) return "an AVIF image";
    if (starts("ftyp"sv, 4)) return "a HEIC image, as iPhones save photos";
    if (starts("II*\0"sv) || starts("MM\0*"sv)) return "a TIFF image";
    if (starts("BM"sv)) return "a BMP image";
    if (starts("%PDF"sv)) return "a PDF document";
    if (starts("<svg"sv) || starts("<?xml"sv)) return "an SVG drawing";
    return {};
}

/// Reads the first bytes of `file`, tells PNG from JPEG, and rewinds.
Format read_format(const std::string& path, std::FILE* file) {
    char head[16];
    const std::size_t got = std::fread(head, 1, sizeof head, file);
    if (got == 0) {
        if (std::ferror(file)) fail(path, "the image file cannot be read (input/output error)", hint_path);
        fail(path, "the image file is empty", hint_resave);
    }
    const std::string_view bytes(head, got);
    if (bytes.substr(0, 8) == std::string_view("\x89PNG\r\n\x1A\n", 8)) {
        // fall through to rewinding
    } else if (bytes.substr(0, 3) != std::string_view("\xFF\xD8\xFF", 3)) {
        const std::string looks = other_format(bytes);
        fail(path, "not a PNG or JPEG file" + (looks.empty() ? std::string() : " (it is " + looks + ")"),
             "open it in an image editor and save it as PNG or JPEG");
    }
    if (std::fseek(file, 0, SEEK_SET) != 0)
        fail(path, "the image file cannot be read (it cannot be rewound)", hint_path);
    return bytes[0] == '\x89' ? Format::png : Format::jpeg;
}

// ---------------------------------------------------------------------------
// Turning pictures the right way up (JPEG EXIF orientation)

/// The EXIF orientation (1–8) in the payload of an APP1 marker, 1 when the
/// marker holds none or is malformed.
int exif_orientation(const std::vector<std::uint8_t>& app1) {
    constexpr std::size_t tiff = 6;  // after "Exif\0\0"
    if (app1.size() < tiff + 8 || std::memcmp(app1.data(), "Exif\0\0", 6) != 0) return 1;
    const std::uint8_t* t = app1.data() + tiff;
    const std::size_t size = app1.size() - tiff;
    bool little;
    if (t[0] == 'I' && t[1] == 'I') little = true;
    else if (t[0] == 'M' && t[1] == 'M') little = false;
    else return 1;
    auto u16 = [&](std::size_t at) -> unsigned {
        return little ? unsigned(t[at]) | unsigned(t[at + 1]) << 8 : unsigned(t[at]) << 8 | unsigned(t[at + 1]);
    };
    auto u32 = [&](std::size_t at) -> std::uint32_t {
        return little ? std::uint32_t(u16(at)) | std::uint32_t(u16(at + 2)) << 16
                      : std::uint32_t(u16(at)) << 16 | std::uint32_t(u16(at + 2));
    };
    if (u16(2) != 42) return 1;
    const std::size_t ifd = u32(4);
    if (ifd > size || size - ifd < 2) return 1;
    const unsigned count = u16(ifd);
    for (unsigned i = 0; i < count; ++i) {
        const std::size_t entry = ifd + 2 + std::size_t{12} * i;
        if (entry + 12 > size) return 1;
        const unsigned type = u16(entry + 2);
        if (u16(entry) == 0x0112 && type == 3 /* SHORT */) {
            const unsigned value = u16(entry + 8);
            return value >= 1 && value <= 8 ? static_cast<int>(value) : 1;
        }
    }
    return 1;
}

/// Applies EXIF `orientation` to `image`: the stored pixels become the
/// picture as a viewer shows it.
void apply_orientation(GrayImage& image, int orientation) {
    if (orientation <= 1 || orientation > 8) return;
    const auto w = static_cast<std::size_t>(image.width), h = static_cast<std::size_t>(image.height);
    const bool swap = orientation >= 5;
    const std::size_t out_w = swap ? h : w, out_h = swap ? w : h;
    std::vector<std::uint8_t> out(w * h);
    for (std::size_t dy = 0; dy < out_h; ++dy) {
        for (std::size_t dx = 0; dx < out_w; ++dx) {
            std::size_t sx = dx, sy = dy;
            switch (orientation) {
                case 2: sx = w - 1 - dx; break;                      // mirrored
                case 3: sx = w - 1 - dx, sy = h - 1 - dy; break;     // upside down
                case 4: sy = h - 1 - dy; break;                      // mirrored upside down
                case 5: sx = dy, sy = dx; break;                     // transposed
                case 6: sx = dy, sy = h - 1 - dx; break;             // turn right to show
                case 7: sx = w - 1 - dy, sy = h - 1 - dx; break;     // transversed
                case 8: sx = w - 1 - dy, sy = dx; break;             // turn left to show
            }
            out[dy * out_w + dx] = image.pixels[sy * w + sx];
        }
    }
    image.pixels = std::move(out);
    image.width = static_cast<int>(out_w);
    image.height = static_cast<int>(out_h);
}

// ---------------------------------------------------------------------------
// PNG

/// What the PNG decoder shares with its callbacks and its caller. Owns every
/// buffer, so that a longjmp out of libpng skips no destructor.
struct PngJob {
    std::FILE* file = nullptr;
    GrayImage* out = nullptr;
    const DecodeOptions* options = nullptr;
    std::vector<std::uint8_t> row;  // one row as libpng delivers it
    char message[256] = {};         // libpng's error, when there was one
    std::uint32_t width = 0, height = 0;
    bool too_large = false;
    bool unexpected_format = false;
};

/// libpng's error callback: records the message and jumps back to
/// `guarded_read_png`. Never returns.
void png_on_error(png_structp png, png_const_charp message) {
    auto* job = static_cast<PngJob*>(png_get_error_ptr(png));
    std::snprintf(job->message, sizeof job->message, "%s", message);
    png_longjmp(png, 1);
}

/// libpng's warnings (bad ancillary chunks, which it skips) are not ours to show.
void png_on_warning(png_structp, png_const_charp) {}

/// Gray value of the pixel at `p`, which has `channels` 8-bit samples
/// (gray, gray+alpha, RGB or RGBA).
std::uint8_t png_gray(const std::uint8_t* p, std::size_t channels) {
    switch (channels) {
        case 1: return p[0];
        case 2: return over_white(p[0], p[1]);
        case 3: return luma(p[0], p[1], p[2]);
        default: return over_white(luma(p[0], p[1], p[2]), p[3]);
    }
}

/// Reads the PNG into `job.out`. May be left by a longjmp from libpng, so it
/// holds only trivial locals.
///
/// libpng's transforms give 8-bit samples: palettes become RGB, gray under
/// 8 bits is scaled up, tRNS becomes an alpha channel, 16 bits are scaled
/// down. The color-to-gray step and alpha compositing are done here, so PNG
/// and JPEG get the same luma (libpng's own rgb_to_gray works in linear light
/// whenever the file has a gAMA or sRGB chunk). Interlaced images are read
/// pass by pass without libpng's interlace handling, each pass's pixels put
/// in their places directly, so no full-size color buffer is needed.
void read_png(png_structp png, png_infop info, PngJob& job) {
    png_init_io(png, job.file);
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);  // we check the size ourselves
    png_read_info(png, info);
    job.width = png_get_image_width(png, info);
    job.height = png_get_image_height(png, info);
    if (!fits_limits(*job.options, job.width, job.height)) {
        job.too_large = true;
        return;
    }
    png_set_expand(png);
    png_set_scale_16(png);
    const bool interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    png_read_update_info(png, info);
    const std::size_t channels = png_get_channels(png, info);
    if (png_get_bit_depth(png, info) != 8 || channels < 1 || channels > 4) {
        job.unexpected_format = true;
        return;
    }

    const std::uint32_t w = job.width, h = job.height;
    job.row.resize(png_get_rowbytes(png, info));
    job.out->width = static_cast<int>(w);
    job.out->height = static_cast<int>(h);
    job.out->pixels.assign(std::size_t{w} * h, 255);
    std::uint8_t* const pixels = job.out->pixels.data();
    if (!interlaced && channels == 1) {  // gray: straight into place
        for (std::uint32_t y = 0; y < h; ++y) png_read_row(png, pixels + std::size_t{y} * w, nullptr);
    } else if (!interlaced) {
        for (std::uint32_t y = 0; y < h; ++y) {
            png_read_row(png, job.row.data(), nullptr);
            for (std::uint32_t x = 0; x < w; ++x)
                pixels[std::size_t{y} * w + x] = png_gray(job.row.data() + std::size_t{x} * channels, channels);
        }
    } else {
        // Adam7: libpng skips passes that have no pixels, and so do we.
        for (int pass = 0; pass < 7; ++pass) {
            const std::uint32_t cols = PNG_PASS_COLS(w, pass), rows = PNG_PASS_ROWS(h, pass);
            if (cols == 0 || rows == 0) continue;
            for (std::uint32_t r = 0; r < rows; ++r) {
                png_read_row(png, job.row.data(), nullptr);
                const std::size_t y = PNG_ROW_FROM_PASS_ROW(r, pass);
                for (std::uint32_t c = 0; c < cols; ++c)
                    pixels[y * w + PNG_COL_FROM_PASS_COL(c, pass)] =
                        png_gray(job.row.data() + std::size_t{c} * channels, channels);
            }
        }
    }
    png_read_end(png, nullptr);
}

/// Calls `read_png` with libpng's jump target set; false when libpng failed.
bool guarded_read_png(png_structp png, png_infop info, PngJob& job) {
    if (setjmp(png_jmpbuf(png))) return false;
    read_png(png, info, job);
    return true;
}

/// Owner of libpng's read and info structures.
struct PngReader {
    png_structp png = nullptr;
    png_infop info = nullptr;
    PngReader() = default;
    PngReader(const PngReader&) = delete;
    PngReader& operator=(const PngReader&) = delete;
    ~PngReader() { png_destroy_read_struct(&png, info != nullptr ? &info : nullptr, nullptr); }
};

GrayImage decode_png(const std::string& path, std::FILE* file, const DecodeOptions& options) {
    GrayImage image;
    PngJob job;
    job.file = file;
    job.out = &image;
    job.options = &options;
    PngReader reader;
    reader.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &job, &png_on_error, &png_on_warning);
    if (reader.png != nullptr) reader.info = png_create_info_struct(reader.png);
    if (reader.png == nullptr || reader.info == nullptr)
        fail(path, "there is not enough memory to read the PNG file", hint_scale);

    if (!guarded_read_png(reader.png, reader.info, job)) {
        const std::string_view message = job.message;
        if (message == "Read Error")  // libpng's stdio reader: fewer bytes than asked for
            fail(path,
                 std::feof(file) ? "the PNG file is damaged (it ends too early)"
                                 : "the image file cannot be read (input/output error)",
                 hint_resave);
        if (message.find("memory") != std::string_view::npos)
            fail(path, "there is not enough memory to read the PNG file (" + std::string(message) + ")",
                 hint_scale);
        fail(path, "the PNG file is damaged (" + std::string(message) + ")", hint_resave);
    }
    if (job.too_large) fail_too_large(path, options, job.width, job.height);
    if (job.unexpected_format) fail(path, "this kind of PNG file is not supported", hint_resave);
    return image;
}

// ---------------------------------------------------------------------------
// JPEG

/// libjpeg's error manager, extended with our jump target and record.
struct JpegErrors {
    jpeg_error_mgr mgr;  // first, so that libjpeg's pointer to it is a pointer to us
    std::jmp_buf jump;
    int code = 0;        // libjpeg's message code, or -1 for too many scans
    char message[JMSG_LENGTH_MAX] = {};
};

/// libjpeg's error_exit: records the message and jumps back to
/// `guarded_read_jpeg`. Never returns.
void jpeg_on_error(j_common_ptr cinfo) {
    auto* errors = reinterpret_cast<JpegErrors*>(cinfo->err);
    errors->code = errors->mgr.msg_code;
    (*cinfo->err->format_message)(cinfo, errors->message);
    std::longjmp(errors->jump, 1);
}

/// libjpeg's emit_message: trace messages are dropped, and so are warnings
/// after which the picture is whole (e.g. stray bytes before a marker); a
/// warning that pixels are missing is an error.
void jpeg_on_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    const int code = cinfo->err->msg_code;
    if (code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER || code == JWRN_MUST_RESYNC) jpeg_on_error(cinfo);
}

/// libjpeg's progress monitor: stops a JPEG with absurdly many scans.
void jpeg_on_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    if (reinterpret_cast<j_decompress_ptr>(cinfo)->input_scan_number <= max_jpeg_scans) return;
    auto* errors = reinterpret_cast<JpegErrors*>(cinfo->err);
    errors->code = -1;
    std::longjmp(errors->jump, 1);
}

/// What the JPEG decoder shares with its caller. Owns every buffer, so that
/// a longjmp out of libjpeg skips no destructor.
struct JpegJob {
    std::FILE* file = nullptr;
    GrayImage* out = nullptr;
    const DecodeOptions* options = nullptr;
    std::vector<std::uint8_t> row;   // one row as libjpeg delivers it
    std::vector<std::uint8_t> exif;  // the EXIF APP1 payload, when there is one
    std::uint32_t width = 0, height = 0;
    bool too_large = false;
    jpeg_progress_mgr progress{};
};

/// Reads the JPEG into `job.out`, as gray. May be left by a longjmp from
/// libjpeg, so it holds only trivial locals.
///
/// libjpeg converts YCbCr, RGB and gray to gray itself (luma). CMYK and YCCK
/// are read as CMYK and converted here; a file with an Adobe marker (as
/// Photoshop writes them) stores the inverted values, 255 meaning no ink.
void read_jpeg(jpeg_decompress_struct& cinfo, JpegJob& job) {
    jpeg_create_decompress(&cinfo);
    jpeg_stdio_src(&cinfo, job.file);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    job.progress.progress_monitor = &jpeg_on_progress;
    cinfo.progress = &job.progress;
    jpeg_read_header(&cinfo, TRUE);
    job.width = cinfo.image_width;
    job.height = cinfo.image_height;
    if (!fits_limits(*job.options, job.width, job.height)) {
        job.too_large = true;
        return;
    }
    for (jpeg_saved_marker_ptr marker = cinfo.marker_list; marker != nullptr; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length >= 6 && std::memcmp(marker->data, "Exif\0\0", 6) == 0) {
            job.exif.assign(marker->data, marker->data + marker->data_length);
            break;
        }
    }

    const bool cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    const bool inverted = cinfo.saw_Adobe_marker;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_GRAYSCALE;
    cinfo.mem->max_memory_to_use = max_jpeg_memory;
    cinfo.scale_num = 1;
    cinfo.scale_denom = static_cast<unsigned>(job.options->jpeg_reduction);
    jpeg_start_decompress(&cinfo);

    const std::uint32_t w = cinfo.output_width, h = cinfo.output_height;
    const int components = cinfo.output_components;
    job.row.resize(std::size_t{w} * static_cast<std::size_t>(components));
    job.out->width = static_cast<int>(w);
    job.out->height = static_cast<int>(h);
    job.out->pixels.assign(std::size_t{w} * h, 255);
    std::uint8_t* const pixels = job.out->pixels.data();
    while (cinfo.output_scanline < h) {
        const std::size_t y = cinfo.output_scanline;
        JSAMPROW row = job.row.data();
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) break;  // suspended: cannot happen with stdio
        std::uint8_t* out = pixels + y * w;
        if (!cmyk) {
            std::copy(row, row + w, out);
            continue;
        }
        for (std::uint32_t x = 0; x < w; ++x) {
            const std::uint8_t* p = row + std::size_t{x} * 4;
            // Light let through by each ink, 255 = no ink.
            unsigned c = p[0], m = p[1], y_ink = p[2], k = p[3];
            if (!inverted) c = 255 - c, m = 255 - m, y_ink = 255 - y_ink, k = 255 - k;
            out[x] = luma((c * k + 127) / 255, (m * k + 127) / 255, (y_ink * k + 127) / 255);
        }
    }
    jpeg_finish_decompress(&cinfo);
}

/// Calls `read_jpeg` with libjpeg's jump target set; false when libjpeg failed.
bool guarded_read_jpeg(jpeg_decompress_struct& cinfo, JpegErrors& errors, JpegJob& job) {
    if (setjmp(errors.jump)) return false;
    read_jpeg(cinfo, job);
    return true;
}

/// Owner of libjpeg's decompressor; destroying a never-created one is harmless.
struct JpegReader {
    jpeg_decompress_struct cinfo{};
    JpegErrors errors;
    JpegReader() {
        cinfo.err = jpeg_std_error(&errors.mgr);
        errors.mgr.error_exit = &jpeg_on_error;
        errors.mgr.emit_message = &jpeg_on_message;
    }
    JpegReader(const JpegReader&) = delete;
    JpegReader& operator=(const JpegReader&) = delete;
    ~JpegReader() { jpeg_destroy_decompress(&cinfo); }
};

GrayImage decode_jpeg(const std::string& path, std::FILE* file, const DecodeOptions& options) {
    GrayImage image;
    JpegJob job;
    job.file = file;
    job.out = &image;
    job.options = &options;
    JpegReader reader;
    if (!guarded_read_jpeg(reader.cinfo, reader.errors, job)) {
        const int code = reader.errors.code;
        const std::string message = reader.errors.message;
        if (code == -1)
            fail(path, "the JPEG file is damaged (more than " + std::to_string(max_jpeg_scans) + " scans)",
                 hint_resave);
        if (code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE)
            fail(path, "there is not enough memory to read the JPEG file", hint_scale);
        if (code == JERR_BAD_PRECISION || code == JERR_CONVERSION_NOTIMPL || code == JERR_NOT_COMPILED ||
            code == JERR_BAD_J_COLORSPACE)
            fail(path, "this kind of JPEG file is not supported (" + message + ")", hint_resave);
        if (code == JWRN_JPEG_EOF) fail(path, "the JPEG file is damaged (it ends too early)", hint_resave);
        fail(path, "the JPEG file is damaged (" + message + ")", hint_resave);
    }
    if (job.too_large) fail_too_large(path, options, job.width, job.height);
    if (options.exif_orientation) apply_orientation(image, exif_orientation(job.exif));
    return image;
}

}  // namespace

std::uint8_t luma(unsigned r, unsigned g, unsigned b) noexcept {
    return static_cast<std::uint8_t>((299 * r + 587 * g + 114 * b + 500) / 1000);
}

GrayImage decode_image(const std::string& path) { return decode_image_bytes(read_image_bytes(path), path); }

GrayImage decode_image_bytes(const std::string& bytes, const std::string& path,
                             const DecodeOptions& options) {
    const int reduction = options.jpeg_reduction;
    if (reduction != 1 && reduction != 2 && reduction != 4 && reduction != 8)
        throw std::invalid_argument("decode_image_bytes: a JPEG reduction of 1, 2, 4 or 8");
    const File file = open_bytes(path, bytes);
    switch (read_format(path, file.get())) {
        case Format::png: return decode_png(path, file.get(), options);
        case Format::jpeg: return decode_jpeg(path, file.get(), options);
    }
    return {};
}

}  // namespace handout
