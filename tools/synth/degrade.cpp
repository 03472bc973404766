// Synthetic scan defects, and the writers of synthetic scan files: a small
// PDF writer of our own (one image a page: JPEG for gray, Flate 1-bit for
// black and white, as copiers write them), multi-page TIFF (libtiff) and
// PNG/JPEG (the image stage's encoders, the product's own).

#include "synth/synth.hpp"

#include "handout/image.hpp"

#include <opencv2/imgproc.hpp>

#include <tiffio.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace handout::scan::synth {

namespace {

constexpr double mm_per_inch = 25.4;

cv::Mat view(const Raster& r) {
    return cv::Mat(r.height, r.width, CV_8UC1, const_cast<std::uint8_t*>(r.pixels.data()));
}

Raster to_raster(const cv::Mat& m, double dpi) {
    Raster r;
    r.width = m.cols;
    r.height = m.rows;
    r.dpi = dpi;
    const cv::Mat c = m.isContinuous() ? m : m.clone();
    r.pixels.assign(c.data, c.data + static_cast<std::size_t>(c.total()));
    return r;
}

/// `m` after a trip through a JPEG of `quality`, as a scanner or phone that
/// saves JPEG leaves it.
cv::Mat through_jpeg(const cv::Mat& m, int quality) {
    DecodeOptions options;
    options.max_side = options.max_pixels = std::uint64_t{1} << 40;
    const Raster back = decode_image_bytes(encode_jpeg(to_raster(m, 0), quality), "", options);
    return view(back).clone();
}

/// Gaussian noise from OpenCV's own generator (a fixed multiply-with-carry,
/// the same on every platform), seeded from ours.
void add_noise(cv::Mat& m, double sd, Rng& rng) {
    cv::RNG source(rng.next());
    cv::Mat noise(m.size(), CV_16S);
    source.fill(noise, cv::RNG::NORMAL, 0, sd);
    cv::Mat wide;
    m.convertTo(wide, CV_16S);
    wide += noise;
    wide.convertTo(m, CV_8U);
}

/// One pass through a photocopier: a little blur, contrast pushed (grays go
/// darker, the paper stays white), toner specks and drop-outs.
void photocopy(cv::Mat& m, double dpi, Rng& rng) {
    cv::GaussianBlur(m, m, cv::Size(), 0.09 * dpi / mm_per_inch);
    cv::Mat lut(1, 256, CV_8U);
    for (int i = 0; i < 256; ++i) {
        const double v = i / 255.0;
        lut.at<std::uint8_t>(i) =
            cv::saturate_cast<std::uint8_t>(255 * std::pow(std::clamp((v - 0.08) / 0.86, 0.0, 1.0), 1.35));
    }
    cv::LUT(m, lut, m);
    const int specks = static_cast<int>(m.total() / 40000);
    for (int i = 0; i < specks; ++i) {
        const cv::Point p(rng.below(m.cols), rng.below(m.rows));
        cv::circle(m, p, std::max(1, static_cast<int>(dpi / 300)), cv::Scalar(rng.chance(0.7) ? 40 : 255),
                   cv::FILLED);
    }
    add_noise(m, 3, rng);
}

}  // namespace

Raster degrade(const Raster& page, const Defects& d, Rng& rng) {
    cv::Mat m = view(page).clone();
    for (int i = 0; i < d.photocopies; ++i) {
        photocopy(m, page.dpi, rng);
    }
    if (d.skew != 0 || d.scale != 1) {
        // The printed content shrinks or grows about the paper's centre; the
        // skewed sheet lies whole on a larger scanner bed (auto-crop to the
        // sheet's bounding box), the bed a light gray.
        const double a = std::abs(d.skew) * M_PI / 180;
        const cv::Size bed(static_cast<int>(std::ceil(m.cols * std::cos(a) + m.rows * std::sin(a))),
                           static_cast<int>(std::ceil(m.cols * std::sin(a) + m.rows * std::cos(a))));
        cv::Mat rotation = cv::getRotationMatrix2D(
            cv::Point2f(static_cast<float>(m.cols) / 2, static_cast<float>(m.rows) / 2), d.skew, d.scale);
        rotation.at<double>(0, 2) += (bed.width - m.cols) / 2.0;
        rotation.at<double>(1, 2) += (bed.height - m.rows) / 2.0;
        cv::warpAffine(m, m, rotation, bed, cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(235));
    }
    if (d.blur > 0) {
        cv::GaussianBlur(m, m, cv::Size(), d.blur * page.dpi / mm_per_inch);
    }
    if (d.noise > 0) {
        add_noise(m, d.noise, rng);
    }
    if (d.one_bit) {
        cv::threshold(m, m, 127, 255, cv::THRESH_BINARY);
    }
    switch ((d.quarter_turns % 4 + 4) % 4) {
        case 1: cv::rotate(m, m, cv::ROTATE_90_COUNTERCLOCKWISE); break;
        case 2: cv::rotate(m, m, cv::ROTATE_180); break;
        case 3: cv::rotate(m, m, cv::ROTATE_90_CLOCKWISE); break;
        default: break;
    }
    if (d.jpeg_quality > 0 && !d.one_bit) {
        m = through_jpeg(m, d.jpeg_quality);
    }
    return to_raster(m, page.dpi);
}

