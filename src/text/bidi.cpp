// Shaped scripts and the Unicode bidirectional algorithm (handout/text.hpp),
// the second from ICU's ubidi.
#include <unicode/ubidi.h>
#include <unicode/uchar.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handout/text.hpp"

namespace handout {

std::optional<ShapedScript> shaped_script_of(char32_t cp) {
    if ((cp >= 0x0590 && cp <= 0x05FF) || (cp >= 0xFB1D && cp <= 0xFB4F)) return ShapedScript::hebrew;
    if ((cp >= 0x0600 && cp <= 0x06FF) || (cp >= 0x0750 && cp <= 0x077F) || (cp >= 0x0870 && cp <= 0x08FF) ||
        (cp >= 0xFB50 && cp <= 0xFDFF) || (cp >= 0xFE70 && cp <= 0xFEFE))
        return ShapedScript::arabic;
    if ((cp >= 0x0900 && cp <= 0x097F) || (cp >= 0xA8E0 && cp <= 0xA8FF) || (cp >= 0x1CD0 && cp <= 0x1CFF))
        return ShapedScript::devanagari;
    if (cp >= 0x0E00 && cp <= 0x0E7F) return ShapedScript::thai;
    if (cp >= 0x0E80 && cp <= 0x0EFF) return ShapedScript::lao;
    if ((cp >= 0x1780 && cp <= 0x17FF) || (cp >= 0x19E0 && cp <= 0x19FF)) return ShapedScript::khmer;
    if ((cp >= 0x1000 && cp <= 0x109F) || (cp >= 0xA9E0 && cp <= 0xA9FF) || (cp >= 0xAA60 && cp <= 0xAA7F))
        return ShapedScript::myanmar;
    return std::nullopt;
}

namespace {

bool strong_rtl(char32_t cp) {
    const auto dir = u_charDirection(static_cast<UChar32>(cp));
    return dir == U_RIGHT_TO_LEFT || dir == U_RIGHT_TO_LEFT_ARABIC;
}

}  // namespace

bool needs_shaping(std::string_view text) {
    for (std::size_t pos = 0; pos < text.size();) {
        if (static_cast<unsigned char>(text[pos]) < 0x80) {
            ++pos;
            continue;
        }
        const char32_t cp = next_code_point(text, pos);
        if (cp == invalid_code_point) continue;
        if (shaped_script_of(cp) || strong_rtl(cp)) return true;
    }
    return false;
}

std::optional<bool> first_strong_rtl(std::u32string_view text) {
    for (const char32_t cp : text) {
        const auto dir = u_charDirection(static_cast<UChar32>(cp));
        if (dir == U_LEFT_TO_RIGHT) return false;
        if (dir == U_RIGHT_TO_LEFT || dir == U_RIGHT_TO_LEFT_ARABIC) return true;
    }
    return std::nullopt;
}

std::vector<BidiRun> bidi_runs(std::u32string_view text, bool rtl) {
    if (text.empty()) return {};
    // ubidi works on UTF-16: the text converted, with each unit's code point index.
    std::u16string units;
    std::vector<std::size_t> index;
    units.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        char32_t cp = text[i];
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = U'\uFFFD';
        if (cp < 0x10000) {
            units.push_back(static_cast<char16_t>(cp));
            index.push_back(i);
        } else {
            units.push_back(static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10)));
            units.push_back(static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF)));
            index.push_back(i);
            index.push_back(i);
        }
    }
    const auto close = [](UBiDi* b) { ubidi_close(b); };
    const std::unique_ptr<UBiDi, decltype(close)> bidi(ubidi_open(), close);
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setPara(bidi.get(), units.data(), static_cast<int32_t>(units.size()),
                  static_cast<UBiDiLevel>(rtl ? 1 : 0), nullptr, &status);
    const int32_t count = U_SUCCESS(status) ? ubidi_countRuns(bidi.get(), &status) : 0;
    if (U_FAILURE(status) || count <= 0) return {BidiRun{0, text.size(), false}};
    std::vector<BidiRun> runs;
    runs.reserve(static_cast<std::size_t>(count));
    for (int32_t i = 0; i < count; ++i) {
        int32_t start = 0, length = 0;
        const UBiDiDirection dir = ubidi_getVisualRun(bidi.get(), i, &start, &length);
        const auto first = static_cast<std::size_t>(start);
        const auto last = static_cast<std::size_t>(start + length) - 1;
        runs.push_back({index[first], index[last] + 1, dir == UBIDI_RTL});
    }
    return runs;
}

char32_t mirrored(char32_t cp) { return static_cast<char32_t>(u_charMirror(static_cast<UChar32>(cp))); }

}  // namespace handout
