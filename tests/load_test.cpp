// Tests of the loader: worksheets and page styles from YAML, with every error
// located and reported in one run. Bad inputs live in tests/data/bad/, each
// carrying its expected diagnostics as `# expect: LINE:COL message` comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "corpus.hpp"
#include "handout/io.hpp"
#include "handout/load.hpp"
#include "load/yaml_support.hpp"

namespace fs = std::filesystem;
using namespace handout;

namespace {

/// Parses `yaml` and fails the test, showing the diagnostics, when it has errors.
Worksheet parse_ok(const std::string& yaml) {
    Diagnostics diags;
    auto sheet = parse_worksheet(yaml, "test.yaml", diags);
    EXPECT_TRUE(sheet.has_value()) << diags.format();
    EXPECT_FALSE(diags.has_errors()) << diags.format();
    return sheet ? *sheet : Worksheet{};
}

/// Parses `yaml` that must fail and returns its diagnostics.
Diagnostics parse_bad(const std::string& yaml) {
    Diagnostics diags;
    auto sheet = parse_worksheet(yaml, "test.yaml", diags);
    EXPECT_FALSE(sheet.has_value());
    EXPECT_TRUE(diags.has_errors());
    return diags;
}

/// True when some diagnostic at line:col contains `text` in its message.
bool has_error(const Diagnostics& diags, int line, int column, const std::string& text) {
    return std::any_of(diags.items().begin(), diags.items().end(), [&](const Diagnostic& d) {
        return d.loc.line == line && d.loc.column == column &&
               d.message.find(text) != std::string::npos;
    });
}

const std::string minimal = R"(id: sample
title: Sample
questions:
  - prompt: Two plus two?
    options: ["3", "4", "5"]
    answer: "4"
)";

}  // namespace

// ---------------------------------------------------------------------------
// Bad worksheets: the corpus
// ---------------------------------------------------------------------------

// Proves, for every file of tests/data/bad, that the loader reports exactly
// the errors and warnings its `# expect:` and `# expect-warning:` comments
// list (location and message), no other, that each has a hint, and that no
// worksheet is returned when errors are expected (a file that expects only
// warnings must still load: warnings never stop rendering).
TEST(BadWorksheets, ReportExactlyTheErrorsWrittenInTheirExpectComments) {
    const auto files = test::corpus_files(fs::path(HANDOUT_TEST_DATA) / "bad", ".yaml");
    ASSERT_GE(files.size(), 20u);

    for (const auto& path : files) {
        SCOPED_TRACE(path.filename().string());
        const std::string content = read_file(path.string());
        const auto expected = test::expectations_in_comments(content);
        ASSERT_FALSE(expected.empty()) << "no '# expect:' line";
        const bool expects_errors =
            std::any_of(expected.begin(), expected.end(),
                        [](const test::Expectation& e) { return e.severity == Severity::error; });

        Diagnostics diags;
        std::optional<Worksheet> sheet;
        ASSERT_NO_THROW(sheet = parse_worksheet(content, path.string(), diags));
        EXPECT_EQ(sheet.has_value(), !expects_errors) << diags.format();
        test::expect_exactly(diags, expected, path.string());
    }
}

// ---------------------------------------------------------------------------
// Good worksheets
// ---------------------------------------------------------------------------

// Proves that a minimal worksheet loads with the format's defaults: fields
// Name and Date, the classic template, shuffling on, the default key, type
// choice, one point, and one untitled section located at `questions`.
TEST(ParseWorksheet, FillsTheDefaultsOfAMinimalWorksheet) {
    const Worksheet sheet = parse_ok(minimal);
    EXPECT_EQ(sheet.file, "test.yaml");
    EXPECT_EQ(sheet.id.text, "sample");
    EXPECT_EQ(sheet.title.text, "Sample");
    ASSERT_EQ(sheet.fields.size(), 2u);
    EXPECT_EQ(sheet.fields[0].text, "Name");
    EXPECT_EQ(sheet.fields[1].text, "Date");
    EXPECT_EQ(sheet.template_name.text, "classic");
    EXPECT_TRUE(sheet.shuffle_questions);
    EXPECT_TRUE(sheet.shuffle_options);
    EXPECT_EQ(sheet.key_title.text, "Answer key");
    EXPECT_TRUE(sheet.key_explanations);
    EXPECT_FALSE(sheet.uses_sections);

    ASSERT_EQ(sheet.sections.size(), 1u);
    const Section& section = sheet.sections[0];
    EXPECT_TRUE(section.title.empty());
    EXPECT_EQ(section.loc.line, 3);
    EXPECT_EQ(section.loc.column, 1);
    ASSERT_EQ(section.questions.size(), 1u);
    const Question& q = section.questions[0];
    EXPECT_EQ(q.type(), QuestionType::choice);
    EXPECT_EQ(q.points, Points{});
    EXPECT_FALSE(q.pin);
    EXPECT_TRUE(q.shuffle_options);
    ASSERT_EQ(q.as<Choice>().options.size(), 3u);
    EXPECT_EQ(q.as<Choice>().answer, 1u);
    EXPECT_EQ(sheet.question_count(), 1u);
}

// Proves that every top-level key is read, that `ages` keeps the text as
// written (a range or a number), and that `fields: []` means no fields.
TEST(ParseWorksheet, ReadsEveryTopLevelKey) {
    const Worksheet sheet = parse_ok(R"(id: ml-basics-2
title: Machine learning
subtitle: Part two
subject: Computing
topic: Machine Learning
ages: 23-24
brand: LightMySky
url: lightmysky.com
fields: []
instructions: Circle one answer.
template: classic
shuffle: {questions: false, options: false}
key: {title: Solutions, note: "", explanations: false}
questions:
  - type: truefalse
    prompt: A model learns from data.
    answer: true
)");
    EXPECT_EQ(sheet.subtitle.text, "Part two");
    EXPECT_EQ(sheet.subject.text, "Computing");
    EXPECT_EQ(sheet.topic.text, "Machine Learning");
    EXPECT_EQ(sheet.ages.text, "23-24");
    EXPECT_EQ(sheet.brand.text, "LightMySky");
    EXPECT_EQ(sheet.url.text, "lightmysky.com");
    EXPECT_TRUE(sheet.fields.empty());
    EXPECT_EQ(sheet.instructions.text, "Circle one answer.");
    EXPECT_FALSE(sheet.shuffle_questions);
    EXPECT_FALSE(sheet.shuffle_options);
    EXPECT_EQ(sheet.key_title.text, "Solutions");
    EXPECT_EQ(sheet.key_note.text, "");
    EXPECT_FALSE(sheet.key_explanations);

    EXPECT_EQ(parse_ok("ages: 12\n" + minimal).ages.text, "12");
    EXPECT_EQ(parse_ok("ages: 007\n" + minimal).ages.text, "007");
}