namespace {

/// Where a photo puts the page's corners (top-left, top-right, bottom-right,
/// bottom-left, in photo pixels): centred on the desk, each corner moved by
/// the perspective, the whole made smaller where a corner would leave the
/// photo. `scale` gets photo pixels per page pixel at the page's centre.
std::array<cv::Point2f, 4> photo_corners(const Raster& page, const Photo& p, Rng& rng, double& scale) {
    const double margin = p.desk * p.height;
    scale = std::min((p.width - 2 * margin) / page.width, (p.height - 2 * margin) / page.height);
    const double w = page.width * scale, h = page.height * scale;
    const double x0 = (p.width - w) / 2, y0 = (p.height - h) / 2;
    std::array<cv::Point2d, 4> c = {cv::Point2d(x0, y0), cv::Point2d(x0 + w, y0), cv::Point2d(x0 + w, y0 + h),
                                    cv::Point2d(x0, y0 + h)};
    for (auto& corner : c) {
        const double a = rng.uniform(0, 2 * M_PI), r = p.perspective * w * rng.uniform(0.6, 1);
        corner += cv::Point2d(r * std::cos(a), r * std::sin(a));
    }
    double left = 1e18, right = -1e18, top = 1e18, bottom = -1e18;
    for (const auto& corner : c) {
        left = std::min(left, corner.x), right = std::max(right, corner.x);
        top = std::min(top, corner.y), bottom = std::max(bottom, corner.y);
    }
    const double edge = 0.01 * p.height;
    const double k =
        std::min({1.0, (p.width - 2 * edge) / (right - left), (p.height - 2 * edge) / (bottom - top)});
    const cv::Point2d from((left + right) / 2, (top + bottom) / 2), to(p.width / 2.0, p.height / 2.0);
    std::array<cv::Point2f, 4> out;
    for (std::size_t i = 0; i < 4; ++i) {
        out[i] = cv::Point2f(to + (c[i] - from) * k);
    }
    scale *= k;
    return out;
}

/// A desk: a mid gray with slow blotches, darker than paper.
cv::Mat desk(const Photo& p, Rng& rng) {
    cv::Mat blotches(6, 8, CV_32F);
    cv::RNG source(rng.next());
    source.fill(blotches, cv::RNG::NORMAL, rng.uniform(80, 150), 14);
    cv::Mat out;
    cv::resize(blotches, out, cv::Size(p.width, p.height), 0, 0, cv::INTER_CUBIC);
    return out;
}

/// The light on the photo, 0–1 a pixel: the paper's white under a phone's
/// exposure, falling off in one direction, and a soft-edged shadow over the
/// side of a random line that crosses the page (`corners`).
cv::Mat lighting(const Photo& p, const std::array<cv::Point2f, 4>& corners, Rng& rng) {
    const double fall = rng.uniform(0, 2 * M_PI), fx = std::cos(fall), fy = std::sin(fall);
    const double span = std::abs(fx) * p.width + std::abs(fy) * p.height;
    const double origin = std::min(0.0, fx * p.width) + std::min(0.0, fy * p.height);
    const cv::Point2f centre = (corners[0] + corners[1] + corners[2] + corners[3]) * 0.25f;
    const double size = cv::norm(corners[2] - corners[0]) / 2;
    const double towards = rng.uniform(0, 2 * M_PI), nx = std::cos(towards), ny = std::sin(towards);
    const double reach = rng.uniform(0.05, 0.4) * size;  // the shadow's edge from the page's centre
    const double soft = 0.008 * p.height;
    cv::Mat light(p.height, p.width, CV_32F);
    for (int y = 0; y < p.height; ++y) {
        auto* row = light.ptr<float>(y);
        for (int x = 0; x < p.width; ++x) {
            const double t = (x * fx + y * fy - origin) / span;
            double v = 0.9 * (1 - p.light * t);
            if (p.shadow > 0) {
                const double d = (x - centre.x) * nx + (y - centre.y) * ny - reach;
                v *= 1 - p.shadow / (1 + std::exp(-d / soft));
            }
            row[x] = static_cast<float>(v);
        }
    }
    return light;
}

}  // namespace

