// Question banks that keep their meaning both ways (issue 30): the shapes of
// Moodle's own importer fixtures and of another GIFT parser's test questions,
// written here as this project's own questions; exports that Moodle's
// importers read back with the same marking; numbers as the worksheet means
// them; vars drawn or refused; bounded imports.
#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "convert/support.hpp"
#include "handout/convert.hpp"
#include "handout/load.hpp"
#include "support.hpp"

using namespace handout;
namespace fs = std::filesystem;

namespace {

using handout::test::TempDir;

Worksheet sheet_of(const std::string& yaml) {
    Diagnostics diags;
    auto w = parse_worksheet(yaml, "t.yaml", diags);
    EXPECT_TRUE(w) << diags.format();
    return w ? *w : Worksheet{};
}

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

void write(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

// The grades Moodle's importers accept (question_bank::fraction_options_full), in percent.
bool moodle_grade(double percent) {
    static const double allowed[] = {100,      90,       83.33333, 80,       75, 70, 66.66667,
                                     60,       50,       40,       33.33333, 30, 25, 20,
                                     16.66667, 14.28571, 12.5,     11.11111, 10, 5,  0};
    return std::any_of(std::begin(allowed), std::end(allowed),
                       [&](double a) { return std::fabs(std::fabs(percent) - a) < 0.0001; });
}

// The checks Moodle's XML importer (question/format/xml/format.php and the
// question types' own) makes of what handout writes; "" when all pass.
std::string moodle_xml_problems(const std::string& xml) {
    pugi::xml_document doc;
    if (!doc.load_string(xml.c_str())) return "not well-formed";
    std::string out;
    for (auto q : doc.child("quiz").children("question")) {
        const std::string type = q.attribute("type").as_string();
        if (type == "category") continue;
        const std::string name = q.child("name").child_value("text");
        if (name.empty() || !q.child("questiontext").child("text")) out += name + ": no name or text\n";
        double positive = 0, best = 0;
        for (auto a : q.children("answer")) {
            const double f = a.attribute("fraction").as_double(-1000);
            if ((type == "multichoice" || type == "shortanswer" || type == "numerical" ||
                 type == "truefalse") &&
                !moodle_grade(f))
                out +=
                    name + ": grade " + a.attribute("fraction").as_string() + " is not one Moodle accepts\n";
            positive += std::max(0.0, f);
            best = std::max(best, f);
        }
        if (type == "multichoice" && std::string(q.child_value("single")) == "false" &&
            std::fabs(positive - 100) > 0.01)
            out += name + ": the right options add up to " + std::to_string(positive) + "%\n";
        const bool single = type != "multichoice" || std::string(q.child_value("single")) != "false";
        if ((type == "multichoice" || type == "truefalse" || type == "numerical") && single && best < 99.99)
            out += name + ": no answer has full marks\n";
        if (type == "numerical") {
            double v = 0;
            for (auto a : q.children("answer"))
                if (!convert::parse_number(a.child_value("text"), v))
                    out += name + ": answer is not a number\n";
        }
        if (type == "essay" && !q.child("graderinfo")) out += name + ": essay with no graderinfo\n";
        if (type == "cloze" &&
            std::string(q.child("questiontext").child_value("text")).find(":SHORTANSWER:") ==
                std::string::npos &&
            std::string(q.child("questiontext").child_value("text")).find(":MULTICHOICE:") ==
                std::string::npos)
            out += name + ": cloze with no gap\n";
        if (type == "ordering" && std::string(q.child_value("gradingtype")) != "ALL_OR_NOTHING")
            out += name + ": ordering not marked all or nothing\n";
    }
    return out;
}

}  // namespace

// ---- Item 3: a person marks `short`; no format machine-marks it ---------------------

TEST(Fidelity, ShortIsAnEssayTheTeacherMarksBothWays) {
    const Worksheet w = sheet_of(R"(id: s
title: S
questions:
  - type: short
    prompt: Why do leaves change colour in autumn?
    answer: The green chlorophyll breaks down and other pigments show.
    lines: 4
)");
    Diagnostics warnings;
    const std::string xml = export_moodle_xml(w, warnings);
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_string(xml.c_str()));
    const auto q = doc.child("quiz").child("question");
    EXPECT_STREQ(q.attribute("type").as_string(), "essay");
    EXPECT_FALSE(q.child("answer")) << "no auto-marked answer";
    EXPECT_NE(std::string(q.child("graderinfo").child_value("text")).find("chlorophyll"), std::string::npos);
    EXPECT_STREQ(q.child_value("responsefieldlines"), "4");
    const std::string gift = export_gift(w, warnings);
    EXPECT_NE(gift.find("Why do leaves change colour in autumn? {}"), std::string::npos) << gift;
    EXPECT_EQ(gift.find("{="), std::string::npos) << "no short-answer block: " << gift;