// Proves that `sections:` keeps the sections in order, with titles,
// instructions and their own questions, and sets uses_sections.
TEST(ParseWorksheet, KeepsSectionsInTheirWrittenOrder) {
    const Worksheet sheet = parse_ok(R"(id: parts
title: Parts
sections:
  - title: Warm-up
    instructions: Quick ones.
    questions:
      - type: truefalse
        prompt: One is odd.
        answer: true
  - title: Harder
    questions:
      - prompt: Seven times eight?
        options: ["54", "56"]
        answer: "56"
      - type: truefalse
        prompt: Zero is positive.
        answer: false
)");
    EXPECT_TRUE(sheet.uses_sections);
    ASSERT_EQ(sheet.sections.size(), 2u);
    EXPECT_EQ(sheet.sections[0].title.text, "Warm-up");
    EXPECT_EQ(sheet.sections[0].instructions.text, "Quick ones.");
    EXPECT_EQ(sheet.sections[0].loc.line, 4);
    EXPECT_EQ(sheet.sections[1].title.text, "Harder");
    ASSERT_EQ(sheet.sections[1].questions.size(), 2u);
    EXPECT_EQ(sheet.sections[1].questions[0].as<Choice>().answer, 1u);
    EXPECT_EQ(sheet.question_count(), 3u);
}

// Proves that pinned options, per-question `shuffle: false`, question pins,
// points and explanations reach the model.
TEST(ParseWorksheet, ReadsPinsShufflePointsAndExplanations) {
    const Worksheet sheet = parse_ok(R"(id: pins
title: Pins
questions:
  - prompt: Which are mammals?
    options:
      - Whale
      - Shark
      - {text: None of the above, pin: true}
    answer: Whale
    shuffle: false
    pin: true
    points: 3
    explain: Whales breathe air.
)");
    const Question& q = sheet.sections.at(0).questions.at(0);
    ASSERT_EQ(q.as<Choice>().options.size(), 3u);
    EXPECT_FALSE(q.as<Choice>().options[0].pin);
    EXPECT_TRUE(q.as<Choice>().options[2].pin);
    EXPECT_EQ(q.as<Choice>().options[2].text, "None of the above");
    EXPECT_FALSE(q.shuffle_options);
    EXPECT_TRUE(q.pin);
    EXPECT_EQ(q.points, Points::whole(3));
    EXPECT_EQ(q.explain.text, "Whales breathe air.");
}

// Proves that points are whole or half numbers kept exactly (in half
// points), in the one number grammar, with 1 as the default; and that
// `scoring` and `show_points` reach the model with their defaults.
TEST(ParseWorksheet, ReadsHalfPointsScoringAndShowPoints) {
    const Worksheet sheet = parse_ok(R"(id: points
title: Points
scoring: partial
show_points: false
questions:
  - {type: truefalse, prompt: a, answer: true, points: 0.5}
  - {type: truefalse, prompt: b, answer: true, points: "1,5"}
  - {type: truefalse, prompt: c, answer: true, points: 2.0}
  - {type: truefalse, prompt: d, answer: true, points: 100}
  - {type: truefalse, prompt: e, answer: true}
  - {type: multi, prompt: f, options: [x, y], answers: [x]}
  - {type: multi, prompt: g, options: [x, y], answers: [x], scoring: all-or-nothing}
)");
    const auto& qs = sheet.sections.at(0).questions;
    EXPECT_EQ(qs[0].points, Points{1});
    EXPECT_EQ(qs[1].points, Points{3});
    EXPECT_EQ(qs[2].points, Points{4});
    EXPECT_EQ(qs[3].points, Points{200});
    EXPECT_EQ(qs[4].points, Points{2});
    EXPECT_EQ(sheet.points(), Points{214});
    EXPECT_EQ(sheet.scoring, Scoring::partial);
    EXPECT_EQ(qs[5].scoring, Scoring::partial);
    EXPECT_EQ(qs[6].scoring, Scoring::all_or_nothing);
    EXPECT_FALSE(sheet.show_points);

    const Worksheet plain = parse_ok(minimal);
    EXPECT_EQ(plain.scoring, Scoring::all_or_nothing);
    EXPECT_TRUE(plain.show_points);
}

// Proves that a bad `points` value's hint says what to write: the nearest
// half for 0.3 and 1.75, the decimal for a fraction.
TEST(ParseWorksheet, BadPointsHintAtTheNearestHalf) {
    const auto hint_for = [](const std::string& value) {
        const Diagnostics diags = parse_bad("id: p\ntitle: P\nquestions:\n  - {type: truefalse, prompt: a, answer: true, points: " +
                                            value + "}\n");
        return diags.items().empty() ? std::string() : diags.items()[0].hint;
    };
    EXPECT_NE(hint_for("0.3").find("write points: 0.5 "), std::string::npos) << hint_for("0.3");
    EXPECT_NE(hint_for("0.1").find("write points: 0.5 "), std::string::npos) << hint_for("0.1");
    EXPECT_NE(hint_for("1.75").find("write points: 2 "), std::string::npos) << hint_for("1.75");
    EXPECT_NE(hint_for("1.2").find("write points: 1 "), std::string::npos) << hint_for("1.2");
    EXPECT_NE(hint_for("\"\u00bd\"").find("points: 0.5"), std::string::npos) << hint_for("\"\u00bd\"");
    EXPECT_NE(hint_for("0").find("points: 0.5"), std::string::npos) << hint_for("0");
}

