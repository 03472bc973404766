// Tests of the input limits (docs/format.md "Limits"): each limit of the
// worksheet, page-style and roster readers is crossed by one input and must
// give one located error that names the limit, quickly and without a crash;
// an input just inside the limit must not be refused for it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <string>

#include "handout/load.hpp"
#include "handout/roster.hpp"
#include "load/yaml_support.hpp"

using namespace handout;
namespace fs = std::filesystem;

namespace {

/// True when some diagnostic at line:col contains `text` in its message.
bool has_error(const Diagnostics& diags, int line, int column, const std::string& text) {
    return std::any_of(diags.items().begin(), diags.items().end(), [&](const Diagnostic& d) {
        return d.loc.line == line && d.loc.column == column &&
               d.message.find(text) != std::string::npos;
    });
}

/// True when some diagnostic, anywhere, contains `text`.
bool mentions(const Diagnostics& diags, const std::string& text) {
    return std::any_of(diags.items().begin(), diags.items().end(), [&](const Diagnostic& d) {
        return d.message.find(text) != std::string::npos;
    });
}

/// Parses a worksheet, returning its diagnostics (and whether it loaded).
Diagnostics parse(const std::string& yaml, bool* loaded = nullptr) {
    Diagnostics diags;
    const auto sheet = parse_worksheet(yaml, "limits.yaml", diags);
    if (loaded) *loaded = sheet.has_value();
    return diags;
}

/// A worksheet whose first question has `prompt` (written as given).
std::string with_prompt(const std::string& prompt) {
    return "id: limits\ntitle: Limits\nquestions:\n  - type: truefalse\n    prompt: " + prompt +
           "\n    answer: true\n";
}

/// A worksheet of `n` true/false questions.
std::string with_questions(std::size_t n) {
    std::string yaml = "id: limits\ntitle: Limits\nquestions:\n";
    for (std::size_t i = 0; i < n; ++i)
        yaml += "  - {type: truefalse, prompt: 'Question " + std::to_string(i) + "', answer: true}\n";
    return yaml;
}


}  // namespace

// ---------------------------------------------------------------------------
// File size
// ---------------------------------------------------------------------------

// Proves that a worksheet over 2,000,000 bytes is refused at 1:1 naming its
// size and the limit, before parsing (so its YAML errors are not reported).
TEST(Limits, AWorksheetOverTwoMegabytesIsRefusedBeforeParsing) {
    const std::string yaml = "[" + std::string(load::max_file_bytes, ' ');  // unclosed: a syntax error
    const Diagnostics diags = parse(yaml);
    ASSERT_EQ(diags.items().size(), 1u) << diags.format();
    EXPECT_TRUE(has_error(diags, 1, 1, "the file is 2,000,001 bytes; the limit is 2,000,000 bytes"))
        << diags.format();
}

// Proves that a file of exactly the limit is parsed (its own errors show).
TEST(Limits, AWorksheetOfExactlyTheLimitIsParsed) {
    std::string yaml = with_prompt("Fine?");
    yaml += "#" + std::string(load::max_file_bytes - yaml.size() - 1, 'x');
    bool loaded = false;
    const Diagnostics diags = parse(yaml, &loaded);
    EXPECT_TRUE(loaded) << diags.format();
}