    // Back: both read as a `short` question with its model answer.
    TempDir dir("short");
    write(dir / "s.xml", xml);
    write(dir / "s.gift", gift);
    for (const char* f : {"s.xml", "s.gift"}) {
        Diagnostics diags;
        auto r = import_file(dir / f, dir / "s.yaml", diags);
        ASSERT_TRUE(r) << diags.format();
        const Question& back = *items(r->bank)[0]->question;
        ASSERT_EQ(back.type(), QuestionType::short_answer) << f;
        EXPECT_EQ(back.as<ShortAnswer>().model_answer.text,
                  "The green chlorophyll breaks down and other pigments show.")
            << f;
    }
}

TEST(Fidelity, AnEssayWithoutGraderNotesImportsAsShort) {
    // Shape of Moodle's `{}` essay fixtures: name, text, an empty answer block.
    Diagnostics diags;
    const Converted bank =
        import_gift("// essay\n::E1:: Describe your journey to school. {}\n", "e.gift", diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    ASSERT_EQ(bank.question_count(), 1u);
    const Question& q = *items(bank)[0]->question;
    EXPECT_EQ(q.type(), QuestionType::short_answer);
    EXPECT_EQ(q.as<ShortAnswer>().model_answer.text, convert::no_model_answer);
    EXPECT_EQ(q.as<ShortAnswer>().lines, 15);
    EXPECT_NE(notes_of(*items(bank)[0]).find("marked by the teacher"), std::string::npos);
}

// ---- Item 1: numbers as the worksheet means them ----------------------------------------

TEST(Fidelity, NumbersExportAsTheWorksheetMeansThem) {
    const Worksheet w = sheet_of(R"(id: n
title: N
questions:
  - type: numeric
    prompt: How many seats does the stadium have?
    answer: 70,000
  - type: numeric
    prompt: What is 7 ÷ 2?
    answer: 3,5
    tolerance: 0,05
  - type: numeric
    prompt: How fast is light in m/s?
    answer: 3 × 10^8
  - type: numeric
    prompt: How many grams in a microgram?
    answer: 1e-6
)");
    Diagnostics warnings;
    const std::string gift = export_gift(w, warnings);
    for (const char* s : {"{#70000:0}", "{#3.5:0.05}", "{#300000000:0}", "{#0.000001:0}"})
        EXPECT_NE(gift.find(s), std::string::npos) << s << "\n" << gift;
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_string(export_moodle_xml(w, warnings).c_str()));
    std::vector<std::string> values;
    for (auto q : doc.child("quiz").children("question"))
        values.push_back(q.child("answer").child_value("text"));
    EXPECT_EQ(values, (std::vector<std::string>{"70000", "3.5", "300000000", "0.000001"}));
    EXPECT_STREQ(doc.child("quiz").child("question").next_sibling().child("answer").child_value("tolerance"),
                 "0.05");
    EXPECT_EQ(convert::number_text(6.02e23), "602000000000000000000000");
    EXPECT_EQ(convert::number_text(-0.25), "-0.25");
}

// ---- Item 2: vars drawn per copy, or refused ---------------------------------------------

TEST(Fidelity, VarsAreDrawnForAnExportOrRefused) {
    const Worksheet w = sheet_of(R"(id: v
title: V
questions:
  - type: numeric
    prompt: A car drives {{d}} km in 2 hours. What is its speed in km/h?
    vars:
      d: [60, 80, 100]
      v: {formula: "d / 2"}
    answer: "{{v}}"
  - type: truefalse
    prompt: Water boils at 100 °C at sea level.
    answer: true
)");
    Diagnostics refused;
    EXPECT_EQ(export_gift(w, refused), "");
    EXPECT_TRUE(refused.has_errors());
    EXPECT_NE(refused.format().find("--seed"), std::string::npos) << refused.format();
    Diagnostics qti;
    EXPECT_EQ(export_qti(w, qti), "");
    EXPECT_TRUE(qti.has_errors());

    const Worksheet drawn = draw_vars_for_export(w, 1, 3);
    ASSERT_EQ(drawn.question_count(), 4u) << "three versions of the first question, the second once";
    Diagnostics ok;
    const std::string gift = export_gift(drawn, ok);
    EXPECT_FALSE(ok.has_errors()) << ok.format();
    EXPECT_EQ(gift.find("{{"), std::string::npos) << gift;
    for (std::size_t i = 0; i < 3; ++i) {
        const Question& q = drawn.sections[0].questions[i];
        const double d = q.as<Numeric>().value * 2;
        EXPECT_NE(q.prompt.text.find(convert::format_decimal(d, 0) + " km"), std::string::npos)
            << q.prompt.text;
    }
}

