// Text rules shared by every reader of teacher-written text (worksheets,
// page styles, rosters, imported banks): which characters can be printed at
// all, UTF-8, ASCII case and blanks, and "did you mean" suggestions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace handout {

class Diagnostics;

// ---------------------------------------------------------------------------
// UTF-8 (src/text/utf8.cpp)
// ---------------------------------------------------------------------------

/// Length of the well-formed UTF-8 sequence at byte `i` of `text`, or 0 when
/// the byte there starts none (a stray continuation byte, an overlong form, a
/// surrogate, beyond U+10FFFF, or cut short by the end of the text).
std::size_t utf8_sequence_length(std::string_view text, std::size_t i);

/// Length of the sequence that lead byte `lead` announces (1 for a byte that
/// is no lead byte), for stepping through text that is already valid.
std::size_t utf8_lead_length(unsigned char lead);

/// Byte offset of the first byte at or after `from` that starts no
/// well-formed UTF-8 sequence, or npos when the rest of `text` is valid.
std::size_t find_bad_utf8(std::string_view text, std::size_t from = 0);

/// Returned by next_code_point for bytes that are not valid UTF-8.
inline constexpr char32_t invalid_code_point = 0xFFFFFFFF;

/// The code point at byte `pos`, advancing `pos` past it; on a bad byte
/// invalid_code_point, advancing by one byte.
char32_t next_code_point(std::string_view text, std::size_t& pos);

/// Decodes UTF-8; returns false on invalid input (overlong, surrogates,
/// truncated, > U+10FFFF), leaving in `out` what was decoded so far.
bool decode_utf8(std::string_view text, std::u32string& out);

/// The UTF-8 bytes of `cp`, which must be a Unicode scalar value (not a
/// surrogate, at most U+10FFFF).
std::string encode_utf8(char32_t cp);

/// Code points in valid UTF-8 `text` (bytes that are no continuation bytes).
std::size_t count_code_points(std::string_view text);

/// Where the character holding byte `i` of `text` starts: `i` itself on a
/// lead byte, else the lead byte before it (at most three bytes back, so
/// broken UTF-8 cannot send it further). Cutting `text` there never splits a
/// character.
std::size_t code_point_start(std::string_view text, std::size_t i);

/// The one way a reader of teacher-written files reports bad UTF-8: the
/// first bad byte of every line that has one, as `invalid UTF-8 byte 0xE9`
/// at its line:column (in characters) of `file`, with `hint` (how to save the
/// file as UTF-8 in the tool that made it). Returns false when there was any.
bool check_utf8(std::string_view text, const std::string& file, const std::string& hint,
                Diagnostics& diags);

// ---------------------------------------------------------------------------
// Printable text, ASCII, suggestions (src/text/text.cpp, suggest.cpp)
// ---------------------------------------------------------------------------

/// "U+202E": a code point as Unicode writes it (at least four hex digits).
std::string code_point_name(char32_t cp);

/// JSON text (as nlohmann-json dumps it) made safe inside an HTML <script>
/// element: `<` written \u003c (no `</script>` or `<!--` can end the
/// element early), U+2028 and U+2029 escaped (older JavaScript reads them as
/// line ends). The quiz page and the review page write their data with it.
std::string script_safe_json(std::string_view json);

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
/// right-to-left marks are allowed, and so is a zero-width non-joiner or
/// joiner between two letters of the Arabic or Devanagari script, which
/// HarfBuzz shapes with them: Persian writes پاسخ‌نامه so), and characters beyond
/// U+FFFF (emoji), which the PDF writer cannot print.
std::optional<Unprintable> find_unprintable(std::string_view text);

/// `text` with `&`, `<`, `>`, `"` and `'` as HTML character references: safe
/// in HTML text and in quoted attribute values (the quiz page, the review report).
std::string escape_html(std::string_view text);

/// `text` safe to show on a terminal or in a log (a scan's file name, a QR
/// code's payload): printable characters as they are; a line break, tab or
/// carriage return as \n, \t, \r; other control characters (C0, DEL, C1,
/// NUL) as \xHH or \u{HHHH}; bidirectional controls as \u{HHHH}; bytes that
/// are not UTF-8 (a character cut short) as \xHH; a backslash as itself.
std::string shown_escaped(std::string_view text);

/// `bytes` in base64 (RFC 4648, with padding), for data: URIs.
std::string base64(std::string_view bytes);

/// `s` with ASCII capitals lowercased; every other byte kept (for names
/// and keys; texts in any language compare by fold_case).
std::string ascii_lower(std::string_view s);

/// `c` lowercased when it is an ASCII capital.
constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

/// Unicode full case folding (ICU): the form in which texts that differ only
/// in case compare equal, in every script ("ΛΆΘΟΣ" and "λάθος" both give
/// "λάθοσ", "Straße" gives "strasse"). Fold both sides of a comparison.
/// Invalid UTF-8 comes back unchanged.
std::string fold_case(std::string_view text);

/// The Unicode script of `cp` by its English name as Unicode writes it
/// ("Latin", "Arabic", "Han", "Hiragana", "Hangul", "Devanagari"), from ICU;
/// "" for characters of no one script (digits, punctuation, spaces,
/// combining marks: Common and Inherited) or no assigned script.
std::string script_of(char32_t cp);

