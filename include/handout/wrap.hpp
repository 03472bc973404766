// Rich text (spans of inline markup, handout/markup.hpp) wrapped into lines
// of positioned runs, measured with a page's fonts.
#pragma once

#include <string>
#include <vector>

#include "handout/fonts.hpp"
#include "handout/markup.hpp"

namespace handout {

/// Text in one font at a horizontal offset from the start of its line.
struct PlacedRun {
    double x = 0;      ///< points from the line's start
    std::string text;  ///< UTF-8
    FontStyle font = FontStyle::regular;
    double box = -1;   ///< not negative: an inline formula this wide (Span::box), `text` its source
    bool rtl = false;  ///< a right-to-left part of its line (TextRun::rtl)

    bool operator==(const PlacedRun&) const = default;
};

/// Wraps `spans` into lines no wider than `width` at `size`, like
/// `wrap_text` but with fonts changing along the text: words break at
/// whitespace (each whitespace run prints as one space, in the font of the
/// span it is in, and is dropped at a line's start and end), and Chinese and
/// Japanese text also between characters, by UAX #14 (line_breaks_in_word); a word whose
/// font changes inside it (`**bold**ness`) stays together, and so does a
/// number with its unit (keeps_with_number); a line break written in the
/// text (YAML `|`) starts a new line, and a blank line stays blank; a word
/// wider than a line is broken between characters. Each run's `x` is the measured width
/// of the runs before it on its line; neighbouring text of one font is one
/// run. Always at least one line (empty text gives one line of no runs).
/// `first_width`, when not negative, is the first line's width instead (left
/// empty when the first word needs a whole line). A line holding text
/// written right to left has its runs in the order they print, left to
/// right, by the Unicode bidirectional algorithm over the line in the
/// direction of the text's first strong character (a run cut where the
/// direction changes, each right-to-left part marked `rtl`); on a page that
/// reads right to left (`rtl_page`), text with any right-to-left character
/// reads right to left as a whole ("CPU هو …": the Latin term at the right).
std::vector<std::vector<PlacedRun>> wrap_spans(const std::vector<Span>& spans, const FontSet& fonts,
                                               double size, double width, double first_width = -1,
                                               bool rtl_page = false);

}  // namespace handout
