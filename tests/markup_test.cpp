// Inline markup: parsing `**bold**`, `*italic*` and `code` into spans, the
// printed text, warnings for markup that prints literally, and wrapping
// spans into lines of positioned runs.
#include "handout/markup.hpp"
#include "handout/wrap.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "handout/layout.hpp"

namespace handout {
namespace {

using F = FontStyle;
using Spans = std::vector<Span>;

const std::string fonts_dir = std::string(HANDOUT_SOURCE_DIR) + "/fonts";

/// The default page style's five faces (Lato and Liberation Mono), loaded once.
FontSet load_default_fonts() {
    const PageStyle style;
    return FontSet::load(fonts_dir, style);
}
const FontSet& fonts() {
    static const FontSet set = load_default_fonts();
    return set;
}

constexpr double size = 11;

/// Width of a line as painted: each run measured in its own font.
double line_width(const std::vector<PlacedRun>& line) {
    double w = 0;
    for (const PlacedRun& run : line) w += fonts().width(run.font, run.text, size);
    return w;
}

/// The text of the lines, lines joined by `separator`.
std::string joined(const std::vector<std::vector<PlacedRun>>& lines, const std::string& separator) {
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i > 0) out += separator;
        for (const PlacedRun& run : lines[i]) out += run.text;
    }
    return out;
}

