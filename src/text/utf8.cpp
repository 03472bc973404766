// UTF-8, once for the whole program: validating (with the offset of the
// first bad byte), decoding, encoding and counting, and the one way a
// reader of teacher-written files reports bad bytes.
#include "handout/text.hpp"

#include <cstdio>

#include "handout/diagnostic.hpp"

namespace handout {

std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) {
        return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u;
    };
    const unsigned lead = byte(i);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned low = 0x80, high = 0xBF;  // allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead == 0xE0) length = 3, low = 0xA0;   // overlong below
    else if (lead == 0xED) length = 3, high = 0x9F;  // surrogates above
    else if (lead >= 0xE1 && lead <= 0xEF) length = 3;
    else if (lead == 0xF0) length = 4, low = 0x90;   // overlong below
    else if (lead == 0xF4) length = 4, high = 0x8F;  // beyond U+10FFFF above
    else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
    else return 0;
    if (byte(i + 1) < low || byte(i + 1) > high) return 0;
    for (std::size_t k = 2; k < length; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return length;
}

std::size_t utf8_lead_length(unsigned char lead) {
    if (lead >= 0xF0) return 4;
    if (lead >= 0xE0) return 3;
    if (lead >= 0xC0) return 2;
    return 1;
}

std::size_t find_bad_utf8(std::string_view text, std::size_t from) {
    for (std::size_t i = from; i < text.size();) {
        const std::size_t length = utf8_sequence_length(text, i);
        if (length == 0) return i;
        i += length;
    }
    return std::string_view::npos;
}

char32_t next_code_point(std::string_view text, std::size_t& pos) {
    const std::size_t length = utf8_sequence_length(text, pos);
    if (length == 0) {
        ++pos;
        return invalid_code_point;
    }
    static constexpr unsigned char lead_bits[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    char32_t cp = static_cast<unsigned char>(text[pos]) & lead_bits[length];
    for (std::size_t k = 1; k < length; ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(text[pos + k]) & 0x3Fu);
    pos += length;
    return cp;
}

bool decode_utf8(std::string_view text, std::u32string& out) {
    for (std::size_t pos = 0; pos < text.size();) {
        const char32_t cp = next_code_point(text, pos);
        if (cp == invalid_code_point) return false;
        out.push_back(cp);
    }
    return true;
}

std::string encode_utf8(char32_t cp) {
    std::string out;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
}

std::size_t code_point_start(std::string_view text, std::size_t i) {
    const std::size_t lowest = i >= 3 ? i - 3 : 0;
    while (i > lowest && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) --i;
    return i;
}

std::size_t count_code_points(std::string_view text) {
    std::size_t count = 0;
    for (const char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return count;
}

namespace {

/// When the bytes at `i` encode a UTF-16 surrogate (ED A0..BF 80..BF, which
/// UTF-8 forbids), says which: "(ED A0 80 would be U+D800, a lone UTF-16
/// surrogate, which is no character)"; else "".
std::string surrogate_note(std::string_view text, std::size_t i) {
    if (i + 2 >= text.size()) return {};
    const auto b0 = static_cast<unsigned char>(text[i]), b1 = static_cast<unsigned char>(text[i + 1]),
               b2 = static_cast<unsigned char>(text[i + 2]);
    if (b0 != 0xED || b1 < 0xA0 || b1 > 0xBF || (b2 & 0xC0) != 0x80) return {};
    const unsigned cp = 0xD000u | ((b1 & 0x3Fu) << 6) | (b2 & 0x3Fu);
    char note[96];
    std::snprintf(note, sizeof note, " (ED %02X %02X would be U+%04X, a lone UTF-16 surrogate, which is no character)",
                  b1, b2, cp);
    return note;
}

}  // namespace

bool check_utf8(std::string_view text, const std::string& file, const std::string& hint,
                Diagnostics& diags) {
    // Line and column (in characters) are counted as the text is walked; a
    // bad byte counts as one column, and only the first of a line is named.
    bool ok = true;
    int line = 1, column = 1;
    bool line_reported = false;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8_sequence_length(text, i);
        if (length == 0) {
            if (!line_reported) {
                char byte[8];
                std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[i]));
                diags.error({file, line, column}, std::string("invalid UTF-8 byte ") + byte + surrogate_note(text, i),
                            hint);
                line_reported = true;
                ok = false;
            }
            ++i;
            ++column;
            continue;
        }
        if (text[i] == '\n') {
            ++line;
            column = 1;
            line_reported = false;
        } else {
            ++column;
        }
        i += length;
    }
    return ok;
}

}  // namespace handout
