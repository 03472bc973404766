// A minimal TrueType reader: just enough of the font to measure text and to
// know which characters print correctly with libharu 2.3.0. It reads the
// table directory and the tables `head`, `hhea`, `maxp`, `hmtx`, `cmap`,
// `loca`, `glyf` and (for a display name) `name`. Every read is bounds-checked;
// a malformed file becomes an IoError, never a crash.
//
// References: the OpenType specification (tables of the same names).

#include "handout/fonts.hpp"

#include <cmath>
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "handout/io.hpp"
#include "handout/math.hpp"
#include "fonts/sfnt.hpp"

namespace handout {

namespace {

using sfnt::Malformed;
using sfnt::Span;
using sfnt::Tables;
using sfnt::read_directory;
using sfnt::require;

/* The face's full name (name ID 4), preferring the Windows English record
   (UTF-16BE), else the Macintosh Roman one (ASCII bytes kept, others become
   '?'). Returns "" when there is none; a broken `name` table is not fatal,
   since the name is only used in messages. */
std::string read_full_name(const Tables& tables) {
    auto it = tables.find("name");
    if (it == tables.end()) return {};
    try {
        const Span& name = it->second;
        const std::uint16_t count = name.u16(2);
        const std::size_t strings = name.u16(4);
        std::string mac;
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t rec = 6 + 12 * i;
            const std::uint16_t platform = name.u16(rec);
            const std::uint16_t encoding = name.u16(rec + 2);
            const std::uint16_t language = name.u16(rec + 4);
            const std::uint16_t name_id = name.u16(rec + 6);
            if (name_id != 4) continue;
            const Span text = name.sub(strings + name.u16(rec + 10), name.u16(rec + 8), "name string");

            if (platform == 3 && (encoding == 1 || encoding == 10) && language == 0x409) {
                std::string out;
                for (std::size_t k = 0; k + 1 < text.size(); k += 2) {
                    char32_t unit = text.u16(k);
                    if (unit >= 0xD800 && unit <= 0xDFFF) unit = U'?';  // keep it simple
                    out += encode_utf8(unit);
                }
                return out;
            }
            if (platform == 1 && encoding == 0 && mac.empty()) {
                for (std::size_t k = 0; k < text.size(); ++k) {
                    const std::uint8_t c = text.u8(k);
                    mac += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '?';
                }
            }
        }
        return mac;
    } catch (const Malformed&) {
        return {};
    }
}

/// A code point → glyph mapping, possibly unsorted.
using CharMap = std::vector<std::pair<char32_t, std::uint16_t>>;

/* cmap format 4 (segment mapping to delta values, BMP only). The subtable's
   own length field overflows in large fonts, so reads are bounded by the end
   of the `cmap` table instead. Segments should be sorted and disjoint; code
   points already read are skipped, so a hostile file cannot make us visit
   more than the 65,536 code points of the BMP. */
void read_cmap_format4(const Span& sub, CharMap& out) {
    const std::size_t seg_count = sub.u16(6) / 2;
    const std::size_t ends = 14;
    const std::size_t starts = ends + 2 * seg_count + 2;
    const std::size_t deltas = starts + 2 * seg_count;
    const std::size_t range_offsets = deltas + 2 * seg_count;
    std::uint32_t next = 0;  // first code point not yet read
    for (std::size_t i = 0; i < seg_count; ++i) {
        const std::uint32_t end = sub.u16(ends + 2 * i);
        const std::uint32_t start = sub.u16(starts + 2 * i);
        const std::uint16_t delta = sub.u16(deltas + 2 * i);
        const std::size_t range_offset_at = range_offsets + 2 * i;
        const std::uint16_t range_offset = sub.u16(range_offset_at);
        for (std::uint32_t c = std::max(start, next); c <= end && c < 0xFFFF; ++c) {
            std::uint16_t glyph = 0;
            if (range_offset == 0) {
                glyph = static_cast<std::uint16_t>(c + delta);
            } else {
                glyph = sub.u16(range_offset_at + range_offset + 2 * (c - start));
                if (glyph != 0) glyph = static_cast<std::uint16_t>(glyph + delta);
            }
            if (glyph != 0) out.emplace_back(static_cast<char32_t>(c), glyph);
        }
        next = std::max(next, end + 1);
    }
}

/* cmap format 12 (segmented coverage, all planes). Groups may not reach past
   U+10FFFF, nor cover more code points in total than exist, which also
   bounds the work a hostile file can ask for. */
void read_cmap_format12(const Span& sub, CharMap& out) {
    const std::uint32_t groups = sub.u32(12);
    sub.sub(16, std::size_t{groups} * 12, "cmap format 12 groups");  // bounds check up front
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < groups; ++i) {
        const std::size_t rec = 16 + 12 * i;
        const std::uint32_t start = sub.u32(rec);
        const std::uint32_t end = sub.u32(rec + 4);
        const std::uint32_t first_glyph = sub.u32(rec + 8);
        if (start > end || end > 0x10FFFF) throw Malformed("cmap format 12 has a bad group");
        total += end - start + 1;
        if (total > 0x110000) throw Malformed("cmap format 12 groups overlap");
        for (std::uint32_t c = start; c <= end; ++c) {
            const std::uint64_t glyph = std::uint64_t{first_glyph} + (c - start);
            if (glyph != 0 && glyph <= 0xFFFF)
                out.emplace_back(static_cast<char32_t>(c), static_cast<std::uint16_t>(glyph));
        }
    }
}