/// `text` with whitespace runs folded to one space and trimmed.
std::string folded(const std::string& text) {
    std::string out;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

/// `text` without any whitespace.
std::string without_spaces(const std::string& text) {
    std::string out;
    for (char c : text)
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out += c;
    return out;
}

/// A paragraph with every kind of markup, words changing font inside, and
/// non-ASCII text.
const std::string paragraph =
    "Which **loop** runs *at least once*, even when its `condition` is false? Think of "
    "`do { … } while (x)` in C, the **un**conditional *jump*, and ***both*** of them "
    "— **Größe *Ω* Ж** — before you answer; `i += 1` is fine \\* here.";

// ---------------------------------------------------------------- parse_markup

// Proves text without markup is one regular span, and empty text no span.
TEST(ParseMarkup, PlainTextIsOneRegularSpan) {
    EXPECT_EQ(parse_markup("just text"), (Spans{{"just text", F::regular}}));
    EXPECT_EQ(parse_markup(""), Spans{});
}

// Proves double stars make bold, single stars italic, backticks mono, with
// the text around them regular.
TEST(ParseMarkup, BoldItalicAndCodeEachGetTheirFont) {
    EXPECT_EQ(parse_markup("a **b** c"), (Spans{{"a ", F::regular}, {"b", F::bold}, {" c", F::regular}}));
    EXPECT_EQ(parse_markup("a *b* c"), (Spans{{"a ", F::regular}, {"b", F::italic}, {" c", F::regular}}));
    EXPECT_EQ(parse_markup("a `b` c"), (Spans{{"a ", F::regular}, {"b", F::mono}, {" c", F::regular}}));
}

// Proves fonts are relative to the base: a bold heading's italic becomes
// bold italic, its bold stays bold (and merges with the rest), code stays mono.
TEST(ParseMarkup, FontsAreRelativeToTheBase) {
    EXPECT_EQ(parse_markup("a *b* **c** `d`", F::bold),
              (Spans{{"a ", F::bold}, {"b", F::bold_italic}, {" c ", F::bold}, {"d", F::mono}}));
    EXPECT_EQ(parse_markup("a **b**", F::italic), (Spans{{"a ", F::italic}, {"b", F::bold_italic}}));
}

// Proves `\*`, `\`` and `\\` print the character itself and never act as
// markup, and a backslash before anything else prints as itself.
TEST(ParseMarkup, EscapesPrintTheCharacterItself) {
    EXPECT_EQ(parse_markup(R"(2 \* 3 = 6, \*not italic\*, \`x\`, a\\b, C:\path)"),
              (Spans{{R"(2 * 3 = 6, *not italic*, `x`, a\b, C:\path)", F::regular}}));
    EXPECT_EQ(parse_markup(R"(\\*a*)"), (Spans{{"\\", F::regular}, {"a", F::italic}}));
}

// Proves nothing inside code is markup and a backslash there is literal,
// so `\` ends a code span at the next backtick.
TEST(ParseMarkup, CodeHasNoMarkupInsideAndLiteralBackslashes) {
    EXPECT_EQ(parse_markup(R"(`**x** *y* \n` and `a\`)"),
              (Spans{{R"(**x** *y* \n)", F::mono}, {" and ", F::regular}, {R"(a\)", F::mono}}));
    EXPECT_EQ(parse_markup("*a `b*` c*"), (Spans{{"a ", F::italic}, {"b*", F::mono}, {" c", F::italic}}));
}

// Proves stars and backticks that pair with nothing print literally, with
// no text lost, including stars between spaces (`2 * 3`).
TEST(ParseMarkup, UnmatchedMarkersPrintLiterally) {
    EXPECT_EQ(parse_markup("**bold"), (Spans{{"**bold", F::regular}}));
    EXPECT_EQ(parse_markup("bold**"), (Spans{{"bold**", F::regular}}));
    EXPECT_EQ(parse_markup("a *b"), (Spans{{"a *b", F::regular}}));
    EXPECT_EQ(parse_markup("a `b"), (Spans{{"a `b", F::regular}}));
    EXPECT_EQ(parse_markup("2 * 3 * 4"), (Spans{{"2 * 3 * 4", F::regular}}));
    EXPECT_EQ(parse_markup("*"), (Spans{{"*", F::regular}}));
    EXPECT_EQ(parse_markup("`"), (Spans{{"`", F::regular}}));
    EXPECT_EQ(parse_markup("***a**"), (Spans{{"*", F::regular}, {"a", F::bold}}));
    EXPECT_EQ(parse_markup("**a*"), (Spans{{"*", F::regular}, {"a", F::italic}}));
}

// Proves nested emphasis: triple stars are bold italic, a closing triple
// ends an inner italic and an outer bold at once, and emphasis nests either way.
TEST(ParseMarkup, NestedEmphasisCombinesBoldAndItalic) {
    EXPECT_EQ(parse_markup("***x***"), (Spans{{"x", F::bold_italic}}));
    EXPECT_EQ(parse_markup("**bold *both***"), (Spans{{"bold ", F::bold}, {"both", F::bold_italic}}));
    EXPECT_EQ(parse_markup("*a **b** c*"), (Spans{{"a ", F::italic}, {"b", F::bold_italic}, {" c", F::italic}}));
    EXPECT_EQ(parse_markup("***a* b**"), (Spans{{"a", F::bold_italic}, {" b", F::bold}}));
    EXPECT_EQ(parse_markup("*foo**bar**baz*"),
              (Spans{{"foo", F::italic}, {"bar", F::bold_italic}, {"baz", F::italic}}));
}

// Proves a word can change font inside (`**un**conditional`).
TEST(ParseMarkup, EmphasisCanEndInsideAWord) {
    EXPECT_EQ(parse_markup("**un**conditional"), (Spans{{"un", F::bold}, {"conditional", F::regular}}));
}

// Proves multi-byte UTF-8 inside and around markup comes through intact.
TEST(ParseMarkup, Utf8InsideMarkupIsKept) {
    EXPECT_EQ(parse_markup("**Größe** *Ω* `ß` — Ж"),
              (Spans{{"Größe", F::bold}, {" ", F::regular}, {"Ω", F::italic}, {" ", F::regular}, {"ß", F::mono},
                     {" — Ж", F::regular}}));
}

// Proves empty markers print as they are: `****`, `** **`, and an empty
// code span.
TEST(ParseMarkup, EmptyMarkersPrintLiterally) {
    EXPECT_EQ(parse_markup("****"), (Spans{{"****", F::regular}}));
    EXPECT_EQ(parse_markup("a **** b"), (Spans{{"a **** b", F::regular}}));
    EXPECT_EQ(parse_markup("** **"), (Spans{{"** **", F::regular}}));
    EXPECT_EQ(parse_markup("a `` b"), (Spans{{"a `` b", F::regular}}));
}

// Proves neighbouring spans of one font merge into one span.
TEST(ParseMarkup, AdjacentSpansOfOneFontAreMerged) {
    EXPECT_EQ(parse_markup("`a``b`"), (Spans{{"ab", F::mono}}));
    EXPECT_EQ(parse_markup("x **y** z", F::bold), (Spans{{"x y z", F::bold}}));
    EXPECT_EQ(parse_markup("*a**b*"), (Spans{{"a**b", F::italic}}));
}

// Proves markup never loses or invents text: over many generated strings of
// letters, spaces, stars, backticks and UTF-8, the printed text with stars
// and backticks taken out equals the source with them taken out (no
// backslashes here, so no escapes).
TEST(ParseMarkup, NoTextIsLostOrInventedInGeneratedStrings) {
    const std::vector<std::string> alphabet = {"a", "b", " ", "*", "*", "`", "é", "Ж"};
    std::uint32_t state = 12345;  // a fixed LCG: the same strings everywhere
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    const auto strip = [](const std::string& t) {
        std::string out;
        for (char c : t)
            if (c != '*' && c != '`') out += c;
        return out;
    };
    for (int n = 0; n < 3000; ++n) {
        std::string text;
        const std::uint32_t length = next() % 16;
        for (std::uint32_t i = 0; i < length; ++i) text += alphabet[next() % alphabet.size()];
        ASSERT_EQ(strip(plain_text(text)), strip(text)) << text;
        for (const auto& line : wrap_spans(parse_markup(text), fonts(), size, 20))
            ASSERT_LE(line_width(line), 20 + 1e-9) << text;
    }
}

// ---------------------------------------------------------------- plain_text

// Proves plain_text removes markup and resolves escapes, keeping everything
// else byte for byte.
TEST(PlainText, RemovesMarkupAndResolvesEscapes) {
    EXPECT_EQ(plain_text(R"(**Bold** and *it* with `co*de\` and \* star, **open)"),
              R"(Bold and it with co*de\ and * star, **open)");
    EXPECT_EQ(plain_text("Größe — Ж"), "Größe — Ж");
    EXPECT_EQ(plain_text(""), "");
}

// Proves maths survives: a star between two digits is a times sign, never
// emphasis, on the sheet, the key and the quiz alike (they all print
// parse_markup's spans), and nothing is reported about it.
TEST(ParseMarkup, StarsBetweenDigitsAreTimesSigns) {
    for (const char* maths : {"What is 3*3 + 9*60?", "2*4*1 = 8", "10**2 = 100", "3*3*3"}) {
        EXPECT_EQ(plain_text(maths), maths);
        EXPECT_EQ(parse_markup(maths).size(), 1u) << maths;
        EXPECT_TRUE(markup_problems(maths).empty()) << maths;
    }
    // Emphasis right beside numbers still works when it is flanked right.
    EXPECT_EQ(plain_text("*3* apples and **12**"), "3 apples and 12");
}

// Proves CommonMark's flanking rules with punctuation: a star run between
// a letter and punctuation cannot open, one between punctuation and a
// letter cannot close.
TEST(ParseMarkup, FlankingFollowsCommonMarkWithPunctuation) {
    EXPECT_EQ(plain_text("a*\"b\"*c"), "a*\"b\"*c");
    EXPECT_EQ(plain_text("*\"quoted\"*"), "\"quoted\"");
    EXPECT_EQ(plain_text("say *hello*, then"), "say hello, then");
    EXPECT_EQ(plain_text("price*s* and 5*"), "prices and 5*");
}

// Proves a star next to a digit that markup takes as emphasis is reported
// (maths that markup would eat), at the star, with a hint to escape it.
TEST(MarkupProblems, AStarNextToADigitThatMarkupEatsIsReported) {
    const auto problems = markup_problems("Simplify 2*x + 3*y");
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0].first, 10u);
    EXPECT_NE(problems[0].second.find("next to a digit"), std::string::npos) << problems[0].second;
    EXPECT_NE(problems[0].second.find("\\*"), std::string::npos) << problems[0].second;
    EXPECT_EQ(problems[1].first, 16u);
    EXPECT_EQ(plain_text("Simplify 2\\*x + 3\\*y"), "Simplify 2*x + 3*y");
    EXPECT_TRUE(markup_problems("Simplify 2\\*x + 3\\*y").empty());
}

