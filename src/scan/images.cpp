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

}  // namespace

std::vector<ScanPage> read_image(const std::string& path) {
    std::vector<cv::Mat> mats;
    try {
        if (!cv::imreadmulti(path, mats, cv::IMREAD_GRAYSCALE)) {
            mats.clear();
        }
    } catch (const cv::Exception& e) {
        return {failed_page(path, 1, "the image cannot be decoded (" + e.msg + ")")};
    }
    if (mats.empty()) {
        return {failed_page(path, 1, "the file is not an image that can be decoded (PNG, JPEG or TIFF)")};
    }
    std::vector<ScanPage> pages;
    for (std::size_t i = 0; i < mats.size(); ++i) {
        const int index = static_cast<int>(i) + 1;
        const cv::Mat& m = mats[i];
        if (m.empty()) {
            pages.push_back(failed_page(path, index, "the page is empty"));
        } else if (static_cast<long long>(m.cols) * m.rows > max_page_pixels) {
            pages.push_back(failed_page(path, index, "the page is too large (" + std::to_string(m.cols) + " × " +
                                                         std::to_string(m.rows) + " pixels)"));
        } else {
            ScanPage page;
            page.source = path;
            page.index = index;
            page.raster = to_raster(m);
            pages.push_back(std::move(page));
        }
    }
    return pages;
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

std::vector<ScanPage> read_file(const std::string& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        return {detail::failed_page(path, 1, "no such file")};
    }
    std::ifstream probe(path, std::ios::binary);
    if (!probe) {
        return {detail::failed_page(path, 1, "the file cannot be opened")};
    }
    return is_pdf(path) ? detail::read_pdf(path) : detail::read_image(path);
}

}  // namespace

std::vector<ScanPage> read_scan(const std::string& path) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
        return read_file(path);
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(path, ec)) {
        if (entry.is_regular_file(ec) && is_scan_name(entry.path())) {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    std::vector<ScanPage> pages;
    for (const auto& file : files) {
        auto more = read_file(file.string());
        pages.insert(pages.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    }
    if (pages.empty()) {
        pages.push_back(detail::failed_page(path, 1, "the folder holds no PDF, PNG, JPEG or TIFF file"));
    }
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

}  // namespace handout::scan
