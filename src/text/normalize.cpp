// Comparing texts as they print: Unicode normalization and case folding
// (through ICU, the only file that includes it) and blank texts.
#include "handout/text.hpp"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

namespace handout {

std::string nfc(std::string_view text) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* normalizer = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status)) return std::string(text);
    const icu::UnicodeString source = icu::UnicodeString::fromUTF8(
        icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    const icu::UnicodeString normal = normalizer->normalize(source, status);
    if (U_FAILURE(status)) return std::string(text);
    std::string out;
    normal.toUTF8String(out);
    return out;
}

std::string fold_case(std::string_view text) {
    if (find_bad_utf8(text) != std::string_view::npos) return std::string(text);
    icu::UnicodeString folded =
        icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    folded.foldCase();
    std::string out;
    folded.toUTF8String(out);
    return out;
}

bool is_blank(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        switch (next_code_point(text, i)) {
            case U' ': case U'\t': case U'\n': case U'\r':
            case U'\u00A0': case U'\u1680': case U'\u2000': case U'\u2001': case U'\u2002': case U'\u2003':
            case U'\u2004': case U'\u2005': case U'\u2006': case U'\u2007': case U'\u2008': case U'\u2009':
            case U'\u200A': case U'\u202F': case U'\u205F': case U'\u3000': break;
            default: return false;
        }
    }
    return true;
}

}  // namespace handout