// ---------------------------------------------------------------- markup_problems

// Proves well-formed markup, escapes and stars between spaces raise nothing.
TEST(MarkupProblems, WellFormedMarkupHasNone) {
    EXPECT_TRUE(markup_problems("fine **b** *i* `c` \\* and 2 * 3").empty());
    EXPECT_TRUE(markup_problems(paragraph).empty());
}

// Proves an unclosed `**` and an unclosed backtick are reported at their
// byte offsets, with a message saying what prints and how to fix it.
TEST(MarkupProblems, UnclosedMarkersAreReportedAtTheirOffsets) {
    const auto problems = markup_problems("Größe **bold and `code");
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0].first, 8u);  // "Größe " is 8 bytes
    EXPECT_NE(problems[0].second.find("unclosed '**'"), std::string::npos) << problems[0].second;
    EXPECT_NE(problems[0].second.find("\\*"), std::string::npos) << problems[0].second;
    EXPECT_EQ(problems[1].first, 19u);
    EXPECT_NE(problems[1].second.find("unclosed '`'"), std::string::npos) << problems[1].second;
}

// Proves leftover stars of a partly used run are reported where they are:
// the outer star of an opener, the outer star of a closer.
TEST(MarkupProblems, LeftoverStarsArePointedAt) {
    auto problems = markup_problems("***a**");
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].first, 0u);
    problems = markup_problems("**a***");
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].first, 5u);
    EXPECT_NE(problems[0].second.find("closes nothing"), std::string::npos) << problems[0].second;
}

