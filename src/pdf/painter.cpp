// The PDF painter: paints a laid-out Document with libharu 2.3.0. This is the
// only file of handout that includes hpdf.h; it decides nothing about
// placement, it only turns items into PDF operators.
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

#include "handout/pdf.hpp"

#include <hpdf.h>
// libharu's object API (dictionaries and streams), used only to rewrite the
// /ToUnicode stream of a font. The shared library exports these functions.
#include <hpdf_objects.h>
#include <hpdf_streams.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#ifndef HANDOUT_VERSION
#error "HANDOUT_VERSION must be defined by the build"
#endif

namespace handout {
namespace {

/// libharu drops longer strings silently (HPDF_LIMIT_MAX_STRING_LEN).
constexpr std::size_t max_text_bytes = 65535;

/// The encoder that writes UTF-8 text as 2-byte Unicode code points.
constexpr const char* utf8_encoding = "UTF-8";

/// An error that libharu reported through its callback.
struct ErrorRecord {
    HPDF_STATUS error_no = 0;
    HPDF_STATUS detail_no = 0;
};

/// libharu's error callback: records the error and returns to libharu, which
/// then returns a failure status to its caller. Never throws through C code.
void record_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void* user_data) {
    auto* record = static_cast<ErrorRecord*>(user_data);
    if (record->error_no == 0) {  // keep the first error: later ones follow from it
        record->error_no = error_no;
        record->detail_no = detail_no;
    }
}

/// Converts a length or coordinate to libharu's float type.
HPDF_REAL real(double value) { return static_cast<HPDF_REAL>(value); }

/// Owner of one libharu document. Non-copyable and non-movable (libharu keeps
/// a pointer to the error record); the destructor frees quietly.
class PdfDocument {
public:
    PdfDocument() : doc_(HPDF_New(&record_error, &errors_)) {
        if (doc_ == nullptr) throw PdfError("libharu could not create a PDF document (out of memory)");
    }
    ~PdfDocument() { HPDF_Free(doc_); }
    PdfDocument(const PdfDocument&) = delete;
    PdfDocument& operator=(const PdfDocument&) = delete;

    HPDF_Doc get() const { return doc_; }

    /// Throws PdfError naming `what` when `status` is a failure or libharu
    /// has reported an error.
    void check(HPDF_STATUS status, std::string_view what) const {
        if (status != HPDF_OK || errors_.error_no != 0) fail(status, what);
    }

    /// Throws PdfError naming `what` when `handle` is null or libharu has
    /// reported an error; returns `handle` otherwise.
    template <typename Handle>
    Handle check_handle(Handle handle, std::string_view what) const {
        if (handle == nullptr || errors_.error_no != 0) fail(HPDF_OK, what);
        return handle;
    }

private:
    /// Builds the message from the callback's record, else from the error
    /// libharu stored in the document (its object API sets that without
    /// calling the callback), else from the returned status.
    [[noreturn]] void fail(HPDF_STATUS status, std::string_view what) const {
        HPDF_STATUS error_no = errors_.error_no;
        HPDF_STATUS detail_no = errors_.detail_no;
        if (error_no == 0) {
            error_no = HPDF_GetError(doc_);
            detail_no = HPDF_GetErrorDetail(doc_);
        }
        if (error_no == 0) error_no = status;
        std::string message = "libharu failed while " + std::string(what);
        if (error_no != 0) {
            char numbers[64];
            std::snprintf(numbers, sizeof numbers, " (error 0x%04lX, detail %lu)",
                          static_cast<unsigned long>(error_no), static_cast<unsigned long>(detail_no));
            message += numbers;
        }
        throw PdfError(message);
    }

