#include "pdf/content.hpp"

#include <hpdf_consts.h>
#include <libdeflate.h>
#include <zlib.h>

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <system_error>

#include "handout/document.hpp"
#include "handout/pdf.hpp"
#include "handout/text.hpp"

namespace handout::pdf {

char* write_real(char* out, HPDF_REAL value) {
    // libharu's arithmetic, step by step (HPDF_FToA in hpdf_utils.c): the
    // value clamped to ±32767; the whole part rounded up from 0.000005 below
    // in double; the fraction as float, plus 0.000005 in double, back to
    // float, times 100,000 in float, truncated.
    if (value > HPDF_LIMIT_MAX_REAL) value = HPDF_LIMIT_MAX_REAL;
    else if (value < HPDF_LIMIT_MIN_REAL) value = HPDF_LIMIT_MIN_REAL;
    if (value < 0) {
        *out++ = '-';
        value = -value;
    }
    auto whole = static_cast<std::int32_t>(static_cast<double>(value) + 0.000005);
    const float fraction = value - static_cast<float>(whole);
    auto decimals =
        static_cast<std::int32_t>(static_cast<float>(static_cast<double>(fraction) + 0.000005) * 100000.0F);
    // The whole part (at most five digits), backwards, then forwards.
    char digits[8];
    int n = 0;
    do {
        digits[n++] = static_cast<char>(static_cast<char>(whole % 10) + '0');
        whole /= 10;
    } while (whole > 0);
    while (n > 0) *out++ = digits[--n];
    // Five decimals, without trailing zeros; no point when none is left.
    char tail[5];
    for (int i = 4; i >= 0; --i) {
        tail[i] = static_cast<char>(static_cast<char>(decimals % 10) + '0');
        decimals /= 10;
    }
    int kept = 5;
    while (kept > 0 && tail[kept - 1] == '0') --kept;
    if (kept > 0) {
        *out++ = '.';
        for (int i = 0; i < kept; ++i) *out++ = tail[i];
    }
    return out;
}

void Content::number(HPDF_REAL value) {
    char buf[24];
    bytes_.append(buf, static_cast<std::size_t>(write_real(buf, value) - buf));
}

void Content::pair(HPDF_REAL x, HPDF_REAL y, std::string_view op) {
    number(x);
    bytes_ += ' ';
    number(y);
    bytes_ += ' ';
    bytes_ += op;
    bytes_ += '\n';
}

void Content::hex_code(std::uint16_t code) {
    static constexpr char digits[] = "0123456789ABCDEF";
    bytes_ += '<';
    for (int shift = 12; shift >= 0; shift -= 4) bytes_ += digits[(code >> shift) & 0xFu];
    bytes_ += '>';
}

void Content::text_string(std::string_view utf8) {
    static constexpr char digits[] = "0123456789ABCDEF";
    const auto unit = [this](std::uint32_t u) {
        for (int shift = 12; shift >= 0; shift -= 4) bytes_ += digits[(u >> shift) & 0xFu];
    };
    bytes_ += "<FEFF";
    for (std::size_t pos = 0; pos < utf8.size();) {
        char32_t cp = next_code_point(utf8, pos);
        if (cp == invalid_code_point) cp = U'\uFFFD';
        if (cp < 0x10000) {
            unit(cp);
        } else {
            const std::uint32_t v = cp - 0x10000u;
            unit(0xD800u + (v >> 10));
            unit(0xDC00u + (v & 0x3FFu));
        }
    }
    bytes_ += '>';
}

bool Content::hex_text(std::string_view utf8, bool require_ascii) {
    static constexpr char digits[] = "0123456789ABCDEF";
    const std::size_t start = bytes_.size();
    bytes_ += '<';
    bool printable_ascii = false;
    const auto* p = reinterpret_cast<const unsigned char*>(utf8.data());
    const auto* const end = p + utf8.size();
    while (p < end) {
        std::uint32_t cp = 0;
        const unsigned char lead = *p;
        std::size_t length = 0;
        if (lead < 0x80) {
            cp = lead;
            length = 1;
            printable_ascii = printable_ascii || (lead > 0x20 && lead < 0x7F);
        } else if (lead >= 0xC2 && lead <= 0xDF) {
            cp = lead & 0x1Fu;
            length = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            cp = lead & 0x0Fu;
            length = 3;
        } else {
            break;  // a 4-byte sequence (beyond the BMP) or not UTF-8
        }
        if (static_cast<std::size_t>(end - p) < length) break;
        bool ok = true;
        for (std::size_t i = 1; i < length; ++i) {
            if ((p[i] & 0xC0u) != 0x80u) ok = false;
            cp = (cp << 6) | (p[i] & 0x3Fu);
        }
        // Overlong 3-byte forms and UTF-16 surrogates are not UTF-8.
        if (!ok || (length == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)))) break;
        const char hex[4] = {digits[cp >> 12], digits[(cp >> 8) & 0xF], digits[(cp >> 4) & 0xF], digits[cp & 0xF]};
        bytes_.append(hex, 4);
        p += length;
    }
    if (p != end || (require_ascii && !printable_ascii)) {
        bytes_.resize(start);
        return false;
    }
    bytes_ += '>';
    return true;
}