// Proves that truefalse answers are YAML booleans in any of the YAML 1.2
// spellings, and that truefalse questions have no options in the model.
TEST(ParseWorksheet, ReadsTrueFalseAnswersAsBooleans) {
    const Worksheet sheet = parse_ok(R"(id: tf
title: TF
questions:
  - {type: truefalse, prompt: A, answer: true}
  - {type: truefalse, prompt: B, answer: False}
  - {type: truefalse, prompt: C, answer: TRUE}
)");
    const auto& qs = sheet.sections.at(0).questions;
    ASSERT_EQ(qs.size(), 3u);
    EXPECT_TRUE(qs[0].as<TrueFalse>().truth);
    EXPECT_FALSE(qs[1].as<TrueFalse>().truth);
    EXPECT_TRUE(qs[2].as<TrueFalse>().truth);
    EXPECT_EQ(qs[0].type(), QuestionType::truefalse);
    EXPECT_TRUE(options_of(qs[0]).empty());
}

// Proves that inline markup, escapes the format defines and non-ASCII text
// reach the model exactly as written (the layout interprets markup later).
TEST(ParseWorksheet, KeepsTextAndMarkupExactlyAsWritten) {
    const Worksheet sheet = parse_ok(R"(id: markup
title: "Déjà vu — “quotes” · Ω Ж ß"
questions:
  - prompt: '*Italic* and **bold** and `code`'
    options: ['2 \* 3', "4 \\* 5", "tab	inside"]
    answer: '2 \* 3'
  - type: truefalse
    prompt: |
      Two lines,
      kept.
    answer: true
)");
    EXPECT_EQ(sheet.title.text, "Déjà vu — “quotes” · Ω Ж ß");
    const auto& qs = sheet.sections.at(0).questions;
    EXPECT_EQ(qs.at(0).prompt.text, "*Italic* and **bold** and `code`");
    EXPECT_EQ(qs.at(0).as<Choice>().options.at(0).text, "2 \\* 3");
    EXPECT_EQ(qs.at(0).as<Choice>().options.at(1).text, "4 \\* 5");
    EXPECT_EQ(qs.at(0).as<Choice>().options.at(2).text, "tab\tinside");
    EXPECT_EQ(qs.at(1).prompt.text, "Two lines,\nkept.\n");
}

// Proves that texts, options and questions carry the file name and the
// 1-based line:column of their value node, counted in characters.
TEST(ParseWorksheet, LocatesEveryTextAtItsValueNode) {
    const Worksheet sheet = parse_ok(R"(id: where
title: Où est-ce
questions:
  - prompt: Here
    options: [é, "ü"]
    answer: "ü"
)");
    EXPECT_EQ(sheet.id.loc.file, "test.yaml");
    EXPECT_EQ(sheet.id.loc.line, 1);
    EXPECT_EQ(sheet.id.loc.column, 5);
    EXPECT_EQ(sheet.title.loc.line, 2);
    EXPECT_EQ(sheet.title.loc.column, 8);
    const Question& q = sheet.sections.at(0).questions.at(0);
    EXPECT_EQ(q.loc.line, 4);
    EXPECT_EQ(q.loc.column, 5);
    EXPECT_EQ(q.prompt.loc.line, 4);
    EXPECT_EQ(q.prompt.loc.column, 13);
    EXPECT_EQ(q.as<Choice>().options.at(0).loc.column, 15);
    EXPECT_EQ(q.as<Choice>().options.at(1).loc.column, 18);  // after "é, ": characters, not bytes
    EXPECT_EQ(q.as<Choice>().answer, 1u);
}

// Proves that a UTF-8 byte-order mark and Windows line endings are accepted.
TEST(ParseWorksheet, AcceptsAByteOrderMarkAndWindowsLineEndings) {
    std::string crlf;
    for (char c : minimal) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    const Worksheet sheet = parse_ok("\xEF\xBB\xBF" + crlf);
    EXPECT_EQ(sheet.id.text, "sample");
    EXPECT_EQ(sheet.id.loc.column, 5);
    EXPECT_EQ(sheet.sections.at(0).questions.at(0).prompt.text, "Two plus two?");
}

// Proves that the errors of one file are all reported in one run, each with
// a hint, in the order they appear.
TEST(ParseWorksheet, ReportsEveryErrorOfAFileInOneRun) {
    const Diagnostics diags = parse_bad(R"(id: Bad Id
title: ""
colour: red
questions:
  - promt: x
    options: [A]
    answer: B
  - type: truefalse
    prompt: ok
    answer: maybe
)");
    EXPECT_TRUE(has_error(diags, 1, 5, "'id' must be lowercase"));
    EXPECT_TRUE(has_error(diags, 2, 8, "'title' is empty"));
    EXPECT_TRUE(has_error(diags, 3, 1, "unknown key 'colour'"));
    EXPECT_TRUE(has_error(diags, 5, 5, "did you mean 'prompt'"));
    EXPECT_TRUE(has_error(diags, 6, 14, "2 to 26 options"));
    EXPECT_TRUE(has_error(diags, 7, 13, "matches none of the options"));
    EXPECT_TRUE(has_error(diags, 10, 13, "must be true or false"));
    for (const auto& d : diags.items()) EXPECT_FALSE(d.hint.empty()) << d.format();
}

// Proves that the quoting advice for '*' and '\*' is in the hints, since
// these are the YAML mistakes the format's markup invites.
TEST(ParseWorksheet, ExplainsHowToQuoteStarsInTheHint) {
    const Diagnostics alias = parse_bad("id: a\ntitle: *Bold* move\n");
    ASSERT_EQ(alias.items().size(), 1u);
    EXPECT_NE(alias.items()[0].hint.find("single quotes"), std::string::npos);
    EXPECT_NE(alias.items()[0].hint.find("\\\\*"), std::string::npos);

    const Diagnostics escape = parse_bad("id: a\ntitle: \"a \\* b\"\n");
    ASSERT_EQ(escape.items().size(), 1u);
    EXPECT_EQ(escape.items()[0].loc.column, 11);
    EXPECT_NE(escape.items()[0].hint.find("\\\\*"), std::string::npos);
    EXPECT_NE(escape.items()[0].hint.find("single quotes"), std::string::npos);
}

