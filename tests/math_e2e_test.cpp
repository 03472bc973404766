// Maths end to end: the real `handout` prints formulas (read back with
// poppler-utils: the fonts embedded, the text copyable), the quiz page shows
// them as MathML, `check` locates every mistake at once, and the PDF of a
// worksheet without maths names no maths font.
#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "handout/fonts.hpp"
#include "handout/math.hpp"
#include "handout/render.hpp"
#include "support.hpp"

namespace handout {
namespace {

using test::quote;
using test::run;

const std::string data = std::string(HANDOUT_TEST_DATA) + "/math/";

/// The handout formulas of tests/data/math/formulas.tsv (its second column).
std::vector<std::string> textbook_formulas() {
    std::ifstream in(data + "formulas.tsv");
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        const std::size_t tab = line.find('\t');
        out.push_back(line.substr(tab + 1, line.find('\t', tab + 1) - tab - 1));
    }
    return out;
}

TEST(MathEndToEnd, ThePdfEmbedsTheMathsFontsAndItsTextCopies) {
    test::TempDir dir("math-e2e");
    const auto r = run(std::string(HANDOUT_BINARY) + " render " + quote(data + "maths.yaml") + " -o " +
                       quote(dir / "m.pdf"));
    ASSERT_EQ(r.status, 0) << r.out;
    const auto fonts = run("pdffonts " + quote(dir / "m.pdf"));
    EXPECT_NE(fonts.out.find("HandoutMathLM-Regular"), std::string::npos) << fonts.out;
    const auto text = run("pdftotext -f 1 -l 1 " + quote(dir / "m.pdf") + " -");
    ASSERT_EQ(text.status, 0);
    // Characters of formulas, as the maths font prints them (its italic letters copy as letters).
    for (const char* piece :
         {"\u2260", "\u2192", "\u221A", "\u2211", "\u222B", "\u03B1", "\u03C0", "2H", "SO"})
        EXPECT_NE(text.out.find(piece), std::string::npos) << piece << " not in:\n" << text.out;
    // The source of a formula never prints.
    EXPECT_EQ(text.out.find("\\frac"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("A price of $5 stays a price."), std::string::npos) << text.out;
}

TEST(MathEndToEnd, TheQuizShowsMathML) {
    test::TempDir dir("math-quiz");
    const auto r = run(std::string(HANDOUT_BINARY) + " html " + quote(data + "maths.yaml") + " -o " +
                       quote(dir / "q.html"));
    ASSERT_EQ(r.status, 0) << r.out;
    const std::string page = test::slurp(dir / "q.html");
    EXPECT_NE(page.find("math alttext=\\\"\\\\frac{x^2 - 1}{x + 1}\\\""), std::string::npos);
    EXPECT_NE(page.find("mfrac"), std::string::npos);
    EXPECT_NE(page.find("msqrt"), std::string::npos);
    EXPECT_EQ(page.find("<script src"), std::string::npos);
}

// The MathML of each of the 64 textbook formulas parses, and each script,
// fraction and root element has the children MathML requires (two; three for
// sub- and superscript together): an operator name's U+2061 goes after its
// scripts, never inside them (`\log_b x` once gave <msub> three children,
// which QTI's MathML schema refused).
TEST(MathEndToEnd, EveryTextbookFormulasMathMLHasScriptsOfTheRightArity) {
    const std::vector<std::string> formulas = textbook_formulas();
    for (const std::string& formula : formulas) {
        const std::string ml = math_to_mathml(formula, false);
        pugi::xml_document doc;
        ASSERT_TRUE(doc.load_string(ml.c_str())) << formula << "\n" << ml;
        std::function<void(pugi::xml_node)> walk = [&](pugi::xml_node n) {
            const std::string name = n.name();
            std::size_t children = 0;
            for (auto c : n.children())
                if (c.type() == pugi::node_element) ++children;
            if (name == "msub" || name == "msup" || name == "munder" || name == "mover" || name == "mfrac" ||
                name == "mroot") {
                EXPECT_EQ(children, 2u) << formula << ": <" << name << "> in " << ml;
            }
            if (name == "msubsup" || name == "munderover") {
                EXPECT_EQ(children, 3u) << formula << ": <" << name << "> in " << ml;
            }
            for (auto c : n.children()) walk(c);
        };
        walk(doc.document_element());
    }
    EXPECT_EQ(formulas.size(), 64u);
}

// QTI 2.1 items hold MathML: each formula of an exported item is a <math>
// element in MathML's namespace, with its source as alttext.
TEST(MathEndToEnd, QtiCarriesFormulasAsMathML) {
    test::TempDir dir("math-qti");
    const auto out = run(std::string(HANDOUT_BINARY) + " export " + quote(data + "maths.yaml") +
                         " --to qti -o " + quote(dir / "m.zip"));
    ASSERT_EQ(out.status, 0) << out.out;
    const auto item =
        run("python3 -c \"import zipfile,sys; print(zipfile.ZipFile(sys.argv[1]).read("
            "'items/item-1.xml').decode())\" " +
            quote(dir / "m.zip"));
    ASSERT_EQ(item.status, 0) << item.out;
    EXPECT_NE(item.out.find(
                  "<math xmlns=\"http://www.w3.org/1998/Math/MathML\" alttext=\"\\frac{x^2 - 1}{x + 1}\">"),
              std::string::npos)
        << item.out;
    EXPECT_NE(item.out.find("<mfrac>"), std::string::npos);
    EXPECT_EQ(item.out.find("\\("), std::string::npos) << "no TeX delimiters in QTI";
}

TEST(MathEndToEnd, CheckLocatesEveryMistakeAtOnce) {
    const auto r = run(std::string(HANDOUT_BINARY) + " check " + quote(data + "bad-maths.yaml"));
    EXPECT_EQ(r.status, 1) << r.out;
    for (const char* line : {"bad-maths.yaml:5:19: error: unknown command '\\fracc' (did you mean 'frac'?)",
                             "bad-maths.yaml:5:34: error: missing argument after '\\sqrt'",
                             "bad-maths.yaml:5:46: error: unknown command '\\alpa' (did you mean 'alpha'?)",
                             "bad-maths.yaml:6:16: error: '\\left' without '\\right'",
                             "bad-maths.yaml:8:46: error: unknown command '\\foo' in \\ce"})
        EXPECT_NE(r.out.find(line), std::string::npos) << line << " not in:\n" << r.out;
}

TEST(MathEndToEnd, MoodleXmlCarriesFormulasAsTeXAndTheyComeBackAsDollars) {
    test::TempDir dir("math-moodle");
    const auto out = run(std::string(HANDOUT_BINARY) + " export " + quote(data + "maths.yaml") +
                         " --to moodle-xml -o " + quote(dir / "m.xml"));
    ASSERT_EQ(out.status, 0) << out.out;
    const std::string xml = test::slurp(dir / "m.xml");
    EXPECT_NE(xml.find("\\(\\frac{x^2 - 1}{x + 1}\\)"), std::string::npos) << xml;
    EXPECT_NE(xml.find("\\[\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\\]"), std::string::npos) << xml;
    const auto back = run(std::string(HANDOUT_BINARY) + " import " + quote(dir / "m.xml") + " -o " +
                          quote(dir / "back.yaml"));
    ASSERT_EQ(back.status, 0) << back.out;
    const std::string yaml = test::slurp(dir / "back.yaml");
    EXPECT_NE(yaml.find("$\\frac{x^2 - 1}{x + 1}$"), std::string::npos) << yaml;
    EXPECT_NE(yaml.find("$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$"), std::string::npos) << yaml;
}

TEST(MathLayout, AFormulaWiderThanItsLineShrinksToItAndATallOneMakesRoom) {
    Diagnostics diags;
    auto p = prepare(data + "wide.yaml", "", HANDOUT_SOURCE_DIR, diags);
    ASSERT_TRUE(p) << diags.format();
    Document doc;
    layout_seed(*p, 0, LayoutOptions{}, doc);
    ASSERT_FALSE(doc.pages.empty());
    EXPECT_FALSE(doc.fonts[static_cast<std::size_t>(math_font_slot)].empty());
    const double right = p->style.page_width - p->style.margin_right;
    int maths_runs = 0, bars = 0;
    for (const Item& item : doc.pages[0].items) {
        if (const auto* run = std::get_if<TextRun>(&item)) {
            if (run->font != math_font_slot) continue;
            ++maths_runs;
            EXPECT_LE(run->x, right) << run->text;
        }
        if (const auto* solid = std::get_if<Solid>(&item); solid != nullptr && solid->h < 2) {
            ++bars;  // the fraction bars (corner marks are larger squares)
            EXPECT_GE(solid->h, 0.5);
            EXPECT_LE(solid->x + solid->w, right);
        }
    }
    EXPECT_GT(maths_runs, 20);
    EXPECT_GE(bars, 3);
}

// Every glyph the 64 textbook formulas print is one libharu 2.3.0 prints
// whole (no nested composite glyph, whose parts it loses) in its face.
TEST(MathLayout, EveryGlyphOfTheTextbookFormulasPrintsWhole) {
    const std::string math_path = MathFonts::find(std::string(HANDOUT_SOURCE_DIR) + "/fonts");
    const auto fonts = MathFonts::load(math_path);
    const FontFace face = FontFace::load(math_path);
    const std::vector<std::string> formulas = textbook_formulas();
    for (const std::string& formula : formulas) {
        for (const MathGlyph& g : fonts->typeset(formula, true, 10).glyphs) {
            if (is_glyph_code(g.cp))  // a size variant, a part, an italic letter
                EXPECT_LT(g.cp - glyph_code_base, face.glyph_count()) << formula;
            else
                EXPECT_TRUE(face.covers(g.cp))
                    << formula << ": U+" << std::hex << static_cast<unsigned>(g.cp);
        }
    }
    EXPECT_EQ(formulas.size(), 64u);
}

// Tall delimiters, roots, displayed operators and wide accents print the
// font's size variants by glyph code; the PDF's text still says what they are.
TEST(MathEndToEnd, SizeVariantsCopyAsTheirCharacters) {
    test::TempDir dir("math-tall");
    const auto r = run(std::string(HANDOUT_BINARY) + " render " + quote(data + "tall.yaml") + " -o " +
                       quote(dir / "t.pdf"));
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(r.out.find("warning"), std::string::npos) << r.out;
    EXPECT_EQ(run("qpdf --check " + quote(dir / "t.pdf")).status, 0);
    const auto text = run("pdftotext -f 1 -l 1 " + quote(dir / "t.pdf") + " -");
    ASSERT_EQ(text.status, 0);
    for (const char* piece : {"(", ")", "[", "]", "\u221A", "\u2211", "\u222B"})
        EXPECT_NE(text.out.find(piece), std::string::npos) << piece << " not in:\n" << text.out;
    // An assembled bracket says `[` once; its other parts, shared with `⌈` and `⌊`, say nothing.
    for (const char* piece : {"\u2308", "\u2309", "\u230A", "\u230B", "\u23A1", "\u23A3"})
        EXPECT_EQ(text.out.find(piece), std::string::npos) << piece << " in:\n" << text.out;
    // No glyph code leaks into the text (U+E000…U+F8FF are EE 80 80 … EF A3 BF in UTF-8).
    for (std::size_t i = 0; i + 1 < text.out.size(); ++i) {
        const auto lead = static_cast<unsigned char>(text.out[i]);
        const auto next = static_cast<unsigned char>(text.out[i + 1]);
        EXPECT_FALSE(lead == 0xEE || (lead == 0xEF && next < 0xA4)) << "a private-use character in:\n"
                                                                    << text.out;
    }
}

// A formula wider than its line is shrunk to it, and said so where it is
// written: by check (the master copy laid out) and by render.
TEST(MathEndToEnd, AFormulaShrunkToItsLineIsALocatedWarning) {
    // At its `$`, placed as the loader places a formula's errors (the
    // quote that opens the YAML string is not counted).
    const std::string expected =
        "wide.yaml:5:20: warning: formula too wide for its line: it is 534 pt wide, its line 462 pt, so it "
        "prints at 86 % of its size";
    const auto check = run(std::string(HANDOUT_BINARY) + " check " + quote(data + "wide.yaml"));
    EXPECT_EQ(check.status, 0) << check.out;
    EXPECT_NE(check.out.find(expected), std::string::npos) << check.out;
    EXPECT_EQ(check.out.find("too wide", check.out.find("too wide") + 1), std::string::npos)
        << "the fraction in an option fits: one warning\n"
        << check.out;
    test::TempDir dir("math-wide");
    const auto render = run(std::string(HANDOUT_BINARY) + " render " + quote(data + "wide.yaml") + " -o " +
                            quote(dir / "w.pdf"));
    EXPECT_EQ(render.status, 0) << render.out;
    EXPECT_NE(render.out.find(expected), std::string::npos) << render.out;
    // A worksheet whose formulas fit has nothing to say.
    const auto fits = run(std::string(HANDOUT_BINARY) + " check " + quote(data + "maths.yaml"));
    EXPECT_EQ(fits.out.find("too wide"), std::string::npos) << fits.out;
}

TEST(MathEndToEnd, CheckReadsAFormulasCharactersWithTheMathsFonts) {
    const auto r = run(std::string(HANDOUT_BINARY) + " check " + quote(data + "formula-coverage.yaml"));
    EXPECT_EQ(r.status, 1) << r.out;
    for (const char* line : {"formula-coverage.yaml:11:19: error: character '\u4E2D' (U+4E2D) in a formula "
                             "is not in the maths font "
                             "Latin Modern Math",
                             "formula-coverage.yaml:11:35: error: character '\u2603' (U+2603) in a formula "
                             "is not in the maths font "
                             "Latin Modern Math"})
        EXPECT_NE(r.out.find(line), std::string::npos) << line << " not in:\n" << r.out;
    EXPECT_NE(r.out.find("2 errors"), std::string::npos) << r.out;  // nothing from line 8
}

TEST(MathEndToEnd, TheKeyWritesNumbersInENotationInStandardForm) {
    test::TempDir dir("math-standard-form");
    const auto r = run(std::string(HANDOUT_BINARY) + " render " + quote(data + "standard-form.yaml") +
                       " -o " + quote(dir / "s.pdf"));
    ASSERT_EQ(r.status, 0) << r.out;
    const auto key = run("pdftotext -layout -f 2 -l 2 " + quote(dir / "s.pdf") + " -");
    ASSERT_EQ(key.status, 0);
    // The exponent is a superscript: pdftotext puts it after 10 on the line.
    for (const char* line : {"3 \u00d7 108", "1.602 \u00d7 10\u221219",
                             "6.022 \u00d7 1023 \u00b1 1 \u00d7 1021 per mol", "9.81 m/s\u00b2"})
        EXPECT_NE(key.out.find(line), std::string::npos) << line << " not in:\n" << key.out;
    EXPECT_EQ(key.out.find("3e8"), std::string::npos) << key.out;
    EXPECT_NE(run("pdffonts " + quote(dir / "s.pdf")).out.find("HandoutMathLM"), std::string::npos);
}

TEST(MathEndToEnd, AWorksheetWithoutMathsNamesNoMathsFont) {
    test::TempDir dir("math-none");
    const auto r = run(std::string(HANDOUT_BINARY) + " render " +
                       quote(std::string(HANDOUT_SOURCE_DIR) + "/worksheets/forces-and-motion.yaml") +
                       " -o " + quote(dir / "f.pdf"));
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(run("pdffonts " + quote(dir / "f.pdf")).out.find("HandoutMathLM"), std::string::npos);
}

}  // namespace
}  // namespace handout