// ---------------------------------------------------------------- wrap_spans

// Proves no line is wider than the width, measuring each run in its own
// font, at widths from narrow to wide.
TEST(WrapSpans, LinesNeverExceedTheWidth) {
    const Spans spans = parse_markup(paragraph);
    for (double width : {40.0, 60.0, 95.5, 150.0, 240.0, 483.28}) {
        const auto lines = wrap_spans(spans, fonts(), size, width);
        ASSERT_FALSE(lines.empty());
        for (const auto& line : lines) EXPECT_LE(line_width(line), width + 1e-9) << "width " << width;
    }
}

// Proves a narrower first line (room for the points beside a prompt): the
// first line keeps to `first_width`, the others to `width`, no text is
// lost; a first word too wide for the first line but not for a whole one
// leaves the first line empty, and a word wider than a whole line breaks at
// the first width.
TEST(WrapSpans, TheFirstLineCanBeNarrower) {
    const Spans spans = parse_markup(paragraph);
    const std::string all = joined(wrap_spans(spans, fonts(), size, 1e9), " ");
    for (double first : {60.0, 150.0, 240.0}) {
        const auto lines = wrap_spans(spans, fonts(), size, 240, first);
        ASSERT_GT(lines.size(), 1u);
        EXPECT_FALSE(lines[0].empty());
        EXPECT_LE(line_width(lines[0]), first + 1e-9) << "first width " << first;
        for (std::size_t i = 1; i < lines.size(); ++i) EXPECT_LE(line_width(lines[i]), 240 + 1e-9);
        EXPECT_EQ(joined(lines, " "), all) << first;
    }
    const auto lines = wrap_spans(spans, fonts(), size, 240, 5);  // "Which" needs more
    ASSERT_GT(lines.size(), 2u);
    EXPECT_TRUE(lines[0].empty());
    EXPECT_EQ(joined(std::vector(lines.begin() + 1, lines.end()), " "), all);
    EXPECT_EQ(wrap_spans(spans, fonts(), size, 240, -1), wrap_spans(spans, fonts(), size, 240));
    const auto broken = wrap_spans(parse_markup("ЖЖЖЖЖЖЖЖЖЖЖЖ"), fonts(), size, 50, 30);
    ASSERT_GT(broken.size(), 2u);
    EXPECT_FALSE(broken[0].empty());
    EXPECT_LE(line_width(broken[0]), 30 + 1e-9);
}

// Proves every printed character survives in order: joined with spaces the
// lines give the printed text with whitespace folded (no word here is wider
// than the lines), and no line starts or ends with a space.
TEST(WrapSpans, EveryCharacterIsKeptInOrder) {
    const std::string text = "  lead  " + paragraph + "\n\ttrail  ";
    const Spans spans = parse_markup(text);
    for (double width : {150.0, 240.0, 483.28}) {
        const auto lines = wrap_spans(spans, fonts(), size, width);
        EXPECT_EQ(joined(lines, " "), folded(plain_text(text))) << "width " << width;
        for (const auto& line : lines) {
            ASSERT_FALSE(line.empty());
            EXPECT_NE(line.front().text.front(), ' ');
            EXPECT_NE(line.back().text.back(), ' ');
        }
    }
}

