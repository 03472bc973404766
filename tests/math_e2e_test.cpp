// Maths end to end: the real `handout` prints formulas (read back with
// poppler-utils: the fonts embedded, the text copyable), the quiz page shows
// them as MathML, `check` locates every mistake at once, and the PDF of a
// worksheet without maths names no maths font.
#include <gtest/gtest.h>

#include "support.hpp"

namespace handout {
namespace {

using test::quote;
using test::run;

const std::string data = std::string(HANDOUT_TEST_DATA) + "/math/";

TEST(MathEndToEnd, ThePdfEmbedsTheMathsFontsAndItsTextCopies) {
    test::TempDir dir("math-e2e");
    const auto r = run(std::string(HANDOUT_BINARY) + " render " + quote(data + "maths.yaml") + " -o " +
                       quote(dir / "m.pdf"));
    ASSERT_EQ(r.status, 0) << r.out;
    const auto fonts = run("pdffonts " + quote(dir / "m.pdf"));
    EXPECT_NE(fonts.out.find("DejaVuMathTeXGyre"), std::string::npos) << fonts.out;
    EXPECT_NE(fonts.out.find("DejaVuSerif-Italic"), std::string::npos) << fonts.out;
    const auto text = run("pdftotext -f 1 -l 1 " + quote(dir / "m.pdf") + " -");
    ASSERT_EQ(text.status, 0);
    // Characters of formulas, as the maths font and the italic face print them.
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

TEST(MathEndToEnd, AWorksheetWithoutMathsNamesNoMathsFont) {
    test::TempDir dir("math-none");
    const auto r = run(std::string(HANDOUT_BINARY) + " render " +
                       quote(std::string(HANDOUT_SOURCE_DIR) + "/worksheets/forces-and-motion.yaml") +
                       " -o " + quote(dir / "f.pdf"));
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(run("pdffonts " + quote(dir / "f.pdf")).out.find("DejaVuMath"), std::string::npos);
}

}  // namespace
}  // namespace handout
