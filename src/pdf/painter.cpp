// The PDF painter: paints a laid-out Document with libharu 2.3.0. With
// pdf/libharu.cpp (the owned document and the repairs made inside libharu's
// font structures), the only files of handout that include hpdf.h; it
// decides nothing about placement, it only turns items into PDF operators.
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
#include <hpdf_font.h>
#include <hpdf_objects.h>
#include <hpdf_pages.h>
#include <hpdf_streams.h>

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
#include "pdf/resources.hpp"
#include "pdf/paint.hpp"

#include <zlib.h>

#ifndef HANDOUT_VERSION
#error "HANDOUT_VERSION must be defined by the build"
#endif

namespace handout {
namespace {

/// libharu drops longer strings silently (HPDF_LIMIT_MAX_STRING_LEN).
constexpr std::size_t max_text_bytes = 65535;

using pdf::append_number;
using pdf::BubbleForms;
using pdf::FontCache;
using pdf::ImageCache;
using pdf::PdfDocument;
using pdf::real;
using pdf::utf8_encoding;


/// Throws PdfError unless every number is finite (libharu would write "nan").
template <typename... Numbers>
void require_finite(std::string_view what, Numbers... numbers) {
    if (!(std::isfinite(numbers) && ...))
        throw PdfError("cannot paint " + std::string(what) + " with a coordinate that is not a number");
}

/// Paints the items of one page, in order. Consecutive text runs share one
/// text object (BT … ET); fill gray, stroke gray, line width and font are
/// written only when they change. The operators go into a `Content` buffer
/// (pdf/content.hpp), handed to libharu's page stream before any libharu
/// call that writes to it and at the end; the page state libharu keeps
/// (graphics mode, text matrix, font) is kept in step with what was written.
class PagePainter {
public:
    PagePainter(const PdfDocument& pdf, HPDF_Page page, FontCache& fonts, ImageCache& images, BubbleForms& forms,
                pdf::TextOperators text)
        : pdf_(pdf), page_(page), attr_(static_cast<HPDF_PageAttr>(page->attr)), fonts_(fonts), images_(images),
          forms_(forms), own_text_(text == pdf::TextOperators::own) {}

    void paint(const Item& item) {
        std::visit([this](const auto& it) { paint_item(it); }, item);
    }

    /// Closes an open text object; call after the last item. The operators
    /// not yet handed to libharu are then `pending()`.
    void finish() { end_text(); }

    const std::string& pending() const { return content_.bytes(); }

private:
    void paint_item(const TextRun& run) {
        require_finite("a text run", run.x, run.y, run.size, run.gray);
        if (run.text.size() > max_text_bytes)
            throw PdfError("cannot paint a text run of " + std::to_string(run.text.size()) +
                           " bytes: libharu drops strings over 65535 bytes");
        if (run.text.find('\0') != std::string::npos)
            throw PdfError("cannot paint a text run that contains a NUL byte");
        if (run.text.empty()) return;

        HPDF_Font font = fonts_.get(run.font);
        begin_text();
        if (font != font_ || run.size != font_size_) {
            set_font(font, real(run.size));
            font_ = font;
            font_size_ = run.size;
        }
        set_fill_gray(run.gray);
        show_text(real(run.x), real(run.y), run.text);
    }

    /// HPDF_Page_TextOut: "dx dy Td" from the start of the last line (in
    /// libharu's float arithmetic, so the numbers are the ones it wrote), then
    /// the text; libharu itself shows text the fast path declines.
    void show_text(HPDF_REAL x, HPDF_REAL y, const std::string& text) {
        HPDF_TransMatrix& matrix = attr_->text_matrix;
        const std::size_t before = content_.bytes().size();
        const HPDF_REAL dx = x - matrix.x;
        const HPDF_REAL dy = y - matrix.y;
        content_.pair(dx, dy, "Td");
        if (own_text_ && content_.hex_text(text)) {
            content_.raw(" Tj\n");
            matrix.x += dx;
            matrix.y += dy;
            attr_->text_pos.x = matrix.x;
            attr_->text_pos.y = matrix.y;
            return;
        }
        content_.clear_from(before);
        flush();
        pdf_.check(HPDF_Page_TextOut(page_, x, y, text.c_str()), "showing text");
    }

