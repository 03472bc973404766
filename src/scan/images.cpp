// Image scans (PNG, JPEG, multi-page TIFF, any bit depth) decoded with
// OpenCV's imgcodecs, and the read_scan entry point that dispatches files and
// folders. OpenCV's exceptions stop here and become a page's error.

#include "scan/input.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace handout::scan {

namespace detail {

namespace {

/// A decoded OpenCV image as an 8-bit gray raster. (Decoding with
/// IMREAD_GRAYSCALE already makes color gray, 16 bits 8 and 1 bit 0/255.)
Raster to_raster(const cv::Mat& decoded) {
    cv::Mat gray = decoded;
    if (gray.channels() == 3) {
        cv::cvtColor(decoded, gray, cv::COLOR_BGR2GRAY);
    } else if (gray.channels() == 4) {
        cv::cvtColor(decoded, gray, cv::COLOR_BGRA2GRAY);
    }
    if (gray.depth() == CV_16U) {
        gray.convertTo(gray, CV_8U, 1.0 / 257.0);
    } else if (gray.depth() != CV_8U) {
        gray.convertTo(gray, CV_8U);
    }
    Raster raster;
    raster.width = gray.cols;
    raster.height = gray.rows;
    raster.pixels.resize(static_cast<std::size_t>(gray.cols) * static_cast<std::size_t>(gray.rows));
    for (int y = 0; y < gray.rows; ++y) {
        std::memcpy(raster.pixels.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(gray.cols),
                    gray.ptr<std::uint8_t>(y), static_cast<std::size_t>(gray.cols));
    }
    return raster;
}

/// A JPEG file decoded gray at the reduced size jpeg_reduction() allows;
/// nullopt when the file is not a JPEG (other formats go through imcount).
std::optional<ScanPage> read_jpeg(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::array<char, 2> magic{};
    if (!in.read(magic.data(), magic.size()) || magic[0] != '\xFF' || magic[1] != '\xD8') {
        return std::nullopt;  // not a JPEG: read by imcount and imreadmulti
    }
    in.seekg(0);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto size = jpeg_size(bytes.data(), bytes.size());
    if (!size) {
        return std::nullopt;
    }
    if (static_cast<long long>(size->first) * size->second > max_page_pixels) {
        return failed_page(path, 1,
                           "the page is too large (" + std::to_string(size->first) + " × " +
                               std::to_string(size->second) + " pixels)");
    }
    const int flag = reduced_gray_flag(jpeg_reduction(size->first, size->second, 0));
    cv::Mat decoded;
    try {
        decoded = cv::imdecode(bytes, flag);
    } catch (const cv::Exception& e) {
        return failed_page(path, 1, "the image cannot be decoded (" + e.msg + ")");
    }
    if (decoded.empty()) {
        return failed_page(path, 1, "the file is not an image that can be decoded (PNG, JPEG or TIFF)");
    }
    ScanPage page;
    page.source = path;
    page.raster = to_raster(decoded);
    return page;
}

}  // namespace

int reduced_gray_flag(int factor) {
    return factor >= 8   ? cv::IMREAD_REDUCED_GRAYSCALE_8
           : factor >= 4 ? cv::IMREAD_REDUCED_GRAYSCALE_4
           : factor >= 2 ? cv::IMREAD_REDUCED_GRAYSCALE_2
                         : cv::IMREAD_GRAYSCALE;
}

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

void read_image(const std::string& path, const std::function<void(ScanPage&&)>& visit) {
    if (auto jpeg = read_jpeg(path)) {
        visit(std::move(*jpeg));
        return;
    }
    // One page at a time: imcount, then imreadmulti for each page.
    std::size_t count = 0;
    try {
        count = cv::imcount(path, cv::IMREAD_GRAYSCALE);
    } catch (const cv::Exception& e) {
        visit(failed_page(path, 1, "the image cannot be decoded (" + e.msg + ")"));
        return;
    }
    if (count == 0) {
        visit(failed_page(path, 1, "the file is not an image that can be decoded (PNG, JPEG or TIFF)"));
        return;
    }
    for (std::size_t i = 0; i < count; ++i) {
        const int index = static_cast<int>(i) + 1;
        std::vector<cv::Mat> mats;
        try {
            if (!cv::imreadmulti(path, mats, static_cast<int>(i), 1, cv::IMREAD_GRAYSCALE)) {
                mats.clear();
            }
        } catch (const cv::Exception& e) {
            visit(failed_page(path, index, "the page cannot be decoded (" + e.msg + ")"));
            continue;
        }
        if (mats.empty() || mats[0].empty()) {
            visit(failed_page(path, index, i == 0 && count == 1
                                               ? "the file is not an image that can be decoded (PNG, JPEG or TIFF)"
                                               : "the page cannot be decoded"));
        } else if (static_cast<long long>(mats[0].cols) * mats[0].rows > max_page_pixels) {
            visit(failed_page(path, index, "the page is too large (" + std::to_string(mats[0].cols) + " × " +
                                               std::to_string(mats[0].rows) + " pixels)"));
        } else {
            ScanPage page;
            page.source = path;
            page.index = index;
            page.raster = to_raster(mats[0]);
            visit(std::move(page));
        }
    }
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
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(path, ec)) {
        if (entry.is_regular_file(ec) && is_scan_name(entry.path())) {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        read_file(file.string(), counted, options);
    }
    if (count == 0) {
        counted(detail::failed_page(path, 1, "the folder holds no PDF, PNG, JPEG or TIFF file"));
    }
    return count;
}

std::vector<ScanPage> read_scan(const std::string& path, const ReadOptions& options) {
    std::vector<ScanPage> pages;
    scan_pages(path, [&](ScanPage&& page) { pages.push_back(std::move(page)); }, options);
    return pages;
}

std::vector<std::uint8_t> encode_png(const Raster& raster) {
    std::vector<std::uint8_t> bytes;
    if (raster.empty()) {
        return bytes;
    }
    const cv::Mat view(raster.height, raster.width, CV_8UC1, const_cast<std::uint8_t*>(raster.pixels.data()));
    cv::imencode(".png", view, bytes);
    return bytes;
}

Raster shrink(const Raster& raster, int longest) {
    if (raster.empty() || longest <= 0 || std::max(raster.width, raster.height) <= longest) {
        return raster;
    }
    const double k = static_cast<double>(longest) / std::max(raster.width, raster.height);
    Raster out;
    out.width = std::max(1, static_cast<int>(raster.width * k));
    out.height = std::max(1, static_cast<int>(raster.height * k));
    out.dpi = raster.dpi * k;
    out.pixels.resize(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height));
    const cv::Mat from(raster.height, raster.width, CV_8UC1, const_cast<std::uint8_t*>(raster.pixels.data()));
    cv::Mat to(out.height, out.width, CV_8UC1, out.pixels.data());
    cv::resize(from, to, to.size(), 0, 0, cv::INTER_AREA);
    return out;
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
