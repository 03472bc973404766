#include "handout/text.hpp"

#include <cstdint>
#include <cstdio>

namespace handout {

std::string code_point_name(char32_t cp) {
    char code[24];
    std::snprintf(code, sizeof code, "U+%04lX", static_cast<unsigned long>(cp));
    return code;
}

namespace {

/// The name of an invisible format character, or null when `cp` is none.
const char* invisible_name(char32_t cp) {
    switch (cp) {
        case 0x00AD: return "soft hyphen";
        case 0x034F: return "combining grapheme joiner";
        case 0x061C: return "Arabic letter mark";
        case 0x180E: return "Mongolian vowel separator";
        case 0x200B: return "zero width space";
        case 0x200C: return "zero width non-joiner";
        case 0x200D: return "zero width joiner";
        case 0x2060: return "word joiner";
        case 0x2061: return "function application";
        case 0x2062: return "invisible times";
        case 0x2063: return "invisible separator";
        case 0x2064: return "invisible plus";
        case 0xFEFF: return "zero width no-break space (byte order mark)";
        default: break;
    }
    if (cp >= 0xFE00 && cp <= 0xFE0F) return "variation selector";
    if (cp >= 0xFFF9 && cp <= 0xFFFB) return "interlinear annotation character";
    return nullptr;
}

bool is_control(char32_t cp) { return (cp < 0x20 && cp != U'\t' && cp != U'\n') || (cp >= 0x7F && cp <= 0x9F); }

bool is_bidi_control(char32_t cp) { return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069); }

/// A letter or mark of the Arabic script (Persian and Urdu too) or of
/// Devanagari: text that is shaped, whose joins a ZWNJ or ZWJ controls.
bool joins(char32_t cp) {
    return (cp >= 0x0620 && cp <= 0x06FF) || (cp >= 0x0750 && cp <= 0x077F) ||
           (cp >= 0x08A0 && cp <= 0x08FF) || (cp >= 0x0900 && cp <= 0x097F);
}

/// A zero-width non-joiner or joiner (U+200C, U+200D) at `at` in `text`
/// between two letters that join (joins): HarfBuzz keeps the letters apart
/// or together and prints nothing of it (پاسخ‌نامه, می‌شود).
bool shaped_joiner(std::string_view text, std::size_t at, std::size_t next) {
    if (at == 0 || next >= text.size()) return false;
    std::size_t before = code_point_start(text, at - 1), after = next;
    return joins(next_code_point(text, before)) && joins(next_code_point(text, after));
}

}  // namespace

std::optional<Unprintable> find_unprintable(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        std::size_t next = i;
        const char32_t cp = next_code_point(text, next);
        const std::size_t n = next - i;
        if (cp == invalid_code_point) {
            i = next;  // not valid UTF-8: the readers report that on their own
            continue;
        }
        const std::string code = code_point_name(cp);
        if (is_control(cp))
            return Unprintable{i, cp, "contains the control character " + code,
                               "remove it: only tabs and line breaks can be printed"};
        if (is_bidi_control(cp))
            return Unprintable{i, cp, "contains the bidirectional control character " + code,
                               "remove it: it reorders the text invisibly (right-to-left text needs no "
                               "control characters)"};
        if (const char* name = invisible_name(cp);
            name != nullptr && !((cp == 0x200C || cp == 0x200D) && shaped_joiner(text, i, next)))
            return Unprintable{i, cp, "contains the invisible character " + code + " (" + name + ")",
                               "remove it: the fonts would print it as a visible mark or not at all"};
        if (cp > 0xFFFF)
            return Unprintable{i, cp, "contains the character '" + std::string(text.substr(i, n)) + "' (" + code + ")",
                               "characters beyond U+FFFF (emoji and rare symbols) cannot be printed: "
                               "write a word, or use a picture"};
        i += n;
    }
    return std::nullopt;
}

std::string script_safe_json(std::string_view json) {
    std::string out;
    out.reserve(json.size());
    for (std::size_t i = 0; i < json.size(); ++i) {
        if (json[i] == '<') {
            out += "\\u003c";
        } else if (json.compare(i, 3, "\u2028") == 0 || json.compare(i, 3, "\u2029") == 0) {
            out += json[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
            i += 2;
        } else {
            out += json[i];
        }
    }
    return out;
}

std::string shown_escaped(std::string_view text) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size());
    const auto byte = [&](unsigned char b) {
        out += "\\x";
        out += hex[b >> 4];
        out += hex[b & 15];
    };
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if (c == '\n')
                out += "\\n";
            else if (c == '\t')
                out += "\\t";
            else if (c == '\r')
                out += "\\r";
            else if (c < 0x20 || c == 0x7F)
                byte(c);
            else
                out += static_cast<char>(c);
            ++i;
            continue;
        }
        // One UTF-8 sequence, checked: its length, continuation bytes, no
        // overlong form, no surrogate, at most U+10FFFF.
        const std::size_t n = c >= 0xF0 && c <= 0xF4 ? 4
                              : c >= 0xE0            ? (c <= 0xEF ? 3 : 0)
                              : c >= 0xC2            ? 2
                                                     : 0;
        char32_t cp = n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
        bool ok = n != 0 && i + n <= text.size();
        for (std::size_t k = 1; ok && k < n; ++k) {
            const auto t = static_cast<unsigned char>(text[i + k]);
            ok = (t & 0xC0) == 0x80;
            cp = cp << 6 | (t & 0x3F);
        }
        ok = ok && !(n == 3 && cp < 0x800) && !(n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) &&
             !(cp >= 0xD800 && cp <= 0xDFFF);
        if (!ok) {
            byte(c);
            ++i;
            continue;
        }
        const bool control = (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) ||
                             (cp >= 0x2066 && cp <= 0x2069) || cp == 0x2028 || cp == 0x2029;
        if (control) {
            char buf[16];
            std::snprintf(buf, sizeof buf, "\\u{%04X}", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(text.substr(i, n));
        }
        i += n;
    }
    return out;
}

std::string escape_html(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string base64(std::string_view bytes) {
    static constexpr char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t n = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
        if (i + 1 < bytes.size()) n |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
        if (i + 2 < bytes.size()) n |= static_cast<unsigned char>(bytes[i + 2]);
        out += digits[(n >> 18) & 63];
        out += digits[(n >> 12) & 63];
        out += i + 1 < bytes.size() ? digits[(n >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? digits[n & 63] : '=';
    }
    return out;
}

std::vector<std::string> split(std::string_view text, char sep) {
    std::vector<std::string> out;
    if (text.empty()) return out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == sep) {
            out.emplace_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    return out;
}

std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = ascii_lower(c);
    return out;
}

std::string_view trim(std::string_view s, std::string_view blanks) {
    const std::size_t from = s.find_first_not_of(blanks);
    if (from == std::string_view::npos) return {};
    return s.substr(from, s.find_last_not_of(blanks) - from + 1);
}

}  // namespace handout