// Proves that parse_worksheet only adds to the list it is given and decides
// success on its own errors, not on errors of earlier files.
TEST(ParseWorksheet, JudgesOnlyItsOwnErrors) {
    Diagnostics diags;
    diags.error({"other.yaml", 1, 1}, "earlier problem");
    EXPECT_TRUE(parse_worksheet(minimal, "test.yaml", diags).has_value());
    EXPECT_EQ(diags.items().size(), 1u);
}

// Proves that odd YAML (deep nesting, complex keys, tags, anchors, binary
// junk, empty text, stray commas) gives errors or a worksheet, and neither
// an exception nor an endless loop.
TEST(ParseWorksheet, NeverThrowsOnStrangeInput) {
    const std::vector<std::string> inputs = {
        std::string(5000, '[') + "\n",
        "? [a, b]\n: c\n",
        "id: !!binary aGVsbG8=\ntitle: !custom x\n",
        "a: &x {b: *x}\n",
        "id: x\ntitle: &t T\nsubtitle: *t\nquestions: [{prompt: *t, options: [a, b], answer: a}]\n",
        std::string("\0\x01\x02", 3),
        "",
        "---\n...\n",
        "questions: {a: 1}\nsections: 3\nfields: {a: b}\nkey: [1]\nshuffle: yes\n",
        "id: x\ntitle: y\nquestions:\n  -\n  - ~\n  - [a]\n",
        "id: x\ntitle: y\nquestions:\n  - type: [choice]\n    prompt: {a: b}\n",
        "\"x\"\n,\n",  // yaml-cpp's LoadAll never returns on this one
    };
    for (const auto& input : inputs) {
        Diagnostics diags;
        EXPECT_NO_THROW(parse_worksheet(input, "odd.yaml", diags)) << input.substr(0, 40);
    }
}

// Proves that an aliased value (&anchor / *alias) is read like the anchored
// text, so a teacher who uses anchors on purpose is not surprised.
TEST(ParseWorksheet, ReadsAnchoredTextThroughAnAlias) {
    const Worksheet sheet = parse_ok(R"(id: anchors
title: &t Same text
subtitle: *t
questions:
  - type: truefalse
    prompt: *t
    answer: true
)");
    EXPECT_EQ(sheet.subtitle.text, "Same text");
    EXPECT_EQ(sheet.sections.at(0).questions.at(0).prompt.text, "Same text");
}

// ---------------------------------------------------------------------------
// Question types beyond choice and truefalse
// ---------------------------------------------------------------------------

// Proves that a multi question reads its options (pins too), its answers as
// ascending option indices whatever order they are written in, and its
// per-question shuffle switch.
TEST(ParseWorksheet, ReadsAMultiQuestion) {
    const Worksheet sheet = parse_ok(R"(id: multi
title: Multi
questions:
  - type: multi
    prompt: Which are mammals?
    options: [Whale, Shark, Bat, {text: None of these, pin: true}]
    answers: [Bat, Whale]
    shuffle: false
)");
    const Question& q = sheet.sections.at(0).questions.at(0);
    EXPECT_EQ(q.type(), QuestionType::multi);
    ASSERT_EQ(q.as<Multi>().options.size(), 4u);
    EXPECT_EQ(q.as<Multi>().options[2].text, "Bat");
    EXPECT_EQ(q.as<Multi>().options[2].loc.line, 6);
    EXPECT_EQ(q.as<Multi>().options[2].loc.column, 29);
    EXPECT_TRUE(q.as<Multi>().options[3].pin);
    EXPECT_EQ(q.as<Multi>().answers, (std::vector<std::size_t>{0, 2}));
    EXPECT_FALSE(q.shuffle_options);
}

// Proves that a short question keeps its model answer (located) and its
// number of writing lines, which defaults to 2.
TEST(ParseWorksheet, ReadsAShortQuestionWithItsLines) {
    const Worksheet sheet = parse_ok(R"(id: short
title: Short
questions:
  - type: short
    prompt: Why do we see the Moon's phases?
    answer: We see different amounts of its sunlit half.
    lines: 30
  - type: short
    prompt: Name a gas.
    answer: 42
)");
    const auto& qs = sheet.sections.at(0).questions;
    EXPECT_EQ(qs.at(0).type(), QuestionType::short_answer);
    EXPECT_EQ(qs.at(0).as<ShortAnswer>().model_answer.text, "We see different amounts of its sunlit half.");
    EXPECT_EQ(qs.at(0).as<ShortAnswer>().model_answer.loc.line, 6);
    EXPECT_EQ(qs.at(0).as<ShortAnswer>().model_answer.loc.column, 13);
    EXPECT_EQ(qs.at(0).as<ShortAnswer>().lines, 30);
    EXPECT_EQ(qs.at(1).as<ShortAnswer>().model_answer.text, "42");
    EXPECT_EQ(qs.at(1).as<ShortAnswer>().lines, 2);
}