    /// HPDF_Page_SetFontAndSize: "/F1 11 Tf", the font named in the page's
    /// resources. A size libharu refuses goes to libharu for its error.
    void set_font(HPDF_Font font, HPDF_REAL size) {
        const bool valid = own_text_ && size > 0 && size <= HPDF_MAX_FONTSIZE;
        const char* name = valid ? HPDF_Page_GetLocalFontName(page_, font) : nullptr;
        if (name == nullptr || !plain_name(name)) {
            flush();
            pdf_.check(HPDF_Page_SetFontAndSize(page_, font, size), "setting the font");
            return;
        }
        content_.raw("/");
        content_.raw(name);
        content_.raw(" ");
        content_.number(size);
        content_.raw(" Tf\n");
        attr_->gstate->font = font;
        attr_->gstate->font_size = size;
        attr_->gstate->writing_mode = static_cast<HPDF_FontAttr>(font->attr)->writing_mode;
    }

    /// A name libharu writes as it is (HPDF_Stream_WriteEscapeName escapes others).
    static bool plain_name(std::string_view name) {
        return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
            return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        });
    }

    void paint_item(const Rule& rule) {
        require_finite("a rule", rule.x1, rule.y1, rule.x2, rule.y2, rule.width, rule.gray);
        begin_path(rule.width, rule.gray);
        content_.pair(real(rule.x1), real(rule.y1), "m");
        content_.pair(real(rule.x2), real(rule.y2), "l");
        content_.raw("S\n");
    }

    void paint_item(const Circle& circle) {
        require_finite("a circle", circle.cx, circle.cy, circle.r, circle.width, circle.gray);
        if (!(circle.r > 0)) throw PdfError("cannot paint a circle of zero or negative radius");
        begin_path(circle.width, circle.gray);
        HPDF_Dict form = forms_.get(circle.r, circle.width);
        const char* name = pdf_.check_handle(HPDF_Page_GetXObjectName(page_, form), "naming a bubble form");
        // q … Q leaves libharu's view of the graphics state true.
        std::string ops = "q\n1 0 0 1 ";
        append_number(ops, circle.cx);
        ops += ' ';
        append_number(ops, circle.cy);
        ops += " cm\n/";
        ops += name;
        ops += " Do\nQ\n";
        content_.raw(ops);
    }

    void paint_item(const Box& box) {
        require_finite("a box", box.x, box.y, box.w, box.h, box.width, box.gray);
        begin_path(box.width, box.gray);
        rectangle(box.x, box.y, box.w, box.h);
        content_.raw("S\n");
    }

    void paint_item(const Solid& solid) {
        require_finite("a solid mark", solid.x, solid.y, solid.w, solid.h);
        end_text();
        set_fill_gray(0);
        rectangle(solid.x, solid.y, solid.w, solid.h);
        content_.raw("f\n");
    }

    /// A QR symbol: each row's runs of dark modules as one rectangle, all
    /// filled at once (one path, no seams between modules of a run).
    void paint_item(const Symbol& symbol) {
        require_finite("a QR symbol", symbol.x, symbol.y, symbol.size);
        const auto n = static_cast<std::size_t>(symbol.modules);
        if (symbol.modules <= 0 || symbol.dark.size() != n * n || !(symbol.size > 0))
            throw PdfError("cannot paint a QR symbol of " + std::to_string(symbol.modules) + " modules from " +
                           std::to_string(symbol.dark.size()) + " cells");
        end_text();
        set_fill_gray(0);
        const double module = symbol.size / static_cast<double>(n);
        bool any = false;
        for (std::size_t row = 0; row < n; ++row) {
            const double y = symbol.y + symbol.size - static_cast<double>(row + 1) * module;
            for (std::size_t col = 0; col < n;) {
                if (!symbol.dark[row * n + col]) {
                    ++col;
                    continue;
                }
                std::size_t end = col;
                while (end < n && symbol.dark[row * n + end]) ++end;
                rectangle(symbol.x + static_cast<double>(col) * module, y, static_cast<double>(end - col) * module,
                          module);
                any = true;
                col = end;
            }
        }
        // libharu refused to fill an empty path; a symbol always has dark modules.
        if (!any) throw PdfError("cannot paint a QR symbol without a dark module");
        content_.raw("f\n");
    }

