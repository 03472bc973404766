// The maths font the build makes (cmake/MathFont.cmake): Latin Modern Math
// converted to TrueType outlines by scripts/lm-math-ttf.py. HarfBuzz reads
// from it what it reads from Debian's original: every MATH constant, every
// character's glyph, advance, italic correction, size variants and
// assembly; only the outlines changed (quadratic curves within a font unit).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "handout/math.hpp"
#include "math/font.hpp"

namespace handout {
namespace {

using math::Face;
using math::Grow;

// Every character the original maps (BMP and beyond: the italic letters).
std::vector<char32_t> characters(const std::string& path) {
    hb_blob_t* blob = hb_blob_create_from_file_or_fail(path.c_str());
    EXPECT_NE(blob, nullptr) << path;
    hb_face_t* face = hb_face_create(blob, 0);
    hb_set_t* set = hb_set_create();
    hb_face_collect_unicodes(face, set);
    std::vector<char32_t> out;
    for (hb_codepoint_t cp = HB_SET_VALUE_INVALID; hb_set_next(set, &cp) != 0;) out.push_back(cp);
    hb_set_destroy(set);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return out;
}

TEST(MathFont, TheBuildsFontIsLatinModernMathWithATableOfMaths) {
    EXPECT_EQ(MathFonts::find(""), HANDOUT_MATH_FONT) << "found in the build tree";
    const Face font(HANDOUT_MATH_FONT);
    ASSERT_TRUE(font.has_math());
    // ∫ grows: a larger size variant for displayed maths; ( has five sizes, then an assembly.
    EXPECT_GE(font.variants(U'\u222B', Grow::vertical).size(), 2u);
    EXPECT_GE(font.variants(U'(', Grow::vertical).size(), 5u);
    EXPECT_FALSE(font.assembly(U'(', Grow::vertical).empty());
    // Computer Modern's proportions: x-height 0.431 em (an italic x a little
    // more, its curves overshooting), axis 0.25 em, a 0.04 em fraction rule.
    EXPECT_NEAR(font.metrics(font.math_italic(U'x')).y_max, 0.44, 0.01);
    EXPECT_DOUBLE_EQ(font.constant(HB_OT_MATH_CONSTANT_AXIS_HEIGHT), 0.25);
    EXPECT_DOUBLE_EQ(font.constant(HB_OT_MATH_CONSTANT_FRACTION_RULE_THICKNESS), 0.04);
}

TEST(MathFont, HarfBuzzReadsFromTheConvertedFontWhatItReadsFromTheOriginal) {
    const Face ttf(HANDOUT_MATH_FONT);
    const Face otf(HANDOUT_LM_MATH_OTF);
    for (int k = HB_OT_MATH_CONSTANT_SCRIPT_PERCENT_SCALE_DOWN;
         k <= HB_OT_MATH_CONSTANT_RADICAL_DEGREE_BOTTOM_RAISE_PERCENT; ++k) {
        const auto c = static_cast<hb_ot_math_constant_t>(k);
        EXPECT_EQ(ttf.constant(c), otf.constant(c)) << "MATH constant " << k;
    }
    const std::vector<char32_t> chars = characters(HANDOUT_LM_MATH_OTF);
    ASSERT_GT(chars.size(), 2000u);
    EXPECT_EQ(characters(HANDOUT_MATH_FONT), chars) << "the same character map";
    double worst = 0;
    for (const char32_t cp : chars) {
        const math::GlyphMetrics a = ttf.metrics(cp), b = otf.metrics(cp);
        EXPECT_EQ(a.advance, b.advance) << std::hex << static_cast<unsigned>(cp);
        EXPECT_EQ(a.italic, b.italic) << std::hex << static_cast<unsigned>(cp);
        // The ink box: HarfBuzz gives a box of the outline's points, curves'
        // control points too, which stand out past the ink, the cubic ones
        // more (the quadratic box is within 0.025 em of the true ink, by
        // fontTools' BoundsPen; the cubic one up to 0.06 em off it).
        const double off = std::max({std::abs(a.y_max - b.y_max), std::abs(a.y_min - b.y_min),
                                     std::abs(a.x_min - b.x_min), std::abs(a.x_max - b.x_max)});
        EXPECT_LE(off, 0.065) << std::hex << static_cast<unsigned>(cp);
        worst = std::max(worst, off);
        if (cp > 0xFFFF) continue;  // variants are named by BMP characters
        for (const Grow way : {Grow::vertical, Grow::horizontal}) {
            EXPECT_EQ(ttf.variants(cp, way), otf.variants(cp, way)) << std::hex << static_cast<unsigned>(cp);
            const auto pa = ttf.assembly(cp, way), pb = otf.assembly(cp, way);
            ASSERT_EQ(pa.size(), pb.size()) << std::hex << static_cast<unsigned>(cp);
            for (std::size_t i = 0; i < pa.size(); ++i) {
                EXPECT_EQ(pa[i].code, pb[i].code);
                EXPECT_EQ(pa[i].full, pb[i].full);
                EXPECT_EQ(pa[i].extender, pb[i].extender);
            }
        }
    }
    EXPECT_GT(worst, 0) << "the outlines did change";
}

}  // namespace
}  // namespace handout
