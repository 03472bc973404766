// Import (GIFT, Aiken, Moodle XML) and export (Moodle XML, GIFT, QTI 2.1):
// every construct of the fixtures in tests/data/convert/ (written for these
// tests after Moodle's own examples and importer tests), located errors,
// round trips export → import that give the same worksheet, the structure of
// the Moodle XML written, and the command end to end.
#include <gtest/gtest.h>
#include <pugixml.hpp>
#include <yaml-cpp/yaml.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "convert/support.hpp"
#include "handout/convert.hpp"
#include "handout/load.hpp"
#include "handout/markup.hpp"
#include "support.hpp"

using namespace handout;
namespace fs = std::filesystem;

namespace {

using handout::test::TempDir;

const fs::path data = fs::path(HANDOUT_TEST_DATA) / "convert";

std::string fixture(const std::string& name) { return test::slurp((data / name).string()); }

// The items of a bank, carried over or not, in order.
std::vector<const ConvertedItem*> items(const Converted& bank) {
    std::vector<const ConvertedItem*> out;
    for (const auto& s : bank.sections)
        for (const auto& i : s.items) out.push_back(&i);
    return out;
}

std::string notes_of(const ConvertedItem& item) {
    std::string all;
    for (const auto& n : item.notes) all += n + "\n";
    return all;
}

// The text as printed, fonts marked: equal markup prints the same.
std::string spans(const std::string& markup) {
    std::string out;
    for (const auto& s : parse_markup(markup)) out += "[" + std::to_string(static_cast<int>(s.font)) + "]" + s.text;
    return out;
}

// A worksheet's questions as text, for comparing round trips: everything an
// export should carry, nothing that only says how it was written.
std::string dump(const Worksheet& w) {
    std::string out;
    for (const auto& s : w.sections) {
        out += "section " + (w.uses_sections ? s.title.text : std::string("-")) + " | " + spans(s.instructions.text) + "\n";
        for (const auto& q : s.questions) {
            out += std::string("  ") + type_name(q.type()) + " | " + spans(q.prompt.text) + " | explain " + spans(q.explain.text) +
                   " | points " + points_decimal(q.points) + (q.image.empty() ? "" : " | image") +
                   (q.type() == QuestionType::multi ? std::string(" | ") + scoring_name(q.scoring) : "") + "\n";
            for (const auto& o : options_of(q)) out += "    option " + spans(o.text) + "\n";
            if (const auto* c = std::get_if<Choice>(&q.body)) out += "    answer " + std::to_string(c->answer) + "\n";
            if (const auto* m = std::get_if<Multi>(&q.body))
                for (auto a : m->answers) out += "    answers " + std::to_string(a) + "\n";
            if (const auto* t = std::get_if<TrueFalse>(&q.body)) out += t->truth ? "    true\n" : "    false\n";
            if (const auto* sa = std::get_if<ShortAnswer>(&q.body)) out += "    model " + spans(sa->model_answer.text) + "\n";
            if (const auto* f = std::get_if<Fill>(&q.body)) {
                for (const auto& p : f->parts) out += (p.gap ? "    gap " : "    text ") + spans(p.text) + "\n";
                if (f->bank) out += "    bank\n";
                for (const auto& d : f->distractors) out += "    distractor " + spans(d.text) + "\n";
            }
            if (const auto* m = std::get_if<Match>(&q.body))
                for (const auto& p : m->pairs) out += "    pair " + spans(p.left.text) + " -> " + spans(p.right.text) + "\n";
            if (const auto* o = std::get_if<Order>(&q.body))
                for (const auto& i : o->items) out += "    item " + spans(i.text) + "\n";
            if (const auto* n = std::get_if<Numeric>(&q.body))
                out += "    value " + convert::format_decimal(n->value, 9) + " ± " + convert::format_decimal(n->tolerance, 9) +
                       " " + n->unit.text + "\n";
            if (q.type() == QuestionType::choice || q.type() == QuestionType::multi || q.type() == QuestionType::match)
                out += q.shuffle_options ? "" : "    no shuffle\n";
        }
    }
    return out;
}

// A fresh folder under the system's temporary folder.
void write(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

// Imports `file` as `handout import` does and writes the YAML and images
// into `dir`; returns the worksheet it loads as.
Worksheet import_and_load(const std::string& file, const TempDir& dir, const std::string& name, Diagnostics& diags) {
    const std::string out = dir / name;
    auto result = import_file(file, out, diags);
    if (!result) {
        ADD_FAILURE() << file << " did not import:\n" << diags.format();
        return {};
    }
    for (const auto& f : result->bank.files) {
        fs::create_directories((dir.path / f.path).parent_path());
        write(dir / f.path, f.bytes);
    }
    write(out, result->yaml);
    Diagnostics load;
    auto sheet = load_worksheet(out, load);
    if (!sheet) {
        ADD_FAILURE() << out << " does not load:\n" << load.format() << result->yaml;
        return {};
    }
    return *sheet;
}

Worksheet load(const std::string& path) {
    Diagnostics diags;
    auto sheet = load_worksheet(path, diags);
    EXPECT_TRUE(sheet) << diags.format();
    return sheet ? *sheet : Worksheet{};
}

// Every error's "line:column message" of a run, in order.
std::vector<std::string> errors(const Diagnostics& diags) {
    std::vector<std::string> out;
    for (const auto& d : diags.items())
        if (d.severity == Severity::error)
            out.push_back(std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + " " + d.message);
    return out;
}

}  // namespace

// ---- GIFT ----------------------------------------------------------------------

TEST(Gift, ReadsEveryKindOfQuestion) {
    Diagnostics diags;
    const Converted bank = import_gift(fixture("all-kinds.gift"), "all-kinds.gift", diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    const auto all = items(bank);
    ASSERT_EQ(all.size(), 26u);
    const auto q = [&](std::size_t i) -> const Question& { return *all[i]->question; };

    EXPECT_EQ(q(0).type(), QuestionType::choice);
    EXPECT_EQ(q(0).as<Choice>().options[q(0).as<Choice>().answer].text, "Mercury");
    EXPECT_EQ(options_of(q(1)).size(), 4u);  // answers over several lines
    // A missing word with wrong choices: a gap and a word bank.
    EXPECT_EQ(q(2).type(), QuestionType::fill);
    ASSERT_EQ(q(2).as<Fill>().parts.size(), 3u);
    EXPECT_EQ(q(2).as<Fill>().parts[0].text, "The Moon ");
    EXPECT_EQ(q(2).as<Fill>().parts[1].text, "orbits");
    EXPECT_EQ(q(2).as<Fill>().parts[2].text, " the Earth.");
    EXPECT_TRUE(q(2).as<Fill>().bank);
    ASSERT_EQ(q(2).as<Fill>().distractors.size(), 2u);
    // True/false in its four spellings; feedback: general first, then the others noted.
    EXPECT_TRUE(q(3).as<TrueFalse>().truth);
    EXPECT_FALSE(q(4).as<TrueFalse>().truth);
    EXPECT_TRUE(q(5).as<TrueFalse>().truth);
    EXPECT_FALSE(q(6).as<TrueFalse>().truth);
    EXPECT_EQ(q(6).explain.text, "The IAU voted on this in 2006.");
    EXPECT_NE(notes_of(*all[6]).find("feedback for a wrong answer: It was reclassified in 2006."), std::string::npos);
    // Short answers: alternatives and weights noted; a missing word is a gap.
    EXPECT_EQ(q(7).type(), QuestionType::short_answer);
    EXPECT_EQ(q(7).as<ShortAnswer>().model_answer.text, "Milky Way");
    EXPECT_NE(notes_of(*all[7]).find("also accepted: 'the Milky Way'"), std::string::npos);
    EXPECT_EQ(q(8).type(), QuestionType::fill);
    EXPECT_FALSE(q(8).as<Fill>().bank);
    EXPECT_EQ(all[9]->name, "Red planet");
    // The right answer's feedback stays with it (a note), never `explain`.
    EXPECT_EQ(q(9).explain.text, "");
    EXPECT_NE(notes_of(*all[9]).find("feedback for 'Mars' (right): Its dust is full of iron oxide."),
              std::string::npos);
    EXPECT_NE(notes_of(*all[9]).find("partial credit not carried over: 50% for 'Ares'"), std::string::npos);
    EXPECT_NE(notes_of(*all[9]).find("feedback for any other answer: Think of rust."), std::string::npos);
    // Numbers: exact, with a margin, a range, a list with partial credit.
    EXPECT_EQ(q(10).as<Numeric>().value_text, "8");
    EXPECT_EQ(q(11).as<Numeric>().tolerance_text, "0.5");
    EXPECT_EQ(q(12).as<Numeric>().value_text, "9.8");
    EXPECT_EQ(q(12).as<Numeric>().tolerance_text, "0.1");
    EXPECT_EQ(q(13).as<Numeric>().value_text, "687");
    EXPECT_NE(notes_of(*all[13]).find("feedback for the right answer: Exactly right."), std::string::npos);
    EXPECT_NE(notes_of(*all[13]).find("50% for 687 ± 20"), std::string::npos);
    EXPECT_NE(notes_of(*all[13]).find("feedback for a wrong answer: Look it up in the table."), std::string::npos);
    // Matching, with an extra right-hand item noted.
    EXPECT_EQ(q(14).type(), QuestionType::match);
    ASSERT_EQ(q(14).as<Match>().pairs.size(), 3u);
    EXPECT_EQ(q(14).as<Match>().pairs[2].left.text, "Earth");
    EXPECT_EQ(q(14).as<Match>().pairs[2].right.text, "third");
    EXPECT_NE(notes_of(*all[14]).find("'tenth'"), std::string::npos);
    // Formats: [html] to markup, [markdown] kept, a link noted.
    EXPECT_EQ(q(15).prompt.text, "Which planet is **largest**?");
    EXPECT_EQ(options_of(q(15))[0].text, "*Jupiter*");
    EXPECT_EQ(q(16).prompt.text, "Which of these is **not** a planet?");
    EXPECT_EQ(q(17).prompt.text, "The Sun is mostly made of what?");
    EXPECT_NE(notes_of(*all[17]).find("link to https://example.org/sun dropped"), std::string::npos);
    // Weights: tick-all with positive weights; partial credit on a single answer noted.
    EXPECT_EQ(q(18).type(), QuestionType::multi);
    EXPECT_EQ(q(18).as<Multi>().answers, (std::vector<std::size_t>{0, 1}));
    EXPECT_EQ(q(19).type(), QuestionType::choice);
    EXPECT_NE(notes_of(*all[19]).find("25% for 'Saturn'"), std::string::npos);
    // Escapes.
    EXPECT_EQ(q(20).prompt.text, "Which sign means \"equals\" in 2 + 2 = 4?");
    EXPECT_EQ(options_of(q(20))[0].text, "~");
    EXPECT_EQ(options_of(q(20))[1].text, "=");
    EXPECT_EQ(options_of(q(20))[2].text, "#");
    EXPECT_EQ(options_of(q(20))[3].text, "{ and }");
    EXPECT_EQ(options_of(q(20))[4].text, "\\");
    EXPECT_EQ(q(21).prompt.text, "A question with a colon: here and a line\nbreak.");  // GIFT's \n is a break
    // An essay is a short question the teacher marks; a description is commented out, with its text.
    EXPECT_EQ(q(22).type(), QuestionType::short_answer);
    EXPECT_EQ(q(22).as<ShortAnswer>().model_answer.text, convert::no_model_answer);
    EXPECT_NE(notes_of(*all[22]).find("essay question, marked by the teacher"), std::string::npos);
    EXPECT_FALSE(all[23]->question);
    EXPECT_NE(notes_of(*all[23]).find("description"), std::string::npos);
    // No text: the name is the prompt, and it says so.
    EXPECT_EQ(q(24).prompt.text, "Title only");
    EXPECT_NE(notes_of(*all[24]).find("had no text"), std::string::npos);
    // Comments with tags stay comments; <pre> is code; \\ is one backslash.
    EXPECT_NE(notes_of(*all[25]).find("[tag:orbits] [id:solar-27]"), std::string::npos);
    EXPECT_EQ(q(25).prompt.text, "What does this print? `if (a < b) { print(\"\\o/\"); }`");
    EXPECT_EQ(options_of(q(25))[0].text, "\\o/");
    EXPECT_NE(notes_of(*all[25]).find("preformatted"), std::string::npos);
}

TEST(Gift, CategoriesBecomeSections) {
    Diagnostics diags;
    const Converted bank = import_gift(fixture("categories.gift"), "categories.gift", diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    ASSERT_EQ(bank.sections.size(), 2u);
    EXPECT_EQ(bank.sections[0].title, "Planets");
    EXPECT_EQ(bank.sections[1].title, "Stars");
    EXPECT_EQ(bank.sections[0].items.size(), 2u);
    EXPECT_EQ(bank.sections[1].items.size(), 2u);
    const std::string yaml = write_worksheet_yaml(bank);
    EXPECT_NE(yaml.find("sections:\n  # Two categories"), std::string::npos) << yaml;
    EXPECT_NE(yaml.find("  - title: Stars\n"), std::string::npos) << yaml;
}

TEST(Gift, WindowsLineEndsReadTheSame) {
    const std::string lf = fixture("all-kinds.gift");
    std::string crlf;
    for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    Diagnostics a, b;
    EXPECT_EQ(write_worksheet_yaml(import_gift(lf, "x.gift", a)), write_worksheet_yaml(import_gift(crlf, "x.gift", b)));
    EXPECT_FALSE(b.has_errors()) << b.format();
}

TEST(Gift, ErrorsAreLocatedAndAllReported) {
    Diagnostics diags;
    import_gift(fixture("bad.gift"), "bad.gift", diags);
    EXPECT_EQ(errors(diags), (std::vector<std::string>{
                                 "2:25 the answer block opened here has no closing '}'",
                                 "4:21 a second answer block: a GIFT question has one",
                                 "6:1 the question name opened with '::' is not closed",
                                 "8:23 'about 384000' is not a number",
                                 "10:31 a matching pair needs '->' between its two sides",
                                 "12:13 no answer is marked right",
                                 "14:13 a multiple-choice question needs at least two answers",
                                 "16:9 '}' closes no answer block",
                             }));
    for (const auto& d : diags.items()) EXPECT_FALSE(d.hint.empty()) << d.message;
    EXPECT_EQ(diags.items()[0].format().rfind("bad.gift:2:25: error: ", 0), 0u);
}

TEST(Gift, WhatAWorksheetCannotHoldIsCommentedNotDropped) {
    Diagnostics diags;
    const std::string yaml = write_worksheet_yaml(import_gift(fixture("all-kinds.gift"), "all-kinds.gift", diags));
    EXPECT_NE(yaml.find("  - type: short\n    prompt: Describe what you saw through the telescope.\n"),
              std::string::npos)
        << yaml;
    EXPECT_NE(yaml.find("  # - prompt: This text is only a description, with no answers.\n"), std::string::npos);
    Diagnostics load;
    EXPECT_TRUE(parse_worksheet(yaml, "all-kinds.yaml", load)) << load.format() << yaml;
}

TEST(YamlWriter, EveryScalarReadsBackAsWritten) {
    for (const std::string s : {"plain text", "yes", "No", "null", "~", "123", "1e3", "-5", "- item", "a: b", "a:b",
                                "#hash", "a #b", "'quoted'", "\"dq\"", " lead", "trail ", "two\nlines", "tab\there",
                                "back\\slash", "*star*", "&anchor", "!tag", "%pct", "@at", "`code`", "[list]", "{map}",
                                "ends:", "?", "Ünïcödé · —", "it's", ""}) {
        const std::string yaml = "key: " + convert::yaml_scalar(s) + "\n";
        EXPECT_EQ(YAML::Load(yaml)["key"].as<std::string>(""), s) << yaml;
    }
    EXPECT_EQ(convert::yaml_scalar("plain text"), "plain text");
    EXPECT_EQ(convert::yaml_scalar("a: b"), "'a: b'");
}

// Inside a flow sequence (a match pair is written `- [left, right]`) the flow
// indicators , [ ] { } need quotes anywhere in the text (found by fuzz_import:
// a GIFT match item "second{#23.4:0.5" gave YAML the loader could not parse).
TEST(YamlWriter, FlowScalarsReadBackInsideAPair) {
    for (const std::string s : {"second{#23.4:0.5", "a, b", "x]y", "p[q", "r}s", "plain", "it's {x}", "a: b",
                                "first ?", "a?b", "t:"}) {
        const std::string yaml = "pair: [" + convert::yaml_scalar(s, true) + ", " + convert::yaml_scalar(s, true) + "]\n";
        const YAML::Node pair = YAML::Load(yaml)["pair"];
        ASSERT_EQ(pair.size(), 2u) << yaml;
        EXPECT_EQ(pair[0].as<std::string>(), s) << yaml;
        EXPECT_EQ(pair[1].as<std::string>(), s) << yaml;
    }
    EXPECT_EQ(convert::yaml_scalar("a, b"), "a, b") << "block context: plain";
    EXPECT_EQ(convert::yaml_scalar("a, b", true), "'a, b'");
}

// ---- Aiken ---------------------------------------------------------------------

TEST(Aiken, ReadsOptionsInBothSpellings) {
    Diagnostics diags;
    const Converted bank = import_aiken(fixture("quiz.txt"), "quiz.txt", diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    const auto all = items(bank);
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0]->question->as<Choice>().options[all[0]->question->as<Choice>().answer].text, "Mercury");
    EXPECT_EQ(all[1]->question->prompt.text, "Which planet has rings you can see\nwith a small telescope?");
    EXPECT_EQ(all[1]->question->as<Choice>().options[all[1]->question->as<Choice>().answer].text, "Saturn");
}

// One bad question does not fail the file: it is commented out, its reason
// a note and a located warning.
TEST(Aiken, ProblemsAreLocatedAndLeaveTheQuestionOut) {
    Diagnostics diags;
    const Converted bank = import_aiken(fixture("bad-aiken.txt"), "bad-aiken.txt", diags);
    EXPECT_FALSE(diags.has_errors());
    std::vector<std::string> warned;
    for (const auto& d : diags.items())
        warned.push_back(std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + " " + d.message);
    EXPECT_EQ(
        warned,
        (std::vector<std::string>{
            "4:8 'D' is not the letter of an option; the question is written commented out",
            "6:1 this question has no 'ANSWER:' line; the question is written commented out",
            "14:1 'ANSWER:' with no question and options before it; the question is written commented out"}));
    EXPECT_EQ(bank.commented_count(), 3u);
    for (const auto* item : items(bank)) {
        if (!item->question) {
            EXPECT_NE(notes_of(*item).find("Not carried over (line "), std::string::npos);
        }
    }
}

// ---- Moodle XML -----------------------------------------------------------------

TEST(MoodleXml, ReadsEveryKindOfQuestion) {
    Diagnostics diags;
    const Converted bank = import_moodle_xml(fixture("bank.xml"), "bank.xml", "bank-images", diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    ASSERT_EQ(bank.sections.size(), 2u);
    EXPECT_EQ(bank.sections[0].title, "Planets");
    EXPECT_EQ(bank.sections[0].instructions, "Answer **every** question.");
    EXPECT_EQ(bank.sections[1].title, "Writing");
    const auto all = items(bank);
    ASSERT_EQ(all.size(), 14u);
    const auto q = [&](std::size_t i) -> const Question& { return *all[i]->question; };
    // multichoice: html, a picture written beside the YAML, points, no shuffle, feedback.
    EXPECT_EQ(q(0).prompt.text, "Which planet is **closest** to the Sun?");
    EXPECT_EQ(q(0).image.text, "bank-images/orbit-map.png");
    EXPECT_EQ(q(0).points, Points::whole(2));
    EXPECT_FALSE(q(0).shuffle_options);
    EXPECT_EQ(q(0).explain.text, "Its orbit is the smallest.");  // the general feedback
    EXPECT_NE(notes_of(*all[0]).find("partial credit not carried over: 50% for 'Mars'"), std::string::npos);
    EXPECT_NE(notes_of(*all[0]).find("feedback for 'Venus': Second."), std::string::npos);
    ASSERT_EQ(bank.files.size(), 2u);
    EXPECT_EQ(bank.files[0].path, "bank-images/orbit-map.png");
    EXPECT_EQ(bank.files[0].bytes.substr(1, 3), "PNG");
    EXPECT_EQ(q(1).type(), QuestionType::multi);
    EXPECT_EQ(q(1).as<Multi>().answers, (std::vector<std::size_t>{0, 1}));
    // truefalse: a styled span is italic; a picture in feedback is noted.
    EXPECT_TRUE(q(2).as<TrueFalse>().truth);
    EXPECT_EQ(q(2).prompt.text, "The Sun is a *star*.");
    EXPECT_NE(notes_of(*all[2]).find("sad.png not carried over"), std::string::npos);
    // shortanswer: plain text stays plain.
    EXPECT_EQ(q(3).prompt.text, "Name our galaxy (2 * 2 words?)");
    EXPECT_EQ(q(3).as<ShortAnswer>().model_answer.text, "Milky Way");
    // numerical with units; matching with an extra answer.
    EXPECT_EQ(q(4).as<Numeric>().value_text, "23.4");
    EXPECT_EQ(q(4).as<Numeric>().tolerance_text, "0.5");
    EXPECT_EQ(q(4).as<Numeric>().unit.text, "°");
    EXPECT_NE(notes_of(*all[4]).find("rad"), std::string::npos);
    EXPECT_EQ(q(5).as<Match>().pairs.size(), 2u);
    // essays: short answers the teacher marks, the grader information as the model answer.
    EXPECT_EQ(q(6).type(), QuestionType::short_answer);
    EXPECT_EQ(q(6).as<ShortAnswer>().model_answer.text, "Craters, seas and mountains.");
    EXPECT_EQ(q(6).as<ShortAnswer>().lines, 5);
    EXPECT_EQ(q(7).as<ShortAnswer>().model_answer.text, convert::no_model_answer);
    EXPECT_FALSE(all[8]->question);
    // cloze and drag-into-text: gaps with a word bank; ordering; a Moodle 1.9 picture.
    EXPECT_EQ(q(9).type(), QuestionType::fill);
    ASSERT_EQ(q(9).as<Fill>().parts.size(), 5u);
    EXPECT_EQ(q(9).as<Fill>().parts[1].text, "star");
    EXPECT_EQ(q(9).as<Fill>().parts[3].text, "red");
    // A typed gap beside a drop-down: every gap is written, the choices noted.
    EXPECT_FALSE(q(9).as<Fill>().bank);
    EXPECT_NE(notes_of(*all[9]).find("gap 2 ('red', 'blue', 'green')"), std::string::npos)
        << notes_of(*all[9]);
    EXPECT_NE(notes_of(*all[9]).find("gap 1: partial credit not carried over: 'sun' 50%"), std::string::npos);
    EXPECT_EQ(q(10).as<Fill>().parts[1].text, "Moon");
    EXPECT_EQ(q(10).as<Fill>().distractors[0].text, "Comet");
    EXPECT_EQ(q(11).type(), QuestionType::order);
    EXPECT_EQ(q(11).as<Order>().items[2].text, "Jupiter");
    EXPECT_EQ(q(12).image.text, "bank-images/old.png");
    EXPECT_FALSE(all[13]->question);
    EXPECT_NE(notes_of(*all[13]).find("'calculated'"), std::string::npos);
}

TEST(MoodleXml, ErrorsAreLocated) {
    Diagnostics diags;
    // A question Moodle could not mark is left out (commented out, its reason
    // a note), with a located warning; the file is still read.
    const Converted bank = import_moodle_xml(fixture("bad.xml"), "bad.xml", "img", diags);
    EXPECT_TRUE(errors(diags).empty()) << diags.format();
    std::vector<std::string> warned;
    for (const auto& d : diags.items())
        warned.push_back(std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + " " + d.message);
    EXPECT_EQ(
        warned,
        (std::vector<std::string>{
            "3:4 no answer of this multiple-choice question has full credit; the question is written "
            "commented out",
            "9:4 the short-answer question has no full-credit answer; the question is written commented "
            "out"}));
    EXPECT_EQ(bank.commented_count(), 2u);
    Diagnostics broken;
    import_moodle_xml("<quiz>\n  <question type=\"truefalse\">\n</quiz>\n", "broken.xml", "img", broken);
    ASSERT_EQ(errors(broken).size(), 1u);
    EXPECT_EQ(errors(broken)[0].rfind("3:", 0), 0u) << errors(broken)[0];
}

// ---- The whole import ----------------------------------------------------------

TEST(Import, EveryFixtureGivesAWorksheetThatLoads) {
    TempDir dir("fixtures");
    for (const char* name : {"all-kinds.gift", "categories.gift", "quiz.txt", "bank.xml"}) {
        Diagnostics diags;
        const Worksheet w = import_and_load((data / name).string(), dir, std::string(name) + ".yaml", diags);
        EXPECT_GT(w.question_count(), 0u) << name;
    }
    EXPECT_TRUE(fs::exists(dir.path / "bank.xml-images" / "orbit-map.png"));
}

TEST(Import, ProblemsOfTheWorksheetPointAtTheSource) {
    TempDir dir("problems");
    // Two equal options are fine in GIFT but not in a worksheet: that
    // question is written commented out with the reason, at its place in the
    // source; the others import.
    write(dir / "same.gift", "// first\nWhich?{=Mars ~Venus}\n\nWhich again?{\n  =Mars\n  ~Mars\n}\n");
    Diagnostics diags;
    const auto result = import_file(dir / "same.gift", dir / "same.yaml", diags);
    ASSERT_TRUE(result) << diags.format();
    EXPECT_TRUE(errors(diags).empty());
    ASSERT_EQ(diags.items().size(), 1u) << diags.format();
    EXPECT_EQ(diags.items()[0].loc.file, dir / "same.gift");
    EXPECT_EQ(diags.items()[0].loc.line, 4);
    EXPECT_EQ(result->bank.question_count(), 1u);
    EXPECT_NE(
        result->yaml.find("  # Not carried over: the worksheet refuses it: option 'Mars' is written twice"),
        std::string::npos)
        << result->yaml;
    EXPECT_NE(result->yaml.find("  # - prompt: Which again?\n  #   options:\n"), std::string::npos)
        << result->yaml;
    Diagnostics load;
    EXPECT_TRUE(parse_worksheet(result->yaml, dir / "same.yaml", load)) << load.format();
}

// ---- Round trips ----------------------------------------------------------------

TEST(RoundTrip, GiftAndMoodleXmlGiveTheSameWorksheet) {
    const Worksheet original = load((data / "roundtrip.yaml").string());
    TempDir dir("roundtrip");
    for (const auto format : {ExportFormat::gift, ExportFormat::moodle_xml}) {
        Diagnostics warnings;
        const bool gift = format == ExportFormat::gift;
        const std::string file = dir / (gift ? "rt.gift" : "rt.xml");
        write(file, gift ? export_gift(original, warnings) : export_moodle_xml(original, warnings));
        // Only what marks differently is reported: Moodle's pair-by-pair
        // matching, and in GIFT the essay's model answer (kept in a comment).
        for (const auto& d : warnings.items())
            EXPECT_TRUE(d.message.find("pair by pair") != std::string::npos ||
                        (gift && d.message.find("model answer") != std::string::npos))
                << d.format();
        Diagnostics diags;
        const Worksheet back = import_and_load(file, dir, gift ? "gift.yaml" : "xml.yaml", diags);
        EXPECT_EQ(dump(back), dump(original)) << (gift ? "GIFT" : "Moodle XML");
    }
}

TEST(RoundTrip, ImportExportImportIsStable) {
    TempDir dir("stable");
    for (const char* name : {"all-kinds.gift", "bank.xml"}) {
        Diagnostics diags;
        const Worksheet first = import_and_load((data / name).string(), dir, "first.yaml", diags);
        for (const auto format : {ExportFormat::gift, ExportFormat::moodle_xml}) {
            if (format == ExportFormat::gift && std::string(name) == "bank.xml") continue;  // order, gaps: not GIFT
            Diagnostics warnings;
            const std::string file = dir / (format == ExportFormat::gift ? "again.gift" : "again.xml");
            write(file, format == ExportFormat::gift ? export_gift(first, warnings) : export_moodle_xml(first, warnings));
            const Worksheet second = import_and_load(file, dir, "second.yaml", diags);
            std::string a = dump(first), b = dump(second);
            EXPECT_EQ(b, a) << name << " via " << file;
        }
    }
}

TEST(RoundTrip, EveryTypeThroughMoodleXml) {
    // forces-and-motion has every type, a picture, a pinned option and lines:
    // the last two are reported, everything else comes back.
    Worksheet original = load(HANDOUT_SOURCE_DIR "/worksheets/forces-and-motion.yaml");
    Diagnostics warnings;
    TempDir dir("forces");
    write(dir / "forces.xml", export_moodle_xml(original, warnings));
    std::string w = warnings.format();
    // Moodle scores a multi question tick by tick: all-or-nothing is
    // reported, and `partial` comes back as it went.
    EXPECT_NE(w.find("Moodle scores a multi-answer question tick by tick"), std::string::npos) << w;
    for (auto& s : original.sections)
        for (auto& q : s.questions)
            if (q.type() == QuestionType::multi) q.scoring = Scoring::partial;
    warnings = Diagnostics{};
    write(dir / "forces.xml", export_moodle_xml(original, warnings));
    w = warnings.format();
    EXPECT_EQ(w.find("tick by tick"), std::string::npos) << w;
    EXPECT_NE(w.find("cannot pin one option"), std::string::npos) << w;
    EXPECT_NE(w.find("pair by pair"), std::string::npos) << w;
    EXPECT_NE(w.find("ordering"), std::string::npos) << w;
    Diagnostics diags;
    const Worksheet back = import_and_load(dir / "forces.xml", dir, "forces.yaml", diags);
    EXPECT_EQ(dump(back), dump(original));
}

TEST(RoundTrip, GiftReportsWhatItCannotHold) {
    const Worksheet original = load(HANDOUT_SOURCE_DIR "/worksheets/forces-and-motion.yaml");
    Diagnostics warnings;
    const std::string gift = export_gift(original, warnings);
    const std::string w = warnings.format();
    EXPECT_NE(w.find("an ordering question needs Moodle's 'ordering' question type"), std::string::npos) << w;
    EXPECT_NE(gift.find("{>4 ALL VERTICAL ALL_OR_NOTHING SHOW"), std::string::npos) << gift;
    EXPECT_NE(w.find("3 gaps"), std::string::npos) << w;
    EXPECT_NE(w.find("a unit ('m/s')"), std::string::npos) << w;
    EXPECT_NE(w.find("pictures"), std::string::npos) << w;
    EXPECT_NE(w.find("GIFT cannot hold all-or-nothing scoring"), std::string::npos) << w;
    EXPECT_NE(gift.find("// Not exported (GIFT cannot hold it): a fill question"), std::string::npos) << gift;
    for (const auto& d : warnings.items()) EXPECT_GT(d.loc.line, 0) << d.message;
}

// ---- What the exports look like --------------------------------------------------

TEST(Export, MoodleXmlHasTheStructureMoodleReads) {
    const Worksheet sheet = load(HANDOUT_SOURCE_DIR "/worksheets/forces-and-motion.yaml");
    Diagnostics warnings;
    const std::string xml = export_moodle_xml(sheet, warnings);
    EXPECT_EQ(xml, export_moodle_xml(sheet, warnings)) << "the same worksheet gives the same bytes";
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_string(xml.c_str()));
    const auto quiz = doc.child("quiz");
    ASSERT_TRUE(quiz);
    std::vector<std::string> types;
    for (auto q : quiz.children("question")) types.push_back(q.attribute("type").as_string());
    EXPECT_EQ(types,
              (std::vector<std::string>{"category", "multichoice", "multichoice", "multichoice", "truefalse",
                                        "cloze", "category", "numerical", "matching", "ordering", "essay"}));
    const auto first = quiz.child("question");
    EXPECT_EQ(std::string(first.child("category").child_value("text")), "$course$/top/Part A · Forces");
    for (auto q : quiz.children("question")) {
        if (std::string(q.attribute("type").as_string()) == "category") continue;
        EXPECT_TRUE(q.child("name").child("text")) << q.attribute("type").as_string();
        EXPECT_STREQ(q.child("questiontext").attribute("format").as_string(), "html");
        EXPECT_TRUE(q.child("questiontext").child("text"));
        EXPECT_TRUE(q.child("generalfeedback").child("text"));
        EXPECT_STREQ(q.child_value("defaultgrade"), "1");
    }
    // The picture: an <img> in the text and its file, base64, beside it.
    const auto pictured = quiz.find_child([](pugi::xml_node n) { return n.child("questiontext").child("file"); });
    ASSERT_TRUE(pictured);
    const auto file = pictured.child("questiontext").child("file");
    EXPECT_STREQ(file.attribute("encoding").as_string(), "base64");
    EXPECT_NE(std::string(pictured.child("questiontext").child_value("text")).find("@@PLUGINFILE@@/forces-on-a-box.png"),
              std::string::npos);
    bool ok = false;
    EXPECT_EQ(convert::base64_decode(file.child_value(), ok).substr(1, 3), "PNG");
    // Answers carry fractions: 100 for the right choice; tick-all splits it.
    const auto mc = quiz.find_child_by_attribute("question", "type", "multichoice");
    EXPECT_STREQ(mc.child_value("single"), "true");
    EXPECT_STREQ(mc.child("answer").attribute("fraction").as_string(), "100");
    const auto multi = pictured.next_sibling();
    EXPECT_STREQ(multi.child_value("single"), "false");
    EXPECT_STREQ(multi.child("answer").attribute("fraction").as_string(), "33.33333");
    const auto numeric = quiz.find_child_by_attribute("question", "type", "numerical");
    EXPECT_STREQ(numeric.child("answer").child_value("tolerance"), "0");
    EXPECT_STREQ(numeric.child("units").child("unit").child_value("unit_name"), "m/s");
    const auto cloze = quiz.find_child_by_attribute("question", "type", "cloze");
    EXPECT_NE(std::string(cloze.child("questiontext").child_value("text")).find("{1:MULTICHOICE:=pull~newtons~force meter~kilograms~ruler}"),
              std::string::npos);
    EXPECT_EQ(quiz.find_child_by_attribute("question", "type", "matching").select_nodes("subquestion/answer/text").size(), 4u);
}

TEST(Export, QtiIsAZipOfItemsAndItsManifest) {
    const Worksheet sheet = load(HANDOUT_SOURCE_DIR "/worksheets/forces-and-motion.yaml");
    Diagnostics warnings;
    const std::string zip = export_qti(sheet, warnings);
    EXPECT_EQ(zip, export_qti(sheet, warnings)) << "the same worksheet gives the same bytes";
    TempDir dir("qti");
    write(dir / "q.zip", zip);
    const auto list = test::run("python3 -c \"import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); "
                                "assert z.testzip() is None; print('\\n'.join(z.namelist()))\" " + test::quote(dir / "q.zip"));
    ASSERT_EQ(list.status, 0) << list.out;
    EXPECT_NE(list.out.find("imsmanifest.xml"), std::string::npos);
    EXPECT_NE(list.out.find("items/item-9.xml"), std::string::npos);
    EXPECT_NE(list.out.find("items/images/2-forces-on-a-box.png"), std::string::npos);
    const auto item = test::run("python3 -c \"import zipfile,sys; print(zipfile.ZipFile(sys.argv[1]).read('items/item-7.xml').decode())\" " +
                                test::quote(dir / "q.zip"));
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_string(item.out.c_str())) << item.out;
    const auto root = doc.child("assessmentItem");
    EXPECT_STREQ(root.attribute("xmlns").as_string(), "http://www.imsglobal.org/xsd/imsqti_v2p1");
    EXPECT_STREQ(root.child("responseDeclaration").attribute("baseType").as_string(), "directedPair");
    EXPECT_TRUE(root.child("itemBody").child("matchInteraction"));
    EXPECT_STREQ(root.child("modalFeedback").attribute("identifier").as_string(), "EXPLAIN");
    EXPECT_NE(warnings.format().find("QTI marks no written answer"), std::string::npos);
}

// ---- End to end -------------------------------------------------------------------

// Import writes a bank's pictures beside the worksheet: one already there
// with other bytes is never replaced, and none is written through a
// symbolic link, without --force (issue 33, item 3); the same bytes again
// are fine.
TEST(EndToEnd, ImportNeverReplacesAPictureNorWritesThroughALink) {
    TempDir dir("import-pictures");
    const std::string bin = HANDOUT_BINARY, bank = test::quote((data / "bank.xml").string());
    const std::string import = bin + " import " + bank + " -o " + test::quote(dir / "a.yaml");
    ASSERT_EQ(test::run(import).status, 0);
    std::vector<fs::path> pictures;
    for (const auto& e : fs::recursive_directory_iterator(dir.path))
        if (e.is_regular_file() && e.path().extension() != ".yaml") pictures.push_back(e.path());
    ASSERT_FALSE(pictures.empty());
    // The worksheet gone, its pictures folder kept: the same pictures again are fine.
    fs::remove(dir / "a.yaml");
    ASSERT_EQ(test::run(import).status, 0) << "the same pictures again";
    fs::remove(dir / "a.yaml");
    const fs::path picture = pictures.front();
    std::ofstream(picture, std::ios::binary | std::ios::trunc) << "the teacher's own";
    const auto other = test::run(import);
    EXPECT_EQ(other.status, 2) << other.out;
    EXPECT_NE(other.out.find("exists with another picture"), std::string::npos) << other.out;
    EXPECT_FALSE(fs::exists(dir / "a.yaml"));
    EXPECT_EQ(test::slurp(picture.string()), "the teacher's own");

    fs::remove(picture);
    std::ofstream(dir / "elsewhere.txt") << "not a picture";
    fs::create_symlink(dir.path / "elsewhere.txt", picture);
    const auto linked = test::run(import);
    EXPECT_EQ(linked.status, 2) << linked.out;
    EXPECT_NE(linked.out.find("is a symbolic link"), std::string::npos) << linked.out;
    EXPECT_EQ(test::slurp(dir / "elsewhere.txt"), "not a picture");
    const auto forced = test::run(import + " --force");
    EXPECT_EQ(forced.status, 0) << forced.out;
    EXPECT_EQ(test::slurp(dir / "elsewhere.txt"), "not a picture") << "replaced, not written through";
}

TEST(EndToEnd, ImportAGiftBankCheckItAndRenderIt) {
    TempDir dir("e2e");
    const std::string bin = HANDOUT_BINARY;
    const auto imp = test::run(bin + " import " + test::quote((data / "all-kinds.gift").string()) + " -o " +
                               test::quote(dir / "solar.yaml"));
    ASSERT_EQ(imp.status, 0) << imp.out;
    EXPECT_NE(imp.out.find("25 questions, 1 items commented out"), std::string::npos) << imp.out;
    const auto again = test::run(bin + " import " + test::quote((data / "all-kinds.gift").string()) + " -o " +
                                 test::quote(dir / "solar.yaml"));
    EXPECT_EQ(again.status, 2) << "an existing file is not replaced without --force";
    const auto check = test::run(bin + " check " + test::quote(dir / "solar.yaml"));
    ASSERT_EQ(check.status, 0) << check.out;
    const auto render = test::run(bin + " render " + test::quote(dir / "solar.yaml") + " --seed 0 -o " +
                                  test::quote(dir / "solar.pdf"));
    ASSERT_EQ(render.status, 0) << render.out;
    const auto text = test::run("pdftotext -layout " + test::quote(dir / "solar.pdf") + " -");
    for (const char* s : {"Which planet is closest to the Sun?", "Match each planet to its order from the Sun.",
                          "What is g on Earth in m/s²?", "Which sign means \"equals\" in 2 + 2 = 4?"})
        EXPECT_NE(text.out.find(s), std::string::npos) << s;

    const auto bad = test::run(bin + " import " + test::quote((data / "bad.gift").string()) + " -o " +
                               test::quote(dir / "bad.yaml"));
    EXPECT_EQ(bad.status, 1);
    EXPECT_NE(bad.out.find("bad.gift:2:25: error: the answer block opened here has no closing '}'"), std::string::npos)
        << bad.out;
    EXPECT_NE(bad.out.find("8 error(s), nothing written"), std::string::npos) << bad.out;
    EXPECT_FALSE(fs::exists(dir / "bad.yaml"));

    const auto exp = test::run(bin + " export " + test::quote(dir / "solar.yaml") + " --to moodle-xml -o " +
                               test::quote(dir / "solar.xml"));
    ASSERT_EQ(exp.status, 0) << exp.out;
    const auto wrong = test::run(bin + " export " + test::quote(dir / "solar.yaml") + " --to pdf");
    EXPECT_EQ(wrong.status, 2);
}

TEST(EndToEnd, AFullDiskLeavesNoPicturesBehind) {
    // Pictures are written first, the YAML last: when the YAML cannot be
    // written, the pictures of that run are removed again (exit code 3).
    TempDir dir("disk");
    const auto r = test::run("HANDOUT_TEST_FAIL_WRITE_AFTER=200 " + std::string(HANDOUT_BINARY) + " import " +
                             test::quote((data / "bank.xml").string()) + " -o " + test::quote(dir / "bank.yaml"));
    EXPECT_EQ(r.status, 3) << r.out;
    EXPECT_FALSE(fs::exists(dir / "bank.yaml"));
    EXPECT_FALSE(fs::exists(dir / "bank-images")) << r.out;
}

// Issue 35: a pool's questions go to its category (Moodle draws them with
// random questions: the warning says how many), tags to Moodle's <tags>, and
// both come back on import (the pool as a section; `pick` is the warning's).
TEST(RoundTrip, PoolsAndTagsThroughMoodleXml) {
    TempDir dir("pool-moodle");
    write(dir / "pool.yaml",
          "id: pool\ntitle: Pool\nsections:\n  - title: Fractions\n    pick: 1\n    questions:\n"
          "      - prompt: Half of 4?\n        options: ['2', '3']\n        answer: '2'\n"
          "        tags: [fractions, easy]\n"
          "      - prompt: Third of 9?\n        options: ['3', '4']\n        answer: '3'\n"
          "        tags: [fractions, hard]\n");
    const Worksheet original = load(dir / "pool.yaml");
    Diagnostics warnings;
    const std::string xml = export_moodle_xml(original, warnings);
    EXPECT_NE(warnings.format().find("pool.yaml:5:11: warning: Moodle XML has no 'pick'"), std::string::npos)
        << warnings.format();
    EXPECT_NE(warnings.format().find("add 1 random questions from category 'Fractions'"), std::string::npos);
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_string(xml.c_str()));
    const auto second = doc.child("quiz").child("question").next_sibling("question");
    std::vector<std::string> tags;
    for (auto t : second.child("tags").children("tag")) tags.push_back(t.child_value("text"));
    EXPECT_EQ(tags, (std::vector<std::string>{"fractions", "easy"}));
    write(dir / "pool.xml", xml);
    Diagnostics diags;
    const Worksheet back = import_and_load(dir / "pool.xml", dir, "back.yaml", diags);
    ASSERT_EQ(back.sections.size(), 1u);
    EXPECT_EQ(back.sections[0].title.text, "Fractions");
    ASSERT_EQ(back.sections[0].questions.size(), 2u);
    ASSERT_EQ(back.sections[0].questions[1].tags.size(), 2u);
    EXPECT_EQ(back.sections[0].questions[1].tags[1].text, "hard");
}