// Proves that a fill text is split at its gaps (answers trimmed, each part
// located at its own column), that the prompt is optional, and that the bank
// and its distractors are read.
TEST(ParseWorksheet, SplitsAFillTextAtItsGaps) {
    const Worksheet sheet = parse_ok(R"(id: fill
title: Fill
questions:
  - type: fill
    text: Water boils at [[100]] °C and freezes at [[ 0 ]] °C.
    bank: true
    distractors: [50, "212"]
  - type: fill
    prompt: Complete the sentence.
    text: "[[Paris]] is the capital."
    shuffle: false
)");
    const auto& qs = sheet.sections.at(0).questions;
    const Question& q = qs.at(0);
    EXPECT_EQ(q.type(), QuestionType::fill);
    EXPECT_TRUE(q.prompt.empty());
    ASSERT_EQ(q.as<Fill>().parts.size(), 5u);
    const std::vector<std::pair<bool, std::string>> want = {
        {false, "Water boils at "}, {true, "100"}, {false, " °C and freezes at "}, {true, "0"},
        {false, " °C."}};
    const std::vector<int> columns = {11, 26, 33, 52, 59};
    for (std::size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(q.as<Fill>().parts[i].gap, want[i].first) << i;
        EXPECT_EQ(q.as<Fill>().parts[i].text, want[i].second) << i;
        EXPECT_EQ(q.as<Fill>().parts[i].loc.line, 5) << i;
        EXPECT_EQ(q.as<Fill>().parts[i].loc.column, columns[i]) << i;
    }
    EXPECT_TRUE(q.as<Fill>().bank);
    ASSERT_EQ(q.as<Fill>().distractors.size(), 2u);
    EXPECT_EQ(q.as<Fill>().distractors[0].text, "50");
    EXPECT_EQ(q.as<Fill>().distractors[1].text, "212");
    EXPECT_EQ(q.as<Fill>().distractors[1].loc.column, 23);

    const Question& quoted = qs.at(1);
    EXPECT_EQ(quoted.prompt.text, "Complete the sentence.");
    ASSERT_EQ(quoted.as<Fill>().parts.size(), 2u);
    EXPECT_TRUE(quoted.as<Fill>().parts[0].gap);
    EXPECT_EQ(quoted.as<Fill>().parts[0].loc.column, 12);  // after the opening quote
    EXPECT_FALSE(quoted.as<Fill>().bank);
    EXPECT_FALSE(quoted.shuffle_options);
}

// Proves that match pairs are read in order with both sides located.
TEST(ParseWorksheet, ReadsMatchPairsInOrder) {
    const Worksheet sheet = parse_ok(R"(id: match
title: Match
questions:
  - type: match
    prompt: Match each capital to its country.
    pairs:
      - [Paris, France]
      - [Madrid, Spain]
      - ["Rome", 'Italy']
)");
    const Question& q = sheet.sections.at(0).questions.at(0);
    EXPECT_EQ(q.type(), QuestionType::match);
    ASSERT_EQ(q.as<Match>().pairs.size(), 3u);
    EXPECT_EQ(q.as<Match>().pairs[1].left.text, "Madrid");
    EXPECT_EQ(q.as<Match>().pairs[1].right.text, "Spain");
    EXPECT_EQ(q.as<Match>().pairs[2].right.text, "Italy");
    EXPECT_EQ(q.as<Match>().pairs[0].left.loc.line, 7);
    EXPECT_EQ(q.as<Match>().pairs[0].left.loc.column, 10);
    EXPECT_EQ(q.as<Match>().pairs[0].right.loc.column, 17);
    EXPECT_TRUE(q.shuffle_options);
}

// Proves that order items keep their written (correct) order.
TEST(ParseWorksheet, ReadsOrderItemsInTheirCorrectOrder) {
    const Worksheet sheet = parse_ok(R"(id: order
title: Order
questions:
  - type: order
    prompt: Earliest first.
    items:
      - The printing press
      - The steam engine
      - The telephone
)");
    const Question& q = sheet.sections.at(0).questions.at(0);
    EXPECT_EQ(q.type(), QuestionType::order);
    ASSERT_EQ(q.as<Order>().items.size(), 3u);
    EXPECT_EQ(q.as<Order>().items[0].text, "The printing press");
    EXPECT_EQ(q.as<Order>().items[2].text, "The telephone");
    EXPECT_EQ(q.as<Order>().items[1].loc.line, 8);
    EXPECT_EQ(q.as<Order>().items[1].loc.column, 9);
}

// Proves that numeric answers and tolerances keep their text as written
// next to their value, that the tolerance defaults to 0, that the unit is
// read, and that `grid` asks for a digit grid of its own width or one
// column wider than the answer (at least four).
TEST(ParseWorksheet, ReadsNumericAnswersAsWritten) {
    const Worksheet sheet = parse_ok(R"(id: numeric
title: Numeric
questions:
  - type: numeric
    prompt: Acceleration due to gravity?
    answer: 9.810
    tolerance: 0.05
    unit: m/s²
  - type: numeric
    prompt: Hypotenuse?
    answer: 5
  - type: numeric
    prompt: Avogadro?
    answer: "+6.02e23"
    tolerance: 1e21
  - type: numeric
    prompt: Freezing point in °F minus 100?
    answer: -68
    grid: true
  - type: numeric
    prompt: Six columns?
    answer: 1
    grid: 6
)");
    const auto& qs = sheet.sections.at(0).questions;
    EXPECT_EQ(qs.at(0).type(), QuestionType::numeric);
    EXPECT_EQ(qs.at(0).as<Numeric>().value, 9.81);
    EXPECT_EQ(qs.at(0).as<Numeric>().value_text, "9.810");
    EXPECT_EQ(qs.at(0).as<Numeric>().tolerance, 0.05);
    EXPECT_EQ(qs.at(0).as<Numeric>().tolerance_text, "0.05");
    EXPECT_EQ(qs.at(0).as<Numeric>().unit.text, "m/s²");
    EXPECT_EQ(qs.at(0).as<Numeric>().unit.loc.line, 8);
    EXPECT_EQ(qs.at(1).as<Numeric>().value, 5);
    EXPECT_EQ(qs.at(1).as<Numeric>().value_text, "5");
    EXPECT_EQ(qs.at(1).as<Numeric>().tolerance, 0);
    EXPECT_TRUE(qs.at(1).as<Numeric>().unit.empty());
    EXPECT_EQ(qs.at(2).as<Numeric>().value, 6.02e23);
    EXPECT_EQ(qs.at(2).as<Numeric>().value_text, "+6.02e23");
    EXPECT_EQ(qs.at(2).as<Numeric>().tolerance, 1e21);
    EXPECT_EQ(qs.at(3).as<Numeric>().value, -68);
    EXPECT_EQ(qs.at(0).as<Numeric>().grid, 0) << "no digit grid unless asked";
    EXPECT_EQ(qs.at(3).as<Numeric>().grid, 4) << "'-68' and a spare column, at least four";
    EXPECT_EQ(qs.at(4).as<Numeric>().grid, 6);
}