    ErrorRecord errors_;  // declared before doc_: HPDF_New receives its address
    HPDF_Doc doc_;
};

/// The body of an identity ToUnicode CMap for 2-byte codes: every code
/// U+hh00…U+hhFF maps to itself, for every high byte hh except the UTF-16
/// surrogates D8–DF (no character has those code points). bfrange blocks
/// hold at most 100 lines, as the CMap specification requires.
const std::string& identity_to_unicode_cmap() {
    static const std::string cmap = [] {
        std::string lines;
        int in_block = 0;
        std::string block;
        auto flush = [&] {
            if (in_block == 0) return;
            lines += std::to_string(in_block) + " beginbfrange\n" + block + "endbfrange\n";
            block.clear();
            in_block = 0;
        };
        for (int high = 0x00; high <= 0xFF; ++high) {
            if (high >= 0xD8 && high <= 0xDF) continue;
            char line[32];
            std::snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", high, high, high);
            block += line;
            if (++in_block == 100) flush();
        }
        flush();
        return "/CIDInit /ProcSet findresource begin\n"
               "12 dict begin\n"
               "begincmap\n"
               "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
               "/CMapName /Adobe-Identity-UCS def\n"
               "/CMapType 2 def\n"
               "1 begincodespacerange\n"
               "<0000> <FFFF>\n"
               "endcodespacerange\n" +
               lines +
               "endcmap\n"
               "CMapName currentdict /CMap defineresource pop\n"
               "end\n"
               "end\n";
    }();
    return cmap;
}

/// Replaces the malformed /ToUnicode map libharu gave `font`.
///
/// libharu creates the map when the font object is made
/// (HPDF_GetFont → HPDF_Type0Font_New → CreateCMap in hpdf_font_cid.c): a
/// stream object, registered in the cross-reference table, referenced from
/// the Type0 font dictionary's /ToUnicode entry and remembered as the font's
/// `cmap_stream`, whose filter libharu sets just before writing. Because the
/// object is already in the cross-reference table it is written whether the
/// font refers to it or not, so instead of adding a second stream we empty
/// that one and write our map into it: the file holds one map, libharu's
/// compression still applies, and the CMap-resource keys libharu put in its
/// dictionary (/Type /CMap, /CMapName, /CIDSystemInfo, /WMode), which do not
/// belong in a ToUnicode stream, are removed.
void replace_to_unicode(const PdfDocument& pdf, HPDF_Font font) {
    auto* map = static_cast<HPDF_Dict>(HPDF_Dict_GetItem(font, "ToUnicode", HPDF_OCLASS_DICT));
    pdf.check_handle(map, "finding the font's /ToUnicode map");
    pdf.check_handle(map->stream, "finding the font's /ToUnicode stream");

    struct Key {
        const char* name;
        HPDF_UINT16 object_class;
    };
    for (const Key key : {Key{"Type", HPDF_OCLASS_NAME}, Key{"CMapName", HPDF_OCLASS_NAME},
                          Key{"CIDSystemInfo", HPDF_OCLASS_DICT}, Key{"WMode", HPDF_OCLASS_NUMBER}}) {
        if (HPDF_Dict_GetItem(map, key.name, key.object_class) != nullptr)
            pdf.check(HPDF_Dict_RemoveElement(map, key.name), "cleaning the /ToUnicode dictionary");
    }
    HPDF_MemStream_FreeData(map->stream);
    const std::string& cmap = identity_to_unicode_cmap();
    pdf.check(HPDF_Stream_Write(map->stream, reinterpret_cast<const HPDF_BYTE*>(cmap.data()),
                                static_cast<HPDF_UINT>(cmap.size())),
              "writing the /ToUnicode map");
}

/// UTF-8 bytes of a code point up to U+FFFF (all that libharu can show).
std::string utf8_of(char32_t cp) {
    std::string out;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
}

/// Rewrites the /W array (glyph widths) of `font`'s CIDFont to list only the
/// characters in `used`.
///
/// libharu fills /W when the font object is made (CIDFontType2_New in
/// hpdf_font_cid.c) with the width of every character the face covers:
/// about 10 KB a face, uncompressed because it sits in a dictionary rather
/// than a stream. A viewer needs only the widths of the characters shown.
/// The widths come from libharu's own measurement, so they are the numbers
/// libharu would have written.
void trim_widths(const PdfDocument& pdf, HPDF_Font font, const std::set<char32_t>& used) {
    const char* what = "trimming the font's width table";
    auto descendants = static_cast<HPDF_Array>(HPDF_Dict_GetItem(font, "DescendantFonts", HPDF_OCLASS_ARRAY));
    pdf.check_handle(descendants, what);
    auto cid_font = static_cast<HPDF_Dict>(HPDF_Array_GetItem(descendants, 0, HPDF_OCLASS_DICT));
    pdf.check_handle(cid_font, what);

    // /W [ first [ w w … ] first [ w … ] … ], one group per run of
    // consecutive code points. Adding under an existing key frees the old array.
    HPDF_Array widths = pdf.check_handle(HPDF_Array_New(pdf.get()->mmgr), what);
    pdf.check(HPDF_Dict_Add(cid_font, "W", widths), what);
    HPDF_Array group = nullptr;
    char32_t next = 0;
    for (const char32_t cp : used) {
        if (cp > 0xFFFF) continue;  // the UTF-8 encoder cannot show these
        const std::string bytes = utf8_of(cp);
        const HPDF_TextWidth width = HPDF_Font_TextWidth(
            font, reinterpret_cast<const HPDF_BYTE*>(bytes.data()), static_cast<HPDF_UINT>(bytes.size()));
        pdf.check(HPDF_OK, what);
        if (group == nullptr || cp != next) {
            pdf.check(HPDF_Array_AddNumber(widths, static_cast<HPDF_INT32>(cp)), what);
            group = pdf.check_handle(HPDF_Array_New(pdf.get()->mmgr), what);
            pdf.check(HPDF_Array_Add(widths, group), what);
        }
        pdf.check(HPDF_Array_AddNumber(group, static_cast<HPDF_INT32>(width.width)), what);
        next = cp + 1;
    }
}

/// Loads faces on first use, so the PDF embeds only faces that print text.
/// Faces with the same file share one PDF font. Remembers which characters
/// each font prints, to trim its width table before saving.
class FontCache {
public:
    FontCache(const PdfDocument& pdf, const FontSet& fonts) : pdf_(pdf), fonts_(fonts) {}

