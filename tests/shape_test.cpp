// Shaped text (issue 34): the bidirectional algorithm's runs and mirroring
// (src/text/bidi.cpp) and text shaped in the Noto faces (src/fonts/shape.cpp).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <numeric>
#include <string>
#include <vector>

#include "handout/document.hpp"
#include "handout/fonts.hpp"
#include "handout/pdf.hpp"
#include "handout/text.hpp"

using namespace handout;

namespace {

const FontSet& fonts() {
    static const PageStyle style;
    static const FontSet set = FontSet::load(std::string(HANDOUT_SOURCE_DIR) + "/fonts", style);
    return set;
}

std::u32string u32(const std::string& s) {
    std::u32string out;
    decode_utf8(s, out);
    return out;
}

}  // namespace

TEST(Bidi, ARightToLeftWordInsideLeftToRightTextIsOneRunInPlace) {
    const std::u32string text = u32("say שלום now");
    const std::vector<BidiRun> runs = bidi_runs(text, false);
    ASSERT_EQ(runs.size(), 3u);
    EXPECT_FALSE(runs[0].rtl);
    EXPECT_EQ(runs[0].begin, 0u);
    EXPECT_TRUE(runs[1].rtl);
    EXPECT_EQ(runs[1].begin, 4u);
    EXPECT_EQ(runs[1].end, 8u);
    EXPECT_FALSE(runs[2].rtl);
    EXPECT_EQ(runs[2].end, text.size());
}

TEST(Bidi, InARightToLeftLineTheFirstWordPrintsRightmostAndNumbersStayLeftToRight) {
    const std::u32string text = u32("כמה זה 3 ועוד 4?");
    ASSERT_EQ(first_strong_rtl(text), std::optional<bool>(true));
    const std::vector<BidiRun> runs = bidi_runs(text, true);
    ASSERT_GE(runs.size(), 4u);
    // The rightmost run starts the text; every character is in exactly one run.
    EXPECT_EQ(runs.back().begin, 0u);
    EXPECT_TRUE(runs.back().rtl);
    std::vector<int> seen(text.size(), 0);
    for (const BidiRun& r : runs)
        for (std::size_t i = r.begin; i < r.end; ++i) ++seen[i];
    for (const int n : seen) EXPECT_EQ(n, 1);
    const auto digit = [&](char32_t d) {
        for (const BidiRun& r : runs)
            if (text.substr(r.begin, r.end - r.begin).find(d) != std::u32string::npos) return r;
        return BidiRun{};
    };
    EXPECT_FALSE(digit(U'3').rtl);
    EXPECT_FALSE(digit(U'4').rtl);
    EXPECT_EQ(first_strong_rtl(u32("123 abc")), std::optional<bool>(false));
    EXPECT_EQ(first_strong_rtl(u32("12 ?")), std::nullopt);
    EXPECT_EQ(mirrored(U'('), U')');
    EXPECT_EQ(mirrored(U'«'), U'»');
    EXPECT_EQ(mirrored(U'a'), U'a');
}

TEST(Bidi, NeedsShapingForHebrewArabicDevanagariOnly) {
    EXPECT_TRUE(needs_shaping("שלום"));
    EXPECT_TRUE(needs_shaping("a بيت"));
    EXPECT_TRUE(needs_shaping("नमस्ते"));
    EXPECT_FALSE(needs_shaping("Grüße, Ελλάδα, 中文"));
    EXPECT_EQ(shaped_script_of(U'٣'), ShapedScript::arabic);
    EXPECT_EQ(shaped_script_of(U'ש'), ShapedScript::hebrew);
    EXPECT_EQ(shaped_script_of(U'a'), std::nullopt);
}

class Shaping : public ::testing::Test {
protected:
    void SetUp() override {
        for (std::size_t i = 0; i < shaped_script_count; ++i)
            if (fonts().shaped(static_cast<ShapedScript>(i)) == nullptr)
                GTEST_SKIP() << shaped_fonts[i].file << " is not installed (Debian's fonts-noto-core)";
    }
};

TEST_F(Shaping, HebrewPrintsRightToLeftByItsOwnCharacters) {
    const std::vector<Glyph> g = fonts().shape(FontStyle::regular, "שלום");
    ASSERT_EQ(g.size(), 4u);
    EXPECT_EQ(g[0].code, U'ם');
    EXPECT_EQ(g[3].code, U'ש');
    for (const Glyph& glyph : g) EXPECT_EQ(glyph.font, shaped_slot(ShapedScript::hebrew));
}

TEST_F(Shaping, ArabicLettersJoinAndTheirGlyphCodesSayTheirLetters) {
    std::map<std::string, std::map<char32_t, std::string>> texts;
    const std::vector<Glyph> g = fonts().shape(FontStyle::regular, "بيت", std::nullopt, &texts);
    ASSERT_EQ(g.size(), 3u);
    // Joined forms, none the letter's own (isolated) glyph: shown by glyph codes.
    for (const Glyph& glyph : g) {
        EXPECT_GE(glyph.code, glyph_code_base);
        EXPECT_LT(glyph.code, glyph_code_end);
    }
    const std::string& file = fonts().shaped(ShapedScript::arabic)->face().path();
    ASSERT_EQ(texts.count(file), 1u);
    // Printed right to left: the leftmost glyph is the last letter, ت.
    EXPECT_EQ(texts[file].at(g[0].code), "ت");
    EXPECT_EQ(texts[file].at(g[2].code), "ب");
    // Measured as it prints.
    const double advance =
        std::accumulate(g.begin(), g.end(), 0.0, [](double s, const Glyph& x) { return s + x.advance; });
    EXPECT_NEAR(fonts().width(FontStyle::regular, "بيت", 10), advance / 100, 1e-9);
}