// Proves that an image is resolved against the worksheet's folder, located
// at its value, and read with its width and alt text; that an image which is
// a folder is an error; and that image_width needs no more than a width in range.
TEST(LoadWorksheet, ResolvesImagesAgainstTheWorksheetsFolder) {
    const fs::path dir = fs::temp_directory_path() / "handout-load-test-images";
    fs::remove_all(dir);
    fs::create_directories(dir / "pictures" / "folder.png");
    fs::copy_file(fs::path(HANDOUT_TEST_DATA) / "bad" / "pixel.png", dir / "pictures" / "cell.PNG",
                  fs::copy_options::overwrite_existing);
    std::ofstream(dir / "sheet.yaml", std::ios::binary) << R"(id: images
title: Images
questions:
  - type: truefalse
    prompt: This is a cell.
    answer: true
    image: pictures/cell.PNG
    image_width: 62.5
    alt: A round plant cell with a dark nucleus.
  - type: truefalse
    prompt: No picture.
    answer: false
)";
    std::ofstream(dir / "folder.yaml", std::ios::binary) << R"(id: images
title: Images
questions:
  - type: truefalse
    prompt: A folder.
    answer: true
    image: pictures/folder.png
)";
    Diagnostics diags;
    const auto sheet = load_worksheet((dir / "sheet.yaml").string(), diags);
    Diagnostics folder_diags;
    const auto folder = load_worksheet((dir / "folder.yaml").string(), folder_diags);
    fs::remove_all(dir);

    ASSERT_TRUE(sheet.has_value()) << diags.format();
    const Question& q = sheet->sections.at(0).questions.at(0);
    EXPECT_EQ(q.image.text, (dir / "pictures" / "cell.PNG").string());
    EXPECT_EQ(q.image.loc.line, 7);
    EXPECT_EQ(q.image.loc.column, 12);
    ASSERT_TRUE(q.picture) << "the loader decodes each picture once";
    EXPECT_GT(q.picture->width, 0u);
    EXPECT_EQ(q.image_width_mm, 62.5);
    EXPECT_EQ(q.image_alt.text, "A round plant cell with a dark nucleus.");
    EXPECT_TRUE(diags.items().empty()) << diags.format();
    EXPECT_TRUE(sheet->sections.at(0).questions.at(1).image.empty());
    EXPECT_EQ(sheet->sections.at(0).questions.at(1).image_width_mm, 0);

    EXPECT_FALSE(folder.has_value());
    EXPECT_TRUE(has_error(folder_diags, 7, 12, "is a folder, not a file")) << folder_diags.format();
}

// Proves that an unpinned "None of the above" is a warning, not an error: the
// worksheet still loads, and the warning is located at the option with a
// hint to pin it; pinned ones and unshuffled questions do not warn.
TEST(ParseWorksheet, WarnsAboutUnpinnedCatchAllOptionsButStillLoads) {
    Diagnostics diags;
    const auto sheet = parse_worksheet(R"(id: warn
title: Warn
questions:
  - prompt: Which is prime?
    options: ["9", "15", none of THESE]
    answer: none of THESE
  - prompt: Which is even?
    options: ["9", "16", {text: None of the above, pin: true}]
    answer: "16"
  - prompt: Which is odd?
    options: ["9", "16", All of the above]
    answer: "9"
    shuffle: false
)",
                                       "test.yaml", diags);
    ASSERT_TRUE(sheet.has_value()) << diags.format();
    ASSERT_EQ(diags.items().size(), 1u) << diags.format();
    const Diagnostic& d = diags.items()[0];
    EXPECT_EQ(d.severity, Severity::warning);
    EXPECT_EQ(d.loc.line, 5);
    EXPECT_EQ(d.loc.column, 26);
    EXPECT_NE(d.hint.find("{text: none of THESE, pin: true}"), std::string::npos) << d.hint;
    EXPECT_NE(d.format().find("test.yaml:5:26: warning: "), std::string::npos);

    // With options unshuffled for the whole worksheet, nothing moves: no warning.
    Diagnostics quiet;
    EXPECT_TRUE(parse_worksheet("shuffle: {options: false}\nid: w\ntitle: W\nquestions:\n"
                                "  - {prompt: P, options: [a, None of the above], answer: a}\n",
                                "test.yaml", quiet));
    EXPECT_TRUE(quiet.items().empty()) << quiet.format();
}

// Proves that every question type is accepted by the loader, each with the
// located errors of its own keys rather than a "not supported" error.
TEST(ParseWorksheet, AcceptsEveryQuestionTypeOfTheFormat) {
    const Worksheet sheet = parse_ok(R"(id: all-types
title: All types
questions:
  - {prompt: C, options: [a, b], answer: a}
  - {type: truefalse, prompt: T, answer: true}
  - {type: multi, prompt: M, options: [a, b], answers: [a]}
  - {type: short, prompt: S, answer: s}
  - {type: fill, text: "[[f]]"}
  - {type: match, prompt: Ma, pairs: [[a, b], [c, d]]}
  - {type: order, prompt: O, items: [a, b]}
  - {type: numeric, prompt: N, answer: 1}
)");
    const auto& qs = sheet.sections.at(0).questions;
    ASSERT_EQ(qs.size(), 8u);
    const std::vector<QuestionType> types = {
        QuestionType::choice, QuestionType::truefalse, QuestionType::multi,
        QuestionType::short_answer, QuestionType::fill, QuestionType::match,
        QuestionType::order, QuestionType::numeric};
    for (std::size_t i = 0; i < types.size(); ++i) EXPECT_EQ(qs[i].type(), types[i]) << i;
}

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

// Proves that read_file throws IoError naming the file and the reason.
TEST(ReadFile, ThrowsIoErrorNamingTheFileAndTheReason) {
    try {
        read_file("/nonexistent/sheet.yaml");
        FAIL() << "no exception";
    } catch (const IoError& e) {
        EXPECT_NE(std::string(e.what()).find("cannot read /nonexistent/sheet.yaml: "),
                  std::string::npos);
        EXPECT_NE(std::string(e.what()).find("No such file"), std::string::npos);
    }
    EXPECT_THROW(read_file(HANDOUT_TEST_DATA), IoError);
}

