// Inline markup of worksheet strings: `**bold**`, `*italic*` and `` `code` ``
// (the only markup the worksheet format has), parsed into spans of one font
// each (wrap_spans in handout/fonts.hpp wraps them into lines).
//
// The rules, close to CommonMark's emphasis but smaller:
// - A run of unescaped `*` can open emphasis when the character after it is
//   not whitespace, and close it when the character before it is not
//   whitespace; openers and closers pair up innermost first, two stars for
//   bold and one for italic (so `***x***` is bold italic, and
//   `**bold *both***` ends both at once).
// - `` `code` `` prints in the mono face; inside it nothing is markup and a
//   backslash is literal. An empty pair ``` `` ``` prints as two backticks.
// - `\*`, `` \` `` and `\\` print `*`, `` ` `` and `\`; any other backslash
//   prints as itself.
// - A star or backtick that pairs with nothing prints literally: markup is
//   never an error and never loses text (`markup_problems` lists those for
//   warnings).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "handout/font_style.hpp"

namespace handout {

/// A piece of printed text (markup removed) in one font.
struct Span {
    std::string text;  ///< UTF-8, as printed
    FontStyle font = FontStyle::regular;
    /// Not negative: an inline formula (handout/math.hpp) this wide at the
    /// size the text is wrapped at; `text` is the formula's source. It is
    /// one unbreakable piece of its word (`$x$,` keeps its comma).
    double box = -1;

    bool operator==(const Span&) const = default;
};

/// The face that text marked `font` (as parsed on a regular base) prints in
/// when the whole string prints in `base`: bold and italic add up (a bold
/// heading's `*x*` is bold italic), code stays mono, a mono base makes
/// everything mono.
FontStyle with_base(FontStyle font, FontStyle base);

/// Splits `text` into spans by its inline markup, fonts taken relative to
/// `base`. Adjacent spans of the same font are merged and empty spans left
/// out, so empty text gives no spans.
std::vector<Span> parse_markup(std::string_view text, FontStyle base = FontStyle::regular);

/// The text as printed: markup removed, escapes resolved.
std::string plain_text(std::string_view text);

/// What a reader tells apart on paper: the plain text with its whitespace
/// folded as layout folds it (runs as one space, none at the ends), in
/// Unicode form C. Two options with the same printed form look the same
/// (" Blue", "**Blue**" and "Blue"; "é" composed or as e + U+0301).
std::string printed_form(std::string_view text);

/// Markup that prints literally although it was probably meant as markup,
/// for warnings: a `*`/`**` that opens or closes nothing, a `` ` `` with no
/// closing one. Each is the byte offset of the characters in `text` and a
/// message that says what prints and how to fix it. Stars with whitespace
/// on both sides (`2 * 3`) are plainly literal and not listed.
std::vector<std::pair<std::size_t, std::string>> markup_problems(std::string_view text);

/// Whether `word` (a unit of measure such as `m`, `°C`, `N`, `km/h`, with
/// any punctuation after it) follows a number ending `before` and must not
/// wrap apart from it. The printed text is never changed: the two keep the
/// space the teacher typed.
bool keeps_with_number(std::string_view before, std::string_view word);

}  // namespace handout