TEST_F(Shaping, LamAlefIsOneGlyphSayingBothLetters) {
    std::map<std::string, std::map<char32_t, std::string>> texts;
    const std::vector<Glyph> g = fonts().shape(FontStyle::regular, "لا", std::nullopt, &texts);
    ASSERT_EQ(g.size(), 1u);
    // Listed as printed, alef then lam: pdftotext reverses it back to "لا".
    EXPECT_EQ(texts[fonts().shaped(ShapedScript::arabic)->face().path()].at(g[0].code), "ال");
}

TEST_F(Shaping, ADevanagariVowelSignPrintsBeforeItsConsonant) {
    std::map<std::string, std::map<char32_t, std::string>> texts;
    const std::vector<Glyph> g = fonts().shape(FontStyle::regular, "कि", std::nullopt, &texts);
    ASSERT_EQ(g.size(), 2u);
    // The sign prints first, left of its consonant, as a glyph of its own;
    // each glyph says its character, in the order they print (the run's
    // ActualText gives readers the logical order).
    const std::map<char32_t, std::string>& said =
        texts[fonts().shaped(ShapedScript::devanagari)->face().path()];
    std::string together;
    for (const Glyph& glyph : g)
        together += glyph.code >= glyph_code_base && glyph.code < glyph_code_end ? said.at(glyph.code)
                                                                                 : encode_utf8(glyph.code);
    EXPECT_EQ(together, "िक");
    EXPECT_GT(g[0].width, 0);
    EXPECT_LT(g[0].advance + g[1].advance, 2 * 1000.0);
}

TEST_F(Shaping, LatinInsideRightToLeftTextStaysInTheStyleFaceAndParenthesesMirror) {
    const std::vector<Glyph> g = fonts().shape(FontStyle::regular, "ילד (child)", true);
    // Visual order: "(child)" first, then the space, then ד ל י.
    std::u32string codes;
    for (const Glyph& glyph : g) codes += glyph.code;
    EXPECT_EQ(codes, U"(child) דלי");
    EXPECT_EQ(g[0].font, FontStyle::regular);
    EXPECT_EQ(g.back().font, shaped_slot(ShapedScript::hebrew));
    // In a right-to-left run a parenthesis is mirrored: written ")" at the left of "(".
    const std::vector<Glyph> alone = fonts().shape(FontStyle::regular, "ילד (:)", true);
    std::u32string mirrored_codes;
    for (const Glyph& glyph : alone) mirrored_codes += glyph.code;
    EXPECT_EQ(mirrored_codes, U"(:) דלי");
}

// ---------------------------------------------------------------- nested composites

namespace {

/// The dark pixels (below half gray) of a binary PGM in the box [x0, x1) × [y0, y1).
int dark_pixels(const std::string& pgm, int x0, int y0, int x1, int y1) {
    std::istringstream in(pgm);
    std::string magic;
    int w = 0, h = 0, max = 0;
    in >> magic >> w >> h >> max;
    in.get();
    const std::string pixels(std::istreambuf_iterator<char>(in), {});
    int n = 0;
    for (int y = y0; y < y1 && y < h; ++y)
        for (int x = x0; x < x1 && x < w; ++x)
            n += static_cast<unsigned char>(pixels.at(static_cast<std::size_t>(y * w + x))) < 128;
    return n;
}

}  // namespace

// Proves a glyph built from a composite glyph prints whole: DejaVu Sans's
// 'ё' is a composite of 'е' (itself a composite) and a diaeresis, so it
// must print with the ink of 'е' and a little more for the dots. libharu
// 2.3.0 alone embeds only the first level of components, and the letter
// printed as two dots (pdf/libharu.cpp's flag_components embeds them all).
TEST(FontProof, NestedCompositeGlyphPrintsWhole) {
    const std::string dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
    if (!std::filesystem::exists(dejavu)) GTEST_SKIP() << dejavu << " is not installed";
    ASSERT_EQ(FontFace::load(dejavu).glyph_kind(U'ё'), GlyphKind::nested_composite);
    Document doc;
    doc.fonts[0] = dejavu;
    Page page;
    page.items.emplace_back(TextRun{100, 500, FontStyle::regular, 144, 0, "е", {}});
    page.items.emplace_back(TextRun{350, 500, FontStyle::regular, 144, 0, "ё", {}});
    doc.pages.push_back(std::move(page));
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "handout-nested-composite";
    std::filesystem::create_directories(dir);
    const std::string pdf = (dir / "io.pdf").string();
    std::ofstream(pdf, std::ios::binary) << paint_pdf(doc);
    // At 72 dpi a point is a pixel: rows from the top, the baseline at 842 - 500.
    ASSERT_EQ(std::system(
                  ("pdftoppm -gray -r 72 -singlefile '" + pdf + "' '" + (dir / "io").string() + "'").c_str()),
              0);
    std::ifstream in(dir / "io.pgm", std::ios::binary);
    const std::string pgm((std::istreambuf_iterator<char>(in)), {});
    std::filesystem::remove_all(dir);
    const int ie = dark_pixels(pgm, 90, 300, 340, 380);
    const int io = dark_pixels(pgm, 340, 300, 590, 380);
    EXPECT_GT(ie, 1000);
    // The letter itself (below the dots' height) as much as 'е''s ink; the dots above it.
    EXPECT_NEAR(dark_pixels(pgm, 340, 300, 590, 380), ie, ie / 10);
    EXPECT_GT(dark_pixels(pgm, 340, 230, 590, 300), 200);
    EXPECT_GT(io, ie / 2);
}
