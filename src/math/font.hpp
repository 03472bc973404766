// One face read with HarfBuzz: glyphs by character, their advances and ink
// extents, the MATH table's constants, size variants and assemblies. Every
// length is in em (font units / units per em).
//
// A glyph is named by the code the PDF shows it by: its character when a
// character of the Basic Multilingual Plane maps to it (the painter shows
// text through libharu's UTF-8 encoder, and copying the PDF's text gives
// that character back), else its glyph code, U+E000 + its glyph number
// (handout/font_style.hpp's glyph_code_base: a size variant of `(`, a part of
// an assembled brace, a wide hat), which the painter maps to the glyph and
// whose text (Face::glyph_text) is the character it is a variant of (or, for
// a letter's Mathematical Italic form, U+1D44E… outside that plane, the letter).
// Private to src/math.
#pragma once

#include <hb-ot.h>
#include <hb.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace handout::math {

/// A glyph's metrics in em: advance, ink box (y up from the baseline).
struct GlyphMetrics {
    double advance = 0;
    double x_min = 0, x_max = 0, y_min = 0, y_max = 0;
    double italic = 0;  ///< the MATH table's italic correction
};

/// A part of an assembled (extensible) glyph, bottom to top or left to right.
struct Part {
    char32_t code = 0;                    ///< its character or glyph code
    double start = 0, end = 0, full = 0;  ///< connector lengths and full advance, em
    bool extender = false;
};

/// Which way a glyph grows: vertical (delimiters, radicals, big operators)
/// or horizontal (wide accents, arrows over a base).
enum class Grow : std::uint8_t { vertical, horizontal };

class Face {
public:
    /// Loads `path`; throws std::runtime_error when it cannot be read.
    explicit Face(const std::string& path);
    ~Face();
    Face(const Face&) = delete;
    Face& operator=(const Face&) = delete;

    const std::string& path() const { return path_; }
    bool has_math() const { return hb_ot_math_has_data(face_) != 0; }
    /// Whether the face has a glyph for character `cp`.
    bool covers(char32_t cp) const;
    /// The metrics of a glyph by its code (a character or a glyph code).
    GlyphMetrics metrics(char32_t code) const;
    /// A MATH constant in em (percentages as they are: 70 for 70 %).
    double constant(hb_ot_math_constant_t c) const;
    /// The constant's raw value (for the percentages).
    int percent(hb_ot_math_constant_t c) const { return static_cast<int>(hb_ot_math_get_constant(font_, c)); }
    /// The size variants of `cp` growing `way`, smallest first (the first
    /// is the glyph itself, as `cp`), by their codes.
    std::vector<char32_t> variants(char32_t cp, Grow way) const;
    /// The assembly of `cp` growing `way` (bottom to top, left to right);
    /// empty when it has none.
    std::vector<Part> assembly(char32_t cp, Grow way) const;
    double min_connector_overlap(Grow way) const;
    /// What glyph code `code` says: the character it is a size variant of,
    /// the one it is the first part of an assembly of, or the letter it is
    /// the Mathematical Italic form of; "" for a further part, or a code that
    /// is not a glyph code of this face.
    const std::string& glyph_text(char32_t code) const;
    /// The glyph code of letter `cp`'s Mathematical Italic form (x → 𝑥
    /// U+1D465, α → 𝛼 U+1D6FC), the letters TeX sets variables in; `cp`
    /// itself for a character that has none in this face.
    char32_t math_italic(char32_t cp) const;
    /// The glyph code of `of`'s form for scripts (`level` 1) or scripts of
    /// scripts (2): the alternates of the font's `ssty` feature, drawn wider
    /// and bolder to be read small, as TeX's cmr7 and cmr5 are; `of` itself
    /// when the font has none.
    char32_t script_form(char32_t of, int level) const;

private:
    hb_codepoint_t glyph(char32_t code) const;
    /// The code the PDF shows glyph `gid`, grown from `cp`, by: `cp` for its
    /// own glyph, else the glyph code (0 for a glyph number past the glyph
    /// codes), so that it copies as `cp` whether or not a character maps to it.
    char32_t code(hb_codepoint_t gid, char32_t cp) const;
    /// Fills `texts_` from every character's variants and assemblies, and
    /// the Mathematical Italic letters.
    void name_variants();
    /// Records `text` as what glyph code `code` says, unless it has a text already.
    void add_glyph_text_to(char32_t code, const std::string& text);

    std::string path_;
    hb_blob_t* blob_ = nullptr;
    hb_face_t* face_ = nullptr;
    hb_font_t* font_ = nullptr;
    double upem_ = 1000;
    std::unordered_map<char32_t, std::string> texts_;  // glyph code → what it says
    std::vector<unsigned> ssty_;                       // the GSUB lookups of the feature `ssty`
};

}  // namespace handout::math
