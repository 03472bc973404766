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
//  - libharu looks up the glyph of all 65,536 code points, in a linear search
//    of the face's character map, when it makes a font object. Before that,
//    each loaded face's map is replaced by one that holds only the characters
//    the document prints and is searched in constant time (see
//    `trim_character_map`), which makes font setup many times cheaper.

#include "handout/pdf.hpp"

#include <hpdf.h>
// libharu's object API (dictionaries and streams), used only to rewrite the
// /ToUnicode stream of a font. The shared library exports these functions.
#include <hpdf_objects.h>
#include <hpdf_streams.h>
// libharu's font definitions and memory manager, used only to cut down the
// character map of a loaded face. The shared library exports these functions.
#include <hpdf_fontdef.h>
#include <hpdf_mmgr.h>
// A page's content stream, into which bubble placements are written directly.
#include <hpdf_pages.h>

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
        const std::string bytes = encode_utf8(cp);  // fonts.hpp
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

/// The 16-bit code that libharu's UTF-8 encoder gives the character `cp`:
/// the code point itself, or its low 16 bits for a code point past U+FFFF
/// (which libharu cannot show; it truncates them).
HPDF_UINT16 libharu_code(char32_t cp) { return static_cast<HPDF_UINT16>(cp & 0xFFFF); }