/* Picks the Unicode subtable (3/10, else 3/1, else 0/x with the highest
   encoding ID) among those in a format we read (4 or 12), reads it, and
   returns the mapping sorted by code point, without surrogates, glyph 0,
   glyph ids past `num_glyphs` or duplicate code points. */
CharMap read_cmap(const Span& cmap, std::size_t num_glyphs) {
    struct Candidate {
        int rank;
        std::uint32_t offset;
    };
    std::vector<Candidate> candidates;
    const std::uint16_t count = cmap.u16(2);
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t rec = 4 + 8 * i;
        const std::uint16_t platform = cmap.u16(rec);
        const std::uint16_t encoding = cmap.u16(rec + 2);
        const std::uint32_t offset = cmap.u32(rec + 4);
        int rank = -1;
        if (platform == 3 && encoding == 10) rank = 300;
        else if (platform == 3 && encoding == 1) rank = 200;
        else if (platform == 0) rank = 100 + encoding;
        if (rank < 0) continue;
        const std::uint16_t format = cmap.u16(offset);
        if (format == 4 || format == 12) candidates.push_back({rank, offset});
    }
    if (candidates.empty())
        throw Malformed("it has no Unicode character map (cmap format 4 or 12)");
    const auto best = std::max_element(candidates.begin(), candidates.end(),
                                       [](const Candidate& a, const Candidate& b) { return a.rank < b.rank; });

    const Span sub = cmap.from(best->offset, "'cmap' subtable");
    CharMap map;
    if (sub.u16(0) == 4) read_cmap_format4(sub, map);
    else read_cmap_format12(sub, map);

    std::erase_if(map, [&](const auto& entry) {
        return entry.second >= num_glyphs || (entry.first >= 0xD800 && entry.first <= 0xDFFF);
    });
    std::stable_sort(map.begin(), map.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    map.erase(std::unique(map.begin(), map.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
              map.end());
    return map;
}

/* Classifies every glyph from `loca` and `glyf`: empty, simple, composite of
   simple glyphs, or composite with a composite component (nested), which
   libharu 2.3.0 prints with parts missing. */
std::vector<GlyphKind> read_glyph_kinds(const Tables& tables, std::size_t num_glyphs, bool long_loca) {
    const Span& loca = require(tables, "loca");
    const Span& glyf = require(tables, "glyf");

    // Glyph extents from loca: non-decreasing, inside glyf.
    std::vector<std::uint32_t> offsets(num_glyphs + 1);
    for (std::size_t g = 0; g <= num_glyphs; ++g) {
        offsets[g] = long_loca ? loca.u32(4 * g) : std::uint32_t{loca.u16(2 * g)} * 2;
        if (g > 0 && offsets[g] < offsets[g - 1]) throw Malformed("'loca' offsets go backwards");
    }
    if (offsets[num_glyphs] > glyf.size()) throw Malformed("'loca' points past the end of 'glyf'");

    // First pass: each glyph's own kind, and the components of composites.
    std::vector<GlyphKind> kinds(num_glyphs, GlyphKind::empty);
    std::vector<std::vector<std::uint16_t>> components(num_glyphs);
    constexpr std::uint16_t args_are_words = 0x0001, have_scale = 0x0008, more_components = 0x0020,
                            have_xy_scale = 0x0040, have_two_by_two = 0x0080;
    for (std::size_t g = 0; g < num_glyphs; ++g) {
        const std::size_t length = offsets[g + 1] - offsets[g];
        if (length == 0) continue;
        const Span glyph = glyf.sub(offsets[g], length, "a glyph");
        if (glyph.i16(0) >= 0) {
            glyph.u16(8);  // the 10-byte header must be there
            kinds[g] = GlyphKind::simple;
            continue;
        }
        kinds[g] = GlyphKind::composite;
        std::size_t at = 10;
        std::uint16_t flags = 0;
        do {
            flags = glyph.u16(at);
            const std::uint16_t component = glyph.u16(at + 2);
            if (component >= num_glyphs)
                throw Malformed("glyph " + std::to_string(g) + " uses a glyph that does not exist");
            components[g].push_back(component);
            at += 4 + ((flags & args_are_words) ? 4 : 2);
            if (flags & have_scale) at += 2;
            else if (flags & have_xy_scale) at += 4;
            else if (flags & have_two_by_two) at += 8;
        } while (flags & more_components);
    }

    // Second pass: a composite with a composite component is nested.
    std::vector<GlyphKind> result = kinds;
    for (std::size_t g = 0; g < num_glyphs; ++g) {
        for (std::uint16_t c : components[g]) {
            if (kinds[c] == GlyphKind::composite) result[g] = GlyphKind::nested_composite;
        }
    }
    return result;
}

/// True for C0 and C1 control characters and DEL, which print nothing.
bool is_control(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp < 0xA0); }

