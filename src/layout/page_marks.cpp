// The marks that make a student page machine-readable: four solid corner
// marks (registration) and a QR code naming the sheet and the page, placed
// where the scan reader's geometry (sheet_geometry.hpp) expects them. The QR
// symbol comes from libqrencode; nothing else of handout sees it.
#include "layout/parts.hpp"
#include "layout/metrics.hpp"

#include <qrencode.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace handout::layout {

namespace {

constexpr double mm = 72.0 / 25.4;
/// The QR symbol's side (dark-module extent): 12 mm holds a version-2 or -3
/// symbol at 0.41–0.48 mm a module, three pixels or more at 150 dpi.
constexpr double qr_side = 12 * mm;
/// Clear paper kept around the symbol and the corner marks (the QR quiet
/// zone, four modules of a version-2 symbol).
constexpr double clearance = 2 * mm;

}  // namespace

scan::Rect qr_area(const PageStyle& style) {
    const double right = style.page_width - std::max(style.margin_right, scan::corner_mark_inset +
                                                                            scan::corner_mark_side + clearance);
    return {right - qr_side, scan::corner_mark_inset, qr_side, qr_side};
}

PageStyle marked_style(const PageStyle& style) {
    PageStyle s = style;
    const double edge = scan::corner_mark_inset + scan::corner_mark_side + clearance;
    s.margin_left = std::max(s.margin_left, edge);
    s.margin_right = std::max(s.margin_right, edge);
    s.margin_top = std::max(s.margin_top, edge);
    // Text stops a clearance above the QR code (the footer sits beside it).
    const double text_bottom = scan::corner_mark_inset + qr_side + clearance;
    s.margin_bottom = std::max(s.margin_bottom, text_bottom - s.footer_size * metrics::footer_room);
    return s;
}

Symbol qr_symbol(const std::string& text, const scan::Rect& area, Tag tag) {
    // Level M (15 % of the symbol may be lost); the version is the smallest
    // that holds the text. A page code is upper-case letters, digits, spaces
    // and dashes, which QR's alphanumeric mode packs at 5.5 bits a letter.
    const std::unique_ptr<QRcode, decltype(&QRcode_free)> qr(
        QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
    if (!qr) throw std::runtime_error("libqrencode cannot encode the page code \"" + text + "\"");
    Symbol s;
    s.x = area.x;
    s.y = area.y;
    s.size = area.w;
    s.modules = qr->width;
    const auto cells = static_cast<std::size_t>(qr->width) * static_cast<std::size_t>(qr->width);
    s.dark.resize(cells);
    for (std::size_t i = 0; i < cells; ++i) s.dark[i] = qr->data[i] & 1;  // bit 0: dark module
    tag.value = text;
    s.tag = std::move(tag);
    return s;
}

void add_page_marks(Page& page, const PageStyle& style, const std::string& sheet,
                    const std::string& page_name, const std::string& student, bool mirrored) {
    const std::string layout = layout_tag(page, style.page_width, style.page_height);
    for (const scan::Rect& c : scan::corner_marks(style.page_width, style.page_height))
        page.items.push_back(Solid{c.x, c.y, c.w, c.h, Tag{Role::corner_mark, 0, 0, {}}});
    scan::Rect qr = qr_area(style);
    if (mirrored) qr.x = style.page_width - qr.x - qr.w;
    page.items.push_back(qr_symbol(scan::page_code_text(sheet, page_name, layout, student), qr,
                                   Tag{Role::page_code, 0, 0, {}}));
}

}  // namespace handout::layout