std::string deflate(std::string_view raw, int level) {
    uLongf size = compressBound(static_cast<uLong>(raw.size()));
    std::string packed(size, '\0');
    if (compress2(reinterpret_cast<Bytef*>(packed.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
                  static_cast<uLong>(raw.size()), level) != Z_OK)
        throw PdfError("zlib failed to compress a page");
    packed.resize(size);
    return packed;
}

std::string pack(std::string_view raw, int level) {
    // One compressor per level and thread: it holds the level's tables
    // (hundreds of kilobytes), and each call is independent of the ones before.
    struct Free {
        void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
    };
    if (level < 1 || level > 12) throw PdfError("no libdeflate level " + std::to_string(level));
    thread_local std::array<std::unique_ptr<libdeflate_compressor, Free>, 13> compressors;
    auto& compressor = compressors[static_cast<std::size_t>(level)];
    if (!compressor) compressor.reset(libdeflate_alloc_compressor(level));
    if (!compressor) throw PdfError("libdeflate could not make a compressor (out of memory)");
    std::string packed(libdeflate_zlib_compress_bound(compressor.get(), raw.size()), '\0');
    const std::size_t size =
        libdeflate_zlib_compress(compressor.get(), raw.data(), raw.size(), packed.data(), packed.size());
    if (size == 0) throw PdfError("libdeflate failed to compress a stream");
    packed.resize(size);
    return packed;
}

std::string bubble_path(double r) {
    const double k = r * 0.552;
    std::string path;
    auto point = [&](double x, double y) {
        append_number(path, x);
        path += ' ';
        append_number(path, y);
        path += ' ';
    };
    point(-r, 0);
    path += "m\n";
    point(-r, k), point(-k, r), point(0, r), path += "c\n";
    point(k, r), point(r, k), point(r, 0), path += "c\n";
    point(r, -k), point(k, -r), point(0, -r), path += "c\n";
    point(-k, -r), point(-r, -k), point(-r, 0), path += "c\nS\n";
    return path;
}

void append_number(std::string& out, double value) {
    char buf[48];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, 5);
    if (ec != std::errc()) throw PdfError("cannot write the number " + std::to_string(value));
    std::string_view text(buf, static_cast<std::size_t>(end - buf));
    while (text.back() == '0') text.remove_suffix(1);
    if (text.back() == '.') text.remove_suffix(1);
    if (text == "-0") text = "0";
    out += text;
}

std::string to_unicode_cmap(const std::map<char32_t, std::string>& glyphs) {
    std::string lines;
    int in_block = 0;
    std::string block;
    auto flush = [&](const char* kind) {
        if (in_block == 0) return;
        lines += std::to_string(in_block) + " begin" + kind + "\n" + block + "end" + kind + "\n";
        block.clear();
        in_block = 0;
    };
    for (int high = 0x00; high <= 0xFF; ++high) {
        if (high >= 0xD8 && high <= 0xDF) continue;
        if (!glyphs.empty() && high >= static_cast<int>(glyph_code_base >> 8) &&
            high < static_cast<int>(glyph_code_end >> 8))
            continue;
        char line[32];
        std::snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", high, high, high);
        block += line;
        if (++in_block == 100) flush("bfrange");
    }
    flush("bfrange");
    for (const auto& [code, text] : glyphs) {
        if (text.empty() || !is_glyph_code(code)) continue;
        Content utf16;
        utf16.text_string(text);  // "<FEFF…>": the map wants it without the mark
        char line[16];
        std::snprintf(line, sizeof line, "<%04X> <", static_cast<unsigned>(code));
        block += line + utf16.bytes().substr(5) + "\n";
        if (++in_block == 100) flush("bfchar");
    }
    flush("bfchar");
    return "/CIDInit /ProcSet findresource begin\n"
           "12 dict begin\n"
           "begincmap\n"
           "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
           "/CMapName /Adobe-Identity-UCS def\n"
           "/CMapType 2 def\n"
           "1 begincodespacerange\n"
           "<0000> <FFFF>\n"
           "endcodespacerange\n" +
           lines +
           "endcmap\n"
           "CMapName currentdict /CMap defineresource pop\n"
           "end\n"
           "end\n";
}

std::string name_text(std::string_view name) {
    std::string out = "/";
    char code[8];
    for (const char ch : name) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 33 || c > 126 || std::string_view("#()<>[]{}/%").find(ch) != std::string_view::npos) {
            std::snprintf(code, sizeof code, "#%02x", static_cast<unsigned>(c));
            out += code;
        } else {
            out += ch;
        }
    }
    return out;
}

std::string string_text(std::string_view text) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t length = text.size();
    std::size_t high = 0;
    bool hex = false;
    for (std::size_t i = 0; i < length && !hex; ++i) {
        const unsigned c = bytes[i];
        if (c > 126 || (c < 32 && c >= 24))
            ++high;
        else if (c < 32 && c != '\n' && c != '\r' && c != '\t' && c != '\b' && c != '\f')
            hex = true;
    }
    std::string out;
    char code[8];
    if (hex || 5 * high > length) {
        out = "<";
        for (std::size_t i = 0; i < length; ++i) {
            std::snprintf(code, sizeof code, "%02x", static_cast<unsigned>(bytes[i]));
            out += code;
        }
        return out + ">";
    }
    out = "(";
    for (std::size_t i = 0; i < length; ++i) {
        const unsigned c = bytes[i];
        const char* escape = c == '\n'   ? "\\n"
                             : c == '\r' ? "\\r"
                             : c == '\t' ? "\\t"
                             : c == '\b' ? "\\b"
                             : c == '\f' ? "\\f"
                             : c == '('  ? "\\("
                             : c == ')'  ? "\\)"
                             : c == '\\' ? "\\\\"
                                         : nullptr;
        if (escape != nullptr) {
            out += escape;
        } else if ((c >= 32 && c <= 126) || c >= 160) {
            out += static_cast<char>(c);
        } else {
            std::snprintf(code, sizeof code, "\\%03o", c);
            out += code;
        }
    }
    return out + ")";
}

}  // namespace handout::pdf