/* The bytes of the font file. Folders and files too large to be a font
   (TrueType offsets are 32-bit; real fonts stay far below the limit) are
   refused before anything is allocated. */
std::vector<std::uint8_t> read_font_file(const std::string& path) {
    constexpr std::size_t largest = std::size_t{256} << 20;
    std::string bytes;
    try {
        bytes = read_file(path, largest);
    } catch (const FileTooLarge&) {
        throw IoError(path + ": not a usable TrueType font: the file is larger than 256 MiB");
    } catch (const IoError& e) {
        const std::string prefix = "cannot read " + path + ": ";
        const std::string what = e.what();
        throw IoError(path + ": cannot open font file: " +
                      (what.starts_with(prefix) ? what.substr(prefix.size()) : what));
    }
    return {bytes.begin(), bytes.end()};
}

}  // namespace

/* Reads the whole file, then the tables in dependency order: maxp (glyph
   count) before hmtx/loca/cmap, which are sized by it. */
FontFace FontFace::load(const std::string& path) {
    const std::vector<std::uint8_t> bytes = read_font_file(path);

    FontFace face;
    face.path_ = path;
    try {
        const Span file(bytes.data(), bytes.size(), "file");
        const Tables tables = read_directory(file);

        const Span& head = require(tables, "head");
        if (head.u32(12) != 0x5F0F3CF5) throw Malformed("'head' table has a bad magic number");
        const std::uint16_t units = head.u16(18);
        if (units < 16 || units > 16384) throw Malformed("unitsPerEm is out of range");
        const std::int16_t loca_format = head.i16(50);
        if (loca_format != 0 && loca_format != 1) throw Malformed("unknown 'loca' format");
        face.units_per_em_ = units;

        const std::size_t num_glyphs = require(tables, "maxp").u16(4);
        if (num_glyphs == 0) throw Malformed("it has no glyphs");

        const Span& hhea = require(tables, "hhea");
        face.ascender_ = hhea.i16(4) * 1000.0 / units;
        face.descender_ = hhea.i16(6) * 1000.0 / units;
        const std::size_t metrics = std::min<std::size_t>(hhea.u16(34), num_glyphs);
        if (metrics == 0) throw Malformed("numberOfHMetrics is 0");

        // Advance widths; glyphs past the last metric share its advance.
        const Span& hmtx = require(tables, "hmtx");
        face.advances_.resize(num_glyphs);
        for (std::size_t g = 0; g < num_glyphs; ++g)
            face.advances_[g] = g < metrics ? hmtx.u16(4 * g) : face.advances_[metrics - 1];

        face.kinds_ = read_glyph_kinds(tables, num_glyphs, loca_format == 1);

        face.cmap_ = read_cmap(require(tables, "cmap"), num_glyphs);

        face.name_ = read_full_name(tables);
        if (face.name_.empty()) face.name_ = std::filesystem::path(path).stem().string();

        // The advances of the common range, looked up in constant time by
        // width(); control characters measure 0 there, as width() counts them.
        for (char32_t cp = 0; cp < common_range; ++cp)
            face.common_advances_[cp] = is_control(cp) ? 0.0f : static_cast<float>(face.advance_by_search(cp));
    } catch (const Malformed& e) {
        throw IoError(path + ": not a usable TrueType font: " + e.what());
    }
    return face;
}

