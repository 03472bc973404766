// Chinese, Japanese and Korean text (handout/text.hpp): which characters
// print in the CJK face, and where such text, and Thai, Lao, Khmer and
// Myanmar text, may break between lines (UAX #14, ICU's line BreakIterator).
#include <unicode/ubrk.h>
#include <unicode/utext.h>

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "handout/text.hpp"

namespace handout {

/* The blocks, from the Unicode code charts: Hangul Jamo; CJK Radicals
   Supplement to Ideographic Description Characters; CJK Symbols and
   Punctuation to CJK Unified Ideographs Extension A (kana, Bopomofo, Hangul
   compatibility jamo, Kanbun, strokes, enclosed letters, compatibility);
   CJK Unified Ideographs; Hangul Jamo Extended-A; Hangul Syllables and
   Jamo Extended-B; CJK Compatibility Ideographs; Vertical Forms; CJK
   Compatibility Forms; Halfwidth and Fullwidth Forms; the ideographs of
   planes 2 and 3. (Yijing hexagrams, U+4DC0–4DFF, are left out.) */
bool cjk_character(char32_t cp) {
    if (cp < 0x1100) return false;
    return cp <= 0x11FF || (cp >= 0x2E80 && cp <= 0x2FFF) || (cp >= 0x3000 && cp <= 0x4DBF) ||
           (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA960 && cp <= 0xA97F) ||
           (cp >= 0xAC00 && cp <= 0xD7FF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
           (cp >= 0xFE10 && cp <= 0xFE1F) || (cp >= 0xFE30 && cp <= 0xFE4F) ||
           (cp >= 0xFF00 && cp <= 0xFFEF) || (cp >= 0x20000 && cp <= 0x3FFFF);
}

bool hangul_character(char32_t cp) {
    return (cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0x3130 && cp <= 0x318F) ||
           (cp >= 0xA960 && cp <= 0xA97F) || (cp >= 0xAC00 && cp <= 0xD7FF) || (cp >= 0xFFA0 && cp <= 0xFFDC);
}

bool starts_with_closing_punctuation(std::string_view word) {
    if (word.empty()) return false;
    if (std::string_view(",.;:!?)").find(word[0]) != std::string_view::npos) return true;
    std::size_t pos = 0;
    const char32_t cp = next_code_point(word, pos);
    return std::u32string_view(U"。，、；：！？）」』】》").find(cp) != std::u32string_view::npos;
}

namespace {

/// Whether UTF-8 `text` holds a character `pick` takes, looking only at the
/// characters whose UTF-8 starts with a byte of `lead` or more (the
/// characters `pick` can take all do): text without such a byte (all
/// Latin, Greek, Cyrillic text) is answered without decoding.
template <class Pick>
bool holds(std::string_view text, unsigned char lead, Pick pick) {
    std::size_t pos = 0;
    for (;;) {
        while (pos < text.size() && static_cast<unsigned char>(text[pos]) < lead) ++pos;
        if (pos == text.size()) return false;
        const char32_t cp = next_code_point(text, pos);
        if (cp != invalid_code_point && pick(cp)) return true;
    }
}

}  // namespace

// Every CJK character takes three or four bytes in UTF-8, led by 0xE1 or more.
bool has_cjk(std::string_view text) { return holds(text, 0xE1, cjk_character); }

namespace {

struct BreakIteratorClose {
    void operator()(UBreakIterator* it) const { ubrk_close(it); }
};

/// ICU's line break iterator for the root locale, one per thread (making
/// one reads ICU's rules, which costs more than breaking a paragraph).
UBreakIterator* line_iterator() {
    thread_local std::unique_ptr<UBreakIterator, BreakIteratorClose> iterator = [] {
        UErrorCode status = U_ZERO_ERROR;
        UBreakIterator* it = ubrk_open(UBRK_LINE, "", nullptr, 0, &status);
        if (U_FAILURE(status)) it = nullptr;
        return std::unique_ptr<UBreakIterator, BreakIteratorClose>(it);
    }();
    return iterator.get();
}

/// The code point ending just before byte `end` of valid UTF-8 `text`.
char32_t code_point_before(std::string_view text, std::size_t end) {
    std::size_t start = end;
    while (start > 0 && (static_cast<unsigned char>(text[start - 1]) & 0xC0) == 0x80) --start;
    if (start > 0) --start;
    return next_code_point(text, start);
}

/// Thai, Lao, Khmer and Myanmar letters (shaped_script_of's blocks):
/// written without spaces between words, which UAX #14 finds (class SA, by
/// ICU's dictionaries).
bool unspaced_character(char32_t cp) {
    const std::optional<ShapedScript> script = shaped_script_of(cp);
    return script == ShapedScript::thai || script == ShapedScript::lao || script == ShapedScript::khmer ||
           script == ShapedScript::myanmar;
}

/// Whether a line may break next to `cp` inside a word: Chinese and
/// Japanese characters, not Korean ones (Korean is written with spaces
/// between words, and breaks there, as Korean school books do), and the
/// letters of the scripts written without spaces.
bool breaks_around(char32_t cp) {
    return cp != invalid_code_point &&
           ((cjk_character(cp) && !hangul_character(cp)) || unspaced_character(cp));
}

/// Whether text may hold a break inside a word (a character breaks_around
/// takes: three or more bytes in UTF-8, led by 0xE0 or more).
bool may_break_inside(std::string_view text) { return holds(text, 0xE0, breaks_around); }

}  // namespace

std::vector<std::size_t> line_breaks_in_word(std::string_view text) {
    std::vector<std::size_t> breaks;
    if (!may_break_inside(text)) return breaks;
    UBreakIterator* it = line_iterator();
    if (it == nullptr) return breaks;  // no ICU data: breaks between characters as for any overlong word
    UErrorCode status = U_ZERO_ERROR;
    UText* ut = utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status);
    if (U_FAILURE(status)) return breaks;
    ubrk_setUText(it, ut, &status);
    if (U_SUCCESS(status)) {
        // UTF-8 UText indices are byte offsets.
        for (int32_t at = ubrk_following(it, 0);
             at != UBRK_DONE && static_cast<std::size_t>(at) < text.size(); at = ubrk_next(it)) {
            const auto pos = static_cast<std::size_t>(at);
            std::size_t after = pos;
            if (breaks_around(code_point_before(text, pos)) || breaks_around(next_code_point(text, after)))
                breaks.push_back(pos);
        }
    }
    utext_close(ut);
    return breaks;
}

}  // namespace handout
