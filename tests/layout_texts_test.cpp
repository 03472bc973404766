// Tests of texts as teachers write them, on the laid-out page: a section's
// reading passage in the body face with its line breaks, fill gaps that do
// not give away their answers' lengths, and working space under a question.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "handout/layout.hpp"
#include "handout/render.hpp"

using namespace handout;
namespace fs = std::filesystem;

namespace {

// Lays out `yaml` (seed 0, the master copy) in `style` (classic when
// empty) for a student `name` of `class_name` (none when empty).
Document laid_out(const std::string& yaml, const std::string& style = "", const std::string& name = "",
                  const std::string& class_name = "", double* name_right = nullptr) {
    const fs::path path = fs::temp_directory_path() / ("handout-texts-" + std::to_string(::getpid()) + ".yaml");
    std::ofstream(path) << yaml;
    Diagnostics diags;
    auto p = prepare(path.string(), style, HANDOUT_SOURCE_DIR, diags);
    fs::remove(path);
    if (!p) throw std::runtime_error(diags.format());
    Document doc;
    LayoutOptions o;
    o.key = KeyMode::off;
    o.student_name = name;
    o.student_class = class_name;
    layout_seed(*p, 0, o, doc);
    // Where the runs of the name in the header end (the footer has it too),
    // measured in their own face.
    if (name_right)
        for (const auto& item : doc.pages.at(0).items)
            if (const auto* run = std::get_if<TextRun>(&item);
                run && !name.empty() && run->y > doc.height / 2 && run->text.find(name.substr(0, 3)) == 0)
                *name_right = std::max(*name_right, run->x + p->fonts.width(run->font, run->text, run->size));
    return doc;
}

const char* const shipped_styles[] = {"classic", "large-print", "compact", "letter", "modified-large-print", "dyslexia"};

// The header's write-in fields on the first page: each label's runs (more
// than one when it wraps) and the untagged rule after it, top-down.
struct FieldSeen {
    std::vector<const TextRun*> label;
    const Rule* line = nullptr;
};

std::vector<FieldSeen> fields_of(const Document& doc, const std::vector<std::string>& labels) {
    std::vector<FieldSeen> out;
    const auto& items = doc.pages.at(0).items;
    for (const auto& label : labels) {
        FieldSeen f;
        for (std::size_t i = 0; i < items.size() && !f.line; ++i) {
            const auto* run = std::get_if<TextRun>(&items[i]);
            if (!run || label.find(run->text) == std::string::npos || run->text.empty()) continue;
            // The label's runs, then its line.
            std::size_t k = i;
            for (; k < items.size() && std::holds_alternative<TextRun>(items[k]); ++k)
                f.label.push_back(&std::get<TextRun>(items[k]));
            if (k < items.size()) f.line = std::get_if<Rule>(&items[k]);
        }
        out.push_back(f);
    }
    return out;
}

const TextRun* run_with(const Document& doc, const std::string& text) {
    for (const auto& page : doc.pages)
        for (const auto& item : page.items)
            if (const auto* run = std::get_if<TextRun>(&item); run && run->text == text) return run;
    return nullptr;
}

std::vector<const Rule*> rules(const Document& doc, Role role) {
    std::vector<const Rule*> out;
    for (const auto& page : doc.pages)
        for (const auto& item : page.items)
            if (const auto* rule = std::get_if<Rule>(&item); rule && rule->tag.role == role) out.push_back(rule);
    return out;
}

}  // namespace

// Proves a section's passage prints in the body face (not italics, as its
// instructions do), one line per line written with `|`, a blank line kept,
// before the section's first question.
TEST(LayoutTexts, APassagePrintsInTheBodyFaceWithItsLineBreaks) {
    const Document doc = laid_out(R"(id: poem
title: Poem
sections:
  - title: Part A
    instructions: Read the poem.
    passage: |
      The fog comes
      on little cat feet.

      It sits looking
    questions:
      - type: truefalse
        prompt: The fog is a cat.
        answer: false
)");
    const TextRun* instructions = run_with(doc, "Read the poem.");
    ASSERT_NE(instructions, nullptr);
    EXPECT_EQ(instructions->font, FontStyle::italic);
    const TextRun* first = run_with(doc, "The fog comes");
    const TextRun* second = run_with(doc, "on little cat feet.");
    const TextRun* third = run_with(doc, "It sits looking");
    const TextRun* prompt = run_with(doc, "The fog is a cat.");
    ASSERT_TRUE(first && second && third && prompt);
    EXPECT_EQ(first->font, FontStyle::regular);
    const double lead = first->y - second->y;
    EXPECT_GT(lead, 0);
    EXPECT_NEAR(second->y - third->y, 2 * lead, 0.01);  // the blank line stays
    EXPECT_GT(third->y, prompt->y);
}

