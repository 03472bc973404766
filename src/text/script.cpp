// The Unicode script of a character (handout/text.hpp), from ICU.
#include <unicode/uscript.h>

#include <string>
#include <string_view>

#include "handout/text.hpp"

namespace handout {

std::string script_of(char32_t cp) {
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode code = uscript_getScript(static_cast<UChar32>(cp), &status);
    if (U_FAILURE(status) || code == USCRIPT_COMMON || code == USCRIPT_INHERITED || code == USCRIPT_UNKNOWN)
        return {};
    const char* name = uscript_getName(code);
    return name == nullptr ? std::string() : std::string(name);
}

bool right_to_left_script(std::string_view script) {
    const std::string name(script);
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = USCRIPT_INVALID_CODE;
    const int n = uscript_getCode(name.c_str(), &code, 1, &status);
    return U_SUCCESS(status) && n == 1 && uscript_isRightToLeft(code) != 0;
}

bool written_with(char32_t cp, std::string_view script) {
    const bool cjk = script == "Han" || script == "Hiragana" || script == "Katakana" || script == "Hangul" ||
                     script == "Bopomofo";
    if (cjk && cp >= 0xFF00 && cp <= 0xFFEF) return true;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode codes[32];
    const int n = uscript_getScriptExtensions(static_cast<UChar32>(cp), codes, 32, &status);
    if (U_FAILURE(status)) return false;
    for (int i = 0; i < n; ++i) {
        const char* name = uscript_getName(codes[i]);
        if (name != nullptr && script == name) return true;
    }
    return false;
}

}  // namespace handout
