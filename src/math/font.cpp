// A face read with HarfBuzz (font.hpp).
#include "math/font.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "handout/font_style.hpp"
#include "handout/text.hpp"

namespace handout::math {

namespace {

hb_direction_t direction(Grow way) { return way == Grow::vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR; }

/// The letters set in Mathematical Italic: Latin, lowercase Greek, and the
/// variant Greek letters (ϑ, ϕ, ϵ, ϰ, ϱ, ϖ).
constexpr std::array<char32_t, 6> greek_variants = {U'\u03D1', U'\u03D5', U'\u03D6',
                                                    U'\u03F0', U'\u03F1', U'\u03F5'};

/// The character of `cp`'s Mathematical Italic form (Unicode's Mathematical
/// Alphanumeric Symbols; italic h is Planck's constant, U+210E), or 0.
char32_t italic_of(char32_t cp) {
    if (cp >= U'a' && cp <= U'z') return cp == U'h' ? U'\u210E' : U'\U0001D44E' + (cp - U'a');
    if (cp >= U'A' && cp <= U'Z') return U'\U0001D434' + (cp - U'A');
    if (cp >= U'\u03B1' && cp <= U'\u03C9') return U'\U0001D6FC' + (cp - U'\u03B1');  // α…ω, ς among them
    switch (cp) {
        case U'\u03F5': return U'\U0001D716';  // ϵ
        case U'\u03D1': return U'\U0001D717';  // ϑ
        case U'\u03F0': return U'\U0001D718';  // ϰ
        case U'\u03D5': return U'\U0001D719';  // ϕ
        case U'\u03F1': return U'\U0001D71A';  // ϱ
        case U'\u03D6': return U'\U0001D71B';  // ϖ
        default: return 0;
    }
}

}  // namespace

Face::Face(const std::string& path) : path_(path) {
    blob_ = hb_blob_create_from_file_or_fail(path.c_str());
    if (blob_ == nullptr) throw std::runtime_error("cannot read the font file " + path);
    face_ = hb_face_create(blob_, 0);
    font_ = hb_font_create(face_);
    upem_ = hb_face_get_upem(face_);
    if (upem_ <= 0) upem_ = 1000;
    if (has_math()) {
        // The lookups of the script-style feature, for script_form.
        hb_set_t* lookups = hb_set_create();
        const std::array<hb_tag_t, 2> features = {HB_TAG('s', 's', 't', 'y'), HB_TAG_NONE};
        hb_ot_layout_collect_lookups(face_, HB_OT_TAG_GSUB, nullptr, nullptr, features.data(), lookups);
        for (hb_codepoint_t i = HB_SET_VALUE_INVALID; hb_set_next(lookups, &i) != 0;) ssty_.push_back(i);
        hb_set_destroy(lookups);
        name_variants();
    }
}

Face::~Face() {
    hb_font_destroy(font_);
    hb_face_destroy(face_);
    hb_blob_destroy(blob_);
}

/* Every character's variants and assemblies, both ways, in the order of the
   characters: a glyph shared by two characters says what the lower one
   made it say (the top of `[`'s assembly, which is also the top of `⌈`'s,
   says nothing). A variant says its character; an assembly's first part
   that is not an extender (the bottom hook of `(`, the left end of an
   arrow) says it, the other parts nothing, so that an assembled delimiter
   copies as one character. */
void Face::name_variants() {
    hb_set_t* set = hb_set_create();
    hb_face_collect_unicodes(face_, set);
    for (hb_codepoint_t cp = HB_SET_VALUE_INVALID; hb_set_next(set, &cp) != 0;) {
        if (cp > 0xFFFF) break;
        const auto c = static_cast<char32_t>(cp);
        const std::string text = encode_utf8(c);
        for (const Grow way : {Grow::vertical, Grow::horizontal}) {
            for (const char32_t v : variants(c, way))
                if (v != c) add_glyph_text_to(v, text);
            const std::vector<Part> parts = assembly(c, way);
            std::size_t says = 0;
            while (says < parts.size() && parts[says].extender) ++says;
            if (says == parts.size()) says = 0;
            for (std::size_t i = 0; i < parts.size(); ++i)
                if (parts[i].code != c) add_glyph_text_to(parts[i].code, i == says ? text : std::string());
        }
    }
    // A character's forms for scripts copy as the character.
    for (hb_codepoint_t cp = HB_SET_VALUE_INVALID; hb_set_next(set, &cp) != 0;) {
        if (cp > 0xFFFF) break;
        const auto c = static_cast<char32_t>(cp);
        for (const int level : {1, 2}) add_glyph_text_to(script_form(c, level), encode_utf8(c));
    }
    hb_set_destroy(set);
    // A Mathematical Italic letter copies as the letter it is (x, not 𝑥), in scripts too.
    const auto name_italic = [this](char32_t first, char32_t last) {
        for (char32_t c = first; c <= last; ++c)
            for (const int level : {0, 1, 2})
                add_glyph_text_to(level == 0 ? math_italic(c) : script_form(math_italic(c), level),
                                  encode_utf8(c));
    };
    name_italic(U'a', U'z');
    name_italic(U'A', U'Z');
    name_italic(U'\u03B1', U'\u03C9');
    for (const char32_t c : greek_variants) name_italic(c, c);
}

char32_t Face::math_italic(char32_t cp) const {
    const char32_t italic = italic_of(cp);
    hb_codepoint_t gid = 0;
    if (italic == 0 || hb_font_get_nominal_glyph(font_, italic, &gid) == 0 || gid == 0) return cp;
    return gid < glyph_code_end - glyph_code_base ? glyph_code_base + gid : cp;
}

void Face::add_glyph_text_to(char32_t code, const std::string& text) {
    if (is_glyph_code(code)) texts_.try_emplace(code, text);
}

hb_codepoint_t Face::glyph(char32_t code) const {
    hb_codepoint_t gid = 0;
    if (hb_font_get_nominal_glyph(font_, code, &gid) != 0) return gid;
    if (is_glyph_code(code)) return code - glyph_code_base;
    return 0;
}

char32_t Face::code(hb_codepoint_t gid, char32_t cp) const {
    if (gid == glyph(cp)) return cp;
    return gid < glyph_code_end - glyph_code_base ? glyph_code_base + gid : 0;
}

char32_t Face::script_form(char32_t of, int level) const {
    const hb_codepoint_t gid = glyph(of);
    for (const unsigned lookup : ssty_) {
        std::array<hb_codepoint_t, 4> alternates{};
        auto count = static_cast<unsigned>(alternates.size());
        hb_ot_layout_lookup_get_glyph_alternates(face_, lookup, gid, 0, &count, alternates.data());
        if (count == 0) continue;
        const hb_codepoint_t alternate =
            alternates[std::min<unsigned>(static_cast<unsigned>(level), count) - 1];
        const char32_t c = code(alternate, 0);
        return c == 0 ? of : c;
    }
    return of;
}

bool Face::covers(char32_t cp) const {
    hb_codepoint_t gid = 0;
    return hb_font_get_nominal_glyph(font_, cp, &gid) != 0 && gid != 0;
}

GlyphMetrics Face::metrics(char32_t code) const {
    GlyphMetrics m;
    const hb_codepoint_t gid = glyph(code);
    m.advance = hb_font_get_glyph_h_advance(font_, gid) / upem_;
    hb_glyph_extents_t ext{};
    if (hb_font_get_glyph_extents(font_, gid, &ext) != 0) {
        m.x_min = ext.x_bearing / upem_;
        m.x_max = (ext.x_bearing + ext.width) / upem_;
        m.y_max = ext.y_bearing / upem_;
        m.y_min = (ext.y_bearing + ext.height) / upem_;
    }
    m.italic = hb_ot_math_get_glyph_italics_correction(font_, gid) / upem_;
    return m;
}

double Face::constant(hb_ot_math_constant_t c) const { return hb_ot_math_get_constant(font_, c) / upem_; }

std::vector<char32_t> Face::variants(char32_t cp, Grow way) const {
    std::array<hb_ot_math_glyph_variant_t, 16> found{};
    auto count = static_cast<unsigned>(found.size());
    hb_ot_math_get_glyph_variants(font_, glyph(cp), direction(way), 0, &count, found.data());
    std::vector<char32_t> out{cp};
    for (unsigned i = 0; i < count; ++i) {
        const char32_t c = code(found[i].glyph, cp);
        if (c != 0 && c != cp) out.push_back(c);
    }
    return out;
}

std::vector<Part> Face::assembly(char32_t cp, Grow way) const {
    std::array<hb_ot_math_glyph_part_t, 16> parts{};
    auto count = static_cast<unsigned>(parts.size());
    hb_position_t italic = 0;
    hb_ot_math_get_glyph_assembly(font_, glyph(cp), direction(way), 0, &count, parts.data(), &italic);
    std::vector<Part> out;
    for (unsigned i = 0; i < count; ++i) {
        const char32_t c = code(parts[i].glyph, cp);
        if (c == 0) return {};
        out.push_back({c, parts[i].start_connector_length / upem_, parts[i].end_connector_length / upem_,
                       parts[i].full_advance / upem_,
                       (parts[i].flags & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER) != 0});
    }
    return out;
}

double Face::min_connector_overlap(Grow way) const {
    return hb_ot_math_get_min_connector_overlap(font_, direction(way)) / upem_;
}

const std::string& Face::glyph_text(char32_t code) const {
    static const std::string none;
    const auto it = texts_.find(code);
    return it == texts_.end() ? none : it->second;
}

}  // namespace handout::math
