// The faces a text prints in, named by what markup asks for: the one type
// inline markup (handout/markup.hpp), the fonts and the laid-out Document share.
#pragma once

#include <cstddef>
#include <cstdint>

namespace handout {

/// The font faces a page uses: four text faces and a monospaced face for
/// `code` spans.
enum class FontStyle : std::uint8_t { regular, bold, italic, bold_italic, mono };
inline constexpr std::size_t font_style_count = 5;

}  // namespace handout