// Proves every gap of a worksheet has one width, whatever its answer's
// length (as wide as the longest answer needs), and a question's `width`
// sets its own gaps' width in millimetres.
TEST(LayoutTexts, GapWidthsDoNotGiveTheAnswersAway) {
    const Document doc = laid_out(R"(id: gaps
title: Gaps
questions:
  - type: fill
    text: Plants make food by [[photosynthesis]] in [[leaves]].
  - type: fill
    text: Water is [[H2O]].
  - type: fill
    width: 40
    text: The sky is [[blue]].
)");
    const auto gaps = rules(doc, Role::gap);
    ASSERT_EQ(gaps.size(), 4u);
    std::set<long> widths;
    for (std::size_t i = 0; i < 3; ++i) widths.insert(std::lround((gaps[i]->x2 - gaps[i]->x1) * 100));
    EXPECT_EQ(widths.size(), 1u);
    EXPECT_NEAR(gaps[3]->x2 - gaps[3]->x1, 40 * 72 / 25.4, 0.01);
}

// Proves `space` adds working space under the answer area: ruled lines
// (untagged, so no scanner reads them), a light 5 mm grid, or blank room of
// the height asked for.
TEST(LayoutTexts, SpaceGivesAQuestionWorkingSpace) {
    const auto doc_with = [](const std::string& space) {
        return laid_out("id: work\ntitle: Work\nquestions:\n  - type: truefalse\n    prompt: First.\n    answer: true\n" +
                        (space.empty() ? std::string() : "    space: " + space + "\n") +
                        "  - type: truefalse\n    prompt: Second.\n    answer: true\n");
    };
    const double base = run_with(doc_with(""), "Second.")->y;
    const auto drop = [&](const std::string& space) { return base - run_with(doc_with(space), "Second.")->y; };
    EXPECT_GT(drop("30 mm"), 30 * 72 / 25.4);
    EXPECT_LT(drop("30 mm"), 30 * 72 / 25.4 + 10);
    EXPECT_NEAR(drop("blank 3 lines"), drop("3 lines"), 0.01);
    EXPECT_GT(drop("6 lines"), drop("3 lines"));
    // The header's write-in fields are untagged rules too: count what is added.
    const std::size_t header = rules(doc_with(""), Role::none).size();
    EXPECT_EQ(rules(doc_with("3"), Role::none).size(), header + 3);
    const Document grid = doc_with("grid 20 mm");  // the rules point into it
    const auto grid_rules = rules(grid, Role::none);
    EXPECT_GE(grid_rules.size(), header + 5 + 30);  // 4 rows of squares: 5 lines across, 30+ down
    std::size_t light = 0;
    for (const Rule* r : grid_rules) light += r->gray >= 0.5;
    EXPECT_EQ(light, grid_rules.size() - header);
}

// Proves ten long write-in field labels go on as many rows as give every
// field a line to write on (at least 4.5 body sizes, the first twice that),
// nothing overlapping and nothing past the margins, in every shipped style:
// they used to share one row, labels over each other, lines of no length.
TEST(LayoutTexts, ManyLongFieldLabelsGoOnMoreRowsWithRoomToWrite) {
    const std::vector<std::string> labels = {"Student name",    "Tutor group", "Date of the test", "Teacher",
                                             "Room number",     "Candidate number", "Exam board", "Subject set",
                                             "Time allowed",    "Signature"};
    std::string yaml = "id: form\ntitle: Form\nshow_points: true\nfields: [";
    for (std::size_t i = 0; i < labels.size(); ++i) yaml += (i ? ", " : "") + labels[i];
    yaml += "]\nquestions:\n  - type: truefalse\n    prompt: Yes?\n    answer: true\n";
    for (const char* style : shipped_styles) {
        SCOPED_TRACE(style);
        const Document doc = laid_out(yaml, style);
        const auto seen = fields_of(doc, labels);
        std::set<double> rows;
        for (std::size_t i = 0; i < seen.size(); ++i) {
            ASSERT_EQ(seen[i].label.size(), 1u) << labels[i];
            ASSERT_NE(seen[i].line, nullptr) << labels[i];
            const TextRun& label = *seen[i].label[0];
            const Rule& line = *seen[i].line;
            const double least = 4.5 * label.size * (i == 0 ? 2 : 1);
            EXPECT_GE(line.x2 - line.x1, least - 0.01) << labels[i];
            EXPECT_GT(line.x1, label.x) << labels[i];
            EXPECT_GE(label.x, 0);
            EXPECT_LE(line.x2, doc.width - 20) << labels[i];
            rows.insert(label.y);
            // The next field on the same row starts after this line ends.
            if (i + 1 < seen.size() && seen[i + 1].label[0]->y == label.y) {
                EXPECT_GT(seen[i + 1].label[0]->x, line.x2 + 5) << labels[i];
            }
        }
        EXPECT_GE(rows.size(), 3u);
        // The question still follows, below the fields.
        const TextRun* prompt = run_with(doc, "Yes?");
        ASSERT_NE(prompt, nullptr);
        EXPECT_LT(prompt->y, *rows.begin());
    }
}

