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
#include "pdf/libharu.hpp"
#include "pdf/paint.hpp"

#include <zlib.h>

#ifndef HANDOUT_VERSION
#error "HANDOUT_VERSION must be defined by the build"
#endif

namespace handout {
namespace {

/// libharu drops longer strings silently (HPDF_LIMIT_MAX_STRING_LEN).
constexpr std::size_t max_text_bytes = 65535;

/// The encoder that writes UTF-8 text as 2-byte Unicode code points.
constexpr const char* utf8_encoding = "UTF-8";

using pdf::PdfDocument;
using pdf::real;

/// The faces a document prints with, loaded before painting so that each
/// face's character map can be cut down to the characters it prints (see
/// `trim_character_map`) before libharu makes its font object. Only faces
/// that print text are loaded, in the order the pages first use them; font
/// objects are still made on first use. Faces that libharu treats as one font
/// (same file, or same PostScript name) share one font object and one set of
/// characters. Remembers which characters each font prints, to trim its width
/// table before saving.
class FontCache {
public:
    FontCache(const PdfDocument& pdf, const Document& doc, bool embed) : pdf_(pdf), files_(doc.fonts) {
        // The characters each face file prints, and the files in order of
        // first use. Text that is not valid UTF-8 (the caller's job to
        // prevent) is recorded up to the error.
        std::vector<std::string> paths;
        std::map<std::string, pdf::PrintedChars> chars_by_path;
        std::u32string decoded;
        for (const Page& page : doc.pages) {
            for (const Item& item : page.items) {
                const auto* run = std::get_if<TextRun>(&item);
                if (run == nullptr || run->text.empty()) continue;
                const std::string& path = file(run->font);
                auto [found, added] = chars_by_path.try_emplace(path);
                if (added) paths.push_back(path);
                decoded.clear();
                decode_utf8(run->text, decoded);
                for (const char32_t cp : decoded) found->second.add(cp);
            }
        }

        for (const std::string& path : paths) {
            const std::string what = "loading font " + path;
            const std::string name = pdf_.check_handle(
                HPDF_LoadTTFontFromFile(pdf_.get(), path.c_str(), embed ? HPDF_TRUE : HPDF_FALSE), what);
            name_by_path_.emplace(path, name);
            chars_by_path[path].add_to(fonts_by_name_[name].chars);
        }
        for (const auto& [name, font] : fonts_by_name_) {
            HPDF_FontDef def = pdf_.check_handle(HPDF_Doc_FindFontDef(pdf_.get(), name.c_str()),
                                                 "finding the loaded font " + name);
            trim_character_map(pdf_, def, font.chars);
        }
    }

    /// The font object of `style`, made on first use. The style's face must
    /// print some text of the document given to the constructor.
    HPDF_Font get(FontStyle style) {
        HPDF_Font& slot = by_style_[static_cast<std::size_t>(style)];
        if (slot != nullptr) return slot;
        const std::string& path = file(style);
        const auto name = name_by_path_.find(path);
        if (name == name_by_path_.end())
            throw PdfError("font " + path + " prints no text of this document but was asked for");
        Font& font = fonts_by_name_.at(name->second);
        if (font.handle == nullptr) {
            const std::string what = "making the font object of " + path;
            font.handle = pdf_.check_handle(HPDF_GetFont(pdf_.get(), name->second.c_str(), utf8_encoding), what);
            replace_to_unicode(pdf_, font.handle);
            pdf::slim_embedded_font_file(font.handle);
        }
        slot = font.handle;
        return slot;
    }

    /// Trims the width table of every font made; call once, before saving.
    void trim_all_widths() const {
        for (const auto& [name, font] : fonts_by_name_)
            if (font.handle != nullptr) trim_widths(pdf_, font.handle, font.chars);
    }

private:
    /// One libharu font: the characters it prints, its object once made.
    struct Font {
        std::set<char32_t> chars;
        HPDF_Font handle = nullptr;
    };

    /// The face file of `style`, as the document names it.
    const std::string& file(FontStyle style) const {
        const std::string& path = files_[static_cast<std::size_t>(style)];
        if (path.empty())
            throw PdfError("the document prints text in font style " +
                           std::to_string(static_cast<int>(style)) + " but names no font file for it");
        return path;
    }

    const PdfDocument& pdf_;
    const FontFiles& files_;
    std::array<HPDF_Font, font_slot_count> by_style_{};
    std::map<std::string, std::string> name_by_path_;  // face file → libharu font name
    std::map<std::string, Font> fonts_by_name_;
};

/// The image objects of a document. Each GrayImage is loaded once, however
/// many pictures on however many pages show it (found by its address): a
/// batch that prints the same picture on thirty sheets holds its pixels once.
class ImageCache {
public:
    explicit ImageCache(const PdfDocument& pdf) : pdf_(pdf) {}

