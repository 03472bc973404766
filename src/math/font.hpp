// One face read with HarfBuzz: glyphs by character, their advances and ink
// extents, the MATH table's constants, size variants and assemblies. Every
// length is in em (font units / units per em). Only glyphs that a character
// of the Basic Multilingual Plane maps to are offered (the PDF painter shows
// text through libharu's UTF-8 encoder, which addresses glyphs by such
// characters; and copying the PDF's text gives those characters back).
// Private to src/math.
#pragma once

#include <hb-ot.h>
#include <hb.h>

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

/// A part of an assembled (extensible) glyph, bottom to top.
struct Part {
    char32_t cp = 0;
    double start = 0, end = 0, full = 0;  ///< connector lengths and full advance, em
    bool extender = false;
};

class Face {
public:
    /// Loads `path`; throws std::runtime_error when it cannot be read.
    explicit Face(const std::string& path);
    ~Face();
    Face(const Face&) = delete;
    Face& operator=(const Face&) = delete;

    const std::string& path() const { return path_; }
    bool has_math() const { return hb_ot_math_has_data(face_) != 0; }
    /// Whether the face has a glyph for `cp`.
    bool covers(char32_t cp) const;
    GlyphMetrics metrics(char32_t cp) const;
    /// A MATH constant in em (percentages as they are: 70 for 70 %).
    double constant(hb_ot_math_constant_t c) const;
    /// The constant's raw value (for the percentages).
    int percent(hb_ot_math_constant_t c) const { return static_cast<int>(hb_ot_math_get_constant(font_, c)); }
    /// Vertical size variants of `cp` (the first is the glyph itself), as
    /// characters; variants without a character are left out.
    std::vector<char32_t> vertical_variants(char32_t cp) const;
    /// The vertical assembly of `cp`, bottom to top; empty when it has none
    /// or a part has no character.
    std::vector<Part> vertical_assembly(char32_t cp) const;
    double min_connector_overlap() const;

private:
    hb_codepoint_t glyph(char32_t cp) const;
    char32_t character(hb_codepoint_t gid) const;

    std::string path_;
    hb_blob_t* blob_ = nullptr;
    hb_face_t* face_ = nullptr;
    hb_font_t* font_ = nullptr;
    double upem_ = 1000;
    std::unordered_map<hb_codepoint_t, char32_t> characters_;  // glyph → its lowest BMP character
};

}  // namespace handout::math
