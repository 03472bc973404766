// Font metrics and coverage read straight from the bundled TrueType files,
// so layout can measure text without a PDF library.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/document.hpp"
#include "handout/model.hpp"
#include "handout/style.hpp"
#include "handout/text.hpp"  // decode_utf8 and encode_utf8, used with the fonts

namespace handout {

class MathFonts;

/// How the glyph of a code point is built, as far as libharu 2.3.0 cares.
enum class GlyphKind : std::uint8_t {
    missing,           ///< the face maps the code point to no glyph
    empty,             ///< a glyph with no outline (a space)
    simple,            ///< a glyph with contours of its own
    composite,         ///< built from simple glyphs only: prints correctly
    nested_composite,  ///< built from a composite glyph: libharu loses parts
};

/// One TrueType face: advance widths and which characters it can print.
class FontFace {
public:
    /// Reads a .ttf file; throws IoError when it is missing or malformed.
    static FontFace load(const std::string& path);

    const std::string& path() const { return path_; }
    /// The face's full name from its `name` table ("Liberation Sans Bold"),
    /// or the file name without extension when the table has none.
    const std::string& name() const { return name_; }
    /// Advance width of `cp` in units of 1/1000 em (0 when not covered).
    double advance(char32_t cp) const;
    /// True when the face maps `cp` to a glyph that prints correctly with
    /// libharu 2.3.0 (a glyph built from nested composite glyphs does not,
    /// so it counts as not covered).
    bool covers(char32_t cp) const;
    /// Width of UTF-8 `text` at `size` points (invalid bytes count as U+FFFD).
    double width(std::string_view text, double size) const;
    /// Ascender and descender in 1/1000 em (descender negative).
    double ascender() const { return ascender_; }
    double descender() const { return descender_; }
    /// Every covered code point, ascending.
    std::vector<char32_t> covered() const;
    /// Every code point the face's cmap maps to a glyph, ascending
    /// (covered or not).
    std::vector<char32_t> mapped() const;
    /// How the glyph of `cp` is built.
    GlyphKind glyph_kind(char32_t cp) const;
    /// The number of glyphs in the face.
    std::size_t glyph_count() const { return advances_.size(); }
    /// The glyph `cp` maps to; 0 when unmapped.
    std::uint16_t glyph(char32_t cp) const;
    /// Glyph `gid`'s advance in whole 1/1000 em, as libharu writes it (0 past the last glyph).
    double glyph_advance(std::uint16_t gid) const;

private:
    std::string path_;
    std::string name_;
    double units_per_em_ = 1000;
    double ascender_ = 0, descender_ = 0;
    std::vector<std::uint16_t> advances_;            // by glyph id
    std::vector<std::pair<char32_t, std::uint16_t>> cmap_;  // sorted code point → glyph
    std::vector<GlyphKind> kinds_;                          // by glyph id
    double advance_by_search(char32_t cp) const;
    /// Code points below this (Latin, Greek, Cyrillic, Hebrew, Arabic and
    /// their punctuation) have their advance in a table.
    static constexpr char32_t common_range = 0x800;
    std::array<float, common_range> common_advances_{};  // 1/1000 em (whole numbers, exact in a float); 0 = not covered or control
};

/// The two CJK faces: Chinese and Japanese (Han, kana, Bopomofo, CJK
/// punctuation, fullwidth forms) and Korean (Hangul).
enum class CjkFace : std::uint8_t { han, hangul };

/// The face a cjk_character prints in: hangul for Hangul (hangul_character).
inline CjkFace cjk_face_of(char32_t cp) { return hangul_character(cp) ? CjkFace::hangul : CjkFace::han; }

/// A CJK face's file, where Debian installs it and the package that does.
struct CjkFont {
    const char* file;
    const char* dir;
    const char* package;
};

/// By CjkFace. Both have TrueType outlines, which libharu 2.3.0 embeds
/// (Debian's Noto CJK fonts have PostScript outlines, which it cannot):
/// Droid Sans Fallback (Apache-2.0; it has only three Hangul syllables)
/// and Nanum Gothic (OFL 1.1).
inline constexpr std::array<CjkFont, 2> cjk_fonts = {
    CjkFont{"DroidSansFallbackFull.ttf", "/usr/share/fonts/truetype/droid", "fonts-droid-fallback"},
    CjkFont{"NanumGothic.ttf", "/usr/share/fonts/truetype/nanum", "fonts-nanum"}};

/// Where `font` is: its file in `fonts_dir` (the folder beside the
/// templates) when there, else where its Debian package installs it; "" in
/// neither place.
std::string find_font_file(const std::string& fonts_dir, const CjkFont& font);

/// By ShapedScript (handout/text.hpp): the faces Hebrew, Arabic,
/// Devanagari, Thai, Lao, Khmer and Myanmar print in, whatever the style
/// (each face has one weight), from Debian's fonts-noto-core (OFL 1.1), with
/// TrueType outlines; the Sans faces, beside the page's sans-serif Latin
/// (Thai's loopless style is the one of today's Thai print and signs).
inline constexpr std::array<CjkFont, shaped_script_count> shaped_fonts = {
    CjkFont{"NotoSansHebrew-Regular.ttf", "/usr/share/fonts/truetype/noto", "fonts-noto-core"},
    CjkFont{"NotoSansArabic-Regular.ttf", "/usr/share/fonts/truetype/noto", "fonts-noto-core"},
    CjkFont{"NotoSansDevanagari-Regular.ttf", "/usr/share/fonts/truetype/noto", "fonts-noto-core"},
    CjkFont{"NotoSansThai-Regular.ttf", "/usr/share/fonts/truetype/noto", "fonts-noto-core"},
    CjkFont{"NotoSansLao-Regular.ttf", "/usr/share/fonts/truetype/noto", "fonts-noto-core"},
    CjkFont{"NotoSansKhmer-Regular.ttf", "/usr/share/fonts/truetype/noto", "fonts-noto-core"},
    CjkFont{"NotoSansMyanmar-Regular.ttf", "/usr/share/fonts/truetype/noto", "fonts-noto-core"}};

/// The name of a shaped script, as handout's messages write it.
const char* shaped_script_name(ShapedScript script);

/// A shaped script's face, read by HarfBuzz to shape text (src/fonts/shape.cpp).
class ShapedFace {
public:
    /// Reads the face; throws IoError when it is missing or malformed.
    explicit ShapedFace(const std::string& path);
    ~ShapedFace();
    ShapedFace(const ShapedFace&) = delete;
    ShapedFace& operator=(const ShapedFace&) = delete;

