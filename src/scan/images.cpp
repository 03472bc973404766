// Image scans (PNG and JPEG decoded by the image stage with libpng and
// libjpeg, multi-page TIFF by tiff.cpp with libtiff), and the read_scan entry
// point that dispatches files and folders. A decoder's error stops here and
// becomes a page's error.

#include "scan/input.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace handout::scan {

namespace detail {

namespace {

constexpr const char* not_an_image = "the file is not an image that can be decoded (PNG, JPEG or TIFF)";

/// The PNG or JPEG `bytes` of `path` decoded gray (a JPEG `reduction` times
/// smaller, turned as its EXIF orientation says), or why not.
ScanPage decode_page(const std::string& path, const std::string& bytes, int reduction) {
    DecodeOptions options;
    options.max_side = static_cast<std::uint64_t>(max_page_pixels);
    options.max_pixels = static_cast<std::uint64_t>(max_page_pixels);
    options.jpeg_reduction = reduction;
    try {
        ScanPage page;
        page.source = path;
        page.raster = decode_image_bytes(bytes, path, options);
        return page;
    } catch (const ImageError& e) {
        return failed_page(path, 1, "the image cannot be decoded (" + e.reason() + ")");
    }
}

/// The bytes of the file at `path`; empty when it cannot be read.
std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    const std::streamoff size = in ? static_cast<std::streamoff>(in.tellg()) : -1;
    std::string bytes;
    if (size > 0) {
        bytes.resize(static_cast<std::size_t>(size));
        in.seekg(0);
        if (!in.read(bytes.data(), size)) bytes.clear();
    }
    return bytes;
}

/// A JPEG file decoded gray at the reduced size jpeg_reduction() allows;
/// nullopt when the file is not a JPEG.
std::optional<ScanPage> read_jpeg(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::array<char, 2> magic{};
    if (!in.read(magic.data(), magic.size()) || magic[0] != '\xFF' || magic[1] != '\xD8') {
        return std::nullopt;
    }
    const std::string bytes = file_bytes(path);
    const auto size = jpeg_size(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    if (!size) {
        return failed_page(path, 1,
                           "the image cannot be decoded (the JPEG file is damaged: no frame header)");
    }
    if (static_cast<long long>(size->first) * size->second > max_page_pixels) {
        return failed_page(path, 1,
                           "the page is too large (" + std::to_string(size->first) + " × " +
                               std::to_string(size->second) + " pixels)");
    }
    return decode_page(path, bytes, jpeg_reduction(size->first, size->second, 0));
}

}  // namespace

std::optional<std::pair<int, int>> jpeg_size(const std::uint8_t* data, std::size_t size) {
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) {
        return std::nullopt;
    }
    std::size_t at = 2;
    while (at + 9 < size) {
        if (data[at] != 0xFF) {
            return std::nullopt;
        }
        const std::uint8_t marker = data[at + 1];
        if (marker == 0xFF) {  // fill byte
            ++at;
            continue;
        }
        const std::size_t length = static_cast<std::size_t>(data[at + 2]) << 8 | data[at + 3];
        // Start of frame: any but DHT (C4), JPG (C8) and DAC (CC).
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            const int height = data[at + 5] << 8 | data[at + 6], width = data[at + 7] << 8 | data[at + 8];
            if (width <= 0 || height <= 0) {
                return std::nullopt;
            }
            return std::make_pair(width, height);
        }
        if (marker == 0xD9 || marker == 0xDA || length < 2) {
            return std::nullopt;  // end of image or of headers before a frame
        }
        at += 2 + length;
    }
    return std::nullopt;
}

std::string too_large(const PageSize& size) {
    return "the page is too large (" + std::to_string(size.width) + " × " + std::to_string(size.height) +
           " pixels; at most " + std::to_string(max_page_pixels / 1'000'000) + " megapixels are read)";
}

namespace {

std::string too_many_pages(std::size_t count) {
    return "the file has " +
           (count > max_scan_pages ? "more than " + std::to_string(max_scan_pages) : std::to_string(count)) +
           " pages; handout marks at most " + std::to_string(max_scan_pages) +
           " pages in one run: mark the pile in parts (a class at a time)";
}

}  // namespace