Raster photograph(const Raster& page, const Photo& p, Rng& rng) {
    double scale = 1;
    const std::array<cv::Point2f, 4> corners = photo_corners(page, p, rng, scale);
    const std::array<cv::Point2f, 4> source = {
        cv::Point2f(0, 0), cv::Point2f(static_cast<float>(page.width), 0),
        cv::Point2f(static_cast<float>(page.width), static_cast<float>(page.height)),
        cv::Point2f(0, static_cast<float>(page.height))};
    const cv::Mat h = cv::getPerspectiveTransform(source.data(), corners.data());
    cv::Mat m = desk(p, rng);
    cv::Mat paper;
    view(page).convertTo(paper, CV_32F);
    cv::warpPerspective(paper, m, h, m.size(), scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR,
                        cv::BORDER_TRANSPARENT);
    m = m.mul(lighting(p, corners, rng));
    cv::GaussianBlur(m, m, cv::Size(), 0.7);
    cv::Mat out;
    m.convertTo(out, CV_8U);
    add_noise(out, 3, rng);
    switch ((p.quarter_turns % 4 + 4) % 4) {
        case 1: cv::rotate(out, out, cv::ROTATE_90_COUNTERCLOCKWISE); break;
        case 2: cv::rotate(out, out, cv::ROTATE_180); break;
        case 3: cv::rotate(out, out, cv::ROTATE_90_CLOCKWISE); break;
        default: break;
    }
    if (p.jpeg_quality > 0) {
        out = through_jpeg(out, p.jpeg_quality);
    }
    return to_raster(out, page.dpi * scale);
}

namespace {

// A page's stored image (turned `turns` quarter turns), and the matrix that
// maps its unit square back onto the upright page of `w` × `h` points
// (image row 0 is drawn at the unit square's top).
std::pair<Raster, std::array<double, 6>> place_image(const Raster& page, int turns, double dpi, double w,
                                                     double h) {
    if (turns == 0) return {page, {w, 0, 0, h, 0, 0}};
    cv::Mat turned;
    cv::rotate(view(page), turned,
               turns == 1   ? cv::ROTATE_90_COUNTERCLOCKWISE
               : turns == 2 ? cv::ROTATE_180
                            : cv::ROTATE_90_CLOCKWISE);
    return {to_raster(turned, dpi), turns == 1   ? std::array<double, 6>{0, -h, w, 0, 0, h}
                                    : turns == 2 ? std::array<double, 6>{-w, 0, 0, -h, w, h}
                                                 : std::array<double, 6>{0, h, -w, 0, w, 0}};
}

// A page image's stream data: black and white pages as packed bits
// (1 = white), deflated, others as JPEG; `format` gets the image
// dictionary's entries for it.
std::vector<std::uint8_t> encode_image(const Raster& r, int jpeg_quality, const char*& format) {
    const bool bilevel =
        std::all_of(r.pixels.begin(), r.pixels.end(), [](std::uint8_t v) { return v == 0 || v == 255; });
    std::vector<std::uint8_t> data;
    if (!bilevel) {
        const std::string jpeg = encode_jpeg(r, jpeg_quality);
        data.assign(jpeg.begin(), jpeg.end());
        format = "/BitsPerComponent 8 /Filter /DCTDecode";
        return data;
    }
    const std::size_t stride = (static_cast<std::size_t>(r.width) + 7) / 8;
    std::vector<std::uint8_t> bits(stride * static_cast<std::size_t>(r.height), 0);
    for (int y = 0; y < r.height; ++y) {
        for (int x = 0; x < r.width; ++x) {
            if (r.at(x, y) != 0) {
                bits[static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(x) / 8] |=
                    static_cast<std::uint8_t>(0x80 >> (x % 8));
            }
        }
    }
    uLongf size = compressBound(static_cast<uLong>(bits.size()));
    data.resize(size);
    if (compress2(data.data(), &size, bits.data(), static_cast<uLong>(bits.size()), 6) != Z_OK) {
        throw std::runtime_error("zlib cannot compress a page");
    }
    data.resize(size);
    format = "/BitsPerComponent 1 /Filter /FlateDecode";
    return data;
}

}  // namespace

