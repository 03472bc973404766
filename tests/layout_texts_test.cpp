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

// Lays out `yaml` (seed 0, the master copy) in the classic style.
Document laid_out(const std::string& yaml) {
    const fs::path path = fs::temp_directory_path() / ("handout-texts-" + std::to_string(::getpid()) + ".yaml");
    std::ofstream(path) << yaml;
    Diagnostics diags;
    auto p = prepare(path.string(), "", HANDOUT_SOURCE_DIR, diags);
    fs::remove(path);
    if (!p) throw std::runtime_error(diags.format());
    Document doc;
    LayoutOptions o;
    o.key = KeyMode::off;
    layout_seed(*p, 0, o, doc);
    return doc;
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
    const auto grid_rules = rules(doc_with("grid 20 mm"), Role::none);
    EXPECT_GE(grid_rules.size(), header + 5 + 30);  // 4 rows of squares: 5 lines across, 30+ down
    std::size_t light = 0;
    for (const Rule* r : grid_rules) light += r->gray >= 0.5;
    EXPECT_EQ(light, grid_rules.size() - header);
}
