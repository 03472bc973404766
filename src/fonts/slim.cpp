// The TrueType font file embedded in a PDF, made smaller without changing a
// printed pixel. libharu embeds the tables of its fixed list with the
// outlines of unprinted glyphs emptied, but keeps the whole character map,
// the naming and PostScript-name tables, and a width for every glyph of the
// face: for Lato, 36 of the 47 KB it embeds. A CIDFontType2 needs none of
// that (PDF 32000-1 9.9: its glyphs are chosen by glyph number through
// /CIDToGIDMap, its widths come from /W, its text from /ToUnicode), so
// only the tables a renderer reads are kept and the metrics of unprinted
// glyphs are zeroed, which deflates to almost nothing. Glyph numbers,
// outlines and hinting are unchanged.
//
// Reference: the OpenType specification (table directory, checksums,
// 'head', 'hhea', 'maxp', 'hmtx').

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "fonts/sfnt.hpp"
#include "handout/fonts.hpp"

namespace handout {

namespace {

/// The tables a PDF renderer reads from an embedded TrueType CIDFont: those
/// PDF 32000-1 9.9 requires, and OS/2 (its weights and metrics, 96 bytes).
/// In tag order, the order of the table directory.
constexpr std::array<std::string_view, 10> kept_tables = {"OS/2", "cvt ", "fpgm", "glyf", "head",
                                                         "hhea", "hmtx", "loca", "maxp", "prep"};

void put16(std::string& out, std::size_t at, std::uint32_t v) {
    out[at] = static_cast<char>((v >> 8) & 0xFF);
    out[at + 1] = static_cast<char>(v & 0xFF);
}

void put32(std::string& out, std::size_t at, std::uint32_t v) {
    put16(out, at, v >> 16);
    put16(out, at + 2, v);
}

/// The sfnt checksum of `bytes` from `at`, `n` long: the sum of its
/// big-endian 32-bit words, the last one padded with zeros.
std::uint32_t checksum(const std::string& bytes, std::size_t at, std::size_t n) {
    std::uint32_t sum = 0;
    for (std::size_t i = 0; i < n; i += 4) {
        std::uint32_t word = 0;
        for (std::size_t k = 0; k < 4; ++k)
            word = (word << 8) | (i + k < n ? static_cast<unsigned char>(bytes[at + i + k]) : 0u);
        sum += word;
    }
    return sum;
}

/// `hmtx` with the advance and side bearing of every glyph not in `used`
/// set to zero.
std::string zero_unused_metrics(const sfnt::Tables& tables, const std::vector<bool>& used) {
    const sfnt::Span& hmtx = sfnt::require(tables, "hmtx");
    const std::size_t metrics = sfnt::require(tables, "hhea").u16(34);
    const std::size_t glyphs = sfnt::require(tables, "maxp").u16(4);
    std::string out(reinterpret_cast<const char*>(hmtx.data()), hmtx.size());
    const auto is_used = [&](std::size_t g) { return g < used.size() && used[g]; };
    for (std::size_t g = 0; g < glyphs; ++g) {
        if (is_used(g)) continue;
        const std::size_t at = g < metrics ? 4 * g : 4 * metrics + 2 * (g - metrics);
        const std::size_t n = g < metrics ? 4 : 2;
        if (at + n > out.size()) throw sfnt::Malformed("'hmtx' is shorter than its glyph count needs");
        std::fill_n(out.begin() + static_cast<std::ptrdiff_t>(at), n, '\0');
    }
    return out;
}

}  // namespace

std::string slim_embedded_font(std::string_view ttf, const std::vector<bool>& used) {
    const sfnt::Span file(reinterpret_cast<const std::uint8_t*>(ttf.data()), ttf.size(), "the embedded font");
    const sfnt::Tables tables = sfnt::read_directory(file);

    std::vector<std::pair<std::string_view, std::string>> kept;
    for (const std::string_view tag : kept_tables) {
        const auto it = tables.find(std::string(tag));
        if (it == tables.end()) continue;
        if (tag == "hmtx") kept.emplace_back(tag, zero_unused_metrics(tables, used));
        else kept.emplace_back(tag, std::string(reinterpret_cast<const char*>(it->second.data()), it->second.size()));
    }
    if (kept.empty() || kept.size() > 16) throw sfnt::Malformed("it has none of the tables a PDF needs");

    // The directory: version, table count, binary-search fields, one record
    // per table; then each table, padded to four bytes.
    const std::size_t count = kept.size();
    std::size_t power = 1, log = 0;
    while (power * 2 <= count) power *= 2, ++log;
    std::string out(12 + 16 * count, '\0');
    put32(out, 0, 0x00010000);
    put16(out, 4, static_cast<std::uint32_t>(count));
    put16(out, 6, static_cast<std::uint32_t>(16 * power));
    put16(out, 8, static_cast<std::uint32_t>(log));
    put16(out, 10, static_cast<std::uint32_t>(16 * (count - power)));
    std::size_t head_at = 0;
    for (std::size_t i = 0; i < count; ++i) {
        auto& [tag, bytes] = kept[i];
        const std::size_t at = out.size();
        if (tag == "head") {
            if (bytes.size() < 54) throw sfnt::Malformed("'head' table is too short");
            put32(bytes, 8, 0);  // checkSumAdjustment: set below, over the whole file
            head_at = at;
        }
        out += bytes;
        out.resize((out.size() + 3) / 4 * 4, '\0');
        const std::size_t rec = 12 + 16 * i;
        for (std::size_t k = 0; k < 4; ++k) out[rec + k] = tag[k];
        put32(out, rec + 4, checksum(out, at, bytes.size()));
        put32(out, rec + 8, static_cast<std::uint32_t>(at));
        put32(out, rec + 12, static_cast<std::uint32_t>(bytes.size()));
    }
    if (head_at == 0) throw sfnt::Malformed("it has no 'head' table");
    put32(out, head_at + 8, 0xB1B0AFBAu - checksum(out, 0, out.size()));
    return out;
}

}  // namespace handout
