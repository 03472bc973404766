// A copier's PDF page read without rendering: when the page draws exactly one
// image, placed over the whole page (any quarter turn or mirror, any /Rotate),
// and paints nothing else, that image is the page. It is decoded directly
// (JPEG with the image stage's libjpeg decoder, Flate/LZW gray, RGB or 1-bit
// through qpdf's decoders) and
// turned the way poppler would draw it. Anything else (vector pages such as
// handout's own PDFs, several images, masks, CMYK, CCITT, JPEG 2000, a
// clipping path inside the page) returns nullopt and is rendered by poppler.

#include "scan/pdf_image.hpp"

#include <opencv2/core.hpp>

#define POINTERHOLDER_TRANSITION 4  // qpdf: use std::shared_ptr, no PointerHolder
#include <qpdf/Buffer.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace handout::scan::detail {

namespace {

using Matrix = std::array<double, 6>;  // a b c d e f, as PDF's cm

/// m then n (PDF's `cm` premultiplies the current matrix).
Matrix times(const Matrix& m, const Matrix& n) {
    return {m[0] * n[0] + m[1] * n[2],        m[0] * n[1] + m[1] * n[3],
            m[2] * n[0] + m[3] * n[2],        m[2] * n[1] + m[3] * n[3],
            m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]};
}

/// Walks a page's content stream and keeps the one image it draws, giving up
/// on anything that paints other than invisible text (a copier's OCR layer).
class ContentWalk : public QPDFObjectHandle::ParserCallbacks {
public:
    ContentWalk(const QPDFObjectHandle& xobjects, std::array<double, 4> box) : xobjects_(xobjects), box_(box) {}

    bool ok() const { return !failed_ && images_ == 1; }
    const QPDFObjectHandle& image() const { return image_; }
    const Matrix& placement() const { return placement_; }

    void handleObject(QPDFObjectHandle object) override {
        if (failed_) {
            return;
        }
        if (!object.isOperator()) {
            operands_.push_back(std::move(object));
            return;
        }
        operate(object.getOperatorValue());
        operands_.clear();
    }
    void handleEOF() override {}

private:
    void fail() {
        failed_ = true;
        terminateParsing();
    }
    bool numbers(std::size_t n) {
        return operands_.size() == n &&
               std::all_of(operands_.begin(), operands_.end(), [](QPDFObjectHandle& o) { return o.isNumber(); });
    }
    double number(std::size_t i) { return operands_[i].getNumericValue(); }

    void operate(const std::string& op) {
        static const std::array<const char*, 28> harmless = {
            "w", "J", "j", "M", "d", "ri", "i", "g", "G", "rg", "RG", "k", "K", "cs", "CS", "sc", "scn", "SC",
            "SCN", "BT", "ET", "Tf", "Td", "TD", "Tm", "T*", "Tc", "Tw"};
        static const std::array<const char*, 12> also_harmless = {"Tz", "TL", "Ts", "BMC", "BDC", "EMC", "MP", "DP",
                                                                  "BX", "EX", "m", "l"};
        static const std::array<const char*, 4> path = {"c", "v", "y", "h"};
        const auto in = [&](const auto& list) {
            return std::any_of(list.begin(), list.end(), [&](const char* s) { return op == s; });
        };
        if (op == "q") {
            stack_.push_back(ctm_);
        } else if (op == "Q") {
            if (stack_.empty()) {
                return fail();
            }
            ctm_ = stack_.back();
            stack_.pop_back();
        } else if (op == "cm") {
            if (!numbers(6)) {
                return fail();
            }
            ctm_ = times({number(0), number(1), number(2), number(3), number(4), number(5)}, ctm_);
        } else if (op == "Do") {
            draw();
        } else if (op == "Tr") {
            text_mode_ = numbers(1) ? static_cast<int>(number(0)) : -1;
        } else if (op == "Tj" || op == "TJ" || op == "'" || op == "\"") {
            if (text_mode_ != 3) {
                return fail();  // visible text
            }
        } else if (op == "re") {
            clip_ok_ = numbers(4) && covers_page(number(0), number(1), number(2), number(3));
        } else if (op == "W" || op == "W*") {
            if (!clip_ok_) {
                return fail();  // a clip inside the page
            }
        } else if (op == "n" || in(path)) {
            clip_ok_ = false;
        } else if (!in(harmless) && !in(also_harmless)) {
            return fail();  // painting (f, S, sh, BI …), gs, or an unknown operator
        }
    }