void read_image(const std::string& path, const std::function<void(ScanPage&&)>& visit) {
    if (auto jpeg = read_jpeg(path)) {
        visit(std::move(*jpeg));
        return;
    }
    // The size a PNG declares, before it is decoded.
    if (const auto png = png_size(path)) {
        visit(png->too_large() ? failed_page(path, 1, too_large(*png))
                               : decode_page(path, file_bytes(path), 1));
        return;
    }
    if (const auto tiff = tiff_sizes(path, max_scan_pages)) {
        if (tiff->size() > max_scan_pages) {
            visit(failed_page(path, 1, too_many_pages(tiff->size())));
        } else if (tiff->empty()) {
            visit(failed_page(path, 1, "the TIFF has no pages"));
        } else {
            read_tiff(path, *tiff, visit);
        }
        return;
    }
    visit(failed_page(path, 1, not_an_image));
}

}  // namespace detail

namespace {

namespace fs = std::filesystem;

bool is_pdf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::array<char, 5> head{};
    in.read(head.data(), head.size());
    return in.gcount() == 5 && std::memcmp(head.data(), "%PDF-", 5) == 0;
}

bool is_scan_name(const fs::path& p) {
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".pdf" || ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".tif" || ext == ".tiff";
}

void read_file(const std::string& path, const std::function<void(ScanPage&&)>& visit, const ReadOptions& options) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        visit(detail::failed_page(path, 1, "no such file"));
        return;
    }
    std::ifstream probe(path, std::ios::binary);
    if (!probe) {
        visit(detail::failed_page(path, 1, "the file cannot be opened"));
        return;
    }
    if (is_pdf(path)) {
        detail::read_pdf(path, visit, options);
    } else {
        detail::read_image(path, visit);
    }
}

}  // namespace

std::size_t scan_pages(const std::string& path, const std::function<void(ScanPage&&)>& visit,
                       const ReadOptions& options) {
    std::size_t count = 0;
    const auto counted = [&](ScanPage&& page) {
        ++count;
        visit(std::move(page));
    };
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
        read_file(path, counted, options);
        return count;
    }
    for (const auto& file : scan_files_in(path)) {
        read_file(file, counted, options);
    }
    if (count == 0) {
        counted(detail::failed_page(path, 1, "the folder holds no PDF, PNG, JPEG or TIFF file"));
    }
    return count;
}

std::vector<std::string> scan_files_in(const std::string& folder) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file(ec) && is_scan_name(it->path())) {
            files.push_back(it->path());
        }
    }
    std::sort(files.begin(), files.end());
    std::vector<std::string> out;
    out.reserve(files.size());
    for (const auto& file : files) {
        out.push_back(file.string());
    }
    return out;
}

std::vector<ScanPage> read_scan(const std::string& path, const ReadOptions& options) {
    std::vector<ScanPage> pages;
    scan_pages(path, [&](ScanPage&& page) { pages.push_back(std::move(page)); }, options);
    return pages;
}

/// Pixels darker than their surroundings by this many gray levels (of 255),
/// in a thin feature (a black-hat of 7 × 7 at 600 pixels to the long side):
/// print and pen. Paper grain and JPEG noise stay under 20; a page's edge
/// against the desk, a shadow's soft edge and uneven light are no thin
/// feature at all.
constexpr int blank_hat = 40;
/// At most this share of such pixels: nothing printed or written.
constexpr double blank_share = 0.0005;

bool nothing_printed(const Raster& raster) {
    const Raster small = shrink(raster, 600);
    if (small.empty()) {
        return false;
    }
    const cv::Mat image(small.height, small.width, CV_8UC1, const_cast<std::uint8_t*>(small.pixels.data()));
    cv::Mat hat;
    cv::morphologyEx(image, hat, cv::MORPH_BLACKHAT,
                     cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
    cv::Mat inked;
    cv::threshold(hat, inked, blank_hat, 255, cv::THRESH_BINARY);
    return static_cast<double>(cv::countNonZero(inked)) < blank_share * static_cast<double>(hat.total());
}

}  // namespace handout::scan
