// PDF scans: each page rendered to gray with poppler-cpp, at the resolution
// of the page's largest embedded image (a copier's scan-to-PDF holds one
// image a page), found with qpdf; 200 dpi for a page without images. This is
// the only file that includes poppler's and qpdf's headers; their exceptions
// and messages stop here and become a page's error.

#include "scan/input.hpp"

#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-global.h>
#include <poppler/cpp/poppler-image.h>
#include <poppler/cpp/poppler-page-renderer.h>
#include <poppler/cpp/poppler-page.h>

#define POINTERHOLDER_TRANSITION 4  // qpdf: use std::shared_ptr, no PointerHolder
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>

namespace handout::scan::detail {

namespace {

constexpr double fallback_dpi = 200;
constexpr double min_dpi = 100;
constexpr double max_dpi = 600;

/// poppler prints its complaints to stderr unless told otherwise; keep them
/// out of the teacher's terminal (the page's own error says what failed).
void quiet_poppler(const std::string&, void*) {}

/// The resolution of each page's largest image, or 0 when a page has none or
/// the file cannot be parsed by qpdf (poppler may still render it).
std::vector<double> image_dpi(const std::string& path) {
    std::vector<double> dpis;
    try {
        QPDF pdf;
        pdf.setSuppressWarnings(true);
        pdf.processFile(path.c_str());
        for (auto& page : QPDFPageDocumentHelper(pdf).getAllPages()) {
            double best = 0;
            QPDFObjectHandle box = page.getMediaBox();
            double side = 0;
            if (box.isArray() && box.getArrayNItems() == 4) {
                const double w = std::abs(box.getArrayItem(2).getNumericValue() - box.getArrayItem(0).getNumericValue());
                const double h = std::abs(box.getArrayItem(3).getNumericValue() - box.getArrayItem(1).getNumericValue());
                side = std::max(w, h);
            }
            for (auto& [name, image] : page.getImages()) {
                QPDFObjectHandle dict = image.getDict();
                if (side <= 0 || !dict.getKey("/Width").isNumber() || !dict.getKey("/Height").isNumber()) {
                    continue;
                }
                const double px = std::max(dict.getKey("/Width").getNumericValue(), dict.getKey("/Height").getNumericValue());
                best = std::max(best, px / (side / 72.0));
            }
            dpis.push_back(best);
        }
    } catch (const std::exception&) {
        dpis.clear();
    }
    return dpis;
}

Raster to_raster(const poppler::image& image, double dpi) {
    Raster raster;
    raster.width = image.width();
    raster.height = image.height();
    raster.dpi = dpi;
    raster.pixels.resize(static_cast<std::size_t>(raster.width) * static_cast<std::size_t>(raster.height));
    const char* data = image.const_data();
    const auto stride = static_cast<std::size_t>(image.bytes_per_row());
    for (int y = 0; y < raster.height; ++y) {
        std::memcpy(raster.pixels.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(raster.width),
                    data + static_cast<std::size_t>(y) * stride, static_cast<std::size_t>(raster.width));
    }
    return raster;
}

}  // namespace

void read_pdf(const std::string& path, const std::function<void(ScanPage&&)>& visit, const ReadOptions& options) {
    static std::once_flag quiet;
    std::call_once(quiet, [] { poppler::set_debug_error_function(quiet_poppler, nullptr); });

    std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(path));
    if (!doc) {
        visit(failed_page(path, 1, "the PDF cannot be opened (damaged or not a PDF)"));
        return;
    }
    if (doc->is_locked()) {
        visit(failed_page(path, 1, "the PDF is password-protected"));
        return;
    }
    const std::vector<double> dpis = options.pdf_dpi > 0 ? std::vector<double>() : image_dpi(path);
    for (int i = 0; i < doc->pages(); ++i) {
        const int index = i + 1;
        std::unique_ptr<poppler::page> page(doc->create_page(i));
        if (!page) {
            visit(failed_page(path, index, "the page cannot be read from the PDF"));
            continue;
        }
        double dpi = static_cast<std::size_t>(i) < dpis.size() && dpis[static_cast<std::size_t>(i)] > 0
                         ? dpis[static_cast<std::size_t>(i)]
                         : fallback_dpi;
        dpi = options.pdf_dpi > 0 ? options.pdf_dpi : std::clamp(std::round(dpi), min_dpi, max_dpi);
        const poppler::rectf rect = page->page_rect();
        const double px = rect.width() * dpi / 72.0 * rect.height() * dpi / 72.0;
        if (px > static_cast<double>(max_page_pixels) || px <= 0) {
            visit(failed_page(path, index, "the page is too large or has no size"));
            continue;
        }
        poppler::page_renderer renderer;
        renderer.set_image_format(poppler::image::format_gray8);
        renderer.set_render_hint(poppler::page_renderer::antialiasing, true);
        renderer.set_render_hint(poppler::page_renderer::text_antialiasing, true);
        const poppler::image image = renderer.render_page(page.get(), dpi, dpi);
        if (!image.is_valid() || image.format() != poppler::image::format_gray8) {
            visit(failed_page(path, index, "the page cannot be rendered"));
            continue;
        }
        ScanPage out;
        out.source = path;
        out.index = index;
        out.raster = to_raster(image, dpi);
        visit(std::move(out));
    }
    if (doc->pages() <= 0) {
        visit(failed_page(path, 1, "the PDF has no pages"));
    }
}

}  // namespace handout::scan::detail