    /// Whether the rectangle, in the current user space, covers the page box.
    bool covers_page(double x, double y, double w, double h) const {
        if (ctm_[1] != 0 || ctm_[2] != 0) {
            return false;
        }
        const double x0 = ctm_[0] * x + ctm_[4], x1 = ctm_[0] * (x + w) + ctm_[4];
        const double y0 = ctm_[3] * y + ctm_[5], y1 = ctm_[3] * (y + h) + ctm_[5];
        return std::min(x0, x1) <= box_[0] + 1 && std::max(x0, x1) >= box_[2] - 1 &&
               std::min(y0, y1) <= box_[1] + 1 && std::max(y0, y1) >= box_[3] - 1;
    }

    void draw() {
        if (operands_.size() != 1 || !operands_[0].isName() || !xobjects_.isDictionary()) {
            return fail();
        }
        QPDFObjectHandle object = xobjects_.getKey(operands_[0].getName());
        if (!object.isStream() || !object.getDict().getKey("/Subtype").isNameAndEquals("/Image")) {
            return fail();  // a form XObject or a missing one
        }
        ++images_;
        image_ = object;
        placement_ = ctm_;
    }

    QPDFObjectHandle xobjects_;
    std::array<double, 4> box_;
    std::vector<QPDFObjectHandle> operands_;
    Matrix ctm_{1, 0, 0, 1, 0, 0};
    std::vector<Matrix> stack_;
    int text_mode_ = 0;
    bool clip_ok_ = false;
    bool failed_ = false;
    int images_ = 0;
    QPDFObjectHandle image_;
    Matrix placement_{};
};

/// Color components of an image's color space that we decode (1 gray, 3
/// RGB), 0 for any other (CMYK, indexed, separations, Lab).
int components(QPDFObjectHandle space) {
    if (space.isName()) {
        const std::string name = space.getName();
        return name == "/DeviceGray" || name == "/CalGray" ? 1 : name == "/DeviceRGB" || name == "/CalRGB" ? 3 : 0;
    }
    if (space.isArray() && space.getArrayNItems() == 2 && space.getArrayItem(0).isName()) {
        const std::string family = space.getArrayItem(0).getName();
        if (family == "/CalGray") return 1;
        if (family == "/CalRGB") return 3;
        if (family == "/ICCBased" && space.getArrayItem(1).isStream()) {
            QPDFObjectHandle n = space.getArrayItem(1).getDict().getKey("/N");
            const int count = n.isInteger() ? n.getIntValueAsInt() : 0;
            return count == 1 || count == 3 ? count : 0;
        }
    }
    return 0;
}

/// The filters of a stream, as a list of names.
std::vector<std::string> filters(QPDFObjectHandle dict) {
    std::vector<std::string> out;
    QPDFObjectHandle filter = dict.getKey("/Filter");
    if (filter.isName()) {
        out.push_back(filter.getName());
    } else if (filter.isArray()) {
        for (int i = 0; i < filter.getArrayNItems(); ++i) {
            out.push_back(filter.getArrayItem(i).isName() ? filter.getArrayItem(i).getName() : "?");
        }
    }
    return out;
}