    HPDF_Font get(FontStyle style) {
        HPDF_Font& slot = by_style_[static_cast<std::size_t>(style)];
        if (slot != nullptr) return slot;
        const std::string& path = fonts_.face(style).path();
        auto found = by_path_.find(path);
        if (found == by_path_.end()) found = by_path_.emplace(path, load(path)).first;
        slot = found->second;
        return slot;
    }

    /// Records the characters of `text`, printed in `font`. Text that is not
    /// valid UTF-8 (the caller's job to prevent) is recorded up to the error.
    void note_text(HPDF_Font font, const std::string& text) {
        std::u32string decoded;
        decode_utf8(text, decoded);
        used_[font].insert(decoded.begin(), decoded.end());
    }

    /// Trims the width table of every loaded font; call once, before saving.
    void trim_all_widths() const {
        for (const auto& [font, used] : used_) trim_widths(pdf_, font, used);
    }

private:
    HPDF_Font load(const std::string& path) {
        const std::string what = "loading font " + path;
        const char* name = pdf_.check_handle(
            HPDF_LoadTTFontFromFile(pdf_.get(), path.c_str(), /*embedding=*/HPDF_TRUE), what);
        HPDF_Font font = pdf_.check_handle(HPDF_GetFont(pdf_.get(), name, utf8_encoding), what);
        replace_to_unicode(pdf_, font);
        used_[font];  // a loaded font always gets its width table trimmed
        return font;
    }

    const PdfDocument& pdf_;
    const FontSet& fonts_;
    std::array<HPDF_Font, font_style_count> by_style_{};
    std::map<std::string, HPDF_Font> by_path_;
    std::map<HPDF_Font, std::set<char32_t>> used_;  // keyed by pointer: order never reaches the file
};

/// Throws PdfError unless every number is finite (libharu would write "nan").
template <typename... Numbers>
void require_finite(std::string_view what, Numbers... numbers) {
    if (!(std::isfinite(numbers) && ...))
        throw PdfError("cannot paint " + std::string(what) + " with a coordinate that is not a number");
}

/// Paints the items of one page, in order. Consecutive text runs share one
/// text object (BT … ET); fill gray, stroke gray, line width and font are
/// written only when they change.
class PagePainter {
public:
    PagePainter(const PdfDocument& pdf, HPDF_Page page, FontCache& fonts)
        : pdf_(pdf), page_(page), fonts_(fonts) {}

    void paint(const Item& item) {
        std::visit([this](const auto& it) { paint_item(it); }, item);
    }

    /// Closes an open text object; call after the last item.
    void finish() { end_text(); }

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
        if (!in_text_) {
            pdf_.check(HPDF_Page_BeginText(page_), "beginning text");
            in_text_ = true;
        }
        if (font != font_ || run.size != font_size_) {
            pdf_.check(HPDF_Page_SetFontAndSize(page_, font, real(run.size)), "setting the font");
            font_ = font;
            font_size_ = run.size;
        }
        fonts_.note_text(font, run.text);
        set_fill_gray(run.gray);
        pdf_.check(HPDF_Page_TextOut(page_, real(run.x), real(run.y), run.text.c_str()), "showing text");
    }