// Proves that load_worksheet and load_style refuse a big file from its size,
// naming the real size.
TEST(Limits, LoadingABigFileNamesItsSize) {
    const fs::path dir = fs::temp_directory_path() / ("handout-limits-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string path = (dir / "big.yaml").string();
    std::ofstream(path) << std::string(3'000'000, '#');
    Diagnostics diags;
    EXPECT_FALSE(load_worksheet(path, diags).has_value());
    EXPECT_TRUE(has_error(diags, 1, 1, "the file is 3,000,000 bytes")) << diags.format();
    Diagnostics style_diags;
    EXPECT_FALSE(load_style(dir.string(), "big", style_diags).has_value());
    EXPECT_TRUE(has_error(style_diags, 1, 1, "the file is 3,000,000 bytes")) << style_diags.format();
    fs::remove_all(dir);
}

// Proves the same limit for a page style given as text.
TEST(Limits, APageStyleOverTwoMegabytesIsRefused) {
    Diagnostics diags;
    EXPECT_FALSE(parse_style(std::string(load::max_file_bytes + 5, '#'), "big.yaml", diags));
    EXPECT_TRUE(has_error(diags, 1, 1, "the limit is 2,000,000 bytes")) << diags.format();
}

// ---------------------------------------------------------------------------
// Nesting depth
// ---------------------------------------------------------------------------

// Proves that flow lists nested 65 deep are refused at the 65th bracket,
// and that 64 levels are not refused for their depth.
TEST(Limits, NestingDeeperThanSixtyFourLevelsIsRefusedAtTheDeepestBracket) {
    const auto nested = [](int depth) {
        return "id: deep\ntitle: Deep\nfields: " + std::string(static_cast<std::size_t>(depth), '[') +
               std::string(static_cast<std::size_t>(depth), ']') + "\nquestions: []\n";
    };
    // The root mapping is level 1, so `fields:` holds levels 2 and deeper.
    const Diagnostics deep = parse(nested(64));
    EXPECT_TRUE(has_error(deep, 3, 9 + 63, "nested more than 64 levels deep")) << deep.format();
    EXPECT_EQ(deep.items().size(), 1u) << deep.format();
    const Diagnostics fine = parse(nested(63));
    EXPECT_FALSE(mentions(fine, "levels deep")) << fine.format();
}

// Proves the same for block mappings nested by indentation.
TEST(Limits, NestingByIndentationIsLimitedToo) {
    std::string yaml = "id: deep\n";
    for (int i = 0; i < 70; ++i) yaml += std::string(static_cast<std::size_t>(i), ' ') + "k" + std::to_string(i) + ":\n";
    // Line n + 2 holds key n in the mapping of level n + 1: key 64 is too deep.
    const Diagnostics diags = parse(yaml);
    EXPECT_TRUE(has_error(diags, 66, 65, "mapping is nested more than 64 levels deep")) << diags.format();
}

// Proves that 100,000 open brackets fail with the same error instead of
// recursing in yaml-cpp (which would overflow the stack: a crash, not a
// slow test). No clock here: speed is bench/'s, and ctest's timeout bounds
// a hang.
TEST(Limits, AHundredThousandBracketsFailFast) {
    const std::string yaml = "fields: " + std::string(100'000, '[');
    const Diagnostics diags = parse(yaml);
    EXPECT_TRUE(mentions(diags, "nested more than 64 levels deep")) << diags.format();
}

// Proves that page styles share the nesting limit.
TEST(Limits, APageStyleIsLimitedInDepth) {
    Diagnostics diags;
    EXPECT_FALSE(parse_style("margin_top: " + std::string(80, '[') + std::string(80, ']'), "deep.yaml", diags));
    EXPECT_TRUE(mentions(diags, "nested more than 64 levels deep")) << diags.format();
}

// ---------------------------------------------------------------------------
// Aliases
// ---------------------------------------------------------------------------

// Proves that a "billion laughs" file (aliases of aliases of lists, 10^9
// values once expanded) fails fast with a located error at the alias that
// crosses the limit.
TEST(Limits, ABillionLaughsFileFailsFastAtTheAlias) {
    std::string yaml = "id: laughs\ntitle: Laughs\nfields: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    char prev = 'a';
    for (char name = 'b'; name <= 'i'; ++name, ++prev) {
        yaml += std::string("k") + name + ": &" + name + " [";
        for (int i = 0; i < 10; ++i) yaml += std::string(i ? ", " : "") + "*" + prev;
        yaml += "]\n";
    }
    yaml += "questions: *i\n";
    // Stopping at line 7's alias proves the expansion was never built (10^9
    // values would not fit in memory).
    const Diagnostics diags = parse(yaml);
    ASSERT_EQ(diags.items().size(), 1u) << diags.format();
    // Line 7 (&e) would be a list of 111,111 values: its 8th alias crosses.
    EXPECT_TRUE(has_error(diags, 7, 37, "with its aliases expanded, the file has more than 100,000 values"))
        << diags.format();
}

// Proves that an alias inside the list it names (a cycle, which yaml-cpp
// would build as a node that contains itself) is refused.
TEST(Limits, AnAliasInsideItsOwnAnchorIsRefused) {
    const Diagnostics diags = parse("id: cycle\ntitle: Cycle\nfields: &a [x, *a]\nquestions: []\n");
    EXPECT_TRUE(has_error(diags, 3, 16, "this alias names the list or mapping it is written in"))
        << diags.format();
}

// Proves that ordinary aliases of text still load.
TEST(Limits, AFewAliasesOfListsStillLoad) {
    bool loaded = false;
    const Diagnostics diags =
        parse("id: ok\ntitle: Ok\nfields: &f [Name, Class]\nquestions:\n"
              "  - {type: order, prompt: &p Order them, items: [a, b, c]}\n"
              "  - {type: truefalse, prompt: *p, answer: true}\n",
              &loaded);
    EXPECT_TRUE(loaded) << diags.format();
}

// ---------------------------------------------------------------------------
// Counts
// ---------------------------------------------------------------------------

// Proves that 500 questions load and 501 are refused at the list.
TEST(Limits, AWorksheetHasAtMostFiveHundredQuestions) {
    bool loaded = false;
    Diagnostics diags = parse(with_questions(500), &loaded);
    EXPECT_TRUE(loaded) << diags.format();
    diags = parse(with_questions(501));
    EXPECT_TRUE(has_error(diags, 4, 3, "a worksheet has at most 500 questions; with this list it has 501"))
        << diags.format();
}

// Proves that the question limit counts over all sections, reported at the
// section whose list crosses it.
TEST(Limits, TheQuestionLimitCountsOverSections) {
    std::string yaml = "id: limits\ntitle: Limits\nsections:\n";
    for (int s = 0; s < 2; ++s) {
        yaml += "  - title: Part " + std::to_string(s) + "\n    questions:\n";
        for (int i = 0; i < 300; ++i)
            yaml += "      - {type: truefalse, prompt: 'Q" + std::to_string(i) + "', answer: true}\n";
    }
    const Diagnostics diags = parse(yaml);
    EXPECT_TRUE(has_error(diags, 308, 7, "with this list it has 600")) << diags.format();
    EXPECT_EQ(diags.items().size(), 1u) << diags.format();
}

// Proves that a huge list of options is refused from its length, quickly and
// once (not once per twice-written option, nor quadratically slowly).
TEST(Limits, AHugeOptionListIsRefusedFromItsLength) {
    std::string yaml = "id: many\ntitle: Many\nquestions:\n  - prompt: Pick\n    answer: o1\n    options:\n";
    for (int i = 0; i < 50'000; ++i) yaml += "      - o" + std::to_string(i) + "\n";
    const Diagnostics diags = parse(yaml);
    EXPECT_TRUE(has_error(diags, 7, 7, "a choice question has 2 to 26 options, this one has 50000"))
        << diags.format();
    EXPECT_EQ(diags.items().size(), 1u) << "one error for the list, not one per option";
}

// Proves the limits of pairs, items and distractors are checked before
// their entries are read.
TEST(Limits, PairsItemsAndDistractorsAreLimited) {
    std::string pairs, items, distractors;
    for (int i = 0; i < 60; ++i) {
        pairs += std::string(i ? ", " : "") + "[l" + std::to_string(i) + ", r" + std::to_string(i) + "]";
        items += std::string(i ? ", " : "") + "i" + std::to_string(i);
        distractors += std::string(i ? ", " : "") + "d" + std::to_string(i);
    }
    const Diagnostics diags = parse("id: many\ntitle: Many\nquestions:\n"
                                    "  - {type: match, prompt: M, pairs: [" + pairs + "]}\n"
                                    "  - {type: order, prompt: O, items: [" + items + "]}\n"
                                    "  - {type: fill, text: 'a [[b]]', bank: true, distractors: [" + distractors + "]}\n");
    EXPECT_TRUE(mentions(diags, "a match question has 2 to 12 pairs, this one has 60")) << diags.format();
    EXPECT_TRUE(mentions(diags, "an order question has 2 to 12 items, this one has 60")) << diags.format();
    EXPECT_TRUE(mentions(diags, "a fill question has 0 to 50 distractors, this one has 60")) << diags.format();
    EXPECT_EQ(diags.items().size(), 3u) << diags.format();
}

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------

// Proves that a text of 10,001 bytes is refused at its node naming its
// length and the limit, and that 10,000 bytes are fine.
TEST(Limits, ATextOverTenThousandBytesIsRefused) {
    bool loaded = false;
    Diagnostics diags = parse(with_prompt(std::string(10'000, 'x')), &loaded);
    EXPECT_TRUE(loaded) << diags.format();
    diags = parse(with_prompt(std::string(10'001, 'x')));
    EXPECT_TRUE(has_error(diags, 5, 13, "'prompt' is 10,001 bytes long; the limit is 10,000 bytes"))
        << diags.format();
}

// Proves that a numeric answer or tolerance is a text like any other: over
// 10,000 bytes it is refused at its node (a 1,500,000-digit answer passed
// and then took minutes to print), and 10,000 bytes are fine.
TEST(Limits, ANumericAnswerOrToleranceOverTenThousandBytesIsRefused) {
    const auto numeric = [](const std::string& answer, const std::string& tolerance) {
        return "id: limits\ntitle: Limits\nquestions:\n  - type: numeric\n    prompt: How much?\n    answer: " +
               answer + "\n    tolerance: " + tolerance + "\n";
    };
    const std::string digits = "1." + std::string(9'998, '1');
    bool loaded = false;
    Diagnostics diags = parse(numeric(digits, "0.5"), &loaded);
    EXPECT_TRUE(loaded) << diags.format();
    diags = parse(numeric(digits + "1", "0." + std::string(1'500'000, '1')));
    EXPECT_TRUE(has_error(diags, 6, 13, "'answer' is 10,001 bytes long; the limit is 10,000 bytes")) << diags.format();
    EXPECT_TRUE(has_error(diags, 7, 16, "'tolerance' is 1,500,002 bytes long; the limit is 10,000 bytes"))
        << diags.format();
    EXPECT_EQ(diags.items().size(), 2u) << diags.format();
}

// Proves that every bidirectional override and isolate character is refused,
// named by its code point; U+200F (a plain mark) is not.
TEST(Limits, BidirectionalControlCharactersAreRefusedByCodePoint) {
    const std::pair<const char*, const char*> cases[] = {
        {"\u202A", "U+202A"}, {"\u202B", "U+202B"}, {"\u202C", "U+202C"}, {"\u202D", "U+202D"},
        {"\u202E", "U+202E"}, {"\u2066", "U+2066"}, {"\u2067", "U+2067"}, {"\u2068", "U+2068"},
        {"\u2069", "U+2069"}};
    for (const auto& [character, name] : cases) {
        const Diagnostics diags = parse(with_prompt(std::string("'abc") + character + "def'"));
        EXPECT_TRUE(has_error(diags, 5, 13, std::string("'prompt' contains the bidirectional control character ") + name))
            << name << "\n" << diags.format();
    }
    bool loaded = false;
    const Diagnostics diags = parse(with_prompt("'abc\u200F\u2065\u202F def'"), &loaded);
    EXPECT_TRUE(loaded) << diags.format();
}

// ---------------------------------------------------------------------------
// Rosters
// ---------------------------------------------------------------------------

// Proves that a roster over 1,000,000 bytes is refused at 1:1.
TEST(Limits, ARosterOverOneMegabyteIsRefused) {
    Diagnostics diags;
    EXPECT_FALSE(parse_roster("name\n" + std::string(1'000'000, 'a'), "big.csv", diags));
    EXPECT_TRUE(has_error(diags, 1, 1, "the roster is 1,000,005 bytes; the limit is 1,000,000 bytes"))
        << diags.format();
}

// Proves that 10,000 students load and the 10,001st row is refused.
TEST(Limits, ARosterHasAtMostTenThousandStudents) {
    std::string csv = "name\n";
    for (int i = 0; i < 10'000; ++i) csv += "S" + std::to_string(i) + "\n";
    Diagnostics diags;
    EXPECT_TRUE(parse_roster(csv, "class.csv", diags).has_value()) << diags.format();
    csv += "One too many\nAnd another\n";
    Diagnostics over;
    EXPECT_FALSE(parse_roster(csv, "class.csv", over).has_value());
    EXPECT_TRUE(has_error(over, 10'002, 1, "the roster has more than 10,000 students")) << over.format();
    EXPECT_EQ(over.items().size(), 1u) << over.format();
}

// Proves that a name or class over 200 bytes is refused at its cell.
TEST(Limits, ANameOrClassOverTwoHundredBytesIsRefused) {
    Diagnostics diags;
    EXPECT_TRUE(parse_roster("name\n" + std::string(200, 'n') + "\n", "class.csv", diags).has_value());
    Diagnostics over;
    EXPECT_FALSE(parse_roster("class,name\n7B," + std::string(201, 'n') + "\n" + std::string(201, 'c') + ",Ann\n",
                              "class.csv", over));
    EXPECT_TRUE(has_error(over, 2, 4, "the name is 201 bytes long; the limit is 200")) << over.format();
    EXPECT_TRUE(has_error(over, 3, 1, "the class is 201 bytes long; the limit is 200")) << over.format();
}

// Proves that a file with 120,000 unknown keys reports the first hundred
// errors and then one "too many errors" line, as compilers do (it used to
// print 300,000 lines).
TEST(Limits, AFileReportsAtMostAHundredErrors) {
    std::string yaml = with_prompt("A.");
    for (int i = 0; i < 120000; ++i) yaml += "    k" + std::to_string(i) + ": 1\n";
    const Diagnostics diags = parse(yaml);
    ASSERT_EQ(diags.items().size(), Diagnostics::max_per_file + 1);
    EXPECT_TRUE(has_error(diags, 107, 5, "too many errors: the first 100 are shown, 119,900 more are not"))
        << diags.items().back().format();
}

// Proves that a roster's errors are capped the same way.
TEST(Limits, ARosterReportsAtMostAHundredErrors) {
    std::string csv = "name,seed\n";
    for (int i = 0; i < 500; ++i) csv += "Ada " + std::to_string(i) + ",x\n";
    Diagnostics diags;
    EXPECT_FALSE(parse_roster(csv, "7b.csv", diags));
    ASSERT_EQ(diags.items().size(), Diagnostics::max_per_file + 1);
    EXPECT_TRUE(mentions(diags, "400 more are not"));
}

// Proves that `fields` has a limit: eleven names are refused at the list,
// ten are fine.
TEST(Limits, AWorksheetHasAtMostTenFields) {
    auto fields = [](int n) {
        std::string list;
        for (int i = 0; i < n; ++i) list += (i ? ", F" : "F") + std::to_string(i);
        return "id: limits\ntitle: Limits\nfields: [" + list + "]\nquestions:\n"
               "  - {type: truefalse, prompt: A., answer: true}\n";
    };
    bool loaded = false;
    EXPECT_TRUE(has_error(parse(fields(11), &loaded), 3, 9, "'fields' has 11 names; the limit is 10"));
    EXPECT_FALSE(loaded);
    parse(fields(10), &loaded);
    EXPECT_TRUE(loaded);
}

// Proves that columns are counted in characters on a very long line (each
// node's column is now a lookup, not a count from the line start).
TEST(Limits, ColumnsOnALongLineAreCountedInCharacters) {
    std::string list;
    for (int i = 0; i < 50000; ++i) list += "\u00e9" + std::to_string(i) + ", ";
    const std::string before = "  - {type: truefalse, prompt: A., answer: true, bad: [" + list + "], ";
    int column = 1;  // the characters before 'worse', é counted once
    for (const char c : before) column += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    const Diagnostics diags = parse("id: limits\ntitle: Limits\nquestions:\n" + before + "worse: 1}\n");
    EXPECT_TRUE(has_error(diags, 4, 49, "unknown key 'bad'"));
    EXPECT_TRUE(has_error(diags, 4, column, "unknown key 'worse'"));
}