/// Whether `script` (a script_of name) is written right to left (ICU).
bool right_to_left_script(std::string_view script);

/// Whether `cp` is written with `script` (a script_of name): its own script
/// or one of its Unicode Script_Extensions ('؟' with Arabic, '。' with Han),
/// and the fullwidth forms ('？', '！') with Han, Hiragana, Katakana, Hangul
/// and Bopomofo.
bool written_with(char32_t cp, std::string_view script);

/// Whether `cp` prints in the CJK face (handout/fonts.hpp's cjk_font_slot):
/// Han, Hiragana, Katakana, Hangul and Bopomofo with their radicals, strokes
/// and compatibility forms, CJK symbols and punctuation ('。', '「', U+3000
/// ideographic space), enclosed CJK letters, vertical and fullwidth forms
/// ('，', '？', 'Ａ'). By block, so the answer does not depend on any font.
bool cjk_character(char32_t cp);

/// Whether `cp` is Korean (a cjk_character): Hangul syllables, jamo and
/// compatibility jamo, halfwidth Hangul.
bool hangul_character(char32_t cp);

/// Whether `word` starts with punctuation that closes what comes before it
/// (",.;:!?)", and in Chinese and Japanese "。，、；：！？）」』】》"), which
/// layout keeps with a fill gap before it, no space between.
bool starts_with_closing_punctuation(std::string_view word);

/// Whether UTF-8 `text` holds a cjk_character (invalid bytes hold none).
bool has_cjk(std::string_view text);

/// The scripts handout shapes with HarfBuzz, each printed in a face of its
/// own (handout/fonts.hpp's shaped_fonts): their letters join, change form
/// or reorder, marks stack, and Hebrew and Arabic are written right to
/// left. Thai, Lao, Khmer and Myanmar are also written without spaces
/// between words (line_breaks_in_word finds where their lines may break).
enum class ShapedScript : std::uint8_t { hebrew, arabic, devanagari, thai, lao, khmer, myanmar };
inline constexpr std::size_t shaped_script_count = 7;

/// The shaped script whose face prints `cp`, by block (Hebrew with its
/// presentation forms; Arabic with its supplements, extensions and
/// presentation forms, Arabic-Indic digits and Arabic punctuation; Devanagari
/// with its extensions and the Vedic extensions; Thai; Lao; Khmer with Khmer
/// Symbols; Myanmar with its extensions A and B), or nullopt.
std::optional<ShapedScript> shaped_script_of(char32_t cp);

/// Whether UTF-8 `text` needs shaping or reordering to print: it holds a
/// character of a shaped script, or a character written right to left by the
/// Unicode bidirectional algorithm (invalid bytes hold none).
bool needs_shaping(std::string_view text);

/// A run of text of one direction, in a visual order (bidi_runs).
struct BidiRun {
    std::size_t begin = 0, end = 0;  ///< code point indices into the text, logical order
    bool rtl = false;                ///< printed right to left
};

/// Whether the first strong character of `text` is written right to left
/// (the paragraph direction of the Unicode bidirectional algorithm, rules
/// P2 and P3); nullopt when it has none.
std::optional<bool> first_strong_rtl(std::u32string_view text);

/// The directional runs of one line `text`, left to right as printed, by
/// the Unicode bidirectional algorithm (UAX #9, ICU's ubidi) with the
/// paragraph direction `rtl`. A right-to-left run's characters print in the
/// reverse of their logical order.
std::vector<BidiRun> bidi_runs(std::u32string_view text, bool rtl);

/// The character that prints in place of `cp` in right-to-left text ('('
/// for ')'; Bidi_Mirroring_Glyph), or `cp` itself.
char32_t mirrored(char32_t cp);

/// Where UTF-8 `text` (no whitespace in it) may break between lines by the
/// Unicode line breaking algorithm (UAX #14, ICU's line BreakIterator) next
/// to a Chinese or Japanese character or inside Thai, Lao, Khmer or Myanmar
/// text: the byte offsets, ascending, strictly inside the text. Chinese and
/// Japanese break between characters but never before '。', '、', '」' nor
/// after '「'; Thai, Lao, Khmer and Myanmar, written without spaces between
/// words, break between words (ICU finds them with its dictionaries), never
/// inside one; Korean, written with spaces between words, breaks at the
/// spaces; a break between two characters of none of these scripts (after a
/// Latin hyphen, say) is not given, so Latin text breaks only at whitespace,
/// as it always has. Empty for text with none of them.
std::vector<std::size_t> line_breaks_in_word(std::string_view text);

/// `text` in Unicode normalization form C (composed: "e" + U+0301 becomes
/// "é"), so that two spellings of what prints the same compare equal.
std::string nfc(std::string_view text);

/// Whether `text` prints nothing: empty, or only spaces of any kind (tab,
/// line break, no-break and other Unicode spaces).
bool is_blank(std::string_view text);

/// The parts of `text` between `sep`s ("A;C" → A, C; "A;" → A, ""); none
/// for an empty text. The answer forms of scans and slips are written so.
std::vector<std::string> split(std::string_view text, char sep);

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
