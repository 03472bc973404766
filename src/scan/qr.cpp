// Page identity: the QR code, decoded with ZXing-cpp. This is the only file
// that includes ZXing's headers. ZXing's QR detector finds a symbol in any
// rotation (its finder patterns say which way is up), so an upside-down or
// sideways page needs no second pass; a smaller copy of the page is tried
// first because decoding cost grows with the pixel count, then the full page.

#define ZX_USE_UTF8 1
// ZXing-cpp 2.2 renamed DecodeHints to ReaderOptions (the old name is
// deprecated in Debian 13's 2.3; Debian 12's 1.4 has only the old one).
#if __has_include(<ZXing/ReaderOptions.h>)
#include <ZXing/ReaderOptions.h>
#else
#include <ZXing/DecodeHints.h>
#endif
#include <ZXing/ReadBarcode.h>

#include "handout/scan.hpp"
#include "handout/text.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace handout::scan {

namespace {

/// The resolution the first, reduced decoding attempt works at.
constexpr double quick_dpi = 150;

/// The page's resolution when the raster does not say: its short side taken
/// as 8.3 in (A4 is 8.27, Letter 8.5).
double estimated_dpi(const Raster& raster) {
    return raster.dpi > 0 ? raster.dpi : std::min(raster.width, raster.height) / 8.3;
}

/// A copy `factor` times smaller in each direction (box average, OpenCV's
/// vectorised area resampling: four times faster than a plain loop).
Raster reduce(const Raster& in, int factor) {
    Raster out;
    out.width = in.width / factor;
    out.height = in.height / factor;
    out.pixels.resize(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height));
    const cv::Mat source(out.height * factor, out.width * factor, CV_8UC1, const_cast<std::uint8_t*>(in.pixels.data()),
                         static_cast<std::size_t>(in.width));
    cv::Mat target(out.height, out.width, CV_8UC1, out.pixels.data());
    cv::resize(source, target, target.size(), 0, 0, cv::INTER_AREA);
    return out;
}

struct Decoded {
    bool found = false;
    bool valid = false;  ///< found and its error correction succeeded
    std::string text;
    std::array<Point, 4> corners{};
};

#if __has_include(<ZXing/ReaderOptions.h>)
using ReaderOptions = ZXing::ReaderOptions;
#else
using ReaderOptions = ZXing::DecodeHints;
#endif

Decoded decode(const Raster& raster, double scale, bool harder) {
    ReaderOptions hints;
    hints.setFormats(ZXing::BarcodeFormat::QRCode);
    hints.setTryHarder(harder);
    hints.setTryRotate(false);
    hints.setTryDownscale(false);
    hints.setReturnErrors(true);
    const ZXing::ImageView view(raster.pixels.data(), raster.width, raster.height, ZXing::ImageFormat::Lum);
    const ZXing::Result result = ZXing::ReadBarcode(view, hints);
    Decoded out;
    if (result.format() == ZXing::BarcodeFormat::None) {
        return out;
    }
    out.found = true;
    out.valid = result.isValid();
    out.text = result.text();
    const auto& p = result.position();
    const std::array<ZXing::PointI, 4> corners = {p.topLeft(), p.topRight(), p.bottomRight(), p.bottomLeft()};
    for (std::size_t i = 0; i < 4; ++i) {
        out.corners[i] = {(corners[i].x + 0.5) * scale - 0.5, (corners[i].y + 0.5) * scale - 0.5};
    }
    return out;
}

}  // namespace


Identification identify_page(const Raster& raster) {
    Identification id;
    if (raster.empty()) {
        id.reason = "the page is empty";
        return id;
    }
    const int factor = std::max(1, static_cast<int>(estimated_dpi(raster) / quick_dpi));
    // Quick attempts first (a reduced copy, ZXing's plain search), then the
    // full page searched harder.
    Decoded found;
    if (factor > 1) {
        found = decode(reduce(raster, factor), factor, true);
    }
    if (!found.valid) {
        const Decoded full = decode(raster, 1, true);
        if (full.valid || !found.found) {
            found = full;
        }
    }
    if (!found.found) {
        id.reason = "no page code (QR) found";
        return id;
    }
    if (!found.valid) {
        id.reason = "the page code (QR) is damaged and cannot be decoded";
        return id;
    }
    auto code = parse_page_code(found.text);
    if (!code) {
        id.reason =
            "the QR code \"" + shown_escaped(found.text.substr(0, 60)) + "\" is not a handout page code";
        return id;
    }
    id.code = std::move(*code);
    id.qr = found.corners;
    return id;
}

}  // namespace handout::scan