/// Glyph id of `cp` by binary search in the sorted cmap; 0 when unmapped.
std::uint16_t FontFace::glyph(char32_t cp) const {
    auto it = std::lower_bound(cmap_.begin(), cmap_.end(), cp,
                               [](const auto& entry, char32_t key) { return entry.first < key; });
    return it != cmap_.end() && it->first == cp ? it->second : 0;
}

/// Mapped and not built from nested composites.
bool FontFace::covers(char32_t cp) const {
    const std::uint16_t g = glyph(cp);
    return g != 0;
}

/// The hmtx advance scaled from font units to 1/1000 em.
/* Rounded down to a whole 1/1000 em, exactly as libharu writes the widths
   into the PDF, so text ends where layout measured it (right-aligned text
   meets its margin to the point). */
double FontFace::advance(char32_t cp) const {
    if (cp < common_range && !is_control(cp)) return common_advances_[cp];
    return advance_by_search(cp);
}

double FontFace::glyph_advance(std::uint16_t gid) const {
    if (gid >= advances_.size()) return 0;
    return std::floor(advances_[gid] * 1000.0 / units_per_em_);
}

double FontFace::advance_by_search(char32_t cp) const {
    if (!covers(cp)) return 0;
    return std::floor(advances_[glyph(cp)] * 1000.0 / units_per_em_);
}

/* Sums the advances of the decoded text. Control characters (tab, newline)
   add nothing: layout turns them into spaces before measuring. Invalid bytes
   are measured as U+FFFD, the replacement character. */
double FontFace::width(std::string_view text, double size) const {
    // Whole numbers of 1/1000 em: the sum is exact in any order, so the table
    // gives the same total as a lookup per character.
    double total = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        const auto byte = static_cast<unsigned char>(text[pos]);
        if (byte < 0x80) {  // ASCII: one byte, one table entry (0 for controls)
            total += common_advances_[byte];
            ++pos;
            continue;
        }
        char32_t cp = next_code_point(text, pos);
        if (cp == invalid_code_point) cp = U'\uFFFD';
        if (!is_control(cp)) total += advance(cp);
    }
    return total / 1000.0 * size;
}

/// The covered subset of the cmap, in code point order.
std::vector<char32_t> FontFace::covered() const {
    std::vector<char32_t> out;
    for (const auto& [cp, g] : cmap_)
        if (g != 0) out.push_back(cp);
    return out;
}

/// Every code point in the cmap, in order.
std::vector<char32_t> FontFace::mapped() const {
    std::vector<char32_t> out;
    out.reserve(cmap_.size());
    for (const auto& entry : cmap_) out.push_back(entry.first);
    return out;
}

/// The kind of `cp`'s glyph, or missing when the cmap has no entry.
GlyphKind FontFace::glyph_kind(char32_t cp) const {
    const std::uint16_t g = glyph(cp);
    return g == 0 ? GlyphKind::missing : kinds_[g];
}

