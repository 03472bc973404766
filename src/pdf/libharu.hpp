// libharu 2.3.0 as handout uses it: the owned document with its error
// record, the repairs made inside libharu's own structures (font /ToUnicode
// maps, width tables, character maps, embedded font files and their
// composite glyphs), and the page calls it has no public form of (handout's
// operators written into a page's stream, libharu's page state kept in step,
// the bubble's form XObject). Those reach past the public API into
// structures of this exact version, all of them in libharu.cpp and nowhere
// else, so the build refuses any other version (static_assert below).
// Private to src/pdf.
#pragma once

#include <hpdf.h>
#include <hpdf_version.h>

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "handout/pdf.hpp"
#include "pdf/content.hpp"  // real

static_assert(HPDF_VERSION_ID == 20300,
              "src/pdf/libharu.cpp edits libharu 2.3.0's font and page structures: "
              "check every repair against the new version's sources before changing this");

namespace handout::pdf {

/// An error that libharu reported through its callback.
struct ErrorRecord {
    HPDF_STATUS error_no = 0;
    HPDF_STATUS detail_no = 0;
};

/// libharu's error callback: records the first error in the ErrorRecord at
/// `user_data`. Never throws through C code.
void record_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void* user_data);

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

/// The bytes of libharu's memory stream `stream`, copied block by block.
/// Throws PdfError for another kind of stream.
std::string memory_stream_bytes(HPDF_Stream stream);

/// Makes `raw`, deflated by libdeflate at `level` (pdf::pack), the content
/// of libharu's stream object `dict`, which libharu then writes as it is
/// with a /Filter /FlateDecode; libharu itself would keep `raw` until it
/// saves and deflate it then with zlib at level 6, several times slower.
/// Throws PdfError.
void pack_stream(HPDF_Dict dict, std::string_view raw, int level);

/// The libdeflate level of embedded font files and glyph maps, chosen by
/// measurement on the four faces of a 30-copy split-the-work.yaml class
/// set (font files and glyph maps, 649 KB): zlib 6 (libharu's) 3.6 ms and
/// 24.3 KB; libdeflate 1 2.0 ms and 24.9 KB, 6 2.0 ms and 24.2 KB, 9 2.4 ms
/// and 24.2 KB.
inline constexpr int font_level = 6;

/// Rewrites `font`'s /ToUnicode stream with a correct identity map (libharu
/// writes a malformed one for UTF-8 text), in which the glyph codes of
/// `glyphs` (Document::glyph_texts) say their text.
void replace_to_unicode(const PdfDocument& pdf, HPDF_Font font,
                        const std::map<char32_t, std::string>& glyphs);

/// Makes the font file libharu embeds for the Type0 font `font` (when it
/// embeds one) its slim form when the document is saved: see
/// slim_embedded_font in fonts.hpp.
void slim_embedded_font_file(HPDF_Font font);

/// Cuts `font`'s /W width table down to the characters in `used`.
void trim_widths(const PdfDocument& pdf, HPDF_Font font, const std::set<char32_t>& used);

/// The 16-bit code that libharu's UTF-8 encoder gives the character `cp`:
/// the code point itself, or its low 16 bits for a code point past U+FFFF
/// (which libharu cannot show; it truncates them).
inline HPDF_UINT16 libharu_code(char32_t cp) { return static_cast<HPDF_UINT16>(cp & 0xFFFF); }

// The page. handout writes a page's operators itself (pdf/operators.hpp)
// into libharu's page stream and keeps libharu's page state in step, so
// that libharu's own calls (text it shows, images) continue from there;
// libharu 2.3.0 has no public call for either.
struct PageState;

/// Appends `bytes` (content operators) to `page`'s content stream.
void write_page_content(const PdfDocument& pdf, HPDF_Page page, std::string_view bytes);

/// Sets libharu's state of `page` to `state` (`font`, the font object of
/// state.font, or null when none is set).
void sync_page_state(HPDF_Page page, const PageState& state, HPDF_Font font);

/// Where libharu's last text line of `page` started (its text matrix).
HPDF_Point text_line_start(HPDF_Page page);

/// Deflates the content of a finished page at `content_level` and keeps
/// only the compressed bytes (pack_stream). The content is what libharu's
/// page stream holds followed by `pending` (usually all of it).
void compress_page_content(HPDF_Page page, const std::string& pending);

/// A new form XObject of `pdf` with the bounding box ±`extent` and the
/// content `path`, deflated when saved (libharu has no form XObjects).
HPDF_Dict new_form_xobject(const PdfDocument& pdf, double extent, std::string_view path);

/// The font definition libharu loaded under `name` (HPDF_LoadTTFontFromFile's).
HPDF_FontDef find_font_def(const PdfDocument& pdf, const std::string& name);

/// Whether the TrueType font definition `def` has a glyph of some width for `cp`.
bool has_glyph_width(HPDF_FontDef def, char32_t cp);

/// Replaces the character map of the TrueType font definition `def` with one
/// that maps exactly the characters in `used`, searched in constant time; a
/// glyph code (document.hpp) the face does not map maps to its glyph.
void trim_character_map(const PdfDocument& pdf, HPDF_FontDef def, const std::set<char32_t>& used);

/// A read-only view of one object of a libharu document that has been
/// saved, so that its before-write functions have made every font file,
/// width table and /Filter: what the class-set writer copies from a part
/// libharu painted and from the page that embeds its fonts, written as the
/// file libharu saved says it (the same object, numbered by the copier).
///
/// Why it reaches libharu's structures (libharu 2.3.0, hpdf_objects.h): its
/// public API writes a whole document and has no way to read one object
/// back. A value in a dictionary or an array is the object itself (direct)
/// or a proxy for an object of the cross-reference table (indirect);
/// libharu skips an element whose object is hidden; a stream is a
/// dictionary with a memory stream, deflated (zlib's default level) as it
/// is written when its filter says so, else written as it is; pack_stream's
/// streams, already deflated, name their filter through write_flate_filter.
/// Any other writer of its own, or a string with an encoder (text libharu
/// would re-encode), is refused with PdfError rather than copied wrong.
class HaruObject {
public:
    enum class Kind { scalar, array, dictionary };

    /// `object`: a value as libharu holds it (a proxy is followed).
    explicit HaruObject(const void* object);

    Kind kind() const;
    /// An object of the cross-reference table, which a copy refers to.
    bool indirect() const { return indirect_; }
    /// What tells two indirect objects apart.
    const void* identity() const { return object_; }

    /// The text of a null, boolean, number, real, name or string, as a PDF
    /// file writes it (a string as qpdf would unparse it).
    std::string scalar() const;
    /// A name's text without its slash, or "" for what is not a name.
    std::string name() const;

    std::size_t size() const;                  ///< an array's length
    HaruObject item(std::size_t index) const;  ///< an array's item
    /// A dictionary's keys in byte order, without the slash; a stream's
    /// without /Length (its copy says its own length).
    std::vector<std::string> keys() const;
    /// The value at `key`; PdfError when there is none.
    HaruObject at(std::string_view key) const;
    bool has(std::string_view key) const;

    bool is_stream() const;
    /// A stream's data, encoded as its /Filter says.
    std::string stream_data() const;

private:
    const void* object_ = nullptr;
    bool indirect_ = false;
};

/// The page object of `page` and the font dictionary of `font`.
HaruObject page_object(HPDF_Page page);
HaruObject font_object(HPDF_Font font);

}  // namespace handout::pdf
