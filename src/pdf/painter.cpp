// The PDF painter: paints a laid-out Document with libharu 2.3.0, through
// its public API and pdf/libharu.cpp (the owned document, and every reach
// into libharu's own structures); it decides nothing about placement, it
// only turns items into PDF operators.
//
// How libharu is wrapped:
//  - `PdfDocument` owns the HPDF_Doc (non-copyable, quiet destructor).
//  - libharu reports errors through a C callback; the callback only records
//    the error and detail numbers. After every call we check the status and
//    the record, and throw PdfError once we are back in C++ code. libharu's
//    errors are sticky, so nothing is called after the first one.
//  - libharu writes a malformed /ToUnicode CMap for UTF-8 text; each font's
//    map is rewritten in place with a correct identity map (see
//    `replace_to_unicode`).
//  - libharu lists the width of every character a face covers; before saving,
//    each font's width table is cut down to the characters printed (see
//    `trim_widths`), which makes a one-face page a quarter smaller.
//  - libharu looks up the glyph of all 65,536 code points, in a linear search
//    of the face's character map, when it makes a font object. Before that,
//    each loaded face's map is replaced by one that holds only the characters
//    the document prints and is searched in constant time (see
//    `trim_character_map`), which makes font setup many times cheaper.

#include "handout/pdf.hpp"

#include <hpdf.h>
// Streams and a page's content stream, into which bubble placements and
// deflated content are written directly (libharu 2.3.0: see pdf/libharu.hpp).

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "handout/fonts.hpp"
#include "pdf/content.hpp"
#include "pdf/libharu.hpp"
#include "pdf/operators.hpp"
#include "pdf/resources.hpp"
#include "pdf/paint.hpp"

#ifndef HANDOUT_VERSION
#error "HANDOUT_VERSION must be defined by the build"
#endif

namespace handout {
namespace {

using pdf::BubbleForms;
using pdf::FontCache;
using pdf::ImageCache;
using pdf::PdfDocument;
using pdf::real;
using pdf::utf8_encoding;

/// One page painted through libharu: the operators (pdf/operators.hpp) are
/// written into their own buffer and handed to libharu's page stream before
/// any libharu call that writes to it, and at the end. libharu names the
/// page's fonts, forms and images, and paints what the operators decline
/// (text whose width it must measure, and values it refuses with its own
/// error); before each such call its page state (graphics mode, text
/// matrix, font, grays, line width) is set to what the operators wrote.
class PagePainter final : public pdf::PageResources {
public:
    PagePainter(const PdfDocument& pdf, HPDF_Page page, FontCache& fonts, ImageCache& images,
                BubbleForms& forms, pdf::TextOperators text)
        : pdf_(pdf),
          page_(page),
          fonts_(fonts),
          images_(images),
          forms_(forms),
          ops_(*this, text == pdf::TextOperators::own) {}

    void paint(const Item& item) { ops_.paint(item); }

    /// Closes an open text object; call after the last item. The operators
    /// not yet handed to libharu are then `pending()`, and libharu's page
    /// state is theirs (else, having shown text itself, it would close a
    /// text object it believes open when it saves).
    void finish() {
        ops_.finish();
        sync();
    }

    const std::string& pending() { return ops_.content().bytes(); }

    std::string_view font(FontStyle style) override {
        HPDF_Font font = fonts_.get(style);
        const char* name =
            pdf_.check_handle(HPDF_Page_GetLocalFontName(page_, font), "naming a font in the page's resources");
        by_name_[name] = font;
        return name;
    }

    std::string_view bubble(double r, double width) override {
        HPDF_Dict form = forms_.get(r, width);
        return pdf_.check_handle(HPDF_Page_GetXObjectName(page_, form), "naming a bubble form");
    }

    std::string_view picture(const std::shared_ptr<const GrayImage>& image) override {
        return pdf_.check_handle(HPDF_Page_GetXObjectName(page_, images_.get(*image)), "naming a picture");
    }

    /// libharu itself measures such text (HPDF_Page_TextOut).
    bool shows(FontStyle, std::string_view) override { return false; }