// ---- Item 4: scoring kept or said ----------------------------------------------------------

TEST(Fidelity, MultiWeightsAreGradesMoodleAccepts) {
    for (std::size_t right : {1u, 3u, 7u, 10u, 11u, 13u, 16u, 20u}) {
        std::string yaml =
            "id: m\ntitle: M\nquestions:\n  - type: multi\n    prompt: Tick the even numbers.\n"
            "    scoring: partial\n    options: [";
        std::string answers;
        for (std::size_t i = 0; i < 24; ++i) {
            yaml += (i ? ", \"" : "\"") + std::to_string(i < right ? 2 * i + 2 : 2 * i + 1) + "\"";
            if (i < right) answers += (i ? ", \"" : "\"") + std::to_string(2 * i + 2) + "\"";
        }
        yaml += "]\n    answers: [" + answers + "]\n";
        const Worksheet w = sheet_of(yaml);
        Diagnostics warnings;
        const std::string xml = export_moodle_xml(w, warnings);
        EXPECT_EQ(moodle_xml_problems(xml), "") << right << " right options";
        EXPECT_EQ(right > 10, warnings.format().find("equal shares") != std::string::npos) << right;
        // GIFT's weights are the same grades.
        const std::string gift = export_gift(w, warnings);
        for (std::size_t p = gift.find("~%"); p != std::string::npos; p = gift.find("~%", p + 1))
            EXPECT_TRUE(moodle_grade(std::atof(gift.c_str() + p + 2))) << gift.substr(p, 14);
    }
}

TEST(Fidelity, MoodleWeightsThatScoreDifferentlyAreSaid) {
    // Shape of the fixtures' multiple-response question: two right at 50 %,
    // two wrong at −100 %.
    Diagnostics diags;
    const Converted bank = import_gift(
        "::Metals:: Which are metals? {\n ~%50%iron # yes\n ~%-100%wood # no\n ~%50%copper\n "
        "~%-100%glass\n}\n",
        "m.gift", diags);
    ASSERT_EQ(bank.question_count(), 1u) << diags.format();
    const std::string notes = notes_of(*items(bank)[0]);
    EXPECT_NE(notes.find("Moodle's weights not carried over: 'iron' 50%, 'wood' -100%"), std::string::npos)
        << notes;
    EXPECT_NE(notes.find("feedback for 'iron' (right): yes"), std::string::npos) << notes;
    // Weights that score as `partial` does need no note.
    const Converted same = import_gift("Which are even? {~%50%2 ~%-50%3 ~%50%4 ~%-50%5}\n", "s.gift", diags);
    EXPECT_EQ(notes_of(*items(same)[0]).find("weights"), std::string::npos);
}

TEST(Fidelity, OrderingExportsAllOrNothingAndEveryShippedWorksheetPassesMoodlesChecks) {
    for (const auto& entry : fs::directory_iterator(HANDOUT_SOURCE_DIR "/worksheets")) {
        if (entry.path().extension() != ".yaml") continue;
        Diagnostics diags;
        auto w = load_worksheet(entry.path().string(), diags);
        ASSERT_TRUE(w) << diags.format();
        const Worksheet drawn = draw_vars_for_export(*w, 1, 2);
        Diagnostics warnings;
        const std::string xml = export_moodle_xml(drawn, warnings);
        EXPECT_FALSE(warnings.has_errors()) << warnings.format();
        EXPECT_EQ(moodle_xml_problems(xml), "") << entry.path();
    }
}