    const FontFace& face() const { return face_; }

    /// Characters `begin`…`end` of `text` (logical order) shaped in this face
    /// in the direction `rtl`, appended to `out` left to right as printed,
    /// each glyph's font `slot`. Characters this face cannot print are
    /// shaped to glyph 0 (check refuses them before).
    /// `texts`, when given, gets what each glyph code says (Document::glyph_texts).
    void shape(std::u32string_view text, std::size_t begin, std::size_t end, bool rtl, FontStyle slot,
               std::vector<Glyph>& out, std::map<char32_t, std::string>* texts = nullptr) const;

private:
    FontFace face_;
    struct Hb;
    std::unique_ptr<Hb> hb_;
};

/// The five faces of a page style (four text faces and mono).
class FontSet {
public:
    /// Loads the style's faces from `fonts_dir`.
    static FontSet load(const std::string& fonts_dir, const PageStyle& style);

    const FontFace& face(FontStyle style) const { return faces_[static_cast<std::size_t>(style)]; }
    /// Width of `text` in `style` at `size`: its CJK characters
    /// (cjk_character) measured in the CJK face, as they print.
    double width(FontStyle style, std::string_view text, double size) const;
    /// The file of each face, for a Document laid out with this set.
    FontFiles files() const;

    /// The maths fonts (handout/math.hpp) found beside the style's faces or
    /// where Debian installs them, loaded at the first call (thread-safe) and
    /// shared by the set's copies. Throws IoError when they are missing.
    const MathFonts& math() const;

