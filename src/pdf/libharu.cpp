// The repairs handout makes inside libharu 2.3.0's structures; see
// libharu.hpp. Every function here documents why it is safe for that version.
#include "pdf/libharu.hpp"

#include "pdf/content.hpp"
#include "pdf/operators.hpp"

// libharu's object API (dictionaries and streams), used only to rewrite the
// /ToUnicode stream of a font. The shared library exports these functions.
#include <hpdf_list.h>
#include <hpdf_objects.h>
#include <hpdf_streams.h>
// libharu's font definitions and memory manager, used only to cut down the
// character map of a loaded face. The shared library exports these functions.
#include <hpdf_fontdef.h>
#include <hpdf_mmgr.h>
// libharu's font objects, used only to slim the font file it embeds.
#include <hpdf_font.h>
#include <hpdf_pages.h>
#include <hpdf_doc.h>

#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "handout/fonts.hpp"

namespace handout::pdf {

namespace {

/// libharu's own before-write function of a Type0 font (static in
/// hpdf_font_cid.c: CIDFontType2_BeforeWrite_Func), which makes the font
/// descriptor and the font file; the same for every font.
std::atomic<HPDF_Dict_BeforeWriteFunc> libharu_before_write{nullptr};

/// Replaces the font file libharu has just made for the Type0 font `obj`
/// with its slim form (slim_embedded_font). The glyphs it prints are those
/// libharu flagged in the face's glyph table as text was measured and shown
/// (the table it subsets `glyf` by). A second font on the same face finds
/// the file done: its /Length1 no longer equals the face's.
void slim_font_file(HPDF_Dict obj) {
    auto* font_attr = static_cast<HPDF_FontAttr>(obj->attr);
    HPDF_FontDef def = font_attr->fontdef;
    if (def->type != HPDF_FONTDEF_TYPE_TRUETYPE || def->descriptor == nullptr) return;
    auto* def_attr = static_cast<HPDF_TTFontDefAttr>(def->attr);
    if (!def_attr->embedding) return;
    auto* file = static_cast<HPDF_Dict>(HPDF_Dict_GetItem(def->descriptor, "FontFile2", HPDF_OCLASS_DICT));
    if (file == nullptr || file->stream == nullptr) return;
    auto* length1 = static_cast<HPDF_Number>(HPDF_Dict_GetItem(file, "Length1", HPDF_OCLASS_NUMBER));
    if (length1 == nullptr || length1->value != static_cast<HPDF_INT32>(def_attr->length1)) return;

    const std::string raw = memory_stream_bytes(file->stream);
    std::vector<bool> used(def_attr->num_glyphs, false);
    for (std::size_t g = 0; g < used.size(); ++g) used[g] = def_attr->glyph_tbl.flgs[g] != 0;
    const std::string slim = slim_embedded_font(raw, used);
    pack_stream(file, slim, font_level);
    length1->value = static_cast<HPDF_INT32>(slim.size());
    if (font_attr->map_stream != nullptr && font_attr->map_stream->stream != nullptr)
        pack_stream(font_attr->map_stream, memory_stream_bytes(font_attr->map_stream->stream), font_level);
}

/// Reads `n` bytes at `at` of the font file behind `attr`; false past its end.
bool read_font_bytes(HPDF_TTFontDefAttr attr, HPDF_UINT32 at, HPDF_BYTE* out, HPDF_UINT n) {
    if (HPDF_Stream_Seek(attr->stream, static_cast<HPDF_INT>(at), HPDF_SEEK_SET) != HPDF_OK) return false;
    HPDF_UINT size = n;
    return HPDF_Stream_Read(attr->stream, out, &size) == HPDF_OK && size == n;
}

/// Flags, in the face's glyph table that libharu subsets `glyf` by, every
/// component of every flagged composite glyph, and theirs in turn.
///
/// Why: libharu 2.3.0 flags the components of a glyph as text is measured
/// (CheckCompositGryph in hpdf_fontdef_tt.c), but reads each component's
/// glyph number into a signed 16-bit integer and skips those it reads as
/// negative, and does not look inside a component that is itself
/// composite. In a face of more than 32,767 glyphs (Droid Sans Fallback has
/// 49,382: its Han characters are often built from two components) a part
/// of the character then prints blank. Glyphs libharu already flagged are
/// left as they are, so a face whose components it found (every bundled
/// Latin face) embeds the same bytes as before.
///
/// Why it is safe (libharu 2.3.0): the font file's stream, its `glyf`
/// offset (glyph_tbl.base_offset) and the `loca` offsets (glyph_tbl.offsets,
/// num_glyphs + 1 of them, in words for the short format) are what libharu
/// itself reads glyphs with; it seeks before every read of its own.
void flag_components(HPDF_FontDef def) {
    auto* attr = static_cast<HPDF_TTFontDefAttr>(def->attr);
    if (attr->stream == nullptr || attr->glyph_tbl.offsets == nullptr || attr->glyph_tbl.flgs == nullptr)
        return;
    const HPDF_UINT32 scale = attr->header.index_to_loc_format == 0 ? 2 : 1;
    std::vector<HPDF_UINT16> todo;
    for (HPDF_UINT16 g = 0; g < attr->num_glyphs; ++g)
        if (attr->glyph_tbl.flgs[g] != 0) todo.push_back(g);
    constexpr unsigned words = 0x0001, scale_one = 0x0008, more = 0x0020, scale_xy = 0x0040,
                       two_by_two = 0x0080;
    const auto u16 = [](const HPDF_BYTE* b) { return static_cast<unsigned>((b[0] << 8) | b[1]); };
    while (!todo.empty()) {
        const HPDF_UINT16 g = todo.back();
        todo.pop_back();
        const HPDF_UINT32 start = attr->glyph_tbl.base_offset + attr->glyph_tbl.offsets[g] * scale;
        const HPDF_UINT32 end = attr->glyph_tbl.base_offset + attr->glyph_tbl.offsets[g + 1] * scale;
        HPDF_BYTE header[2];
        if (end < start + 10 || !read_font_bytes(attr, start, header, 2) || (header[0] & 0x80) == 0) continue;
        unsigned flags = 0;
        for (HPDF_UINT32 at = start + 10; at + 4 <= end;) {
            HPDF_BYTE component[4];
            if (!read_font_bytes(attr, at, component, 4)) break;
            flags = u16(component);
            const unsigned glyph = u16(component + 2);
            if (glyph < attr->num_glyphs && attr->glyph_tbl.flgs[glyph] == 0) {
                attr->glyph_tbl.flgs[glyph] = 1;
                todo.push_back(static_cast<HPDF_UINT16>(glyph));
            }
            at += 4 + ((flags & words) != 0 ? 4 : 2);
            if ((flags & scale_one) != 0)
                at += 2;
            else if ((flags & scale_xy) != 0)
                at += 4;
            else if ((flags & two_by_two) != 0)
                at += 8;
            if ((flags & more) == 0) break;
        }
    }
}

/// The before-write function handout gives Type0 fonts: libharu's, then
/// the font file slimmed. Never throws through C code: a failure becomes
/// libharu's status for a bad font, and the save fails.
HPDF_STATUS write_slim_font(HPDF_Dict obj) {
    // The glyphs to embed first: libharu's before-write makes the font file.
    const auto* font_attr = static_cast<HPDF_FontAttr>(obj->attr);
    HPDF_FontDef def = font_attr->fontdef;
    if (def->type == HPDF_FONTDEF_TYPE_TRUETYPE && static_cast<HPDF_TTFontDefAttr>(def->attr)->embedding)
        flag_components(def);
    const HPDF_STATUS status = libharu_before_write.load()(obj);
    if (status != HPDF_OK) return status;
    try {
        slim_font_file(obj);
        return HPDF_OK;
    } catch (...) {
        return HPDF_INVALID_FONTDEF_DATA;
    }
}

}  // namespace

/// Why it is safe (libharu 2.3.0): a Type0 font's before_write_fn runs when
/// the font dictionary is written, before the objects it adds to the cross-
/// reference table (the descriptor, the font file) are written; the font
/// file's stream is a memory stream holding the raw TrueType bytes, which
/// libharu deflates as it writes them. /Length1 is read from the dictionary
/// when written, so setting it here is enough.
void slim_embedded_font_file(HPDF_Font font) {
    if (font->before_write_fn == write_slim_font) return;
    HPDF_Dict_BeforeWriteFunc expected = nullptr;
    if (!libharu_before_write.compare_exchange_strong(expected, font->before_write_fn) &&
        expected != font->before_write_fn)
        throw PdfError("libharu gave two Type0 fonts different before-write functions");
    font->before_write_fn = write_slim_font;
}

std::string memory_stream_bytes(HPDF_Stream stream) {
    // libharu's memory stream (hpdf_streams.c) keeps its bytes in a list of
    // blocks of buf_siz bytes, all full but the last; HPDF_Stream_Read would
    // copy them a byte at a time.
    if (stream == nullptr || stream->type != HPDF_STREAM_MEMORY || stream->attr == nullptr)
        throw PdfError("cannot read back a stream that is not in memory");
    const auto* attr = static_cast<HPDF_MemStreamAttr>(stream->attr);
    std::string bytes;
    bytes.reserve(stream->size);
    for (HPDF_UINT i = 0; i < attr->buf->count && bytes.size() < stream->size; ++i) {
        const std::size_t take = std::min<std::size_t>(attr->buf_siz, stream->size - bytes.size());
        bytes.append(static_cast<const char*>(attr->buf->obj[i]), take);
    }
    if (bytes.size() != stream->size) throw PdfError("libharu returned a truncated stream");
    return bytes;
}

namespace {

/// Writes the /Filter of a stream pack_stream deflated: libharu writes the
/// dictionary's other keys around it, and copies the bytes (filter none).
HPDF_STATUS write_flate_filter(HPDF_Dict, HPDF_Stream stream) {
    return HPDF_Stream_WriteStr(stream, "/Filter /FlateDecode\012");
}

}  // namespace

void pack_stream(HPDF_Dict dict, std::string_view raw, int level) {
    const std::string packed = pack(raw, level);
    HPDF_MemStream_FreeData(dict->stream);
    if (HPDF_Stream_Write(dict->stream, reinterpret_cast<const HPDF_BYTE*>(packed.data()),
                          static_cast<HPDF_UINT>(packed.size())) != HPDF_OK)
        throw PdfError("libharu failed while keeping a compressed stream");
    dict->filter = HPDF_STREAM_FILTER_NONE;
    dict->write_fn = write_flate_filter;
}

/// libharu's error callback: records the error and returns to libharu, which
/// then returns a failure status to its caller. Never throws through C code.
void record_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void* user_data) {
    auto* record = static_cast<ErrorRecord*>(user_data);
    if (record->error_no == 0) {  // keep the first error: later ones follow from it
        record->error_no = error_no;
        record->detail_no = detail_no;
    }
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
void replace_to_unicode(const PdfDocument& pdf, HPDF_Font font,
                        const std::map<char32_t, std::string>& glyphs) {
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
    const std::string cmap = to_unicode_cmap(glyphs);
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
void write_page_content(const PdfDocument& pdf, HPDF_Page page, std::string_view bytes) {
    auto* attr = static_cast<HPDF_PageAttr>(page->attr);
    pdf.check(HPDF_Stream_Write(attr->stream, reinterpret_cast<const HPDF_BYTE*>(bytes.data()),
                                static_cast<HPDF_UINT>(bytes.size())),
              "writing page content");
}

void sync_page_state(HPDF_Page page, const PageState& state, HPDF_Font font) {
    auto* attr = static_cast<HPDF_PageAttr>(page->attr);
    attr->gmode = state.in_text ? HPDF_GMODE_TEXT_OBJECT : HPDF_GMODE_PAGE_DESCRIPTION;
    attr->text_matrix = HPDF_TransMatrix{1, 0, 0, 1, state.text_x, state.text_y};
    attr->text_pos = state.in_text ? HPDF_Point{state.text_x, state.text_y} : HPDF_Point{0, 0};
    if (font != nullptr) {
        attr->gstate->font = font;
        attr->gstate->font_size = real(state.font_size);
        attr->gstate->writing_mode = static_cast<HPDF_FontAttr>(font->attr)->writing_mode;
    }
    attr->gstate->gray_fill = real(state.fill_gray);
    attr->gstate->cs_fill = HPDF_CS_DEVICE_GRAY;
    attr->gstate->gray_stroke = real(state.stroke_gray);
    attr->gstate->cs_stroke = HPDF_CS_DEVICE_GRAY;
    attr->gstate->line_width = real(state.line_width);
}

HPDF_Point text_line_start(HPDF_Page page) {
    const auto* attr = static_cast<HPDF_PageAttr>(page->attr);
    return {attr->text_matrix.x, attr->text_matrix.y};
}

void compress_page_content(HPDF_Page page, const std::string& pending) {
    auto* attr = static_cast<HPDF_PageAttr>(page->attr);
    if (attr->contents->stream->size == 0) return pack_stream(attr->contents, pending, content_level);
    pack_stream(attr->contents, memory_stream_bytes(attr->contents->stream) + pending, content_level);
}

HPDF_Dict new_form_xobject(const PdfDocument& pdf, double extent, std::string_view path) {
    const char* what = "making a bubble form";
    HPDF_Doc doc = pdf.get();
    HPDF_Dict form = pdf.check_handle(HPDF_DictStream_New(doc->mmgr, doc->xref), what);
    form->header.obj_class |= HPDF_OSUBCLASS_XOBJECT;
    form->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
    pdf.check(HPDF_Dict_AddName(form, "Type", "XObject"), what);
    pdf.check(HPDF_Dict_AddName(form, "Subtype", "Form"), what);
    HPDF_Array box = pdf.check_handle(HPDF_Array_New(doc->mmgr), what);
    pdf.check(HPDF_Dict_Add(form, "BBox", box), what);
    for (const double v : {-extent, -extent, extent, extent})
        pdf.check(HPDF_Array_AddReal(box, real(v)), what);
    pdf.check(HPDF_Stream_Write(form->stream, reinterpret_cast<const HPDF_BYTE*>(path.data()),
                                static_cast<HPDF_UINT>(path.size())),
              what);
    return form;
}

HPDF_FontDef find_font_def(const PdfDocument& pdf, const std::string& name) {
    return pdf.check_handle(HPDF_Doc_FindFontDef(pdf.get(), name.c_str()), "finding the loaded font " + name);
}

bool has_glyph_width(HPDF_FontDef def, char32_t cp) {
    return cp < 0x10000 && HPDF_TTFontDef_GetCharWidth(def, static_cast<HPDF_UNICODE>(cp)) > 0;
}

namespace {

/// The glyph of each code in `used`, looked up in the TrueType face `def`'s
/// own map (U+FFFF, which keeps its glyph through the final segment, and
/// codes of no glyph left out); a glyph code of a shaped run (document.hpp)
/// that the face does not map itself, its glyph.
std::map<HPDF_UINT16, HPDF_UINT16> printed_glyphs(const PdfDocument& pdf, HPDF_FontDef def,
                                                  const std::set<char32_t>& used) {
    const auto* attr = static_cast<HPDF_TTFontDefAttr>(def->attr);
    std::map<HPDF_UINT16, HPDF_UINT16> glyphs;
    for (const char32_t cp : used) {
        const HPDF_UINT16 code = libharu_code(cp);
        if (code == 0xFFFF) continue;
        HPDF_UINT16 glyph = HPDF_TTFontDef_GetGlyphid(def, code);
        pdf.check(HPDF_OK, "trimming the font's character map");
        if (glyph == 0 && is_glyph_code(code) && code - glyph_code_base < attr->num_glyphs)
            glyph = static_cast<HPDF_UINT16>(code - glyph_code_base);
        if (glyph != 0) glyphs.emplace(code, glyph);  // no glyph: left out, maps to 0 as before
    }
    return glyphs;
}

}  // namespace

void trim_character_map(const PdfDocument& pdf, HPDF_FontDef def, const std::set<char32_t>& used) {
    const char* what = "trimming the font's character map";
    if (def->type != HPDF_FONTDEF_TYPE_TRUETYPE) return;
    auto* attr = static_cast<HPDF_TTFontDefAttr>(def->attr);
    HPDF_TTF_CmapRange& cmap = attr->cmap;
    if (cmap.format != 4 || cmap.seg_count_x2 == 0) return;

    const std::map<HPDF_UINT16, HPDF_UINT16> glyphs = printed_glyphs(pdf, def, used);
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

namespace {

const HPDF_Obj_Header& header_of(const void* object) { return *static_cast<const HPDF_Obj_Header*>(object); }

unsigned class_of(const void* object) { return header_of(object).obj_class & HPDF_OCLASS_ANY; }

/// libharu writes nothing for a hidden object, in a dictionary or an array.
bool hidden(const void* object) { return (header_of(object).obj_id & HPDF_OTYPE_HIDDEN) != 0; }

HPDF_Dict dict_of(const void* object) { return static_cast<HPDF_Dict>(const_cast<void*>(object)); }

/// The values of libharu's array list `list` that it writes.
std::vector<void*> written_items(HPDF_List list) {
    std::vector<void*> out;
    for (HPDF_UINT i = 0; i < list->count; ++i)
        if (list->obj[i] != nullptr && !hidden(list->obj[i])) out.push_back(list->obj[i]);
    return out;
}

/// The elements of libharu's dictionary `dict` that it writes.
std::vector<const HPDF_DictElement_Rec*> written_elements(HPDF_Dict dict) {
    std::vector<const HPDF_DictElement_Rec*> out;
    for (HPDF_UINT i = 0; i < dict->list->count; ++i) {
        const auto* e = static_cast<const HPDF_DictElement_Rec*>(dict->list->obj[i]);
        if (e != nullptr && e->value != nullptr && !hidden(e->value)) out.push_back(e);
    }
    return out;
}

/// The /FlateDecode that write_flate_filter writes for a packed stream.
HPDF_Name_Rec flate_decode_name() {
    HPDF_Name_Rec name{};
    name.header.obj_class = HPDF_OCLASS_NAME;
    std::snprintf(name.value, sizeof name.value, "%s", "FlateDecode");
    return name;
}
const HPDF_Name_Rec flate_decode = flate_decode_name();

/// A dictionary's writer: none, or pack_stream's (its /Filter); any other
/// would write keys this view cannot see.
bool packed_stream(HPDF_Dict dict) {
    if (dict->write_fn == nullptr) return false;
    if (dict->write_fn == write_flate_filter) return true;
    throw PdfError("a libharu object has a writer of its own that handout cannot copy");
}

}  // namespace

HaruObject::HaruObject(const void* object) {
    if (object != nullptr && class_of(object) == HPDF_OCLASS_PROXY) {
        object = static_cast<const HPDF_Proxy_Rec*>(object)->obj;
        indirect_ = true;
    } else if (object != nullptr) {
        indirect_ = (header_of(object).obj_id & HPDF_OTYPE_INDIRECT) != 0;
    }
    if (object == nullptr) throw PdfError("libharu holds an empty value");
    object_ = object;
    (void)kind();  // refuses a class this view does not know
}

HaruObject::Kind HaruObject::kind() const {
    switch (class_of(object_)) {
        case HPDF_OCLASS_ARRAY: return Kind::array;
        case HPDF_OCLASS_DICT: return Kind::dictionary;
        case HPDF_OCLASS_NULL:
        case HPDF_OCLASS_BOOLEAN:
        case HPDF_OCLASS_NUMBER:
        case HPDF_OCLASS_REAL:
        case HPDF_OCLASS_NAME:
        case HPDF_OCLASS_STRING:
        case HPDF_OCLASS_BINARY: return Kind::scalar;
        default: throw PdfError("libharu holds an object of a class handout cannot copy");
    }
}

std::string HaruObject::scalar() const {
    switch (class_of(object_)) {
        case HPDF_OCLASS_NULL: return "null";
        case HPDF_OCLASS_BOOLEAN:
            return static_cast<const HPDF_Boolean_Rec*>(object_)->value != 0 ? "true" : "false";
        case HPDF_OCLASS_NUMBER: return std::to_string(static_cast<const HPDF_Number_Rec*>(object_)->value);
        case HPDF_OCLASS_REAL: {
            char text[32];
            *write_real(text, static_cast<const HPDF_Real_Rec*>(object_)->value) = '\0';
            return text;
        }
        case HPDF_OCLASS_NAME: return name_text(static_cast<const HPDF_Name_Rec*>(object_)->value);
        case HPDF_OCLASS_STRING: {
            const auto* s = static_cast<const HPDF_String_Rec*>(object_);
            if (s->encoder != nullptr)
                throw PdfError("libharu holds text it would re-encode; handout cannot copy it");
            return string_text(std::string_view(reinterpret_cast<const char*>(s->value), s->len));
        }
        case HPDF_OCLASS_BINARY: {
            const auto* b = static_cast<const HPDF_Binary_Rec*>(object_);
            return string_text(std::string_view(reinterpret_cast<const char*>(b->value), b->len));
        }
        default: throw PdfError("a libharu array or dictionary read as a single value");
    }
}

std::string HaruObject::name() const {
    return class_of(object_) == HPDF_OCLASS_NAME
               ? std::string(static_cast<const HPDF_Name_Rec*>(object_)->value)
               : std::string();
}

std::size_t HaruObject::size() const {
    if (kind() != Kind::array) throw PdfError("a libharu object read as an array is not one");
    return written_items(static_cast<const HPDF_Array_Rec*>(object_)->list).size();
}

HaruObject HaruObject::item(std::size_t index) const {
    if (kind() != Kind::array) throw PdfError("a libharu object read as an array is not one");
    return HaruObject(written_items(static_cast<const HPDF_Array_Rec*>(object_)->list).at(index));
}

std::vector<std::string> HaruObject::keys() const {
    if (kind() != Kind::dictionary) throw PdfError("a libharu object read as a dictionary is not one");
    HPDF_Dict dict = dict_of(object_);
    std::vector<std::string> out;
    for (const HPDF_DictElement_Rec* e : written_elements(dict))
        if (dict->stream == nullptr || std::string_view(e->key) != "Length") out.emplace_back(e->key);
    if (dict->stream != nullptr && packed_stream(dict)) out.emplace_back("Filter");
    std::sort(out.begin(), out.end());
    return out;
}

bool HaruObject::has(std::string_view key) const {
    const std::vector<std::string> all = keys();
    return std::find(all.begin(), all.end(), key) != all.end();
}

HaruObject HaruObject::at(std::string_view key) const {
    if (kind() != Kind::dictionary) throw PdfError("a libharu object read as a dictionary is not one");
    HPDF_Dict dict = dict_of(object_);
    if (dict->stream != nullptr && key == "Filter" && packed_stream(dict)) return HaruObject(&flate_decode);
    for (const HPDF_DictElement_Rec* e : written_elements(dict))
        if (std::string_view(e->key) == key) return HaruObject(e->value);
    throw PdfError("a libharu dictionary has no /" + std::string(key));
}

bool HaruObject::is_stream() const {
    return kind() == Kind::dictionary && dict_of(object_)->stream != nullptr;
}

std::string HaruObject::stream_data() const {
    if (!is_stream()) throw PdfError("a libharu object read as a stream is not one");
    HPDF_Dict dict = dict_of(object_);
    std::string raw = memory_stream_bytes(dict->stream);
    if (packed_stream(dict)) return raw;
    constexpr HPDF_UINT flate = HPDF_STREAM_FILTER_FLATE_DECODE, dct = HPDF_STREAM_FILTER_DCT_DECODE;
    if ((dict->filter & ~(flate | dct)) != 0 || dict->filter == (flate | dct))
        throw PdfError("a libharu stream has a filter handout cannot copy");
    if ((dict->filter & flate) != 0) return deflate(raw, Z_DEFAULT_COMPRESSION);
    return raw;
}

HaruObject page_object(HPDF_Page page) { return HaruObject(page); }

HaruObject font_object(HPDF_Font font) { return HaruObject(font); }

}  // namespace handout::pdf