    void decline(pdf::PageOperators& ops, pdf::Declined why, const Item& item) override {
        flush();
        sync();
        switch (why) {
        case pdf::Declined::text:
            return show_text(ops.state(), std::get<TextRun>(item));
        case pdf::Declined::line_width:
            pdf_.check(HPDF_Page_SetLineWidth(page_, real(std::visit([](const auto& it) { return width_of(it); }, item))),
                       "setting the line width");
            break;
        case pdf::Declined::stroke_gray:
            pdf_.check(HPDF_Page_SetGrayStroke(page_, real(std::visit([](const auto& it) { return gray_of(it); }, item))),
                       "setting the stroke gray");
            break;
        }
        throw PdfError("libharu accepted a line width or gray it refuses");
    }

private:
    template <typename T>
    static double width_of(const T& item) {
        if constexpr (requires { item.width; }) return item.width;
        return 1;
    }
    template <typename T>
    static double gray_of(const T& item) {
        if constexpr (requires { item.gray; }) return item.gray;
        return 0;
    }

    /// A run through libharu: BT, Tf and g as the operators would write
    /// them (or libharu's error for a size or gray it refuses), then
    /// HPDF_Page_TextOut, which measures the text and shows nothing when its
    /// width is zero.
    void show_text(pdf::PageState& state, const TextRun& run) {
        if (!state.in_text) {
            pdf_.check(HPDF_Page_BeginText(page_), "beginning text");
            state.in_text = true;
            state.text_x = state.text_y = 0;
        }
        HPDF_Font handle = fonts_.get(run.font);
        const std::string_view name = font(run.font);
        if (name != state.font || run.size != state.font_size) {
            pdf_.check(HPDF_Page_SetFontAndSize(page_, handle, real(run.size)), "setting the font");
            state.font = name;
            state.font_size = run.size;
        }
        if (run.gray != state.fill_gray) {
            pdf_.check(HPDF_Page_SetGrayFill(page_, real(run.gray)), "setting the text gray");
            state.fill_gray = run.gray;
        }
        pdf_.check(HPDF_Page_TextOut(page_, real(run.x), real(run.y), run.text.c_str()), "showing text");
        const HPDF_Point start = pdf::text_line_start(page_);
        state.text_x = start.x;
        state.text_y = start.y;
    }

    /// Sets libharu's page state to what the operators have written.
    void sync() {
        const pdf::PageState& state = ops_.state();
        const auto font = by_name_.find(state.font);
        pdf::sync_page_state(page_, state, font == by_name_.end() ? nullptr : font->second);
    }

    /// Hands the operators written so far to libharu's page stream.
    void flush() {
        pdf::Content& content = ops_.content();
        const std::string& bytes = content.bytes();
        if (bytes.empty()) return;
        pdf::write_page_content(pdf_, page_, bytes);
        content.clear();
    }