// Proves a word wider than a line is broken between characters, never
// inside a UTF-8 sequence, and nothing is lost.
TEST(WrapSpans, LongWordsBreakBetweenCharacters) {
    const std::string text = "**ЖЖЖЖЖЖ**ЖЖЖЖЖЖ`ЖЖЖЖЖЖ` ok";
    const auto lines = wrap_spans(parse_markup(text), fonts(), size, 30);
    ASSERT_GT(lines.size(), 3u);
    for (const auto& line : lines) {
        EXPECT_LE(line_width(line), 30 + 1e-9);
        for (const PlacedRun& run : line) {
            std::u32string decoded;
            EXPECT_TRUE(decode_utf8(run.text, decoded)) << run.text;
        }
    }
    EXPECT_EQ(without_spaces(joined(lines, "")), without_spaces(plain_text(text)));
}

// Proves a word of 300,000 characters (no limit lets one through, but the
// breaking must not depend on that) is cut into full lines in one pass:
// every line but the last is as full as the width allows, nothing is lost.
// Cutting the rest again from its start after every line took minutes
// here; ctest's timeout fails it.
TEST(WrapSpans, AVeryLongWordIsBrokenInOnePass) {
    const std::string word = std::string(150'000, '7') + std::string(150'000, 'x');
    const auto lines = wrap_spans(parse_markup(word), fonts(), size, 200);
    ASSERT_GT(lines.size(), 1000u);
    const double digit = fonts().width(F::regular, "7", size), x = fonts().width(F::regular, "x", size);
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) EXPECT_GT(line_width(lines[i]), 200 - std::max(digit, x));
    EXPECT_EQ(joined(lines, ""), word);
    const auto plain = wrap_text(word, fonts(), F::regular, size, 200);
    ASSERT_EQ(plain.size(), lines.size());
    std::string rejoined;
    for (const auto& line : plain) rejoined += line;
    EXPECT_EQ(rejoined, word);
}

// Proves a word whose font changes inside it stays whole: it moves to the
// next line as a unit, as two runs side by side.
TEST(WrapSpans, WordChangingFontMidWordStaysTogether) {
    const FontSet& f = fonts();
    const double width = f.width(F::regular, "aaaa ", size) + f.width(F::bold, "bold", size) + 1;
    const auto lines = wrap_spans(parse_markup("aaaa **bold**ness"), f, size, width);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0], (std::vector<PlacedRun>{{0, "aaaa", F::regular}}));
    ASSERT_EQ(lines[1].size(), 2u);
    EXPECT_EQ(lines[1][0], (PlacedRun{0, "bold", F::bold}));
    EXPECT_EQ(lines[1][1].text, "ness");
    EXPECT_EQ(lines[1][1].font, F::regular);
}

// Proves each run starts where the runs before it on its line end, each
// measured in its own font.
TEST(WrapSpans, RunOffsetsAreTheMeasuredWidthsBefore) {
    for (double width : {120.0, 483.28}) {
        for (const auto& line : wrap_spans(parse_markup(paragraph), fonts(), size, width)) {
            double x = 0;
            for (const PlacedRun& run : line) {
                EXPECT_DOUBLE_EQ(run.x, x) << run.text;
                x += fonts().width(run.font, run.text, size);
            }
        }
    }
}

// Proves code is measured in the mono face: "iii" is wider in Liberation
// Mono than in the regular face, and text after it starts at the mono width.
TEST(WrapSpans, CodeIsMeasuredInMono) {
    const FontSet& f = fonts();
    EXPECT_GT(f.width(F::mono, "iii", size), f.width(F::regular, "iii", size));
    const auto lines = wrap_spans(parse_markup("`iii`x"), f, size, 400);
    ASSERT_EQ(lines.size(), 1u);
    ASSERT_EQ(lines[0].size(), 2u);
    EXPECT_EQ(lines[0][0], (PlacedRun{0, "iii", F::mono}));
    EXPECT_DOUBLE_EQ(lines[0][1].x, f.width(F::mono, "iii", size));
    EXPECT_EQ(lines[0][1].text, "x");
}