// Moodle's ordering question in GIFT (`{>N …}`, the shapes of Moodle's
// ordering fixtures): read as `order`, with a note where Moodle shows fewer
// items or gives part marks.
TEST(Fidelity, GiftOrderingImportsAsOrderSayingHowMoodleMarksIt) {
    Diagnostics diags;
    const std::string gift =
        test::slurp((fs::path(HANDOUT_TEST_DATA) / "convert" / "ordering.gift").string());
    const Converted bank = import_gift(gift, "ordering.gift", diags);
    EXPECT_FALSE(diags.has_errors()) << diags.format();
    const auto got = items(bank);
    ASSERT_EQ(got.size(), 5u);
    const auto order_of = [&](std::size_t i) {
        std::vector<std::string> out;
        if (got[i]->question && got[i]->question->type() == QuestionType::order)
            for (const auto& item : got[i]->question->as<Order>().items) out.push_back(item.text);
        return out;
    };
    // Every item shown, all or nothing, as a worksheet marks it: no note.
    EXPECT_EQ(order_of(0), (std::vector<std::string>{"Mercury", "Venus", "Earth", "Mars"}));
    EXPECT_EQ(notes_of(*got[0]).find("Moodle shows"), std::string::npos) << notes_of(*got[0]);
    EXPECT_EQ(notes_of(*got[0]).find("part marks"), std::string::npos) << notes_of(*got[0]);
    EXPECT_EQ(got[0]->question->explain.text, "Mercury is the nearest planet to the Sun.");
    // Moodle's defaults: 3 of the 4 at random, part marks.
    EXPECT_EQ(order_of(1).size(), 4u);
    EXPECT_NE(
        notes_of(*got[1]).find("Moodle shows each student 3 of these 4 items, chosen at random (RANDOM, its "
                               "default); the worksheet prints all 4"),
        std::string::npos)
        << notes_of(*got[1]);
    EXPECT_NE(notes_of(*got[1]).find("RELATIVE_NEXT_EXCLUDE_LAST, its default"), std::string::npos);
    // Every keyword written; the numbering style is not an item.
    EXPECT_EQ(order_of(2).front(), "Evaporation");
    EXPECT_NE(notes_of(*got[2]).find("a run of neighbours in the right order (CONTIGUOUS)"),
              std::string::npos);
    EXPECT_NE(notes_of(*got[2]).find("(ABSOLUTE_POSITION)"), std::string::npos);
    // EXACT is ALL; the grading left out is Moodle's part marks.
    EXPECT_EQ(order_of(3), (std::vector<std::string>{"1/4", "1/2", "3/4"}));
    EXPECT_EQ(notes_of(*got[3]).find("shows each student"), std::string::npos);
    // One item is no order: commented out with the reason.
    EXPECT_FALSE(got[4]->question);
    EXPECT_NE(notes_of(*got[4]).find("an ordering question with 1 item"), std::string::npos);
}

TEST(Fidelity, MoodleXmlOrderingSaysHowMoodleMarksItAndKeepsItemFeedback) {
    Diagnostics diags;
    const Converted bank = import_moodle_xml(R"(<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="ordering">
    <name><text>Reactions</text></name>
    <questiontext format="html"><text>Order the steps of a titration.</text></questiontext>
    <layouttype>HORIZONTAL</layouttype>
    <selecttype>ALL</selecttype>
    <selectcount>2</selectcount>
    <gradingtype>ABSOLUTE_POSITION</gradingtype>
    <answer fraction="2" format="html"><text>Add indicator</text></answer>
    <answer fraction="1" format="html"><text>Fill the burette</text>
      <feedback format="html"><text>Rinse it first.</text></feedback></answer>
    <answer fraction="3" format="html"><text>Add acid drop by drop</text></answer>
  </question>
  <question type="ordering">
    <name><text>Old</text></name>
    <questiontext format="html"><text>Smallest first.</text></questiontext>
    <logical>1</logical>
    <studentsee>3</studentsee>
    <gradingtype>ALL_OR_NOTHING</gradingtype>
    <answer fraction="1"><text>one</text></answer>
    <answer fraction="2"><text>two</text></answer>
    <answer fraction="3"><text>three</text></answer>
    <answer fraction="4"><text>four</text></answer>
  </question>
</quiz>
)",
                                             "o.xml", "", diags);
    const auto got = items(bank);
    ASSERT_EQ(got.size(), 2u) << diags.format();
    ASSERT_TRUE(got[0]->question);
    EXPECT_EQ(got[0]->question->as<Order>().items.front().text, "Fill the burette");
    const std::string notes = notes_of(*got[0]);
    EXPECT_NE(notes.find("feedback for item 'Fill the burette': Rinse it first."), std::string::npos)
        << notes;
    EXPECT_NE(notes.find("part marks for a partly right order here (ABSOLUTE_POSITION)"), std::string::npos);
    EXPECT_EQ(notes.find("shows each student"), std::string::npos) << "ALL shows every item";
    // An old version's names for the selection: 3 of the 4 at random.
    EXPECT_EQ(
        notes_of(*got[1]),
        "Moodle shows each student 3 of these 4 items, chosen at random (1); the worksheet prints all 4\n");
}

