// PDF scans. A page that is one full-page image (what a copier's scan-to-PDF
// writes) is decoded directly (pdf_image.cpp); any other page is rendered to
// gray with poppler-cpp at the resolution of its largest embedded image,
// found with qpdf, or 200 dpi for a page without images. This file and
// pdf_image.cpp are the only ones of the scan engine that include poppler's
// and qpdf's headers (src/pdf/stream_end.cpp also reads handout's own pages
// with qpdf); their exceptions and messages stop here and become a page's
// error.

#include "scan/input.hpp"
#include "scan/pdf_image.hpp"

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
#include <optional>

namespace handout::scan::detail {

namespace {

constexpr double fallback_dpi = 200;
constexpr double min_dpi = 100;
constexpr double max_dpi = 600;

/// poppler prints its complaints to stderr unless told otherwise; keep them
/// out of the teacher's terminal (the page's own error says what failed).
void quiet_poppler(const std::string&, void*) {}

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

namespace {

/// A PDF opened with qpdf, page by page; empty when qpdf cannot parse it
/// (poppler may still render it) or when pages are to be rendered anyway.
struct QpdfPages {
    std::unique_ptr<QPDF> pdf;
    std::vector<QPDFPageObjectHelper> pages;
};

QpdfPages open_qpdf(const std::string& path) {
    QpdfPages out;
    try {
        out.pdf = std::make_unique<QPDF>();
        out.pdf->setSuppressWarnings(true);
        out.pdf->processFile(path.c_str());
        out.pages = QPDFPageDocumentHelper(*out.pdf).getAllPages();
    } catch (const std::exception&) {
        out = {};
    }
    return out;
}

/// The resolution of a page's largest image, or 0 when it has none.
double image_dpi(QPDFPageObjectHelper& page) {
    double best = 0;
    try {
        QPDFObjectHandle box = page.getMediaBox();
        if (!box.isArray() || box.getArrayNItems() != 4) {
            return 0;
        }
        const double w = std::abs(box.getArrayItem(2).getNumericValue() - box.getArrayItem(0).getNumericValue());
        const double h = std::abs(box.getArrayItem(3).getNumericValue() - box.getArrayItem(1).getNumericValue());
        const double side = std::max(w, h);
        for (auto& [name, image] : page.getImages()) {
            QPDFObjectHandle dict = image.getDict();
            if (side <= 0 || !dict.getKey("/Width").isNumber() || !dict.getKey("/Height").isNumber()) {
                continue;
            }
            const double px = std::max(dict.getKey("/Width").getNumericValue(), dict.getKey("/Height").getNumericValue());
            best = std::max(best, px / (side / 72.0));
        }
    } catch (const std::exception&) {
        return 0;
    }
    return best;
}

/// Page `i` rendered by poppler at `dpi` (0: the fallback resolution).
ScanPage render(poppler::document& doc, const std::string& path, int i, double dpi, const ReadOptions& options) {
    const int index = i + 1;
    std::unique_ptr<poppler::page> page(doc.create_page(i));
    if (!page) {
        return failed_page(path, index, "the page cannot be read from the PDF");
    }
    dpi = options.pdf_dpi > 0 ? options.pdf_dpi : std::clamp(std::round(dpi > 0 ? dpi : fallback_dpi), min_dpi, max_dpi);
    const poppler::rectf rect = page->page_rect();
    const double px = rect.width() * dpi / 72.0 * rect.height() * dpi / 72.0;
    if (px > static_cast<double>(max_page_pixels) || px <= 0) {
        return failed_page(path, index, "the page is too large or has no size");
    }
    poppler::page_renderer renderer;
    renderer.set_image_format(poppler::image::format_gray8);
    renderer.set_render_hint(poppler::page_renderer::antialiasing, true);
    renderer.set_render_hint(poppler::page_renderer::text_antialiasing, true);
    const poppler::image image = renderer.render_page(page.get(), dpi, dpi);
    if (!image.is_valid() || image.format() != poppler::image::format_gray8) {
        return failed_page(path, index, "the page cannot be rendered");
    }
    ScanPage out;
    out.source = path;
    out.index = index;
    out.raster = to_raster(image, dpi);
    return out;
}

}  // namespace

void read_pdf(const std::string& path, const std::function<void(ScanPage&&)>& visit, const ReadOptions& options) {
    static std::once_flag quiet;
    std::call_once(quiet, [] { poppler::set_debug_error_function(quiet_poppler, nullptr); });

    // qpdf first: a page that is one full-page image is decoded directly;
    // poppler renders the others (and every page of a file qpdf cannot parse).
    QpdfPages qpdf = options.pdf_dpi > 0 ? QpdfPages{} : open_qpdf(path);
    std::unique_ptr<poppler::document> doc;
    bool doc_tried = false;
    const auto poppler_doc = [&]() -> poppler::document* {
        if (!doc_tried) {
            doc_tried = true;
            doc.reset(poppler::document::load_from_file(path));
        }
        return doc && !doc->is_locked() ? doc.get() : nullptr;
    };
    int count = static_cast<int>(qpdf.pages.size());
    if (!qpdf.pdf) {
        if (!poppler_doc()) {
            visit(failed_page(path, 1, doc ? "the PDF is password-protected" : "the PDF cannot be opened (damaged or not a PDF)"));
            return;
        }
        count = doc->pages();
    }
    if (count > static_cast<int>(max_scan_pages)) {
        visit(failed_page(path, 1,
                          "the PDF has " + std::to_string(count) + " pages; handout marks at most " +
                              std::to_string(max_scan_pages) +
                              " pages in one run: mark the pile in parts (a class at a time)"));
        return;
    }
    for (int i = 0; i < count; ++i) {
        double dpi = 0;
        if (qpdf.pdf) {
            QPDFPageObjectHelper& page = qpdf.pages[static_cast<std::size_t>(i)];
            std::optional<Raster> direct;
            try {
                direct = page_image(page);
            } catch (const std::exception&) {
                direct.reset();
            }
            if (direct && direct->dpi >= min_dpi && direct->dpi <= max_dpi) {
                ScanPage out;
                out.source = path;
                out.index = i + 1;
                out.raster = std::move(*direct);
                visit(std::move(out));
                continue;
            }
            dpi = image_dpi(page);
        }
        if (!poppler_doc()) {
            visit(failed_page(path, i + 1, "the page cannot be rendered (the PDF cannot be opened by the renderer)"));
            continue;
        }
        visit(render(*doc, path, i, dpi, options));
    }
    if (count <= 0) {
        visit(failed_page(path, 1, "the PDF has no pages"));
    }
}

}  // namespace handout::scan::detail