    /// The face CJK characters (cjk_character) of `which` kind print in,
    /// whatever the style (bold and italic too: each face has one weight):
    /// its cjk_fonts file beside the style's faces or where its Debian
    /// package installs it, loaded at the first call (thread-safe) and
    /// shared by the set's copies. Null when it is in neither place.
    const FontFace* cjk(CjkFace which) const;

    /// The face a shaped script prints in (shaped_fonts), found and loaded
    /// as the CJK faces are. Null when it is in neither place.
    const ShapedFace* shaped(ShapedScript which) const;

    /// `text` in `style` as it prints when it needs_shaping: its directional
    /// runs (bidi_runs, in the direction of its first strong character, or
    /// `rtl` when given) left to right, a shaped script's characters shaped in
    /// its face, CJK characters in theirs, the rest in `style` (mirrored in a
    /// right-to-left run). Lengths in 1/1000 of the size.
    /// `texts`, when given, gets what each glyph code says, by face file.
    std::vector<Glyph> shape(FontStyle style, std::string_view text, std::optional<bool> rtl = {},
                             GlyphTexts* texts = nullptr) const;

private:
    std::array<FontFace, font_style_count> faces_;
    struct MathSlot;
    std::shared_ptr<MathSlot> math_;
    struct CjkSlot;
    std::shared_ptr<CjkSlot> cjk_;
    struct ShapedSlot;
    std::shared_ptr<ShapedSlot> shaped_;
    static std::shared_ptr<ShapedSlot> make_shaped_slot(const std::string& fonts_dir);
    /// The advance of `text` shaped in `style`, in 1/1000 of the size (kept for the next call).
    double shaped_width(FontStyle style, std::string_view text) const;
};

/// The font slot of a Document that holds the maths font (handout/math.hpp's
/// MathGlyph), after the five faces of the page style. The slot after it is
/// unused: it held the italic face of the maths font before Latin Modern Math,
/// which has italic letters of its own (the slots after it keep their numbers).
inline constexpr FontStyle math_font_slot = FontStyle(font_style_count);
/// The font slots of a Document that hold the CJK faces (FontSet::cjk,
/// by CjkFace): a text run of CJK characters is set in one (split_cjk_runs).
inline constexpr FontStyle cjk_font_slot = FontStyle(font_style_count + 2);
inline constexpr FontStyle hangul_font_slot = FontStyle(font_style_count + 3);
inline FontStyle cjk_slot(CjkFace face) { return face == CjkFace::han ? cjk_font_slot : hangul_font_slot; }
/// The font slot of a Document that holds a shaped script's face (FontSet::shaped).
inline FontStyle shaped_slot(ShapedScript script) {
    return FontStyle(font_style_count + 4 + static_cast<std::size_t>(script));
}

/// Reports, as located errors, every character of the worksheet's printed
/// text that `fonts` cannot print (naming it and its code point).
void check_coverage(const Worksheet& ws, const FontSet& fonts, Diagnostics& diags);

/// The same for every label the worksheet prints with in `style`
/// (resolve_labels), in the regular, bold and italic faces: each located at
/// the `labels:` entry that wrote it, else at the worksheet's `lang:`.
void check_label_coverage(const Worksheet& ws, const PageStyle& style, const FontSet& fonts, Diagnostics& diags);

/// The TrueType font file `ttf` that libharu embeds for a CIDFontType2
/// (/FontFile2), without what such a font never uses: only the tables
/// head, hhea, maxp, loca, glyf, hmtx, cvt, fpgm, prep and OS/2 are kept,
/// and the metrics of every glyph not in `used` (indexed by glyph number)
/// are zeroed. Glyph numbers, outlines and hinting are unchanged; checksums
/// are recomputed. Throws std::runtime_error when `ttf` is not a TrueType
/// font file.
std::string slim_embedded_font(std::string_view ttf, const std::vector<bool>& used);

/// The same for one text printed in the regular face at `loc` (a roster's
/// name, say).
void check_coverage(const std::string& text, const Loc& loc, const FontSet& fonts, Diagnostics& diags);

}  // namespace handout