    const PdfDocument& pdf_;
    HPDF_Page page_;
    FontCache& fonts_;
    ImageCache& images_;
    BubbleForms& forms_;
    std::map<std::string, HPDF_Font, std::less<>> by_name_;  // the page's font names
    pdf::PageOperators ops_;
};

/// Sets Producer and Title; libharu sets no dates unless asked.
void set_info(const PdfDocument& pdf, const Document& doc) {
    pdf.check(HPDF_SetInfoAttr(pdf.get(), HPDF_INFO_PRODUCER, "handout " HANDOUT_VERSION),
              "setting the producer");
    if (doc.title.find('\0') != std::string::npos)
        throw PdfError("cannot use a title that contains a NUL byte");
    if (!doc.title.empty())
        pdf.check(HPDF_SetInfoAttr(pdf.get(), HPDF_INFO_TITLE, doc.title.c_str()), "setting the title");
}

/// Adds one top-level outline entry per bookmark, each showing its whole page.
void add_bookmarks(const PdfDocument& pdf, const Document& doc, const std::vector<HPDF_Page>& pages) {
    if (doc.bookmarks.empty()) return;
    HPDF_Encoder utf8 = pdf.check_handle(HPDF_GetEncoder(pdf.get(), utf8_encoding), "finding the UTF-8 encoder");
    for (const Bookmark& bookmark : doc.bookmarks) {
        if (bookmark.page >= pages.size())
            throw PdfError("bookmark '" + bookmark.title + "' points to page " +
                           std::to_string(bookmark.page + 1) + " of a " + std::to_string(pages.size()) +
                           "-page document");
        if (bookmark.title.find('\0') != std::string::npos)
            throw PdfError("cannot use a bookmark title that contains a NUL byte");
        const std::string what = "adding bookmark '" + bookmark.title + "'";
        HPDF_Outline outline = pdf.check_handle(
            HPDF_CreateOutline(pdf.get(), /*parent=*/nullptr, bookmark.title.c_str(), utf8), what);
        HPDF_Destination destination =
            pdf.check_handle(HPDF_Page_CreateDestination(pages[bookmark.page]), what);
        pdf.check(HPDF_Destination_SetFit(destination), what);
        pdf.check(HPDF_Outline_SetDestination(outline, destination), what);
    }
}

/// Page labels: from each label's page on, a viewer shows `<prefix>1`, `<prefix>2`, ….
void add_page_labels(const PdfDocument& pdf, const Document& doc) {
    for (const PageLabel& label : doc.labels) {
        pdf::check_page_label(label, doc.pages.size());
        pdf.check(HPDF_AddPageLabel(pdf.get(), static_cast<HPDF_UINT>(label.page), HPDF_PAGE_NUM_STYLE_DECIMAL,
                                    /*first_page=*/1, label.prefix.c_str()),
                  "adding a page label");
    }
}

/// Saves the document to libharu's memory stream and copies the bytes out.
std::string save(const PdfDocument& pdf) {
    pdf.check(HPDF_SaveToStream(pdf.get()), "saving the PDF");
    const HPDF_UINT32 size = HPDF_GetStreamSize(pdf.get());
    pdf.check(HPDF_OK, "measuring the PDF");
    std::string bytes(size, '\0');
    HPDF_UINT32 read = size;
    pdf.check(HPDF_ReadFromStream(pdf.get(), reinterpret_cast<HPDF_BYTE*>(bytes.data()), &read),
              "reading the PDF back");
    if (read != size) throw PdfError("libharu returned a truncated PDF");
    return bytes;
}

}  // namespace

void pdf::check_page_label(const PageLabel& label, std::size_t page_count) {
    if (label.page >= page_count) throw PdfError("page label past the last page");
    for (const char byte : label.prefix) {
        const auto c = static_cast<unsigned char>(byte);
        if (c < 0x20 || c > 0x7E || c == '(' || c == ')' || c == '\\')
            throw PdfError("a page label prefix must be printable ASCII without parentheses");
    }
}

std::string paint_pdf(const Document& doc) { return pdf::paint(doc, /*embed_fonts=*/true); }

std::vector<HPDF_Page> pdf::paint_pages(const PdfDocument& pdf, const Document& doc, bool embed_fonts,
                                        TextOperators text) {
    pdf.check(HPDF_UseUTFEncodings(pdf.get()), "enabling UTF-8");
    pdf.check(HPDF_SetCurrentEncoder(pdf.get(), utf8_encoding), "selecting UTF-8");
    pdf.check(HPDF_SetCompressionMode(pdf.get(), HPDF_COMP_ALL), "enabling compression");
    set_info(pdf, doc);

    FontCache font_cache(pdf, doc, embed_fonts);
    ImageCache image_cache(pdf);
    BubbleForms bubble_forms(pdf);
    std::vector<HPDF_Page> pages;
    pages.reserve(doc.pages.size());
    if (!std::isfinite(doc.width) || !std::isfinite(doc.height))
        throw PdfError("cannot paint a page with a coordinate that is not a number");
    for (const Page& page : doc.pages) {
        HPDF_Page pdf_page = pdf.check_handle(HPDF_AddPage(pdf.get()), "adding a page");
        pdf.check(HPDF_Page_SetWidth(pdf_page, real(doc.width)), "setting the page width");
        pdf.check(HPDF_Page_SetHeight(pdf_page, real(doc.height)), "setting the page height");
        PagePainter painter(pdf, pdf_page, font_cache, image_cache, bubble_forms, text);
        for (const Item& item : page.items) painter.paint(item);
        painter.finish();
        pdf::compress_page_content(pdf_page, painter.pending());
        pages.push_back(pdf_page);
    }
    font_cache.trim_all_widths();
    add_bookmarks(pdf, doc, pages);
    add_page_labels(pdf, doc);
    return pages;
}

std::string pdf::paint(const Document& doc, bool embed_fonts, TextOperators text) {
    PdfDocument pdf;
    paint_pages(pdf, doc, embed_fonts, text);
    return save(pdf);
}

std::vector<HPDF_Page> pdf::paint_and_save(const PdfDocument& pdf, const Document& doc, bool embed_fonts) {
    std::vector<HPDF_Page> pages = paint_pages(pdf, doc, embed_fonts, TextOperators::own);
    pdf.check(HPDF_SaveToStream(pdf.get()), "saving the PDF");
    return pages;
}

}  // namespace handout