TEST(Fidelity, OrderExportsToGiftAsMoodlesOrderingQuestionUnlessAnItemWouldBreakIt) {
    const Worksheet ws = sheet_of(R"(id: o
title: O
questions:
  - type: order
    prompt: Oldest first.
    items: [Bronze Age, "**Iron** Age", Middle Ages]
    explain: Iron came after bronze.
  - type: order
    prompt: Braces.
    items: ["{a}", b]
)");
    Diagnostics warnings;
    const std::string gift = export_gift(ws, warnings);
    EXPECT_NE(gift.find("[markdown]Oldest first. {>3 ALL VERTICAL ALL_OR_NOTHING SHOW\n\tBronze "
                        "Age\n\t<strong>Iron</strong> "
                        "Age\n\tMiddle Ages\n\t####Iron came after bronze.\n}"),
              std::string::npos)
        << gift;
    EXPECT_NE(gift.find("// Not exported (GIFT cannot hold it): an order question: Braces."),
              std::string::npos)
        << gift;
    EXPECT_NE(warnings.format().find("GIFT cannot hold an ordering item with a brace"), std::string::npos)
        << warnings.format();
    // Read back: the same items, in the same order, with nothing to note.
    Diagnostics diags;
    const Converted back = import_gift(gift, "o.gift", diags);
    const auto got = items(back);
    ASSERT_EQ(got.size(), 1u) << diags.format();
    ASSERT_TRUE(got[0]->question);
    std::vector<std::string> texts;
    for (const auto& item : got[0]->question->as<Order>().items) texts.push_back(item.text);
    EXPECT_EQ(texts, (std::vector<std::string>{"Bronze Age", "**Iron** Age", "Middle Ages"}));
    EXPECT_EQ(got[0]->question->explain.text, "Iron came after bronze.");
}

// ---- Item 5: cloze both ways --------------------------------------------------------------

