// The item history (issue 35): an item's identity from its content, its
// figures over classes computed by hand on a small case, a class marked
// again replacing its answers, figures per vars value, and a file that is
// not a history refused.

#include <gtest/gtest.h>

#include <fstream>

#include "handout/history.hpp"
#include "handout/load.hpp"
#include "support.hpp"

using namespace handout;

namespace {

ItemAnswer answer(const std::string& item, const std::string& sheet, double share, bool right,
                  const std::string& chosen, const std::string& vars = "") {
    ItemAnswer a;
    a.item = item;
    a.sheet = sheet;
    a.worksheet = "w";
    a.question = 1;
    a.vars = vars;
    if (!chosen.empty()) a.chosen = {chosen};
    a.points = right ? 1 : 0;
    a.max = 1;
    a.sheet_share = share;
    return a;
}

const ItemRecord item_x{"q-x", "choice", "Which?", {"one", "two", "three"}, {0}};

}  // namespace

// Class A: a1 (total 100 %, right), a2 (90 %, right), a3 (50 %, chose 2),
// a4 (20 %, chose 3); class B: b1 (95 %, chose 2), b2 (40 %, right), b3
// (10 %, chose 2). By hand: 7 answers in 2 classes, 3 right (43 %); strongest
// first a1 b1 a2 a3 b2 a4 b3, groups of max(2, round(0.27 × 7)) = 2: top a1
// b1 (1 right), bottom a4 b3 (0): +0.50; options chosen 3, 3, 1; in the top
// group option 2 once: 50 % of the strongest.
TEST(History, FiguresAsByHand) {
    test::TempDir dir("history");
    const std::string path = (dir.path / "h.sqlite").string();
    {
        ItemHistoryFile h(path, true);
        h.record_class("7a", {item_x},
                       {answer("q-x", "a1", 1.0, true, "1"), answer("q-x", "a2", 0.9, true, "1"),
                        answer("q-x", "a3", 0.5, false, "2"), answer("q-x", "a4", 0.2, false, "3")});
        h.record_class("7b", {item_x},
                       {answer("q-x", "b1", 0.95, false, "2"), answer("q-x", "b2", 0.4, true, "1"),
                        answer("q-x", "b3", 0.1, false, "2")});
    }
    ItemHistoryFile h(path, false);  // read back from the file
    const auto x = h.history("q-x", 3);
    ASSERT_TRUE(x);
    EXPECT_EQ(x->answers, 7u);
    EXPECT_EQ(x->classes, 2u);
    EXPECT_EQ(x->right, 3u);
    ASSERT_TRUE(x->discrimination);
    EXPECT_DOUBLE_EQ(*x->discrimination, 0.5);
    EXPECT_EQ(x->chosen, (std::vector<std::size_t>{3, 3, 1}));
    EXPECT_EQ(x->chosen_by_strongest, (std::vector<std::size_t>{1, 1, 0}));
    EXPECT_EQ(history_sentence(item_x, *x),
              "answered by 7 students in 2 classes, 43 % right, discrimination +0.50, "
              "option 2 (two) chosen by 50 % of the strongest");
    EXPECT_FALSE(h.history("q-none", 3));
    EXPECT_EQ(h.classes(), (std::vector<std::string>{"7a", "7b"}));
}

// Marking 7b again (a correction made b3 right) replaces its rows.
TEST(History, AClassMarkedAgainReplacesItsAnswers) {
    test::TempDir dir("history");
    const std::string path = (dir.path / "h.sqlite").string();
    ItemHistoryFile h(path, true);
    h.record_class("7b", {item_x},
                   {answer("q-x", "b1", 0.9, false, "2"), answer("q-x", "b3", 0.1, false, "2")});
    h.record_class("7b", {item_x},
                   {answer("q-x", "b1", 0.9, false, "2"), answer("q-x", "b3", 0.6, true, "1")});
    const auto x = h.history("q-x", 3);
    ASSERT_TRUE(x);
    EXPECT_EQ(x->answers, 2u);
    EXPECT_EQ(x->right, 1u);
    EXPECT_FALSE(x->discrimination);  // fewer than 6 answers
    EXPECT_EQ(history_sentence(item_x, *x), "answered by 2 students in 1 class, 50 % right");
}

TEST(History, FiguresPerVarsValue) {
    test::TempDir dir("history");
    ItemHistoryFile h((dir.path / "h.sqlite").string(), true);
    const ItemRecord y{"q-y", "numeric", "F = {{m}} a?", {}, {}};
    h.record_class("7a", {y},
                   {answer("q-y", "s1", 1, true, "", "m = 2"), answer("q-y", "s2", 1, false, "", "m = 2"),
                    answer("q-y", "s3", 1, true, "", "m = 3")});
    const auto f = h.history("q-y", 0);
    ASSERT_TRUE(f);
    ASSERT_EQ(f->by_vars.size(), 2u);
    EXPECT_EQ(f->by_vars[0].vars, "m = 2");
    EXPECT_EQ(f->by_vars[0].answers, 2u);
    EXPECT_EQ(f->by_vars[0].right, 1u);
    EXPECT_EQ(f->by_vars[1].vars, "m = 3");
    EXPECT_EQ(f->by_vars[1].right, 1u);
}

TEST(History, MissingOrForeignFilesAreRefused) {
    test::TempDir dir("history");
    EXPECT_THROW(ItemHistoryFile((dir.path / "none.sqlite").string(), false), IoError);
    std::ofstream(dir.path / "text.sqlite") << "not a database, just text that is long enough to be read\n";
    EXPECT_THROW(ItemHistoryFile((dir.path / "text.sqlite").string(), true), IoError);
}

// The id depends on the content, not on the place or the points.
TEST(History, AnItemIsKnownByItsContent) {
    Diagnostics diags;
    const auto a = parse_worksheet(
        "id: a\ntitle: A\nquestions:\n  - prompt: Which?\n    options: [one, two]\n"
        "    answer: one\n",
        "a.yaml", diags);
    const auto b = parse_worksheet(
        "id: b\ntitle: B\nquestions:\n  - type: truefalse\n    prompt: T?\n    answer: true\n"
        "  - prompt: '**Which?**'\n    options: [one, two]\n    answer: one\n    points: 3\n",
        "b.yaml", diags);
    ASSERT_TRUE(a && b) << diags.format();
    EXPECT_EQ(item_id(a->sections[0].questions[0]), item_id(b->sections[0].questions[1]));
    EXPECT_NE(item_id(a->sections[0].questions[0]), item_id(b->sections[0].questions[0]));
}