    /// Draws the picture's image scaled into its rectangle. libharu wraps the
    /// drawing in q … Q, so the graphics state written so far still holds.
    void paint_item(const Picture& picture) {
        require_finite("a picture", picture.x, picture.y, picture.w, picture.h);
        if (picture.image == nullptr) throw PdfError("cannot paint a picture without an image");
        if (!(picture.w > 0 && picture.h > 0)) throw PdfError("cannot paint a picture of zero or negative size");
        HPDF_Image image = images_.get(*picture.image);
        end_text();
        flush();
        pdf_.check(HPDF_Page_DrawImage(page_, image, real(picture.x), real(picture.y), real(picture.w),
                                       real(picture.h)),
                   "drawing a picture");
    }

    /// HPDF_Page_Rectangle: "x y w h re".
    void rectangle(double x, double y, double w, double h) {
        content_.number(real(x));
        content_.raw(" ");
        content_.number(real(y));
        content_.raw(" ");
        content_.pair(real(w), real(h), "re");
    }

    /// Leaves any text object and sets the stroke state for a path.
    void begin_path(double width, double gray) {
        end_text();
        if (width != line_width_) {
            if (!(width >= 0)) {  // libharu's error, with its number
                flush();
                pdf_.check(HPDF_Page_SetLineWidth(page_, real(width)), "setting the line width");
            }
            content_.number(real(width));
            content_.raw(" w\n");
            attr_->gstate->line_width = real(width);
            line_width_ = width;
        }
        if (gray != stroke_gray_) {
            set_gray(gray, " G\n", "setting the stroke gray");
            attr_->gstate->gray_stroke = real(gray);
            attr_->gstate->cs_stroke = HPDF_CS_DEVICE_GRAY;
            stroke_gray_ = gray;
        }
    }

    void set_fill_gray(double gray) {
        if (gray == fill_gray_) return;
        set_gray(gray, " g\n", "setting the text gray");
        attr_->gstate->gray_fill = real(gray);
        attr_->gstate->cs_fill = HPDF_CS_DEVICE_GRAY;
        fill_gray_ = gray;
    }

    /// "0.55 g" or "0.55 G"; a gray out of 0…1 goes to libharu for its error.
    void set_gray(double gray, std::string_view op, std::string_view what) {
        const HPDF_REAL value = real(gray);
        if (!(value >= 0 && value <= 1)) {
            flush();
            const bool fill = op == " g\n";
            pdf_.check(fill ? HPDF_Page_SetGrayFill(page_, value) : HPDF_Page_SetGrayStroke(page_, value), what);
        }
        content_.number(value);
        content_.raw(op);
    }

    /// HPDF_Page_BeginText: "BT", and libharu's text state reset.
    void begin_text() {
        if (in_text_) return;
        content_.raw("BT\n");
        attr_->gmode = HPDF_GMODE_TEXT_OBJECT;
        attr_->text_pos = HPDF_Point{0, 0};
        attr_->text_matrix = HPDF_TransMatrix{1, 0, 0, 1, 0, 0};
        in_text_ = true;
    }

    /// HPDF_Page_EndText: "ET".
    void end_text() {
        if (!in_text_) return;
        content_.raw("ET\n");
        attr_->text_pos = HPDF_Point{0, 0};
        attr_->gmode = HPDF_GMODE_PAGE_DESCRIPTION;
        in_text_ = false;
    }

    /// Hands the operators written so far to libharu's page stream.
    void flush() {
        const std::string& bytes = content_.bytes();
        if (bytes.empty()) return;
        pdf_.check(HPDF_Stream_Write(attr_->stream, reinterpret_cast<const HPDF_BYTE*>(bytes.data()),
                                     static_cast<HPDF_UINT>(bytes.size())),
                   "writing page content");
        content_.clear();
    }

    const PdfDocument& pdf_;
    HPDF_Page page_;
    HPDF_PageAttr attr_;
    FontCache& fonts_;
    ImageCache& images_;
    BubbleForms& forms_;
    pdf::Content content_;
    bool own_text_;
    bool in_text_ = false;
    // Graphics state as last written; the PDF defaults are black fill and
    // stroke, line width 1, and no font.
    HPDF_Font font_ = nullptr;
    double font_size_ = 0;
    double fill_gray_ = 0;
    double stroke_gray_ = 0;
    double line_width_ = 1;
};