TEST(Fidelity, ClozeGapsKeepTheirKind) {
    // Shape of the cloze fixture: drop-downs with feedback, a typed gap with
    // a 50 % alternative and a catch-all; plus a number gap with a margin.
    const std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="cloze">
    <name><text>Rivers</text></name>
    <questiontext format="html"><text><![CDATA[<p>The Nile flows into the {1:MULTICHOICE:=Mediterranean#Yes~Red Sea#No}.<br />Its length is about {2:NUMERICAL:=6650:100#Close enough} km.<br />The longest river in France is the {1:SHORTANSWER:%100%Loire#Right~%50%Seine#Shorter~%0%Rhine#No~*#Think again}.</p>]]></text></questiontext>
  </question>
</quiz>
)";
    Diagnostics diags;
    const Converted bank = import_moodle_xml(xml, "c.xml", "img", diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    const Question& q = *items(bank)[0]->question;
    const Fill& fill = q.as<Fill>();
    std::vector<std::string> gaps;
    for (const auto& p : fill.parts)
        if (p.gap) gaps.push_back(p.text);
    EXPECT_EQ(gaps, (std::vector<std::string>{"Mediterranean", "6650", "Loire"}));
    EXPECT_FALSE(fill.bank) << "typed gaps are not in a printed word bank";
    const std::string notes = notes_of(*items(bank)[0]);
    EXPECT_NE(notes.find("gap 2: right within ± 100"), std::string::npos) << notes;
    EXPECT_NE(notes.find("gap 3: partial credit not carried over: 'Seine' 50%"), std::string::npos) << notes;
    EXPECT_EQ(notes.find("also accepted: 'Rhine'"), std::string::npos) << "a 0 % answer is not accepted";
    EXPECT_NE(notes.find("gap 3: wrong answers the source names: 'Rhine'"), std::string::npos) << notes;
    EXPECT_NE(notes.find("gap 1: feedback for 'Red Sea': No"), std::string::npos) << notes;
    EXPECT_NE(notes.find("gap weights 1, 2, 1"), std::string::npos) << notes;
    // Line breaks of the HTML stay.
    EXPECT_NE(fill.parts[2].text.find('\n'), std::string::npos) << fill.parts[2].text;
}

TEST(Fidelity, ClozeExportEscapesAsMoodleReadsAndWeighsByPoints) {
    const Worksheet w = sheet_of(R"(id: c
title: C
questions:
  - type: fill
    text: Speed is measured in [[m/s]] and 100% of [[a#b]] is {it}.
    points: 4
)");
    Diagnostics warnings;
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_string(export_moodle_xml(w, warnings).c_str()));
    const std::string text = doc.child("quiz").child("question").child("questiontext").child_value("text");
    EXPECT_NE(text.find("{2:SHORTANSWER:=m/s}"), std::string::npos) << text;
    EXPECT_NE(text.find("{2:SHORTANSWER:=a\\#b}"), std::string::npos) << text;
    EXPECT_TRUE(warnings.items().empty()) << warnings.format();
    // And back: the same gaps.
    Diagnostics diags;
    Question back;
    std::vector<std::string> notes;
    std::string problem;
    ASSERT_TRUE(convert::read_cloze_text(text, "html", {}, back, notes, problem)) << problem;
    std::vector<std::string> gaps;
    for (const auto& p : back.as<Fill>().parts)
        if (p.gap) gaps.push_back(p.text);
    EXPECT_EQ(gaps, (std::vector<std::string>{"m/s", "a#b"}));
}

// ---- Item 6: refuse less, and clearly --------------------------------------------------------

TEST(Fidelity, FeedbackKeepsItsRole) {
    Diagnostics diags;
    const Converted bank = import_gift(
        "Sound travels faster in water than in air. {TRUE#Think of whales.#Yes, about "
        "four times.}\n\nWhich gas do plants take in? {=carbon dioxide#Right, for "
        "photosynthesis. ~oxygen}\n",
        "f.gift", diags);
    ASSERT_EQ(bank.question_count(), 2u) << diags.format();
    const auto all = items(bank);
    EXPECT_EQ(all[0]->question->explain.text, "")
        << "a wrong answer's feedback is not everyone's explanation";
    EXPECT_NE(notes_of(*all[0]).find("feedback for a wrong answer: Think of whales."), std::string::npos);
    EXPECT_NE(notes_of(*all[0]).find("feedback for a right answer: Yes, about four times."),
              std::string::npos);
    EXPECT_EQ(all[1]->question->explain.text, "");
    EXPECT_NE(notes_of(*all[1]).find("feedback for 'carbon dioxide' (right): Right, for photosynthesis."),
              std::string::npos);
}

TEST(Fidelity, MarkdownLineBreaksAreKept) {
    Diagnostics diags;
    const Converted bank = import_gift(
        "[markdown]Read the list:  \nfirst line\n- one\n- two\n{=yes ~no}\n\n"
        "Escaped\\nbreak {T}\n",
        "md.gift", diags);
    ASSERT_EQ(bank.question_count(), 2u) << diags.format();
    EXPECT_EQ(items(bank)[0]->question->prompt.text, "Read the list:\nfirst line\n- one\n- two");
    EXPECT_EQ(items(bank)[1]->question->prompt.text, "Escaped\nbreak");
}

TEST(Fidelity, AFileOfDescriptionsOrCategoriesIsRefusedClearly) {
    TempDir dir("empty");
    write(dir / "d.gift", "// notes\nRead chapter 3 before the quiz.\n\nBring a calculator.\n");
    write(dir / "c.gift", "$CATEGORY: $course$/top/Unit 1: Plants\n");
    for (const auto& [file, says] : std::vector<std::pair<std::string, std::string>>{
             {"d.gift", "no question to import: the 2 item(s)"}, {"c.gift", "only categories"}}) {
        Diagnostics diags;
        EXPECT_FALSE(import_file(dir / file, dir / "x.yaml", diags));
        ASSERT_TRUE(diags.has_errors());
        EXPECT_NE(diags.format().find(says), std::string::npos) << diags.format();
        EXPECT_EQ(diags.format().find("check that it is Moodle GIFT"), std::string::npos) << diags.format();
    }
}

TEST(Fidelity, AikenOptionsWithoutASpaceAreRead) {
    Diagnostics diags;
    const Converted bank =
        import_aiken("Which is a mammal?\nA)Shark\nB)Dolphin\nANSWER: B\n", "a.txt", diags);
    ASSERT_EQ(bank.question_count(), 1u) << diags.format();
    const Choice& c = items(bank)[0]->question->as<Choice>();
    EXPECT_EQ(c.options[c.answer].text, "Dolphin");
}

TEST(Fidelity, AMatchWhoseItemsShareAnAnswerImportsAndExportsAsShared) {
    TempDir dir("match");
    write(dir / "m.xml", R"(<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="matching">
    <name><text>Kinds</text></name>
    <questiontext format="html"><text>Match each animal to its class.</text></questiontext>
    <subquestion format="html"><text>Frog</text><answer><text>Amphibian</text></answer></subquestion>
    <subquestion format="html"><text>Newt</text><answer><text>Amphibian</text></answer></subquestion>
    <subquestion format="html"><text>Eagle</text><answer><text>Bird</text></answer></subquestion>
  </question>
  <question type="truefalse">
    <name><text>Bats</text></name>
    <questiontext format="html"><text>Bats are mammals.</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
</quiz>
)");
    Diagnostics diags;
    const auto r = import_file(dir / "m.xml", dir / "m.yaml", diags);
    ASSERT_TRUE(r) << diags.format();
    EXPECT_EQ(r->bank.question_count(), 2u) << r->yaml;
    EXPECT_NE(r->yaml.find("      - [Newt, Amphibian]\n"), std::string::npos) << r->yaml;
    write(dir / "m.yaml", r->yaml);
    Diagnostics load;
    const auto sheet = load_worksheet(dir / "m.yaml", load);
    ASSERT_TRUE(sheet) << load.format();
    const Match& match = sheet->sections.front().questions.front().as<Match>();
    EXPECT_EQ(match.right_items(), (std::vector<std::size_t>{0, 2}));
    EXPECT_EQ(match.right_of(), (std::vector<std::size_t>{0, 0, 1}));
    // Back to Moodle XML and GIFT as three pairs; to QTI as two right items,
    // the shared one taking two associations.
    Diagnostics warnings;
    const std::string xml = export_moodle_xml(*sheet, warnings);
    EXPECT_EQ(moodle_xml_problems(xml), "");
    EXPECT_NE(xml.find("<text>Newt</text>"), std::string::npos);
    EXPECT_NE(export_gift(*sheet, warnings).find("=Newt -> Amphibian"), std::string::npos);
    write(dir / "q.zip", export_qti(*sheet, warnings));
    const auto item = test::run(
        "python3 -c \"import zipfile,sys; "
        "print(zipfile.ZipFile(sys.argv[1]).read('items/item-1.xml').decode())\" " +
        test::quote(dir / "q.zip"));
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_string(item.out.c_str())) << item.out;
    const auto root = doc.child("assessmentItem");
    std::vector<std::string> correct;
    for (auto v : root.child("responseDeclaration").child("correctResponse").children("value"))
        correct.push_back(v.child_value());
    EXPECT_EQ(correct, (std::vector<std::string>{"L1 R1", "L2 R1", "L3 R2"}));
    const auto sets = root.child("itemBody").child("matchInteraction").children("simpleMatchSet");
    auto right_set = std::next(sets.begin());
    std::vector<std::string> max;
    for (auto c : right_set->children("simpleAssociableChoice"))
        max.push_back(c.attribute("matchMax").as_string());
    EXPECT_EQ(max, (std::vector<std::string>{"2", "1"}));
}

// ---- Issue 33 item 9: bounded --------------------------------------------------------------

TEST(Fidelity, ABankOverTheLimitIsRefusedUnread) {
    TempDir dir("big");
    {
        std::ofstream f(dir / "big.gift", std::ios::binary);
        f << "Is this big? {T}\n";
    }
    fs::resize_file(dir / "big.gift", max_text_bank_bytes + 1);  // sparse: nothing is written
    Diagnostics diags;
    EXPECT_FALSE(import_file(dir / "big.gift", dir / "big.yaml", diags));
    ASSERT_EQ(diags.items().size(), 1u);
    EXPECT_EQ(diags.items()[0].loc.line, 1);
    EXPECT_NE(diags.format().find("import reads banks up to 4 MiB"), std::string::npos) << diags.format();
}

TEST(Fidelity, ABankOfMoreQuestionsThanAWorksheetHoldsIsRefusedWithHowToSplitIt) {
    TempDir dir("many");
    std::string gift;
    for (int i = 0; i < 501; ++i) gift += "Is " + std::to_string(i) + " a number? {T}\n\n";
    write(dir / "many.gift", gift);
    Diagnostics diags;
    EXPECT_FALSE(import_file(dir / "many.gift", dir / "many.yaml", diags));
    EXPECT_NE(diags.format().find("this bank has 501 questions, more than one worksheet holds"),
              std::string::npos)
        << diags.format();
    EXPECT_NE(diags.format().find("a category at a time"), std::string::npos);
}

// ---- Item 7: round trips keep the marking -----------------------------------------------------

// GIFT → YAML → GIFT and Moodle XML → YAML → Moodle XML: once a bank has been
// through handout, another trip writes the same bytes (same questions, same
// marking), for every question type each format holds.
TEST(Fidelity, RoundTripsReachAFixedPoint) {
    TempDir dir("fixpoint");
    const fs::path data = fs::path(HANDOUT_TEST_DATA) / "convert";
    for (const auto& [name, format] :
         std::vector<std::pair<std::string, ExportFormat>>{{"all-kinds.gift", ExportFormat::gift},
                                                           {"bank.xml", ExportFormat::moodle_xml},
                                                           {"all-kinds.gift", ExportFormat::moodle_xml},
                                                           {"ordering.gift", ExportFormat::gift}}) {
        const bool gift = format == ExportFormat::gift;
        std::string previous = (data / name).string();
        std::vector<std::string> exports;
        std::set<QuestionType> types;
        for (int trip = 0; trip < 3; ++trip) {
            Diagnostics diags;
            auto imported = import_file(previous, dir / "trip.yaml", diags);
            ASSERT_TRUE(imported) << diags.format();
            for (const auto& f : imported->bank.files) {
                fs::create_directories((dir.path / f.path).parent_path());
                write(dir / f.path, f.bytes);
            }
            write(dir / "trip.yaml", imported->yaml);
            Diagnostics load;
            auto sheet = load_worksheet(dir / "trip.yaml", load);
            ASSERT_TRUE(sheet) << load.format();
            for (const auto& s : sheet->sections)
                for (const auto& q : s.questions) types.insert(q.type());
            Diagnostics warnings;
            exports.push_back(gift ? export_gift(*sheet, warnings) : export_moodle_xml(*sheet, warnings));
            previous = dir / ("trip" + std::to_string(trip) + (gift ? ".gift" : ".xml"));
            write(previous, exports.back());
        }
        // The first line names the file it came from; the rest is the bank.
        const auto body = [](const std::string& e) { return e.substr(e.find('\n')); };
        EXPECT_EQ(body(exports[2]), body(exports[1]))
            << name << " through " << (gift ? "GIFT" : "Moodle XML");
        // Every type went through but `order`, which only the XML bank and
        // ordering.gift have.
        EXPECT_GE(types.size(), name == "bank.xml" ? 8u : name == "ordering.gift" ? 1u : 7u) << name;
    }
}

// Every shipped worksheet through GIFT and back: each question GIFT holds
// comes back as the same type with the same right answers.
TEST(Fidelity, EveryShippedWorksheetComesBackFromGiftMarkedTheSame) {
    TempDir dir("shipped-gift");
    for (const auto& entry : fs::directory_iterator(HANDOUT_SOURCE_DIR "/worksheets")) {
        if (entry.path().extension() != ".yaml") continue;
        Diagnostics diags;
        auto w = load_worksheet(entry.path().string(), diags);
        ASSERT_TRUE(w) << diags.format();
        const Worksheet drawn = draw_vars_for_export(*w, 1, 1);
        Diagnostics warnings;
        write(dir / "s.gift", export_gift(drawn, warnings));
        auto back = import_file(dir / "s.gift", dir / "s.yaml", diags);
        ASSERT_TRUE(back) << entry.path() << diags.format();
        std::vector<const Question*> sent;
        for (const auto& s : drawn.sections)
            for (const auto& q : s.questions) {
                std::size_t gaps = 0;
                if (const auto* f = std::get_if<Fill>(&q.body))
                    for (const auto& p : f->parts) gaps += p.gap;
                if (q.type() != QuestionType::fill || gaps == 1) sent.push_back(&q);
            }
        const auto got = items(back->bank);
        ASSERT_EQ(got.size(), sent.size()) << entry.path();
        for (std::size_t i = 0; i < sent.size(); ++i) {
            const Question& a = *sent[i];
            ASSERT_TRUE(got[i]->question) << entry.path() << " question " << i + 1;
            const Question& b = *got[i]->question;
            EXPECT_EQ(b.type(), a.type()) << entry.path() << " question " << i + 1;
            if (a.type() != b.type()) continue;
            switch (a.type()) {
                case QuestionType::choice: EXPECT_EQ(b.as<Choice>().answer, a.as<Choice>().answer); break;
                case QuestionType::multi: EXPECT_EQ(b.as<Multi>().answers, a.as<Multi>().answers); break;
                case QuestionType::truefalse:
                    EXPECT_EQ(b.as<TrueFalse>().truth, a.as<TrueFalse>().truth);
                    break;
                case QuestionType::numeric:
                    EXPECT_DOUBLE_EQ(b.as<Numeric>().value, a.as<Numeric>().value) << entry.path();
                    EXPECT_DOUBLE_EQ(b.as<Numeric>().tolerance, a.as<Numeric>().tolerance) << entry.path();
                    break;
                case QuestionType::short_answer:
                    EXPECT_EQ(b.as<ShortAnswer>().model_answer.text, a.as<ShortAnswer>().model_answer.text);
                    break;
                case QuestionType::order:
                    ASSERT_EQ(b.as<Order>().items.size(), a.as<Order>().items.size()) << entry.path();
                    for (std::size_t k = 0; k < a.as<Order>().items.size(); ++k)
                        EXPECT_EQ(b.as<Order>().items[k].text, a.as<Order>().items[k].text) << entry.path();
                    break;
                default: break;
            }
        }
    }
}