/// Replaces the character map of the TrueType font definition `def` with one
/// that maps exactly the characters in `used` (and U+FFFF), each to the glyph
/// it had before, and that libharu searches in constant time.
///
/// Why: when the font object is made (HPDF_GetFont → HPDF_Type0Font_New →
/// CIDFontType2_New in hpdf_font_cid.c), libharu builds the /CIDToGIDMap by
/// calling HPDF_TTFontDef_GetGlyphid for every code 0000–FFFF, and that
/// function walks the map's format-4 segments one by one up to the code's
/// segment: with Lato's hundreds of segments this was most of the cost of a
/// small document. The new map has two segments: one from the lowest to the
/// highest printed code, whose glyphs come from a table with one entry per
/// code (0 for codes not printed), and the final segment FFFF–FFFF that the
/// format requires. A lookup now looks at most at both segments. The
/// /CIDToGIDMap then lists glyphs only for the characters printed (all a
/// viewer needs) and compresses to almost nothing, and the /W table libharu
/// writes shrinks the same way.
///
/// Why it is safe (libharu 2.3.0, hpdf_fontdef_tt.c): GetGlyphid takes the
/// first segment whose end is ≥ the code (it reads past the arrays when there
/// is none: the final segment prevents that) and returns 0 when the code is
/// below that segment's start. Otherwise, with an idRangeOffset, it returns
/// glyph_id_array[idRangeOffset/2 + (code − start) − (segments − i)] +
/// idDelta, or 0 when that index is past the table; with idRangeOffset 0 it
/// returns code + idDelta. The glyph of every printed character is unchanged,
/// so glyph subsetting (which marks glyphs as text is measured) and widths
/// are unchanged. The embedded font file copies its cmap table from the font
/// file, not from this structure; /ToUnicode is our own identity map. Nothing
/// else reads the map after the font object is made except the measuring of
/// printed text.
///
/// The new arrays come from the font definition's own memory manager, which
/// frees them with the definition (InitAttr in hpdf_fontdef_tt.c). Faces with
/// a format-0 map (no Unicode map; looked up directly) are left alone.
void trim_character_map(const PdfDocument& pdf, HPDF_FontDef def, const std::set<char32_t>& used) {
    const char* what = "trimming the font's character map";
    if (def->type != HPDF_FONTDEF_TYPE_TRUETYPE) return;
    auto* attr = static_cast<HPDF_TTFontDefAttr>(def->attr);
    HPDF_TTF_CmapRange& cmap = attr->cmap;
    if (cmap.format != 4 || cmap.seg_count_x2 == 0) return;

    // The glyph of each printed code, looked up in the font's own map. U+FFFF
    // keeps its glyph through the final segment.
    std::map<HPDF_UINT16, HPDF_UINT16> glyphs;
    for (const char32_t cp : used) {
        const HPDF_UINT16 code = libharu_code(cp);
        if (code == 0xFFFF) continue;
        const HPDF_UINT16 glyph = HPDF_TTFontDef_GetGlyphid(def, code);
        pdf.check(HPDF_OK, what);
        if (glyph != 0) glyphs.emplace(code, glyph);  // no glyph: left out, maps to 0 as before
    }
    const HPDF_UINT16 last_glyph = HPDF_TTFontDef_GetGlyphid(def, 0xFFFF);
    pdf.check(HPDF_OK, what);

    const std::size_t segments = glyphs.empty() ? 1 : 2;
    const std::size_t table_size = glyphs.empty() ? 0 : glyphs.rbegin()->first - glyphs.begin()->first + 1u;

    // Allocate everything before freeing anything, so that a failure leaves
    // the old map whole.
    std::array<void*, 5> arrays{};
    const std::array<std::size_t, 5> sizes{segments, segments, segments, segments, table_size};
    for (std::size_t i = 0; i < arrays.size(); ++i) {
        if (sizes[i] == 0) continue;
        arrays[i] = HPDF_GetMem(def->mmgr, static_cast<HPDF_UINT>(sizes[i] * sizeof(HPDF_UINT16)));
        if (arrays[i] == nullptr) {
            for (void* allocated : arrays)
                if (allocated != nullptr) HPDF_FreeMem(def->mmgr, allocated);
            pdf.check(HPDF_FAILD_TO_ALLOC_MEM, what);
        }
    }
    auto* end_count = static_cast<HPDF_UINT16*>(arrays[0]);
    auto* start_count = static_cast<HPDF_UINT16*>(arrays[1]);
    auto* id_delta = static_cast<HPDF_INT16*>(arrays[2]);
    auto* id_range_offset = static_cast<HPDF_UINT16*>(arrays[3]);
    auto* glyph_id_array = static_cast<HPDF_UINT16*>(arrays[4]);

    if (!glyphs.empty()) {
        // Segment 0 covers the printed codes; its idRangeOffset (in bytes,
        // from its own entry) skips the two idRangeOffset entries to land on
        // glyph_id_array[0], so the glyph of `code` is entry code − start.
        const HPDF_UINT16 first = glyphs.begin()->first;
        start_count[0] = first;
        end_count[0] = glyphs.rbegin()->first;
        id_delta[0] = 0;
        id_range_offset[0] = static_cast<HPDF_UINT16>(2 * segments);
        std::fill(glyph_id_array, glyph_id_array + table_size, HPDF_UINT16{0});
        for (const auto& [code, glyph] : glyphs) glyph_id_array[code - first] = glyph;
    }
    const std::size_t last = segments - 1;
    start_count[last] = 0xFFFF;
    end_count[last] = 0xFFFF;
    id_delta[last] = static_cast<HPDF_INT16>(static_cast<HPDF_UINT16>(last_glyph - 0xFFFF));
    id_range_offset[last] = 0;

    for (void* old : {static_cast<void*>(cmap.end_count), static_cast<void*>(cmap.start_count),
                      static_cast<void*>(cmap.id_delta), static_cast<void*>(cmap.id_range_offset),
                      static_cast<void*>(cmap.glyph_id_array)})
        if (old != nullptr) HPDF_FreeMem(def->mmgr, old);
    cmap.end_count = end_count;
    cmap.start_count = start_count;
    cmap.id_delta = id_delta;
    cmap.id_range_offset = id_range_offset;
    cmap.glyph_id_array = glyph_id_array;
    cmap.glyph_id_array_count = static_cast<HPDF_UINT>(table_size);

    // The header fields a format-4 table derives from its sizes (libharu does
    // not read them; kept consistent for any later reader).
    cmap.seg_count_x2 = static_cast<HPDF_UINT16>(2 * segments);
    cmap.search_range = static_cast<HPDF_UINT16>(2 * segments);  // 2 × largest power of 2 ≤ segments
    cmap.entry_selector = static_cast<HPDF_UINT16>(segments - 1);  // log2 of that power
    cmap.range_shift = 0;
    cmap.length = static_cast<HPDF_UINT16>(std::min<std::size_t>(16 + 8 * segments + 2 * table_size, 0xFFFF));
}

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
