// Text rules shared by every reader of teacher-written text (worksheets,
// page styles, rosters, imported banks): which characters can be printed at
// all, ASCII case and blanks, and "did you mean" suggestions.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace handout {

/// "U+202E": a code point as Unicode writes it (at least four hex digits).
std::string code_point_name(char32_t cp);

/// `text` as a JSON string literal, quotes included; also safe inside an
/// HTML <script> (`<`, U+2028 and U+2029 escaped). The quiz page's data and
/// `handout layout --json` both write strings with it.
std::string json_string(std::string_view text);

/// A character that must not be printed, and why.
struct Unprintable {
    std::size_t offset = 0;  ///< byte offset of the character in the text
    char32_t cp = 0;
    std::string what;        ///< "contains the control character U+0007"
    std::string hint;        ///< what to do about it
};

/// The first character of valid UTF-8 `text` that handout refuses to print,
/// or nothing: control characters other than tab and line break (C0, DEL,
/// C1, U+0000 included), bidirectional embeddings, overrides and isolates
/// (they reorder text invisibly), invisible format characters that the
/// fonts would draw as visible marks (soft hyphen, zero-width space,
/// joiners, word joiner, byte order mark, …; the left-to-right and
/// right-to-left marks are allowed), and characters beyond
/// U+FFFF (emoji), which the PDF writer cannot print.
std::optional<Unprintable> find_unprintable(std::string_view text);

/// `text` with `&`, `<`, `>`, `"` and `'` as HTML character references: safe
/// in HTML text and in quoted attribute values (the quiz page, the review report).
std::string escape_html(std::string_view text);

/// `bytes` in base64 (RFC 4648, with padding), for data: URIs.
std::string base64(std::string_view bytes);

/// `s` with ASCII capitals lowercased; every other byte kept.
std::string ascii_lower(std::string_view s);

/// `s` without the characters of `blanks` at either end (by default spaces
/// and tabs).
std::string_view trim(std::string_view s, std::string_view blanks = " \t");

/// Edit distance between two words (insertions, deletions, substitutions and
/// swaps of neighbours), ignoring ASCII case.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word`, or "" when none is close enough to be a
/// likely typo (distance at most 2, or 1 for short words) or a shortening or
/// lengthening of it ("multiple" → "multi", "true" → "truefalse").
std::string suggest(std::string_view word, const std::vector<std::string_view>& candidates);

/// " (did you mean 'x'?)" when a candidate is close to `word`, else "".
std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates);

}  // namespace handout
