// The maths stage: where `$` opens maths, the LaTeX subset's parse and its
// located problems, mhchem, and the typesetter's boxes (TeX's rules).
#include <gtest/gtest.h>

#include "handout/document.hpp"
#include "handout/math.hpp"
#include "handout/text.hpp"

namespace handout {
namespace {

using Kind = TextPiece::Kind;

TEST(SplitMath, InlineAndDisplayFormulas) {
    const auto p = split_math("Solve $x^2 = 4$ and $$\\frac{a}{b}$$ now");
    ASSERT_EQ(p.size(), 5u);
    EXPECT_EQ(p[0], (TextPiece{Kind::text, "Solve ", 0}));
    EXPECT_EQ(p[1], (TextPiece{Kind::inline_math, "x^2 = 4", 7}));
    EXPECT_EQ(p[2], (TextPiece{Kind::text, " and ", 15}));
    EXPECT_EQ(p[3], (TextPiece{Kind::display_math, "\\frac{a}{b}", 22}));
    EXPECT_EQ(p[4], (TextPiece{Kind::text, " now", 35}));
}

TEST(SplitMath, PricesAndEscapedDollarsStayText) {
    // A closing `$` needs no space before it and no digit after it.
    EXPECT_EQ(split_math("It costs $5 and $10."),
              (std::vector<TextPiece>{{Kind::text, "It costs $5 and $10.", 0}}));
    EXPECT_EQ(split_math("between $20,000 and $30,000"),
              (std::vector<TextPiece>{{Kind::text, "between $20,000 and $30,000", 0}}));
    EXPECT_EQ(split_math("a \\$ sign and \\$x\\$"),
              (std::vector<TextPiece>{{Kind::text, "a $ sign and $x$", 0}}));
    EXPECT_EQ(split_math("$ x$"), (std::vector<TextPiece>{{Kind::text, "$ x$", 0}}));
    EXPECT_TRUE(split_math("").empty());
}

TEST(SplitMath, WithoutDelimitersKeepsTheSource) {
    EXPECT_EQ(without_math_delimiters("area $\\pi r^2$ of \\$5"), "area \\pi r^2 of $5");
}

std::vector<std::string> messages(std::string_view text) {
    std::vector<std::string> out;
    for (const MathProblem& p : math_problems(text))
        out.push_back(std::to_string(p.offset) + (p.warning ? " warning: " : " error: ") + p.message);
    return out;
}

TEST(MathProblems, AllAtOnceWithPlaceAndDidYouMean) {
    const auto m = messages("$\\fracc{1}{2} + \\sqrt$ and $\\alpa + {x$");
    ASSERT_EQ(m.size(), 4u) << testing::PrintToString(m);
    EXPECT_EQ(m[0], "1 error: unknown command '\\fracc' (did you mean 'frac'?)");
    EXPECT_EQ(m[1], "16 error: missing argument after '\\sqrt'");
    EXPECT_EQ(m[2], "28 error: unknown command '\\alpa' (did you mean 'alpha'?)");
    EXPECT_EQ(m[3], "36 error: unbalanced '{': no '}' closes it");
}

TEST(MathProblems, StructureErrors) {
    EXPECT_EQ(messages("$a}$"), (std::vector<std::string>{"2 error: unbalanced '}': no '{' opens it"}));
    EXPECT_EQ(messages("$\\left( x$"), (std::vector<std::string>{"1 error: '\\left' without '\\right'"}));
    EXPECT_EQ(messages("$x^$"), (std::vector<std::string>{"2 error: missing argument after '^'"}));
    EXPECT_EQ(messages("$\\begin{pmatrix} 1 & 2 \\end{bmatrix}$"),
              (std::vector<std::string>{"23 error: '\\end{bmatrix}' ends '\\begin{pmatrix}'"}));
    EXPECT_EQ(messages("$\\ce{H2O \\foo}$"),
              (std::vector<std::string>{"9 error: unknown command '\\foo' in \\ce"}));
    EXPECT_TRUE(messages("$\\frac{1}{2}$ costs $5").empty());
}

TEST(MathProblems, NestingTooDeepIsOneErrorNotACrash) {
    const std::string deep = "$" + std::string(100000, '{') + "x" + std::string(100000, '}') + "$";
    const auto m = messages(deep);
    ASSERT_FALSE(m.empty());
    EXPECT_EQ(m.front(), "41 error: the formula nests more than 40 deep here");
    std::string roots = "$";
    for (int i = 0; i < 5000; ++i) roots += "\\sqrt";
    EXPECT_EQ(messages(roots + "x$").front(), "201 error: the formula nests more than 40 deep here");
    EXPECT_TRUE(messages("$" + std::string(39, '{') + "x" + std::string(39, '}') + "$").empty());
}

TEST(MathProblems, ADollarInsideAFormulaIsAnError) {
    // The first `$` cannot close (a space before it): the formula runs on to the last one.
    EXPECT_EQ(messages("Let $x = 2 $ be $y$"),
              (std::vector<std::string>{"11 error: '$' inside a formula: the formula runs on past it",
                                        "16 error: '$' inside a formula: the formula runs on past it"}));
}

TEST(MathProblems, WarnsWhenADollarLooksMeantAsMaths) {
    EXPECT_EQ(
        messages("Let $x = 2 $ be"),
        (std::vector<std::string>{"4 warning: '$' prints as a dollar sign: no '$' closes it as maths"}));
}

TEST(ParseMath, ScriptsFractionsAndClasses) {
    const ParsedMath m = parse_math("x_1^2 + \\frac{a}{b} = \\sin\\theta");
    ASSERT_TRUE(m.problems.empty());
    ASSERT_EQ(m.list.size(), 6u);
    EXPECT_EQ(m.list[0].chars, U"x");
    EXPECT_TRUE(m.list[0].italic);
    ASSERT_EQ(m.list[0].sub.size(), 1u);
    ASSERT_EQ(m.list[0].sup.size(), 1u);
    EXPECT_EQ(m.list[1].cls, MathClass::bin);
    EXPECT_EQ(m.list[2].kind, MathNode::Kind::frac);
    EXPECT_EQ(m.list[3].cls, MathClass::rel);
    EXPECT_EQ(m.list[4].kind, MathNode::Kind::word);
}

TEST(ParseMath, ChemistryFormulasChargesStatesArrows) {
    const ParsedMath m = parse_math("\\ce{2H2O(l) + SO4^2- -> Na+}");
    ASSERT_TRUE(m.problems.empty());
    ASSERT_EQ(m.list.size(), 1u);
    const MathList& l = m.list[0].args[0];
    std::u32string flat;
    for (const MathNode& n : l) {
        flat += n.chars;
        for (const auto& s : n.sub)
            for (const auto& k : s) flat += U"_" + k.chars;
        for (const auto& s : n.sup)
            for (const auto& k : s) flat += U"^" + k.chars;
    }
    EXPECT_EQ(flat, U"2H_2O(l)+SO_4^2^\u2212\u2192Na^+");
}

bool is_glyph_code(char32_t cp) { return cp >= glyph_code_base && cp < glyph_code_end; }

class Typeset : public testing::Test {
protected:
    static void SetUpTestSuite() {
        fonts = MathFonts::load(MathFonts::find(std::string(HANDOUT_SOURCE_DIR) + "/fonts"));
    }
    static std::shared_ptr<const MathFonts> fonts;
};
std::shared_ptr<const MathFonts> Typeset::fonts;

TEST_F(Typeset, AFractionStandsAboveAndBelowTheAxis) {
    const MathBox x = fonts->typeset("x", false, 10);
    const MathBox f = fonts->typeset("\\frac{x}{y}", false, 10);
    EXPECT_GT(f.height, x.height);
    EXPECT_GT(f.depth, x.depth);
    ASSERT_EQ(f.rules.size(), 1u);
    EXPECT_GE(f.rules[0].h, 0.5);  // dark enough for a copier
    // Display style is taller still.
    const MathBox d = fonts->typeset("\\frac{x}{y}", true, 10);
    EXPECT_GT(d.height, f.height);
}

TEST_F(Typeset, ScriptsAreSmallerAndShifted) {
    const MathBox b = fonts->typeset("x^2", false, 10);
    ASSERT_EQ(b.glyphs.size(), 2u);
    EXPECT_LT(b.glyphs[1].size, 10);
    EXPECT_GT(b.glyphs[1].y, 0);
    // x is the maths font's Mathematical Italic x, 2 its script-size 2: glyph codes that say x and 2.
    EXPECT_TRUE(is_glyph_code(b.glyphs[0].cp));
    EXPECT_EQ(fonts->glyph_text(b.glyphs[0].cp), "x");
    EXPECT_TRUE(is_glyph_code(b.glyphs[1].cp));
    EXPECT_EQ(fonts->glyph_text(b.glyphs[1].cp), "2");
}

// Scripts and scripts of scripts print the font's forms drawn for their
// sizes (its ssty alternates, as TeX prints cmr7 and cmr5): wider for their
// size than the text form scaled down, and copying as the same character.
TEST_F(Typeset, ScriptsPrintTheFontsScriptSizeForms) {
    const MathBox b = fonts->typeset("2^{2^{2}}", false, 10);
    ASSERT_EQ(b.glyphs.size(), 3u);
    EXPECT_EQ(b.glyphs[0].cp, U'2');
    EXPECT_EQ(b.glyphs[1].size, 7);
    EXPECT_EQ(b.glyphs[2].size, 5);
    for (std::size_t i = 1; i < 3; ++i) {
        EXPECT_TRUE(is_glyph_code(b.glyphs[i].cp)) << i;
        EXPECT_EQ(fonts->glyph_text(b.glyphs[i].cp), "2") << i;
        EXPECT_GT(b.glyphs[i].advance / b.glyphs[i].size,
                  1.1 * b.glyphs[i - 1].advance / b.glyphs[i - 1].size)
            << i;
    }
    EXPECT_NE(b.glyphs[1].cp, b.glyphs[2].cp);
    // An italic letter too, and upright text in a script.
    const MathBox x = fonts->typeset("x_x", false, 10);
    ASSERT_EQ(x.glyphs.size(), 2u);
    EXPECT_NE(x.glyphs[0].cp, x.glyphs[1].cp);
    EXPECT_EQ(fonts->glyph_text(x.glyphs[1].cp), "x");
    EXPECT_TRUE(is_glyph_code(fonts->typeset("x_{\\mathrm{m}}", false, 10).glyphs[1].cp));
}

// Beside pdflatex (Computer Modern at 10 pt): a lone subscript drops TeX's
// sub1, 0.15 em; under a superscript, the font's 0.247 em (TeX's sub2); two
// cases rows stand amsmath's \arraystretch of 1.2 apart.
TEST_F(Typeset, SubscriptsDropAsPdflatexDropsThem) {
    const MathBox v = fonts->typeset("v_0", false, 10);
    ASSERT_EQ(v.glyphs.size(), 2u);
    EXPECT_NEAR(v.glyphs[1].y, -1.5, 1e-9);
    const MathBox both = fonts->typeset("v_0^2", false, 10);
    ASSERT_EQ(both.glyphs.size(), 3u);
    EXPECT_LE(both.glyphs[2].y, -2.47 + 1e-9);
    const MathBox cases = fonts->typeset("\\begin{cases} 1 & a \\\\ 2 & b \\end{cases}", false, 10);
    EXPECT_NEAR(cases.height + cases.depth, 30, 0.5) << "the brace of pdflatex's 30 pt";
}

// Variables are the font's Mathematical Italic letters, Latin and Greek
// (ℎ, Planck's constant, is italic h), each copying as its letter; upright
// text (\text, \mathrm, function names) is the font's own roman letters.
TEST_F(Typeset, LettersAreTheFontsMathematicalItalicAndCopyAsThemselves) {
    const std::vector<std::pair<std::string, std::string>> letters = {
        {"a", "a"},           {"h", "h"},
        {"z", "z"},           {"A", "A"},
        {"Z", "Z"},           {"\u03B1", "\u03B1"},
        {"\u03C2", "\u03C2"}, {"\\omega", "\u03C9"},
        {"\\phi", "\u03D5"},  {"\\epsilon", "\u03F5"}};
    for (const auto& [source, letter] : letters) {
        const MathBox b = fonts->typeset(source, false, 10);
        ASSERT_EQ(b.glyphs.size(), 1u) << source;
        EXPECT_TRUE(is_glyph_code(b.glyphs[0].cp)) << source;
        EXPECT_EQ(fonts->glyph_text(b.glyphs[0].cp), letter) << source;
    }
    EXPECT_NE(fonts->typeset("x", false, 10).glyphs[0].cp, fonts->typeset("y", false, 10).glyphs[0].cp);
    for (const char* upright : {"\\text{x}", "\\mathrm{x}", "\\sin"}) {
        const MathBox b = fonts->typeset(upright, false, 10);
        ASSERT_FALSE(b.glyphs.empty()) << upright;
        EXPECT_FALSE(is_glyph_code(b.glyphs.back().cp)) << upright;
    }
    EXPECT_EQ(fonts->typeset("\\Gamma", false, 10).glyphs[0].cp, U'\u0393') << "capital Greek stays upright";
}

// An italic f leans out past its advance: its superscript and a prime or
// a parenthesis after it stand clear of that lean (TeX's italic
// correction); its subscript tucks in under it, at the advance.
TEST_F(Typeset, AnItalicLetterLeansOverItsSuperscriptNotItsSubscript) {
    const MathBox up = fonts->typeset("f", false, 10);
    const MathBox digit = fonts->typeset("1", false, 10);
    ASSERT_EQ(up.glyphs.size(), 1u);
    const double advance = up.glyphs[0].advance;
    EXPECT_GT(up.width, advance + 0.5) << "an italic f's box takes in its lean";
    EXPECT_DOUBLE_EQ(digit.width, digit.glyphs[0].advance) << "a digit does not lean";
    const MathBox sup = fonts->typeset("f^2", false, 10), sub = fonts->typeset("f_1", false, 10);
    ASSERT_EQ(sup.glyphs.size(), 2u);
    ASSERT_EQ(sub.glyphs.size(), 2u);
    EXPECT_GT(sup.glyphs[1].x, advance + 0.5);
    EXPECT_DOUBLE_EQ(sub.glyphs[1].x, advance);
    const MathBox prime = fonts->typeset("f'", false, 10);
    ASSERT_EQ(prime.glyphs.size(), 2u);
    EXPECT_DOUBLE_EQ(prime.glyphs[1].x, up.width);
}

TEST_F(Typeset, RelationsGetThickSpacesBinariesMedium) {
    const MathBox eq = fonts->typeset("a=b", false, 10);
    const MathBox plus = fonts->typeset("a+b", false, 10);
    const MathBox neg = fonts->typeset("-b", false, 10);  // a unary minus is ordinary: no space
    const MathBox minus = fonts->typeset("\\mathrm{}{-}b", false, 10);
    EXPECT_GT(eq.width, 0);
    EXPECT_GT(plus.width, neg.width);
    EXPECT_NEAR(neg.width, minus.width, 1e-9);
}

TEST_F(Typeset, DelimitersGrowWithTheirContent) {
    const MathBox small = fonts->typeset("\\left( x \\right)", false, 10);
    const MathBox big = fonts->typeset("\\left( \\frac{\\frac{a}{b}}{c} \\right)", true, 10);
    EXPECT_GT(big.height + big.depth, 2 * (small.height + small.depth));
}

// In MathML an accent below is an munder, and a brace's script a limit.
TEST(MathToMathML, AccentsBelowAndBracesWithLimits) {
    EXPECT_NE(math_to_mathml("\\underline{x}", false)
                  .find("<munder accentunder=\"true\"><mrow><mi>x</mi></mrow><mo>_</mo></munder>"),
              std::string::npos)
        << math_to_mathml("\\underline{x}", false);
    const std::string brace = math_to_mathml("\\underbrace{a}_{n}", false);
    EXPECT_NE(brace.find("<munder><munder accentunder=\"true\">"), std::string::npos) << brace;
    const std::string hat = math_to_mathml("\\widehat{xy}", false);
    EXPECT_NE(hat.find("<mover accent=\"true\">"), std::string::npos) << hat;
}

/// The glyphs of `b` shown by a glyph code that says `text`.
std::vector<MathGlyph> glyph_codes_saying(const MathBox& b, const MathFonts& fonts, const std::string& text) {
    std::vector<MathGlyph> out;
    for (const MathGlyph& g : b.glyphs)
        if (is_glyph_code(g.cp) && fonts.glyph_text(g.cp) == text) out.push_back(g);
    return out;
}

// A delimiter around a tall formula is one of the font's size variants or
// an assembly of its parts, at the formula's size: never the glyph of `(`
// scaled up (thick, distorted strokes). Its glyph code says `(`.
TEST_F(Typeset, ATallDelimiterIsAVariantOfTheFontNotAScaledGlyph) {
    const MathBox b = fonts->typeset("\\left( \\frac{\\frac{a}{b}}{c} \\right)", true, 10);
    for (const MathGlyph& g : b.glyphs)
        EXPECT_LE(g.size, 10) << "U+" << std::hex << static_cast<unsigned>(g.cp);
    EXPECT_FALSE(glyph_codes_saying(b, *fonts, "(").empty());
    EXPECT_FALSE(glyph_codes_saying(b, *fonts, ")").empty());
    for (const MathGlyph& g : b.glyphs) EXPECT_NE(g.cp, U'(') << "the text-size parenthesis";
    // Taller still: an assembly (hooks and extenders); only its first part says `(`.
    const MathBox tall = fonts->typeset(
        "\\left( \\begin{matrix} 1 \\\\ 2 \\\\ 3 \\\\ 4 \\\\ 5 \\\\ 6 \\end{matrix} \\right)", true, 10);
    int parts = 0;
    for (const MathGlyph& g : tall.glyphs) {
        EXPECT_LE(g.size, 10);
        parts += is_glyph_code(g.cp) ? 1 : 0;
    }
    EXPECT_GE(parts, 6) << "two assemblies of at least three parts";
    EXPECT_EQ(glyph_codes_saying(tall, *fonts, "(").size(), 1u);
    EXPECT_EQ(glyph_codes_saying(tall, *fonts, ")").size(), 1u);
}

TEST_F(Typeset, DisplayedSumsIntegralsAndTallRootsAreVariants) {
    const MathBox sum = fonts->typeset("\\sum_{k=1}^{n} k", true, 10);
    const MathBox text_sum = fonts->typeset("\\sum_{k=1}^{n} k", false, 10);
    ASSERT_EQ(glyph_codes_saying(sum, *fonts, "\u2211").size(), 1u);
    EXPECT_TRUE(glyph_codes_saying(text_sum, *fonts, "\u2211").empty()) << "in a line: the character itself";
    EXPECT_EQ(glyph_codes_saying(fonts->typeset("\\int_0^1 x\\,dx", true, 10), *fonts, "\u222B").size(), 1u);
    const MathBox root = fonts->typeset("\\sqrt{\\frac{\\frac{a}{b}}{c}}", true, 10);
    EXPECT_FALSE(glyph_codes_saying(root, *fonts, "\u221A").empty());
    for (const MathBox* b : {&sum, &root})
        for (const MathGlyph& g : b->glyphs) EXPECT_LE(g.size, 10);
}

/// The width of the glyphs of `b` other than `letters` (an accent over them).
double accent_width(const MathBox& b, const MathFonts& fonts, std::string_view letters) {
    double lo = 1e9, hi = -1e9;
    for (const MathGlyph& g : b.glyphs) {
        const std::string text = is_glyph_code(g.cp) ? fonts.glyph_text(g.cp) : encode_utf8(g.cp);
        if (!text.empty() && letters.find(text) != std::string_view::npos) continue;
        EXPECT_TRUE(is_glyph_code(g.cp) || fonts.covers(g.cp));
        lo = std::min(lo, g.x);
        hi = std::max(hi, g.x + g.advance);
    }
    return hi - lo;
}

// \widehat, \widetilde and \overrightarrow grow over their base with the
// font's horizontal variants and assemblies; \hat stays a letter's hat.
TEST_F(Typeset, WideAccentsGrowOverTheirBase) {
    const MathBox base = fonts->typeset("xyz", false, 10);
    const MathBox wide_hat = fonts->typeset("\\widehat{xyz}", false, 10);
    const MathBox hat = fonts->typeset("\\hat{x}", false, 10);
    ASSERT_EQ(glyph_codes_saying(wide_hat, *fonts, "\u0302").size(), 1u);
    EXPECT_TRUE(wide_hat.rules.empty()) << "a hat, not a bar";
    EXPECT_GT(accent_width(wide_hat, *fonts, "xyz"), 0.7 * base.width);
    EXPECT_LT(accent_width(hat, *fonts, "x"), 0.7 * base.width);
    EXPECT_EQ(glyph_codes_saying(fonts->typeset("\\widetilde{xyz}", false, 10), *fonts, "\u0303").size(), 1u);
    const MathBox arrow = fonts->typeset("\\overrightarrow{ABCD}", false, 10);
    const MathBox abcd = fonts->typeset("ABCD", false, 10);
    EXPECT_TRUE(arrow.rules.empty());
    EXPECT_GE(accent_width(arrow, *fonts, "ABCD"), abcd.width - 0.5);
    EXPECT_GT(arrow.height, abcd.height);
    // Braces grow too, their scripts above or below them; \underline is a rule.
    const MathBox brace = fonts->typeset("\\underbrace{a+b+c}_{n}", false, 10);
    const MathBox abc = fonts->typeset("a+b+c", false, 10);
    ASSERT_FALSE(glyph_codes_saying(brace, *fonts, "\u23DF").empty());
    const MathGlyph& n = brace.glyphs.back();
    EXPECT_EQ(fonts->glyph_text(n.cp), "n");
    EXPECT_LT(n.y + 3, -abc.depth) << "the subscript under the brace";
    EXPECT_LT(n.x, abc.width / 2) << "centred, not after the brace";
    EXPECT_GE(accent_width(brace, *fonts, "abc+\u2212n"), abc.width - 0.5);
    const MathBox line = fonts->typeset("\\underline{x}", false, 10);
    ASSERT_EQ(line.rules.size(), 1u);
    EXPECT_LT(line.rules[0].y, 0);
    // \vec is an accent-sized arrow of the font, not the arrow scaled.
    const MathBox vec = fonts->typeset("\\vec{v}", false, 10);
    ASSERT_EQ(vec.glyphs.size(), 2u);
    EXPECT_EQ(fonts->glyph_text(vec.glyphs[0].cp), "v");
    EXPECT_EQ(vec.glyphs[1].size, 10);
    EXPECT_TRUE(is_glyph_code(vec.glyphs[1].cp));
}

TEST_F(Typeset, GlyphsAreCharactersOfTheBasicPlane) {
    const MathBox b = fonts->typeset(
        "\\sqrt{\\frac{\\sum_{i=1}^n x_i}{n}} \\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", true, 10);
    EXPECT_FALSE(b.glyphs.empty());
    for (const MathGlyph& g : b.glyphs) EXPECT_LT(g.cp, 0x10000u);
}

}  // namespace
}  // namespace handout