void write_pdf(const std::string& path, const std::vector<Raster>& pages, int jpeg_quality,
               const PdfPlacement& placement) {
    std::ostringstream out;
    std::vector<std::size_t> offsets;  // of objects 1…n
    const auto begin_object = [&](std::size_t number) {
        offsets.resize(std::max(offsets.size(), number));
        offsets[number - 1] = static_cast<std::size_t>(out.tellp());
        out << number << " 0 obj\n";
    };
    out << "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
    const std::size_t n = pages.size();
    begin_object(1);
    out << "<< /Type /Catalog /Pages 2 0 R >>\nendobj\n";
    begin_object(2);
    out << "<< /Type /Pages /Count " << n << " /Kids [";
    for (std::size_t i = 0; i < n; ++i) {
        out << ' ' << 3 + 3 * i << " 0 R";
    }
    out << " ] >>\nendobj\n";
    const int turns = (placement.image_turns % 4 + 4) % 4;
    for (std::size_t i = 0; i < n; ++i) {
        const double dpi = pages[i].dpi > 0 ? pages[i].dpi : 300;
        const double w = pages[i].width * 72.0 / dpi, h = pages[i].height * 72.0 / dpi;
        const auto [r, cm] = place_image(pages[i], turns, dpi, w, h);
        const std::size_t page = 3 + 3 * i, content = page + 1, image = page + 2;
        begin_object(page);
        out << "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " << w << ' ' << h << "] /Contents " << content
            << " 0 R /Resources << /XObject << /Im0 " << image << " 0 R >> >>";
        if (placement.rotate != 0) {
            out << " /Rotate " << placement.rotate;
        }
        out << " >>\nendobj\n";
        std::ostringstream draw;
        draw << "q " << cm[0] << ' ' << cm[1] << ' ' << cm[2] << ' ' << cm[3] << ' ' << cm[4] << ' ' << cm[5]
             << " cm /Im0 Do Q\n";
        begin_object(content);
        out << "<< /Length " << draw.str().size() << " >>\nstream\n" << draw.str() << "endstream\nendobj\n";

        const char* format = nullptr;
        const std::vector<std::uint8_t> data = encode_image(r, jpeg_quality, format);
        begin_object(image);
        out << "<< /Type /XObject /Subtype /Image /Width " << r.width << " /Height " << r.height
            << " /ColorSpace /DeviceGray " << format;
        out << " /Length " << data.size() << " >>\nstream\n";
        out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
        out << "\nendstream\nendobj\n";
    }
    const auto xref = static_cast<std::size_t>(out.tellp());
    out << "xref\n0 " << offsets.size() + 1 << "\n0000000000 65535 f \n";
    for (std::size_t offset : offsets) {
        char line[21];
        std::snprintf(line, sizeof line, "%010zu 00000 n \n", offset);
        out << line;
    }
    out << "trailer\n<< /Size " << offsets.size() + 1 << " /Root 1 0 R >>\nstartxref\n"
        << xref << "\n%%EOF\n";
    std::ofstream file(path, std::ios::binary);
    file << out.str();
    if (!file.flush()) {
        throw std::runtime_error("cannot write " + path);
    }
}

void write_tiff(const std::string& path, const std::vector<Raster>& pages) {
    const std::unique_ptr<TIFF, void (*)(TIFF*)> tiff(TIFFOpen(path.c_str(), "w"), [](TIFF* t) {
        if (t != nullptr) TIFFClose(t);
    });
    bool ok = tiff != nullptr;
    for (const Raster& r : pages) {
        if (!ok) break;
        TIFF* t = tiff.get();
        ok = TIFFSetField(t, TIFFTAG_IMAGEWIDTH, static_cast<std::uint32_t>(r.width)) == 1 &&
             TIFFSetField(t, TIFFTAG_IMAGELENGTH, static_cast<std::uint32_t>(r.height)) == 1 &&
             TIFFSetField(t, TIFFTAG_BITSPERSAMPLE, 8) == 1 &&
             TIFFSetField(t, TIFFTAG_SAMPLESPERPIXEL, 1) == 1 &&
             TIFFSetField(t, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK) == 1 &&
             TIFFSetField(t, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG) == 1 &&
             TIFFSetField(t, TIFFTAG_COMPRESSION, COMPRESSION_LZW) == 1 &&
             TIFFSetField(t, TIFFTAG_PREDICTOR, PREDICTOR_HORIZONTAL) == 1 &&
             TIFFSetField(t, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(t, 0)) == 1;
        for (int y = 0; ok && y < r.height; ++y) {
            auto* row = const_cast<std::uint8_t*>(r.pixels.data()) +
                        static_cast<std::size_t>(y) * static_cast<std::size_t>(r.width);
            ok = TIFFWriteScanline(t, row, static_cast<std::uint32_t>(y), 0) == 1;
        }
        ok = ok && TIFFWriteDirectory(t) == 1;
    }
    if (!ok) {
        throw std::runtime_error("cannot write " + path);
    }
}

void write_image(const std::string& path, const Raster& page, bool one_bit, int jpeg_quality) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext == ".tif" || ext == ".tiff") {
        write_tiff(path, {page});
        return;
    }
    // A page asked for as one bit but named .jpg is stored at quality 95
    // (what the OpenCV writer of old did).
    const std::string bytes =
        ext == ".png" ? encode_png(page, 0, one_bit) : encode_jpeg(page, one_bit ? 95 : jpeg_quality);
    std::ofstream file(path, std::ios::binary);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file.flush()) {
        throw std::runtime_error("cannot write " + path);
    }
}

}  // namespace handout::scan::synth