/// An image XObject decoded to 8-bit gray in its own pixel order (a JPEG at
/// the reduced size jpeg_reduction() allows at `dpi`, its EXIF orientation
/// ignored as a PDF viewer does), or an empty image when it is of a kind left
/// to poppler.
Raster decode_pdf_image(QPDFObjectHandle image, double dpi) {
    QPDFObjectHandle dict = image.getDict();
    if (!dict.getKey("/Width").isInteger() || !dict.getKey("/Height").isInteger() ||
        (dict.getKey("/ImageMask").isBool() && dict.getKey("/ImageMask").getBoolValue()) || dict.hasKey("/Mask") ||
        dict.hasKey("/SMask") || dict.hasKey("/Decode")) {
        return {};
    }
    const long long width = dict.getKey("/Width").getIntValue();
    const long long height = dict.getKey("/Height").getIntValue();
    if (width <= 0 || height <= 0 || width * height > max_page_pixels) {
        return {};
    }
    const int channels = components(dict.getKey("/ColorSpace"));
    QPDFObjectHandle bits = dict.getKey("/BitsPerComponent");
    const int depth = bits.isInteger() ? bits.getIntValueAsInt() : 0;
    const std::vector<std::string> chain = filters(dict);
    const int w = static_cast<int>(width), h = static_cast<int>(height);

    if (chain == std::vector<std::string>{"/DCTDecode"}) {
        if (channels == 0 || depth != 8) {
            return {};
        }
        const std::shared_ptr<Buffer> raw = image.getRawStreamData();
        const std::string bytes(reinterpret_cast<const char*>(raw->getBuffer()), raw->getSize());
        DecodeOptions options;
        options.max_side = options.max_pixels = static_cast<std::uint64_t>(max_page_pixels);
        options.jpeg_reduction = jpeg_reduction(w, h, dpi);
        options.exif_orientation = false;
        Raster gray;
        try {
            gray = decode_image_bytes(bytes, "", options);
        } catch (const ImageError&) {
            return {};  // poppler says what is wrong with it
        }
        const int factor = options.jpeg_reduction;
        return gray.width == (w + factor - 1) / factor && gray.height == (h + factor - 1) / factor ? gray
                                                                                                   : Raster();
    }
    for (const std::string& f : chain) {
        if (f != "/FlateDecode" && f != "/LZWDecode" && f != "/ASCII85Decode" && f != "/ASCIIHexDecode" &&
            f != "/RunLengthDecode") {
            return {};  // CCITT, JBIG2, JPEG 2000, DCT after another filter
        }
    }
    if (!(channels == 1 && (depth == 1 || depth == 8)) && !(channels == 3 && depth == 8)) {
        return {};
    }
    const std::shared_ptr<Buffer> data = image.getStreamData(qpdf_dl_specialized);
    const auto row_bytes = static_cast<std::size_t>(depth == 1 ? (w + 7) / 8 : w * channels);
    if (data->getSize() < row_bytes * static_cast<std::size_t>(h)) {
        return {};
    }
    const unsigned char* in = data->getBuffer();
    Raster gray;
    gray.width = w;
    gray.height = h;
    gray.pixels.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    if (depth == 1) {
        // Packed bits, most significant first, 0 black (DeviceGray, no /Decode).
        for (int y = 0; y < h; ++y) {
            const unsigned char* row = in + static_cast<std::size_t>(y) * row_bytes;
            std::uint8_t* out =
                gray.pixels.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w);
            for (int x = 0; x < w; ++x) {
                out[x] = (row[x >> 3] >> (7 - (x & 7))) & 1 ? 255 : 0;
            }
        }
    } else if (channels == 1) {
        std::memcpy(gray.pixels.data(), in, row_bytes * static_cast<std::size_t>(h));
    } else {
        for (std::size_t i = 0; i < gray.pixels.size(); ++i) {
            gray.pixels[i] = luma(in[3 * i], in[3 * i + 1], in[3 * i + 2]);
        }
    }
    return gray;
}

/// The number as a double, or `fallback`.
double numeric(QPDFObjectHandle o, double fallback) { return o.isNumber() ? o.getNumericValue() : fallback; }

/// The page box (crop box, else media box) as x0 y0 x1 y1, normalised.
std::array<double, 4> page_box(QPDFPageObjectHelper& page) {
    QPDFObjectHandle box = page.getCropBox();
    if (!box.isArray() || box.getArrayNItems() != 4) {
        return {0, 0, 0, 0};
    }
    const double a = numeric(box.getArrayItem(0), 0), b = numeric(box.getArrayItem(1), 0);
    const double c = numeric(box.getArrayItem(2), 0), d = numeric(box.getArrayItem(3), 0);
    return {std::min(a, c), std::min(b, d), std::max(a, c), std::max(b, d)};
}

/// The page's pixels `pixels` at `dpi`: `decoded` itself when they are
/// still its buffer (not turned; perhaps flipped in place), else a copy.
Raster as_raster(Raster decoded, const cv::Mat& pixels, double dpi) {
    if (pixels.data == decoded.pixels.data() && pixels.cols == decoded.width) {
        decoded.dpi = dpi;
        return decoded;
    }
    Raster raster;
    raster.width = pixels.cols;
    raster.height = pixels.rows;
    raster.dpi = dpi;
    raster.pixels.resize(static_cast<std::size_t>(pixels.cols) * static_cast<std::size_t>(pixels.rows));
    for (int y = 0; y < pixels.rows; ++y) {
        std::memcpy(
            raster.pixels.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(pixels.cols),
            pixels.ptr<std::uint8_t>(y), static_cast<std::size_t>(pixels.cols));
    }
    return raster;
}

}  // namespace

