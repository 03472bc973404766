// The faces a text prints in, named by what markup asks for: the one type
// inline markup (handout/markup.hpp), the fonts and the laid-out Document
// share; and the glyph codes a glyph with no character of its own is shown by.
#pragma once

#include <cstddef>
#include <cstdint>

namespace handout {

/// The font faces a page uses: four text faces and a monospaced face for
/// `code` spans.
enum class FontStyle : std::uint8_t { regular, bold, italic, bold_italic, mono };
inline constexpr std::size_t font_style_count = 5;

/// The first glyph code (document.hpp's Glyph::code, math.hpp's
/// MathGlyph): glyph n of a face is shown as code U+E000 + n, in the
/// Private Use Area, which no printed text uses (check refuses such
/// characters) and no shaped face or maths font maps.
inline constexpr char32_t glyph_code_base = 0xE000;
/// One past the last glyph code (glyph numbers below 6,400).
inline constexpr char32_t glyph_code_end = 0xF900;

/// Whether `code` is a glyph code (glyph_code_base … glyph_code_end).
constexpr bool is_glyph_code(char32_t code) { return code >= glyph_code_base && code < glyph_code_end; }

}  // namespace handout