// Proves that load_worksheet reads a file from disk byte for byte and names
// it in every location.
TEST(LoadWorksheet, ReadsAFileAndNamesItInLocations) {
    const fs::path path = fs::temp_directory_path() / "handout-load-test.yaml";
    std::ofstream(path, std::ios::binary) << minimal;
    Diagnostics diags;
    const auto sheet = load_worksheet(path.string(), diags);
    fs::remove(path);
    ASSERT_TRUE(sheet.has_value()) << diags.format();
    EXPECT_EQ(sheet->file, path.string());
    EXPECT_EQ(sheet->title.loc.file, path.string());
    EXPECT_THROW(load_worksheet(path.string(), diags), IoError);
}

// ---------------------------------------------------------------------------
// Page styles
// ---------------------------------------------------------------------------

// Proves that templates/classic.yaml spells out exactly the PageStyle
// defaults, so the file and the code cannot drift apart.
TEST(ParseStyle, ClassicTemplateHoldsExactlyThePageStyleDefaults) {
    Diagnostics diags;
    const auto style = load_style(HANDOUT_SOURCE_DIR "/templates", "classic", diags);
    ASSERT_TRUE(style.has_value()) << diags.format();
    const PageStyle defaults;
    EXPECT_EQ(style->name, "classic");
    EXPECT_EQ(style->page_width, defaults.page_width);
    EXPECT_EQ(style->page_height, defaults.page_height);
    EXPECT_EQ(style->margin_top, defaults.margin_top);
    EXPECT_EQ(style->margin_bottom, defaults.margin_bottom);
    EXPECT_EQ(style->margin_left, defaults.margin_left);
    EXPECT_EQ(style->margin_right, defaults.margin_right);
    EXPECT_EQ(style->font_regular, defaults.font_regular);
    EXPECT_EQ(style->font_bold, defaults.font_bold);
    EXPECT_EQ(style->font_italic, defaults.font_italic);
    EXPECT_EQ(style->font_bold_italic, defaults.font_bold_italic);
    EXPECT_EQ(style->title_size, defaults.title_size);
    EXPECT_EQ(style->subtitle_size, defaults.subtitle_size);
    EXPECT_EQ(style->meta_size, defaults.meta_size);
    EXPECT_EQ(style->body_size, defaults.body_size);
    EXPECT_EQ(style->key_size, defaults.key_size);
    EXPECT_EQ(style->footer_size, defaults.footer_size);
    EXPECT_EQ(style->line_gap, defaults.line_gap);
    EXPECT_EQ(style->question_gap, defaults.question_gap);
    EXPECT_EQ(style->option_gap, defaults.option_gap);
    EXPECT_EQ(style->text_gray, defaults.text_gray);
    EXPECT_EQ(style->muted_gray, defaults.muted_gray);
    EXPECT_EQ(style->rule_gray, defaults.rule_gray);
    EXPECT_EQ(style->rule_width, defaults.rule_width);

    // Every key of the file is one that parse_style knows: none is ignored.
    const std::string text = read_file(HANDOUT_SOURCE_DIR "/templates/classic.yaml");
    EXPECT_NE(text.find("page_width:"), std::string::npos);
    EXPECT_NE(text.find("rule_width:"), std::string::npos);
}

// Proves that `page: letter` sets US Letter size, that keys left out keep
// their defaults, and that the style is named after its file.
TEST(ParseStyle, PageShortcutSetsTheSizeAndOtherKeysKeepDefaults) {
    Diagnostics diags;
    const auto style = parse_style("page: letter\nbody_size: 12\n", "templates/big.yaml", diags);
    ASSERT_TRUE(style.has_value()) << diags.format();
    EXPECT_EQ(style->name, "big");
    EXPECT_EQ(style->page_width, 612);
    EXPECT_EQ(style->page_height, 792);
    EXPECT_EQ(style->body_size, 12);
    const PageStyle defaults;
    EXPECT_EQ(style->margin_top, defaults.margin_top);

    const auto a4 = parse_style("page: a4\n", "x.yaml", diags);
    ASSERT_TRUE(a4.has_value()) << diags.format();
    EXPECT_EQ(a4->page_width, 595.28);
}

// Proves that bad style values are each reported at their value node, in
// one run: unknown keys with did-you-mean, ranges, types and fonts.
TEST(ParseStyle, ReportsEveryBadValueAtItsNode) {
    Diagnostics diags;
    const auto style = parse_style(R"(body_sise: 11
body_size: 5
rule_gray: 1.5
title_size: -3
footer_size: big
font_bold: Arial.otf
page: A5
margin_left: 300
margin_right: 300
margin_top: 10
margin_top: 11
)",
                                   "s.yaml", diags);
    EXPECT_FALSE(style.has_value());
    EXPECT_TRUE(has_error(diags, 1, 1, "unknown key 'body_sise' in the page style (did you mean 'body_size'?)"));
    EXPECT_TRUE(has_error(diags, 2, 12, "'body_size' must be a size from 6 pt"));
    EXPECT_TRUE(has_error(diags, 3, 12, "'rule_gray' must be a gray level from 0 (black) to 0.5"));
    EXPECT_TRUE(has_error(diags, 4, 13, "'title_size' must be a font size of more than 0 and at most 144 pt, found -3"));
    EXPECT_TRUE(has_error(diags, 5, 14, "'footer_size' must be a font size of more than 0 and at most 144 pt, found 'big'"));
    EXPECT_TRUE(has_error(diags, 6, 12, "must be a TrueType font file"));
    EXPECT_TRUE(has_error(diags, 7, 7, "unknown page size 'A5'"));
    EXPECT_TRUE(has_error(diags, 11, 1, "duplicate key 'margin_top'"));
    EXPECT_EQ(diags.items().size(), 8u) << diags.format();  // bad numbers skip the margin check
}

// Proves that margins which leave too little room for text are an error at
// the margin written last, and that `page` conflicts with page_width.
TEST(ParseStyle, RejectsMarginsThatLeaveNoRoomAndConflictingSizes) {
    Diagnostics diags;
    EXPECT_FALSE(parse_style("margin_left: 250\nmargin_right: 250\n", "s.yaml", diags));
    EXPECT_TRUE(has_error(diags, 2, 15, "the margins leave only"));

    Diagnostics conflict;
    EXPECT_FALSE(parse_style("page: A4\npage_width: 600\n", "s.yaml", conflict));
    EXPECT_TRUE(has_error(conflict, 2, 1, "'page' and 'page_width' both set the page size"));
}