/// The zlib level of page content, chosen by measurement (1,000 copies of
/// split-the-work.yaml with keys, interleaved, CPU time and bytes against
/// libharu's level 6): level 1 −22 % CPU for +26 % bytes, 2 −21 % / +19 %,
/// 3 −20 % / +13 %, 4 −16 % / +9 %, 9 +24 % / −1 %. Level 3 is where more
/// bytes stop buying time.
constexpr int content_level = 3;

/// Writes the /Filter of a content stream that `compress_content` deflated
/// itself (libharu writes the dictionary's other keys around it).
HPDF_STATUS write_flate_filter(HPDF_Dict, HPDF_Stream stream) {
    return HPDF_Stream_WriteStr(stream, "/Filter /FlateDecode\012");
}

/// Deflates the content of a finished page at `content_level` and keeps
/// only the compressed bytes: libharu would hold the raw content until it
/// saves and then deflate it at its fixed level 6. The content is what
/// libharu's page stream holds followed by `pending` (usually all of it). The
/// stream's filter is set to none, so libharu copies the bytes as they are,
/// and a write hook adds the /Filter key libharu then leaves out.
void compress_content(const PdfDocument& pdf, HPDF_Page page, const std::string& pending) {
    const char* what = "compressing a page";
    auto* attr = static_cast<HPDF_PageAttr>(page->attr);
    HPDF_Stream stream = attr->stream;
    std::string written;
    if (stream->size > 0) {
        written.assign(stream->size, '\0');
        HPDF_UINT size = static_cast<HPDF_UINT>(written.size());
        pdf.check(HPDF_Stream_Seek(stream, 0, HPDF_SEEK_SET), what);
        pdf.check(HPDF_Stream_Read(stream, reinterpret_cast<HPDF_BYTE*>(written.data()), &size), what);
        if (size != written.size()) throw PdfError("libharu returned a truncated page content");
        written += pending;
    }
    const std::string& raw = stream->size > 0 ? written : pending;
    uLongf packed_size = compressBound(static_cast<uLong>(raw.size()));
    std::string packed(packed_size, '\0');
    if (compress2(reinterpret_cast<Bytef*>(packed.data()), &packed_size, reinterpret_cast<const Bytef*>(raw.data()),
                  static_cast<uLong>(raw.size()), content_level) != Z_OK)
        throw PdfError("zlib failed to compress a page");
    HPDF_MemStream_FreeData(stream);
    pdf.check(HPDF_Stream_Write(stream, reinterpret_cast<const HPDF_BYTE*>(packed.data()),
                                static_cast<HPDF_UINT>(packed_size)),
              what);
    attr->contents->filter = HPDF_STREAM_FILTER_NONE;
    attr->contents->write_fn = write_flate_filter;
}

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

std::string pdf::paint(const Document& doc, bool embed_fonts, TextOperators text) {
    PdfDocument pdf;
    pdf.check(HPDF_UseUTFEncodings(pdf.get()), "enabling UTF-8");
    pdf.check(HPDF_SetCurrentEncoder(pdf.get(), utf8_encoding), "selecting UTF-8");
    pdf.check(HPDF_SetCompressionMode(pdf.get(), HPDF_COMP_ALL), "enabling compression");
    set_info(pdf, doc);

    FontCache font_cache(pdf, doc, embed_fonts);
    ImageCache image_cache(pdf);
    BubbleForms bubble_forms(pdf);
    std::vector<HPDF_Page> pages;
    pages.reserve(doc.pages.size());
    require_finite("a page", doc.width, doc.height);
    for (const Page& page : doc.pages) {
        HPDF_Page pdf_page = pdf.check_handle(HPDF_AddPage(pdf.get()), "adding a page");
        pdf.check(HPDF_Page_SetWidth(pdf_page, real(doc.width)), "setting the page width");
        pdf.check(HPDF_Page_SetHeight(pdf_page, real(doc.height)), "setting the page height");
        PagePainter painter(pdf, pdf_page, font_cache, image_cache, bubble_forms, text);
        for (const Item& item : page.items) painter.paint(item);
        painter.finish();
        compress_content(pdf, pdf_page, painter.pending());
        pages.push_back(pdf_page);
    }
    font_cache.trim_all_widths();
    add_bookmarks(pdf, doc, pages);
    add_page_labels(pdf, doc);
    return save(pdf);
}

}  // namespace handout