    /// The image object of `image`, loaded as 8-bit DeviceGray on first use.
    HPDF_Image get(const GrayImage& image) {
        const auto found = images_.find(&image);
        if (found != images_.end()) return found->second;
        if (image.width == 0 || image.height == 0 ||
            image.pixels.size() != std::size_t{image.width} * image.height)
            throw PdfError("cannot paint a picture of " + std::to_string(image.width) + "x" +
                           std::to_string(image.height) + " pixels from " + std::to_string(image.pixels.size()) +
                           " bytes");
        HPDF_Image loaded = pdf_.check_handle(
            HPDF_LoadRawImageFromMem(pdf_.get(), image.pixels.data(), image.width, image.height,
                                     HPDF_CS_DEVICE_GRAY, /*bits_per_component=*/8),
            "loading a picture");
        images_.emplace(&image, loaded);
        return loaded;
    }

private:
    const PdfDocument& pdf_;
    std::map<const GrayImage*, HPDF_Image> images_;
};

/// Writes `value` as a PDF number: up to five decimals (as libharu writes
/// its reals), no trailing zeros, "0" rather than "-0".
void append_number(std::string& out, double value) {
    char buf[48];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, 5);
    if (ec != std::errc()) throw PdfError("cannot write the number " + std::to_string(value));
    std::string_view text(buf, static_cast<std::size_t>(end - buf));
    while (text.back() == '0') text.remove_suffix(1);
    if (text.back() == '.') text.remove_suffix(1);
    if (text == "-0") text = "0";
    out += text;
}

/// The bubble shapes of a document: each circle radius is drawn once, as a
/// form XObject holding the stroked outline around the origin, and every
/// bubble of that radius places it ("q 1 0 0 1 x y cm /X1 Do Q"): about 35
/// bytes of page content instead of the 190 of four Bézier curves. The form
/// inherits the page's line width and stroke gray, so one form serves every
/// width and gray; its bounding box leaves room for the widest stroke of
/// that radius.
class BubbleForms {
public:
    explicit BubbleForms(const PdfDocument& pdf) : pdf_(pdf) {}

    /// The form of a circle of radius `r` stroked at most `width` wide.
    HPDF_Dict get(double r, double width) {
        auto found = forms_.find(r);
        if (found != forms_.end() && found->second.width >= width) return found->second.form;
        const char* what = "making a bubble form";
        HPDF_Doc doc = pdf_.get();
        HPDF_Dict form = pdf_.check_handle(HPDF_DictStream_New(doc->mmgr, doc->xref), what);
        form->header.obj_class |= HPDF_OSUBCLASS_XOBJECT;
        form->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
        pdf_.check(HPDF_Dict_AddName(form, "Type", "XObject"), what);
        pdf_.check(HPDF_Dict_AddName(form, "Subtype", "Form"), what);
        HPDF_Array box = pdf_.check_handle(HPDF_Array_New(doc->mmgr), what);
        pdf_.check(HPDF_Dict_Add(form, "BBox", box), what);
        const double e = r + width;
        for (const double v : {-e, -e, e, e}) pdf_.check(HPDF_Array_AddReal(box, real(v)), what);
        // libharu's circle (HPDF_Page_Circle): four quarter arcs from the
        // leftmost point, control points at kappa 0.552 of the radius.
        const double k = r * 0.552;
        std::string path;
        auto point = [&](double x, double y) {
            append_number(path, x);
            path += ' ';
            append_number(path, y);
            path += ' ';
        };
        point(-r, 0);
        path += "m\n";
        point(-r, k), point(-k, r), point(0, r), path += "c\n";
        point(k, r), point(r, k), point(r, 0), path += "c\n";
        point(r, -k), point(k, -r), point(0, -r), path += "c\n";
        point(-k, -r), point(-r, -k), point(-r, 0), path += "c\nS\n";
        pdf_.check(HPDF_Stream_Write(form->stream, reinterpret_cast<const HPDF_BYTE*>(path.data()),
                                     static_cast<HPDF_UINT>(path.size())),
                   what);
        forms_[r] = {form, width};
        return form;
    }

private:
    struct Form {
        HPDF_Dict form;
        double width;
    };
    const PdfDocument& pdf_;
    std::map<double, Form> forms_;
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
    PagePainter(const PdfDocument& pdf, HPDF_Page page, FontCache& fonts, ImageCache& images, BubbleForms& forms)
        : pdf_(pdf), page_(page), fonts_(fonts), images_(images), forms_(forms) {}

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
        if (!(circle.r > 0)) throw PdfError("cannot paint a circle of zero or negative radius");
        begin_path(circle.width, circle.gray);
        HPDF_Dict form = forms_.get(circle.r, circle.width);
        const char* name = pdf_.check_handle(HPDF_Page_GetXObjectName(page_, form), "naming a bubble form");
        // Written straight into the page's content: q … Q leaves libharu's
        // view of the graphics state true.
        std::string ops = "q\n1 0 0 1 ";
        append_number(ops, circle.cx);
        ops += ' ';
        append_number(ops, circle.cy);
        ops += " cm\n/";
        ops += name;
        ops += " Do\nQ\n";
        auto* attr = static_cast<HPDF_PageAttr>(page_->attr);
        pdf_.check(HPDF_Stream_Write(attr->stream, reinterpret_cast<const HPDF_BYTE*>(ops.data()),
                                     static_cast<HPDF_UINT>(ops.size())),
                   "drawing a circle");
    }

