// A face read with HarfBuzz (font.hpp).
#include "math/font.hpp"

#include <stdexcept>

namespace handout::math {

Face::Face(const std::string& path) : path_(path) {
    blob_ = hb_blob_create_from_file_or_fail(path.c_str());
    if (blob_ == nullptr) throw std::runtime_error("cannot read the font file " + path);
    face_ = hb_face_create(blob_, 0);
    font_ = hb_font_create(face_);
    upem_ = hb_face_get_upem(face_);
    if (upem_ <= 0) upem_ = 1000;
    hb_set_t* set = hb_set_create();
    hb_face_collect_unicodes(face_, set);
    for (hb_codepoint_t cp = HB_SET_VALUE_INVALID; hb_set_next(set, &cp) != 0;) {
        if (cp > 0xFFFF) break;
        hb_codepoint_t gid = 0;
        if (hb_font_get_nominal_glyph(font_, cp, &gid) != 0)
            characters_.emplace(gid, static_cast<char32_t>(cp));
    }
    hb_set_destroy(set);
}

Face::~Face() {
    hb_font_destroy(font_);
    hb_face_destroy(face_);
    hb_blob_destroy(blob_);
}

hb_codepoint_t Face::glyph(char32_t cp) const {
    hb_codepoint_t gid = 0;
    if (hb_font_get_nominal_glyph(font_, cp, &gid) == 0) return 0;
    return gid;
}

char32_t Face::character(hb_codepoint_t gid) const {
    const auto it = characters_.find(gid);
    return it == characters_.end() ? 0 : it->second;
}

bool Face::covers(char32_t cp) const { return glyph(cp) != 0; }

GlyphMetrics Face::metrics(char32_t cp) const {
    GlyphMetrics m;
    const hb_codepoint_t gid = glyph(cp);
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

std::vector<char32_t> Face::vertical_variants(char32_t cp) const {
    std::vector<char32_t> out;
    std::vector<hb_ot_math_glyph_variant_t> variants(16);
    unsigned count = static_cast<unsigned>(variants.size());
    hb_ot_math_get_glyph_variants(font_, glyph(cp), HB_DIRECTION_BTT, 0, &count, variants.data());
    out.push_back(cp);
    for (unsigned i = 0; i < count; ++i) {
        const char32_t c = character(variants[i].glyph);
        if (c != 0 && c != cp) out.push_back(c);
    }
    return out;
}

std::vector<Part> Face::vertical_assembly(char32_t cp) const {
    std::vector<hb_ot_math_glyph_part_t> parts(16);
    unsigned count = static_cast<unsigned>(parts.size());
    hb_position_t italic = 0;
    hb_ot_math_get_glyph_assembly(font_, glyph(cp), HB_DIRECTION_BTT, 0, &count, parts.data(), &italic);
    std::vector<Part> out;
    for (unsigned i = 0; i < count; ++i) {
        const char32_t c = character(parts[i].glyph);
        if (c == 0) return {};
        out.push_back({c, parts[i].start_connector_length / upem_, parts[i].end_connector_length / upem_,
                       parts[i].full_advance / upem_,
                       (parts[i].flags & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER) != 0});
    }
    return out;
}

double Face::min_connector_overlap() const {
    return hb_ot_math_get_min_connector_overlap(font_, HB_DIRECTION_BTT) / upem_;
}

}  // namespace handout::math