// Proves words of one font on a line are one run, and a space takes the
// font of the span it is in.
TEST(WrapSpans, WordsOfOneFontAreOneRunAndSpacesKeepTheirSpansFont) {
    auto lines = wrap_spans(parse_markup("one   two\tthree"), fonts(), size, 400);
    EXPECT_EQ(lines, (std::vector<std::vector<PlacedRun>>{{{0, "one two three", F::regular}}}));
    lines = wrap_spans(parse_markup("**a b** c"), fonts(), size, 400);
    ASSERT_EQ(lines.size(), 1u);
    ASSERT_EQ(lines[0].size(), 2u);
    EXPECT_EQ(lines[0][0].text, "a b");
    EXPECT_EQ(lines[0][1].text, " c");
    EXPECT_EQ(lines[0][1].font, F::regular);
    lines = wrap_spans(parse_markup("**a** **b**"), fonts(), size, 400);
    const double a = fonts().width(F::bold, "a", size);
    EXPECT_EQ(lines, (std::vector<std::vector<PlacedRun>>{
                         {{0, "a", F::bold}, {a, " ", F::regular},
                          {a + fonts().width(F::regular, " ", size), "b", F::bold}}}));
}

// Proves empty or blank text gives one empty line, like wrap_text.
TEST(WrapSpans, EmptyTextIsOneEmptyLine) {
    EXPECT_EQ(wrap_spans({}, fonts(), size, 100), (std::vector<std::vector<PlacedRun>>{{}}));
    EXPECT_EQ(wrap_spans(parse_markup("  \n "), fonts(), size, 100), (std::vector<std::vector<PlacedRun>>{{}}));
}

// ---------------------------------------------------------------- check_coverage

// Proves the coverage check follows the markup: '‖' (U+2016), which Lato
// has and Liberation Mono lacks, passes in plain text and is an error naming
// the mono face inside backticks, located at its first occurrence.
TEST(CheckCoverageWithMarkup, CodeNeedsTheMonoFace) {
    Worksheet ws;
    ws.file = "ws.yaml";
    Section section;
    Question q;
    q.prompt = {"a ‖ b and *c ‖*", {"ws.yaml", 8, 13}};
    section.questions.push_back(q);
    ws.sections.push_back(section);
    Diagnostics plain;
    check_coverage(ws, fonts(), plain);
    EXPECT_TRUE(plain.items().empty()) << plain.format();

    ws.sections[0].questions[0].prompt = {"a ‖ is `x‖y`", {"ws.yaml", 8, 13}};
    Diagnostics code;
    check_coverage(ws, fonts(), code);
    ASSERT_EQ(code.items().size(), 1u) << code.format();
    EXPECT_EQ(code.items()[0].message, "character '‖' (U+2016) is not in the bundled font Liberation Mono");
    EXPECT_EQ(code.items()[0].loc.column, 13 + 2);
}

// Proves a line break written in the text (YAML `|`) starts a new line and
// a blank line stays blank, while a break at the very start or end prints nothing.
TEST(WrapSpans, WrittenLineBreaksAreKept) {
    const auto lines = wrap_spans(parse_markup("\nAnn: Hi.\nBen: Hello.\n\nThe end.\n"), fonts(), size, 400);
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[0], (std::vector<PlacedRun>{{0, "Ann: Hi.", F::regular}}));
    EXPECT_EQ(lines[1], (std::vector<PlacedRun>{{0, "Ben: Hello.", F::regular}}));
    EXPECT_TRUE(lines[2].empty());
    EXPECT_EQ(lines[3], (std::vector<PlacedRun>{{0, "The end.", F::regular}}));
}

