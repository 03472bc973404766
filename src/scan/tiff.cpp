// TIFF scans (a sheet feeder's multi-page file) decoded with libtiff, page
// by page in one pass over the file's directories. Only scans come as TIFF,
// so libtiff is linked here, not in the image stage that `handout` also
// links; the pages come out as the image stage's GrayImage all the same.
//
// libtiff reports through handlers given to this file only (TIFFOpenExt's
// options): the first error is recorded and becomes the page's reason;
// warnings (unknown tags, which it skips) are dropped.

#include "scan/input.hpp"

#include <tiffio.h>

#include <cstdarg>
#include <cstdio>
#include <memory>

namespace handout::scan::detail {

namespace {

/// libtiff's first error message for the file being read.
struct TiffLog {
    std::string error;
};

int on_error(TIFF*, void* user_data, const char* module, const char* format, va_list args) {
    auto* log = static_cast<TiffLog*>(user_data);
    if (log->error.empty()) {
        char message[512];
        std::vsnprintf(message, sizeof message, format, args);
        log->error = module != nullptr && *module != '\0' ? std::string(module) + ": " + message : message;
    }
    return 1;  // handled: not also printed by libtiff's global handler
}

int on_warning(TIFF*, void*, const char*, const char*, va_list) { return 1; }

struct TiffCloser {
    void operator()(TIFF* tiff) const noexcept { TIFFClose(tiff); }
};
using TiffFile = std::unique_ptr<TIFF, TiffCloser>;

TiffFile open_tiff(const std::string& path, TiffLog& log) {
    TIFFOpenOptions* options = TIFFOpenOptionsAlloc();
    if (options == nullptr) return nullptr;
    TIFFOpenOptionsSetErrorHandlerExtR(options, &on_error, &log);
    TIFFOpenOptionsSetWarningHandlerExtR(options, &on_warning, &log);
    TiffFile tiff(TIFFOpenExt(path.c_str(), "r", options));
    TIFFOpenOptionsFree(options);
    return tiff;
}

/// The current directory's 8-bit gray strips, row by row (0 black, or 0
/// white when the file says so); false when it is another kind of image or
/// a row cannot be read.
bool read_gray_rows(TIFF* tiff, Raster& raster) {
    std::uint16_t bits = 0, samples = 0, photometric = 0;
    if (TIFFIsTiled(tiff) != 0 || TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &bits) != 1 ||
        TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLESPERPIXEL, &samples) != 1 ||
        TIFFGetField(tiff, TIFFTAG_PHOTOMETRIC, &photometric) != 1 || bits != 8 || samples != 1 ||
        (photometric != PHOTOMETRIC_MINISBLACK && photometric != PHOTOMETRIC_MINISWHITE) ||
        TIFFScanlineSize64(tiff) != static_cast<std::uint64_t>(raster.width)) {
        return false;
    }
    const auto w = static_cast<std::size_t>(raster.width);
    for (int y = 0; y < raster.height; ++y) {
        std::uint8_t* row = raster.pixels.data() + static_cast<std::size_t>(y) * w;
        if (TIFFReadScanline(tiff, row, static_cast<std::uint32_t>(y), 0) != 1) return false;
        if (photometric == PHOTOMETRIC_MINISWHITE) {
            for (std::size_t x = 0; x < w; ++x) row[x] = static_cast<std::uint8_t>(255 - row[x]);
        }
    }
    return true;
}

/// The current directory through libtiff's RGBA reader (any bit depth,
/// color, palette, tiles), top row first, made gray; false when it cannot.
bool read_rgba(TIFF* tiff, Raster& raster) {
    char why[1024] = {};
    if (TIFFRGBAImageOK(tiff, why) != 1) return false;
    std::vector<std::uint32_t> rgba(raster.pixels.size());
    if (TIFFReadRGBAImageOriented(tiff, static_cast<std::uint32_t>(raster.width),
                                  static_cast<std::uint32_t>(raster.height), rgba.data(), ORIENTATION_TOPLEFT,
                                  /*stop_on_error=*/1) != 1) {
        return false;
    }
    for (std::size_t i = 0; i < rgba.size(); ++i) {
        raster.pixels[i] = luma(TIFFGetR(rgba[i]), TIFFGetG(rgba[i]), TIFFGetB(rgba[i]));
    }
    return true;
}

/// The current directory of `tiff`, declared `size`, as page `index`.
ScanPage read_directory(TIFF* tiff, TiffLog& log, const std::string& path, int index, const PageSize& size) {
    std::uint32_t width = 0, height = 0;
    TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &height);
    if (width != size.width || height != size.height) {
        return failed_page(path, index, "the page cannot be decoded (its size is stored twice, differently)");
    }
    ScanPage page;
    page.source = path;
    page.index = index;
    page.raster.width = static_cast<int>(width);
    page.raster.height = static_cast<int>(height);
    page.raster.pixels.assign(static_cast<std::size_t>(width) * height, 255);
    log.error.clear();
    if (read_gray_rows(tiff, page.raster) || read_rgba(tiff, page.raster)) {
        return page;
    }
    return failed_page(
        path, index,
        log.error.empty() ? "the page cannot be decoded" : "the page cannot be decoded (" + log.error + ")");
}

}  // namespace

void read_tiff(const std::string& path, const std::vector<PageSize>& sizes,
               const std::function<void(ScanPage&&)>& visit) {
    TiffLog log;
    const TiffFile tiff = open_tiff(path, log);
    if (tiff == nullptr) {
        visit(failed_page(path, 1,
                          log.error.empty() ? "the TIFF cannot be opened"
                                            : "the TIFF cannot be opened (" + log.error + ")"));
        return;
    }
    bool more = true;  // the current directory is page i
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        const int index = static_cast<int>(i) + 1;
        if (i > 0 && more) {
            log.error.clear();
            more = TIFFReadDirectory(tiff.get()) == 1;
        }
        if (!more) {
            visit(failed_page(path, index, "the page cannot be decoded (its directory cannot be read)"));
        } else if (sizes[i].too_large()) {
            visit(failed_page(path, index, too_large(sizes[i])));
        } else {
            visit(read_directory(tiff.get(), log, path, index, sizes[i]));
        }
    }
}

}  // namespace handout::scan::detail