std::optional<Raster> page_image(QPDFPageObjectHelper& page) {
    const std::array<double, 4> box = page_box(page);
    const double box_w = box[2] - box[0], box_h = box[3] - box[1];
    if (box_w <= 0 || box_h <= 0) {
        return std::nullopt;
    }
    QPDFObjectHandle resources = page.getAttribute("/Resources", false);
    ContentWalk walk(resources.isDictionary() ? resources.getKey("/XObject") : QPDFObjectHandle::newNull(), box);
    page.parseContents(&walk);
    if (!walk.ok()) {
        return std::nullopt;
    }
    // The image's unit square must land on the page box, axis-aligned: either
    // straight (b = c = 0) or turned a quarter (a = d = 0).
    const Matrix& m = walk.placement();
    const bool straight = std::abs(m[1]) < 1e-6 && std::abs(m[2]) < 1e-6;
    const bool turned = std::abs(m[0]) < 1e-6 && std::abs(m[3]) < 1e-6;
    if (!straight && !turned) {
        return std::nullopt;
    }
    const double x0 = m[4] + std::min(0.0, m[0]) + std::min(0.0, m[2]);
    const double x1 = m[4] + std::max(0.0, m[0]) + std::max(0.0, m[2]);
    const double y0 = m[5] + std::min(0.0, m[1]) + std::min(0.0, m[3]);
    const double y1 = m[5] + std::max(0.0, m[1]) + std::max(0.0, m[3]);
    const double tol = std::max(1.5, 0.005 * std::max(box_w, box_h));
    if (std::abs(x0 - box[0]) > tol || std::abs(x1 - box[2]) > tol || std::abs(y0 - box[1]) > tol ||
        std::abs(y1 - box[3]) > tol) {
        return std::nullopt;
    }
    QPDFObjectHandle image = walk.image();
    QPDFObjectHandle dict = image.getDict();
    const double longest = std::max(numeric(dict.getKey("/Width"), 0), numeric(dict.getKey("/Height"), 0));
    Raster decoded = decode_pdf_image(image, longest * 72 / std::max(box_w, box_h));
    if (decoded.empty()) {
        return std::nullopt;
    }
    cv::Mat pixels(decoded.height, decoded.width, CV_8UC1, decoded.pixels.data());
    // Into device space (x right, y down, before /Rotate). An image's row 0
    // is its top (unit-square t = 1). Straight: columns run along x (flipped
    // when a < 0), rows down when d > 0. Turned: rows run along x, columns
    // along y; transpose, then flip x when c > 0 and y when b > 0.
    double dpi_x = 0, dpi_y = 0;
    if (straight) {
        dpi_x = pixels.cols * 72.0 / std::abs(m[0]);
        dpi_y = pixels.rows * 72.0 / std::abs(m[3]);
        const bool flip_x = m[0] < 0, flip_y = m[3] < 0;
        if (flip_x || flip_y) {
            cv::flip(pixels, pixels, flip_x && flip_y ? -1 : flip_x ? 1 : 0);
        }
    } else {
        dpi_x = pixels.rows * 72.0 / std::abs(m[2]);
        dpi_y = pixels.cols * 72.0 / std::abs(m[1]);
        cv::transpose(pixels, pixels);
        const bool flip_x = m[2] > 0, flip_y = m[1] > 0;
        if (flip_x || flip_y) {
            cv::flip(pixels, pixels, flip_x && flip_y ? -1 : flip_x ? 1 : 0);
        }
    }
    if (std::abs(dpi_x - dpi_y) > 0.01 * std::max(dpi_x, dpi_y)) {
        return std::nullopt;  // stretched: poppler resamples it
    }
    QPDFObjectHandle rotate = page.getAttribute("/Rotate", false);
    const int turns = ((rotate.isInteger() ? rotate.getIntValueAsInt() : 0) / 90 % 4 + 4) % 4;
    if (turns != 0) {
        cv::rotate(pixels, pixels,
                   turns == 1 ? cv::ROTATE_90_CLOCKWISE : turns == 2 ? cv::ROTATE_180 : cv::ROTATE_90_COUNTERCLOCKWISE);
    }
    return as_raster(std::move(decoded), pixels, (dpi_x + dpi_y) / 2);
}

}  // namespace handout::scan::detail