// Proves a number and its unit never wrap apart (the text is unchanged: the
// space stays), at every width that splits the line near them, while a word
// that is no unit still wraps.
TEST(WrapSpans, ANumberKeepsItsUnit) {
    EXPECT_TRUE(keeps_with_number("12", "m"));
    EXPECT_TRUE(keeps_with_number("32", "\u00b0C."));
    EXPECT_TRUE(keeps_with_number("(9.81", "m/s\u00b2)"));
    EXPECT_FALSE(keeps_with_number("twelve", "m"));
    EXPECT_FALSE(keeps_with_number("12", "apples"));
    const std::string text = "The box weighs 12 kg and is pulled by 10 N at 32 \u00b0C.";
    for (double width = 40; width <= 400; width += 2) {
        std::string all;
        for (const auto& line : wrap_spans(parse_markup(text), fonts(), size, width)) {
            std::string s;
            for (const auto& run : line) s += run.text;
            EXPECT_NE(s.substr(0, 2), "kg") << width;
            EXPECT_NE(s.substr(0, 2), "N ") << width;
            EXPECT_NE(s.substr(0, 3), "\u00b0") << width;
            all += (all.empty() ? "" : " ") + s;
        }
        EXPECT_EQ(all, text) << width;
    }
    const auto lines = wrap_spans(parse_markup("weighs 12 apples"), fonts(), size, fonts().width(F::regular, "weighs 12 ", size));
    EXPECT_EQ(lines.size(), 2u);
}

// ------------------------------------------------------- wrap_spans: formulas

// Proves a formula (a span with a width of its own) is one piece of its
// word: never cut, measured by its box, kept with the comma after it, and
// placed as a run of its own.
TEST(WrapSpans, AFormulaIsOneUnbreakablePieceOfItsWord) {
    const Spans spans = {{"Solve ", FontStyle::regular},
                         {"$x^2$", FontStyle::regular, 30.0},
                         {", then check it.", FontStyle::regular}};
    const auto wide = wrap_spans(spans, fonts(), size, 1000);
    ASSERT_EQ(wide.size(), 1u);
    ASSERT_EQ(wide[0].size(), 3u);
    EXPECT_EQ(wide[0][1].text, "$x^2$");
    EXPECT_EQ(wide[0][1].box, 30.0);
    EXPECT_DOUBLE_EQ(wide[0][2].x, wide[0][1].x + 30.0);
    // Room for the formula and its comma but not for "Solve" too: they go to
    // the next line together.
    const double room = 30.0 + fonts().width(FontStyle::regular, ",", size) + 0.01;
    const auto narrow =
        wrap_spans(spans, fonts(), size, std::max(room, fonts().width(FontStyle::regular, "Solve", size)));
    ASSERT_GE(narrow.size(), 2u);
    ASSERT_EQ(narrow[1].size(), 2u);
    EXPECT_EQ(narrow[1][0].text, "$x^2$");
    EXPECT_EQ(narrow[1][1].text, ",");
    // Narrower than the formula: it is not cut (the pen shrinks it to the line).
    const auto thin = wrap_spans(spans, fonts(), size, 10);
    bool whole = false;
    for (const auto& line : thin)
        for (const auto& run : line) whole = whole || (run.text == "$x^2$" && run.box == 30.0);
    EXPECT_TRUE(whole);
}

// Proves Chinese text wraps between characters (no space added where it
// breaks, none lost), each line as wide as fits, and no line starts with
// closing punctuation nor ends with an opening bracket; Latin words around
// it still break at spaces only.
TEST(WrapSpans, ChineseWrapsBetweenCharactersByUax14) {
    const std::string text =
        "用一根长20厘米的铁丝正好围成一个边长5厘米的正方形。围成的图形叫做「正方形」，它的四条边都相等。 "
        "well-known words";
    for (double width : {60.0, 80.0, 101.0, 150.0}) {
        const auto lines = wrap_spans(parse_markup(text), fonts(), size, width);
        ASSERT_GT(lines.size(), 1u);
        std::string joined;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            std::string line;
            for (const PlacedRun& run : lines[i]) line += run.text;
            EXPECT_LE(line_width(lines[i]), width + 1e-9) << line;
            for (const char* start : {"。", "，", "」"}) EXPECT_FALSE(line.starts_with(start)) << line;
            EXPECT_FALSE(line.ends_with("「")) << line;
            EXPECT_NE(line, "well-") << "a Latin hyphen is no break";
            joined += (i > 0 && line.starts_with("w") ? " " : "") + line;
        }
        EXPECT_EQ(joined, text) << "width " << width;
    }
}

}  // namespace
}  // namespace handout