// Proves GIFT, which has no pools or tags, says what it leaves out (the
// tags once), with where the pool and the first tag are; and that the QTI
// package keeps both: a section of its test per section, a pool's pick as
// the section's selection, the tags as keywords of each item's metadata.
TEST(Export, GiftSaysWhatItLeavesOutAndQtiKeepsPoolsAndTags) {
    TempDir dir("pool-gift-qti");
    write(dir / "pool.yaml",
          "id: pool\ntitle: Pool\nsections:\n  - title: Fractions\n    pick: 1\n    questions:\n"
          "      - prompt: Half of 4?\n        options: ['2', '3']\n        answer: '2'\n"
          "        tags: [fractions, easy]\n"
          "      - prompt: Third of 9?\n        options: ['3', '4']\n        answer: '3'\n"
          "        tags: [fractions, hard]\n"
          "  - title: Ratios\n    questions:\n"
          "      - prompt: 2 to 4?\n        options: ['1 to 2', '2 to 1']\n        answer: '1 to 2'\n");
    const Worksheet ws = load(dir / "pool.yaml");
    Diagnostics gift;
    EXPECT_FALSE(export_gift(ws, gift).empty());
    EXPECT_NE(
        gift.format().find("pool.yaml:5:11: warning: GIFT has no 'pick': all 2 questions of the pool are "
                           "exported\n  hint: draw 1 of them in the tool you import into"),
        std::string::npos)
        << gift.format();
    const std::string said = gift.format();
    EXPECT_NE(said.find("pool.yaml:10:16: warning: GIFT keeps no tags"), std::string::npos) << said;
    EXPECT_EQ(said.find("keeps no tags"), said.rfind("keeps no tags")) << "said once";

    Diagnostics qti;
    write(dir / "q.zip", export_qti(ws, qti));
    EXPECT_FALSE(qti.has_errors()) << qti.format();
    const auto read = [&](const std::string& name) {
        return test::run(
                   "python3 -c \"import zipfile,sys; "
                   "print(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())\" " +
                   test::quote(dir / "q.zip") + " " + name)
            .out;
    };
    pugi::xml_document test_doc, manifest;
    ASSERT_TRUE(test_doc.load_string(read("test.xml").c_str()));
    const auto sections = test_doc.child("assessmentTest").child("testPart").children("assessmentSection");
    std::vector<std::string> seen;
    for (auto sec : sections) {
        std::string line = std::string(sec.attribute("title").as_string()) + ":" +
                           sec.child("selection").attribute("select").as_string();
        for (auto ref : sec.children("assessmentItemRef"))
            line += " " + std::string(ref.attribute("href").as_string());
        seen.push_back(line);
    }
    EXPECT_EQ(seen, (std::vector<std::string>{"Fractions:1 items/item-1.xml items/item-2.xml",
                                              "Ratios: items/item-3.xml"}));
    ASSERT_TRUE(manifest.load_string(read("imsmanifest.xml").c_str()));
    const auto item2 = manifest.child("manifest")
                           .child("resources")
                           .find_child_by_attribute("resource", "identifier", "item-2");
    std::vector<std::string> tags;
    for (auto k : item2.child("metadata").child("imsmd:lom").child("imsmd:general").children("imsmd:keyword"))
        tags.push_back(k.child_value("imsmd:langstring"));
    EXPECT_EQ(tags, (std::vector<std::string>{"fractions", "hard"}));
    EXPECT_STREQ(
        manifest.child("manifest").child("resources").child("resource").attribute("type").as_string(),
        "imsqti_test_xmlv2p1");
}