// Proves that asking for a template that does not exist throws IoError that
// names the templates which do exist in the folder.
TEST(LoadStyle, NamesTheExistingTemplatesWhenOneIsMissing) {
    Diagnostics diags;
    try {
        load_style(HANDOUT_SOURCE_DIR "/templates", "clasic", diags);
        FAIL() << "no exception";
    } catch (const IoError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("cannot read template 'clasic'"), std::string::npos) << what;
        EXPECT_NE(what.find("classic"), std::string::npos) << what;
    }
    EXPECT_THROW(load_style(HANDOUT_SOURCE_DIR "/templates", "../templates/classic", diags),
                 IoError);
}

// Proves a missing picture does not hide a damaged one in the same file:
// the loader decodes every picture it finds and reports each in order.
TEST(LoadWorksheet, AMissingPictureDoesNotHideADamagedOne) {
    const fs::path dir = fs::temp_directory_path() / "handout-load-test-damaged";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "broken.png", std::ios::binary) << "\x89PNG\r\n\x1a\nnot really";
    std::ofstream(dir / "sheet.yaml", std::ios::binary) << R"(id: pictures
title: Pictures
questions:
  - {type: truefalse, prompt: Gone., answer: true, image: gone.png}
  - {type: truefalse, prompt: Broken., answer: true, image: broken.png}
)";
    Diagnostics diags;
    const auto sheet = load_worksheet((dir / "sheet.yaml").string(), diags);
    fs::remove_all(dir);
    EXPECT_FALSE(sheet.has_value());
    std::vector<Diagnostic> errors;
    for (const Diagnostic& d : diags.items())
        if (d.severity == Severity::error) errors.push_back(d);
    ASSERT_EQ(errors.size(), 2u) << diags.format();
    EXPECT_EQ(errors[0].loc.line, 4);
    EXPECT_NE(errors[0].message.find("not found"), std::string::npos);
    EXPECT_EQ(errors[1].loc.line, 5);
    EXPECT_NE(errors[1].message.find("broken.png"), std::string::npos) << diags.format();
}

// Proves a fill question's `width` may list one width per gap, in gap
// order (`mm` allowed), and that a list of another length or with a bad
// width is a located error with a hint, every one reported at once.
TEST(ParseWorksheet, AFillWidthMayListOneWidthPerGap) {
    Diagnostics diags;
    const auto ws = parse_worksheet(R"(id: gaps
title: Gaps
questions:
  - type: fill
    prompt: Fill in.
    text: "[[Paris]] is in [[France]], [[Rome]] in [[Italy]]."
    width: [20, 35 mm, 60, 12.5]
  - type: fill
    prompt: Fill in.
    text: "[[Paris]] is in [[France]]."
    width: 40
)",
                                    "gaps.yaml", diags);
    ASSERT_TRUE(ws) << diags.format();
    EXPECT_TRUE(diags.items().empty()) << diags.format();
    const auto& qs = ws->sections.at(0).questions;
    EXPECT_EQ(qs.at(0).as<Fill>().gap_widths_mm, (std::vector<double>{20, 35, 60, 12.5}));
    EXPECT_EQ(qs.at(1).as<Fill>().gap_widths_mm, std::vector<double>{});
    EXPECT_EQ(qs.at(1).as<Fill>().width_mm, 40);

    Diagnostics bad;
    EXPECT_FALSE(parse_worksheet(R"(id: gaps
title: Gaps
questions:
  - type: fill
    prompt: Fill in.
    text: "[[Paris]] is in [[France]], [[Rome]] in [[Italy]]."
    width: [20, 35]
  - type: fill
    prompt: Fill in.
    text: "[[Paris]] is in [[France]]."
    width: [20, 300]
  - type: fill
    prompt: Fill in.
    text: "[[Paris]] is in [[France]]."
    width: [wide, [20]]
)",
                                 "gaps.yaml", bad));
    EXPECT_TRUE(has_error(bad, 7, 12, "'width' lists 2 widths, but the text has 4 gaps")) << bad.format();
    EXPECT_TRUE(has_error(bad, 11, 17, "'width' must be a width in millimetres from 10 to 150, found '300'"))
        << bad.format();
    EXPECT_TRUE(has_error(bad, 15, 13, "'width' must be a width in millimetres")) << bad.format();
    EXPECT_TRUE(has_error(bad, 15, 19, "found a list")) << bad.format();
    EXPECT_NE(bad.format().find("write one width per gap, in the order of the gaps"), std::string::npos) << bad.format();
    EXPECT_NE(bad.format().find("for example width: [30, 30, 50]"), std::string::npos) << bad.format();
}

// A formula is found where it is written (the shrink warning's place): at
// its `$` in the first text that holds it, as the loader places a formula's
// problems; displayed and inline formulas of the same source are told apart.
TEST(FormulaLoc, AtTheDollarOfTheFirstTextThatHoldsIt) {
    const Worksheet ws = parse_ok(
        "id: f\ntitle: Formulas\nquestions:\n"
        "  - prompt: Find $x^2$ and $$x^2$$ now\n    options: [a, b]\n    answer: a\n");
    EXPECT_TRUE(prints_math(ws));
    const Loc in_line = formula_loc(ws, "x^2", false);
    EXPECT_EQ(in_line.file, "test.yaml");
    EXPECT_EQ(in_line.line, 4);
    EXPECT_EQ(in_line.column, 18);
    EXPECT_EQ(formula_loc(ws, "x^2", true).column, 28);
    const Loc nowhere = formula_loc(ws, "y^2", false);
    EXPECT_EQ(nowhere.file, "test.yaml");
    EXPECT_EQ(nowhere.line, 0);
    EXPECT_FALSE(
        prints_math(parse_ok("id: g\ntitle: No maths\nquestions:\n"
                             "  - prompt: It costs $5\n    options: [a, b]\n    answer: a\n")));
}