// Proves a field label too long for a row on its own wraps, every word of
// it printed, with its line after the last label line.
TEST(LayoutTexts, AFieldLabelLongerThanTheRowWraps) {
    const std::string label =
        "Write your full name, your tutor group and the name of the teacher who set this homework here";
    const Document doc = laid_out("id: long\ntitle: Long\nfields: [\"" + label +
                                  "\", Date]\nquestions:\n  - type: truefalse\n    prompt: Yes?\n    answer: true\n");
    std::string printed;
    const TextRun* last = nullptr;
    for (const auto& item : doc.pages.at(0).items)
        if (const auto* run = std::get_if<TextRun>(&item); run && label.find(run->text) != std::string::npos && run->text.size() > 3) {
            printed += (printed.empty() ? "" : " ") + run->text;
            last = run;
        }
    EXPECT_EQ(printed, label);
    ASSERT_NE(last, nullptr);
    const auto date = fields_of(doc, {"Date"});
    ASSERT_NE(date[0].line, nullptr);
    EXPECT_LT(date[0].label[0]->y, last->y);  // Date on the row below
}

// Proves a roster's class never moves a bubble: where it fits it gets its
// own field, where a Class field would take another row it follows the
// name; either way the answer areas are where `handout mark` (which lays
// sheets out without names) looks for them. And the longest name a roster
// may hold (200 bytes) stays on its line in every style.
TEST(LayoutTexts, ARostersClassAndLongestNameLeaveTheBubblesInPlace) {
    const std::string yaml = "id: rows\ntitle: Rows\nfields: [Name, Date, Teacher, Room]\nquestions:\n"
                             "  - type: choice\n    prompt: Pick.\n    options: [a, b, c]\n    answer: a\n";
    const std::string longest(200, 'W');
    for (const char* style : shipped_styles) {
        SCOPED_TRACE(style);
        const Document bare = laid_out(yaml, style);
        double name_right = 0;
        const Document named = laid_out(yaml, style, longest, "10C", &name_right);
        const auto bubbles = [](const Document& d) {
            std::vector<std::pair<double, double>> out;
            for (const auto& item : d.pages.at(0).items)
                if (const auto* c = std::get_if<Circle>(&item); c && c->tag.role != Role::none) out.emplace_back(c->cx, c->cy);
            return out;
        };
        ASSERT_FALSE(bubbles(bare).empty());
        EXPECT_EQ(bubbles(named), bubbles(bare));
        // The class is printed, on a field of its own or after the name.
        bool class_printed = false;
        for (const auto& item : named.pages.at(0).items)
            if (const auto* run = std::get_if<TextRun>(&item))
                class_printed |= run->text == "10C" || run->text.find("\u00b7 10C") != std::string::npos;
        EXPECT_TRUE(class_printed);
        // The name is written on its line and ends there, before the next field.
        const auto seen = fields_of(named, {"Name"});
        ASSERT_NE(seen[0].line, nullptr);
        EXPECT_GT(name_right, seen[0].line->x1);
        EXPECT_LE(name_right, seen[0].line->x2 + 0.01);
    }
}

// Proves a fill text keeps what the teacher wrote: its line breaks (`|`),
// a blank line as a blank row, and every number with its unit on one line
// (`12 m`, `32 °C`); the text used to run on as one paragraph, and a unit
// could start the next line.
TEST(LayoutTexts, AFillTextKeepsItsLinesAndItsNumbersWithTheirUnits) {
    const Document doc = laid_out(R"(id: poem
title: Poem
questions:
  - type: fill
    text: |
      Roses are [[red]],
      violets are [[blue]].

      The tree is 12 m tall and the day was 32 °C warm, a [[summer]] day.
)");
    const TextRun* roses = run_with(doc, "Roses");
    const TextRun* violets = run_with(doc, "violets");
    const TextRun* the = run_with(doc, "The");
    ASSERT_TRUE(roses && violets && the);
    EXPECT_EQ(roses->x, violets->x);  // each line starts at the text's left edge
    EXPECT_LT(violets->y, roses->y);
    const double pitch = roses->y - violets->y;
    EXPECT_NEAR(violets->y - the->y, 2 * pitch, 0.01);  // the blank line kept
    EXPECT_NE(run_with(doc, "12 m"), nullptr);
    EXPECT_NE(run_with(doc, "32 \u00b0C"), nullptr);
    EXPECT_EQ(run_with(doc, "m"), nullptr);
}