    void paint_item(const Box& box) {
        require_finite("a box", box.x, box.y, box.w, box.h, box.width, box.gray);
        begin_path(box.width, box.gray);
        pdf_.check(HPDF_Page_Rectangle(page_, real(box.x), real(box.y), real(box.w), real(box.h)),
                   "drawing a box");
        pdf_.check(HPDF_Page_Stroke(page_), "stroking a box");
    }

    void paint_item(const Solid& solid) {
        require_finite("a solid mark", solid.x, solid.y, solid.w, solid.h);
        end_text();
        set_fill_gray(0);
        pdf_.check(HPDF_Page_Rectangle(page_, real(solid.x), real(solid.y), real(solid.w), real(solid.h)),
                   "drawing a solid mark");
        pdf_.check(HPDF_Page_Fill(page_), "filling a solid mark");
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
        for (std::size_t row = 0; row < n; ++row) {
            const double y = symbol.y + symbol.size - static_cast<double>(row + 1) * module;
            for (std::size_t col = 0; col < n;) {
                if (!symbol.dark[row * n + col]) {
                    ++col;
                    continue;
                }
                std::size_t end = col;
                while (end < n && symbol.dark[row * n + end]) ++end;
                pdf_.check(HPDF_Page_Rectangle(page_, real(symbol.x + static_cast<double>(col) * module), real(y),
                                               real(static_cast<double>(end - col) * module), real(module)),
                           "drawing a QR symbol");
                col = end;
            }
        }
        pdf_.check(HPDF_Page_Fill(page_), "filling a QR symbol");
    }

    /// Draws the picture's image scaled into its rectangle. libharu wraps the
    /// drawing in q … Q, so the graphics state written so far still holds.
    void paint_item(const Picture& picture) {
        require_finite("a picture", picture.x, picture.y, picture.w, picture.h);
        if (picture.image == nullptr) throw PdfError("cannot paint a picture without an image");
        if (!(picture.w > 0 && picture.h > 0)) throw PdfError("cannot paint a picture of zero or negative size");
        HPDF_Image image = images_.get(*picture.image);
        end_text();
        pdf_.check(HPDF_Page_DrawImage(page_, image, real(picture.x), real(picture.y), real(picture.w),
                                       real(picture.h)),
                   "drawing a picture");
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
    ImageCache& images_;
    BubbleForms& forms_;
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
/// saves and then deflate it at its fixed level 6. The stream's filter is
/// set to none, so libharu copies the bytes as they are, and a write hook
/// adds the /Filter key libharu then leaves out.
void compress_content(const PdfDocument& pdf, HPDF_Page page) {
    const char* what = "compressing a page";
    auto* attr = static_cast<HPDF_PageAttr>(page->attr);
    HPDF_Stream stream = attr->stream;
    std::string raw(stream->size, '\0');
    HPDF_UINT size = static_cast<HPDF_UINT>(raw.size());
    pdf.check(HPDF_Stream_Seek(stream, 0, HPDF_SEEK_SET), what);
    if (size > 0) pdf.check(HPDF_Stream_Read(stream, reinterpret_cast<HPDF_BYTE*>(raw.data()), &size), what);
    if (size != raw.size()) throw PdfError("libharu returned a truncated page content");
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

std::string paint_pdf(const Document& doc) { return pdf::paint(doc, /*embed_fonts=*/true); }

std::string pdf::paint(const Document& doc, bool embed_fonts) {
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
        PagePainter painter(pdf, pdf_page, font_cache, image_cache, bubble_forms);
        for (const Item& item : page.items) painter.paint(item);
        painter.finish();
        compress_content(pdf, pdf_page);
        pages.push_back(pdf_page);
    }
    font_cache.trim_all_widths();
    add_bookmarks(pdf, doc, pages);
    add_page_labels(pdf, doc);
    return save(pdf);
}

}  // namespace handout