    void paint_item(const Rule& rule) {
        require_finite("a rule", rule.x1, rule.y1, rule.x2, rule.y2, rule.width, rule.gray);
        begin_path(rule.width, rule.gray);
        pdf_.check(HPDF_Page_MoveTo(page_, real(rule.x1), real(rule.y1)), "drawing a rule");
        pdf_.check(HPDF_Page_LineTo(page_, real(rule.x2), real(rule.y2)), "drawing a rule");
        pdf_.check(HPDF_Page_Stroke(page_), "stroking a rule");
    }

    void paint_item(const Circle& circle) {
        require_finite("a circle", circle.cx, circle.cy, circle.r, circle.width, circle.gray);
        begin_path(circle.width, circle.gray);
        pdf_.check(HPDF_Page_Circle(page_, real(circle.cx), real(circle.cy), real(circle.r)),
                   "drawing a circle");
        pdf_.check(HPDF_Page_Stroke(page_), "stroking a circle");
    }

    void paint_item(const Box& box) {
        require_finite("a box", box.x, box.y, box.w, box.h, box.width, box.gray);
        begin_path(box.width, box.gray);
        pdf_.check(HPDF_Page_Rectangle(page_, real(box.x), real(box.y), real(box.w), real(box.h)),
                   "drawing a box");
        pdf_.check(HPDF_Page_Stroke(page_), "stroking a box");
    }

    /// Leaves any text object and sets the stroke state for a path.
    void begin_path(double width, double gray) {
        end_text();
        if (width != line_width_) {
            pdf_.check(HPDF_Page_SetLineWidth(page_, real(width)), "setting the line width");
            line_width_ = width;
        }
        if (gray != stroke_gray_) {
            pdf_.check(HPDF_Page_SetGrayStroke(page_, real(gray)), "setting the stroke gray");
            stroke_gray_ = gray;
        }
    }

    void set_fill_gray(double gray) {
        if (gray == fill_gray_) return;
        pdf_.check(HPDF_Page_SetGrayFill(page_, real(gray)), "setting the text gray");
        fill_gray_ = gray;
    }

    void end_text() {
        if (!in_text_) return;
        pdf_.check(HPDF_Page_EndText(page_), "ending text");
        in_text_ = false;
    }

    const PdfDocument& pdf_;
    HPDF_Page page_;
    FontCache& fonts_;
    bool in_text_ = false;
    // Graphics state as last written; the PDF defaults are black fill and
    // stroke, line width 1, and no font.
    HPDF_Font font_ = nullptr;
    double font_size_ = 0;
    double fill_gray_ = 0;
    double stroke_gray_ = 0;
    double line_width_ = 1;
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
        if (label.page >= doc.pages.size()) throw PdfError("page label past the last page");
        for (unsigned char c : label.prefix)
            if (c < 0x20 || c > 0x7E || c == '(' || c == ')' || c == '\\')
                throw PdfError("a page label prefix must be printable ASCII without parentheses");
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

std::string paint_pdf(const Document& doc, const FontSet& fonts) {
    PdfDocument pdf;
    pdf.check(HPDF_UseUTFEncodings(pdf.get()), "enabling UTF-8");
    pdf.check(HPDF_SetCurrentEncoder(pdf.get(), utf8_encoding), "selecting UTF-8");
    pdf.check(HPDF_SetCompressionMode(pdf.get(), HPDF_COMP_ALL), "enabling compression");
    set_info(pdf, doc);

    FontCache font_cache(pdf, fonts);
    std::vector<HPDF_Page> pages;
    pages.reserve(doc.pages.size());
    require_finite("a page", doc.width, doc.height);
    for (const Page& page : doc.pages) {
        HPDF_Page pdf_page = pdf.check_handle(HPDF_AddPage(pdf.get()), "adding a page");
        pdf.check(HPDF_Page_SetWidth(pdf_page, real(doc.width)), "setting the page width");
        pdf.check(HPDF_Page_SetHeight(pdf_page, real(doc.height)), "setting the page height");
        PagePainter painter(pdf, pdf_page, font_cache);
        for (const Item& item : page.items) painter.paint(item);
        painter.finish();
        pages.push_back(pdf_page);
    }
    font_cache.trim_all_widths();
    add_bookmarks(pdf, doc, pages);
    add_page_labels(pdf, doc);
    return save(pdf);
}

}  // namespace handout