/// Loads the five faces named by the style from `fonts_dir`.
struct FontSet::MathSlot {
    std::string dir;
    std::once_flag once;
    std::shared_ptr<const MathFonts> fonts;
    std::string error;
};

const MathFonts& FontSet::math() const {
    std::call_once(math_->once, [this] {
        const std::string math_path = MathFonts::find(math_->dir);
        if (math_path.empty()) {
            math_->error = std::string("the maths font ") + MathFonts::file_name + " is not in " +
                           math_->dir +
                           " nor in the build tree handout was built in: the build makes it from Debian's "
                           "fonts-lmodern (Latin Modern Math) and installs it with the program; build "
                           "handout again, or install it";
            return;
        }
        try {
            math_->fonts = MathFonts::load(math_path);
        } catch (const std::exception& e) {
            math_->error = e.what();
        }
    });
    if (!math_->fonts) throw IoError(math_->error);
    return *math_->fonts;
}

/// The CJK faces, each found and loaded at its first call.
struct FontSet::CjkSlot {
    std::string dir;
    std::array<std::once_flag, 2> once;
    std::array<std::optional<FontFace>, 2> faces;  // by CjkFace
};

std::string find_font_file(const std::string& fonts_dir, const CjkFont& font) {
    for (const std::string& dir : {fonts_dir, std::string(font.dir)}) {
        std::error_code ec;
        std::string path = (std::filesystem::path(dir) / font.file).string();
        if (!dir.empty() && std::filesystem::is_regular_file(path, ec)) return path;
    }
    return {};
}

const FontFace* FontSet::cjk(CjkFace which) const {
    const auto i = static_cast<std::size_t>(which);
    std::call_once(cjk_->once[i], [this, i] {
        const std::string path = find_font_file(cjk_->dir, cjk_fonts[i]);
        if (!path.empty()) cjk_->faces[i] = FontFace::load(path);
    });
    return cjk_->faces[i] ? &*cjk_->faces[i] : nullptr;
}

/* As FontFace::width, each CJK character measured in its CJK face (0 when
   that is not installed: check has refused the text). The sum is of whole
   1/1000 em, so text without CJK measures exactly as in its own face. */
double FontSet::width(FontStyle style, std::string_view text, double size) const {
    const FontFace& own = face(style);
    if (needs_shaping(text)) return shaped_width(style, text) / 1000.0 * size;
    if (!has_cjk(text)) return own.width(text, size);
    double total = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        char32_t cp = next_code_point(text, pos);
        if (cp == invalid_code_point) cp = U'\uFFFD';
        if (cjk_character(cp)) {
            const FontFace* cjk_face = cjk(cjk_face_of(cp));
            if (cjk_face != nullptr) total += cjk_face->advance(cp);
        } else if (!is_control(cp)) {
            total += own.advance(cp);
        }
    }
    return total / 1000.0 * size;
}

FontSet FontSet::load(const std::string& fonts_dir, const PageStyle& style) {
    const std::filesystem::path dir(fonts_dir);
    FontSet set;
    set.math_ = std::make_shared<MathSlot>();
    set.math_->dir = fonts_dir;
    set.cjk_ = std::make_shared<CjkSlot>();
    set.cjk_->dir = fonts_dir;
    set.shaped_ = FontSet::make_shaped_slot(fonts_dir);
    set.faces_[static_cast<std::size_t>(FontStyle::regular)] = FontFace::load((dir / style.font_regular).string());
    set.faces_[static_cast<std::size_t>(FontStyle::bold)] = FontFace::load((dir / style.font_bold).string());
    set.faces_[static_cast<std::size_t>(FontStyle::italic)] = FontFace::load((dir / style.font_italic).string());
    set.faces_[static_cast<std::size_t>(FontStyle::bold_italic)] =
        FontFace::load((dir / style.font_bold_italic).string());
    set.faces_[static_cast<std::size_t>(FontStyle::mono)] = FontFace::load((dir / style.font_mono).string());
    return set;
}

FontFiles FontSet::files() const {
    FontFiles files;
    for (std::size_t i = 0; i < font_style_count; ++i) files[i] = faces_[i].path();
    return files;
}

}  // namespace handout
