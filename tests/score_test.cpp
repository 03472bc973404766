// Tests of points and scoring: how points print, and the points a student
// earns on each question type, with the worked examples of docs/format.md.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "handout/load.hpp"
#include "handout/score.hpp"

using namespace handout;

namespace {

constexpr std::size_t blank = static_cast<std::size_t>(-1);

/// The one question of a worksheet given as YAML (the questions list's item).
Question one_question(const std::string& yaml) {
    Diagnostics diags;
    auto sheet = parse_worksheet("id: s\ntitle: S\nquestions:\n" + yaml, "s.yaml", diags);
    EXPECT_TRUE(sheet.has_value()) << diags.format();
    if (!sheet) return Question{};
    return sheet->sections.at(0).questions.at(0);
}

/// docs/format.md's worked example: 4 options, A and C right, 2 points.
const char* const worked_example = R"(  - type: multi
    prompt: Which are prime?
    options: ["2", "4", "5", "9"]
    answers: ["2", "5"]
    points: 2
    scoring: partial
)";

Response ticks(std::vector<std::size_t> options) {
    Response r;
    r.options = std::move(options);
    return r;
}

}  // namespace

// ---------------------------------------------------------------------------
// Printing points
// ---------------------------------------------------------------------------

// Proves that points print as whole numbers with a ½ sign, and as decimals
// in machine formats.
TEST(Points, PrintWithAHalfSignAndAsDecimals) {
    EXPECT_EQ(format_points(Points{1}), "\u00bd");
    EXPECT_EQ(format_points(Points{2}), "1");
    EXPECT_EQ(format_points(Points{3}), "1\u00bd");
    EXPECT_EQ(format_points(Points{40}), "20");
    EXPECT_EQ(format_points(Points{0}), "0");
    EXPECT_EQ(points_decimal(Points{1}), "0.5");
    EXPECT_EQ(points_decimal(Points{3}), "1.5");
    EXPECT_EQ(points_decimal(Points{200}), "100");
}

// Proves the labels beside questions: singular for ½ and 1, plural otherwise.
TEST(Points, LabelsSayMarkOrMarks) {
    EXPECT_EQ(points_label(Points{2}), "1 mark");
    EXPECT_EQ(points_label(Points{4}), "2 marks");
    EXPECT_EQ(points_label(Points{1}), "\u00bd mark");
    EXPECT_EQ(points_label(Points{3}), "1\u00bd marks");
    PointsWords french;
    french.mark = "point";
    french.marks = "points";
    EXPECT_EQ(points_label(Points{6}, french), "3 points");
}

// Proves that sections and worksheets add up their questions' points exactly.
TEST(Points, SectionsAndWorksheetsSumTheirQuestions) {
    Diagnostics diags;
    const auto sheet = parse_worksheet(R"(id: s
title: S
sections:
  - title: A
    questions:
      - {type: truefalse, prompt: a, answer: true, points: 0.5}
      - {type: truefalse, prompt: b, answer: true}
  - title: B
    questions:
      - {type: truefalse, prompt: c, answer: true, points: 2.5}
)",
                                       "s.yaml", diags);
    ASSERT_TRUE(sheet) << diags.format();
    EXPECT_EQ(sheet->sections[0].points(), Points{3});
    EXPECT_EQ(sheet->sections[1].points(), Points{5});
    EXPECT_EQ(sheet->points(), Points{8});
}

// ---------------------------------------------------------------------------
// multi
// ---------------------------------------------------------------------------

// Proves docs/format.md's worked partial example, tick by tick (A = 2 and
// C = 5 right; B = 4 and D = 9 wrong).
TEST(ScoreMulti, PartialFollowsTheWorkedExample) {
    const Question q = one_question(worked_example);
    ASSERT_EQ(q.scoring, Scoring::partial);
    EXPECT_DOUBLE_EQ(score(q, ticks({0, 2})), 2);        // A, C: both right
    EXPECT_DOUBLE_EQ(score(q, ticks({0})), 1);           // A only
    EXPECT_DOUBLE_EQ(score(q, ticks({0, 1})), 0);        // A, B: one right, one wrong
    EXPECT_DOUBLE_EQ(score(q, ticks({0, 1, 2})), 1);     // A, B, C: two right, one wrong
    EXPECT_DOUBLE_EQ(score(q, ticks({1, 3})), 0);        // B, D: never below 0
    EXPECT_DOUBLE_EQ(score(q, ticks({0, 1, 2, 3})), 0);  // everything ticked
    EXPECT_DOUBLE_EQ(score(q, ticks({})), 0);            // nothing ticked
    EXPECT_DOUBLE_EQ(score(q, ticks({2, 0, 2})), 2);     // a tick read twice counts once
}

// Proves that all-or-nothing (the default) gives the points only for
// exactly the right ticks.
TEST(ScoreMulti, AllOrNothingNeedsExactlyTheRightTicks) {
    const Question q = one_question(R"(  - type: multi
    prompt: Which are prime?
    options: ["2", "4", "5", "9"]
    answers: ["2", "5"]
    points: 2
)");
    ASSERT_EQ(q.scoring, Scoring::all_or_nothing);
    EXPECT_DOUBLE_EQ(score(q, ticks({0, 2})), 2);
    EXPECT_DOUBLE_EQ(score(q, ticks({2, 0})), 2);
    EXPECT_DOUBLE_EQ(score(q, ticks({0})), 0);
    EXPECT_DOUBLE_EQ(score(q, ticks({0, 1, 2})), 0);
}

// Proves the rule itself on uneven shares: 2 points over 3 right options.
TEST(ScoreMulti, SharesThatAreNotHalvesStayExactFractions) {
    EXPECT_DOUBLE_EQ(score_multi(Points{4}, Scoring::partial, 3, 1, 0), 2.0 / 3);
    EXPECT_DOUBLE_EQ(score_multi(Points{4}, Scoring::partial, 3, 2, 0), 4.0 / 3);
    EXPECT_DOUBLE_EQ(score_multi(Points{4}, Scoring::partial, 3, 3, 1), 4.0 / 3);
    EXPECT_DOUBLE_EQ(score_multi(Points{4}, Scoring::partial, 3, 3, 0), 2);
    EXPECT_DOUBLE_EQ(score_multi(Points{3}, Scoring::partial, 1, 1, 0), 1.5);
    EXPECT_DOUBLE_EQ(score_multi(Points{3}, Scoring::all_or_nothing, 1, 1, 0), 1.5);
    EXPECT_DOUBLE_EQ(score_multi(Points{3}, Scoring::all_or_nothing, 1, 1, 1), 0);
}

// Proves that a question's `scoring` wins over the worksheet's, and that the
// worksheet's reaches multi questions without one.
TEST(ScoreMulti, TheQuestionsRuleWinsOverTheWorksheets) {
    Diagnostics diags;
    const auto sheet = parse_worksheet(R"(id: s
title: S
scoring: partial
questions:
  - {type: multi, prompt: a, options: [x, y, z], answers: [x, y]}
  - {type: multi, prompt: b, options: [x, y, z], answers: [x, y], scoring: all-or-nothing}
)",
                                       "s.yaml", diags);
    ASSERT_TRUE(sheet) << diags.format();
    EXPECT_EQ(sheet->scoring, Scoring::partial);
    const auto& qs = sheet->sections[0].questions;
    EXPECT_EQ(qs[0].scoring, Scoring::partial);
    EXPECT_EQ(qs[1].scoring, Scoring::all_or_nothing);
    EXPECT_DOUBLE_EQ(score(qs[0], ticks({0})), 0.5);
    EXPECT_DOUBLE_EQ(score(qs[1], ticks({0})), 0);
}

// ---------------------------------------------------------------------------
// The other types
// ---------------------------------------------------------------------------

// Proves choice: the right option alone earns the points; two marks none.
TEST(Score, ChoiceNeedsTheRightOptionAlone) {
    const Question q = one_question("  - {prompt: p, options: [a, b, c], answer: b, points: 1.5}\n");
    EXPECT_DOUBLE_EQ(score(q, ticks({1})), 1.5);
    EXPECT_DOUBLE_EQ(score(q, ticks({0})), 0);
    EXPECT_DOUBLE_EQ(score(q, ticks({1, 0})), 0);
    EXPECT_DOUBLE_EQ(score(q, ticks({})), 0);
}

// Proves truefalse: the right word earns the points, a blank none.
TEST(Score, TrueFalseNeedsTheRightWord) {
    const Question q = one_question("  - {type: truefalse, prompt: p, answer: false, points: 2}\n");
    Response r;
    EXPECT_DOUBLE_EQ(score(q, r), 0);
    r.truth = false;
    EXPECT_DOUBLE_EQ(score(q, r), 2);
    r.truth = true;
    EXPECT_DOUBLE_EQ(score(q, r), 0);
}

// Proves match and order: every item in its place, or nothing.
TEST(Score, MatchAndOrderNeedEveryItemInPlace) {
    const Question match = one_question("  - {type: match, prompt: p, pairs: [[a, A], [b, B], [c, C]], points: 3}\n");
    Response r;
    r.places = {0, 1, 2};
    EXPECT_DOUBLE_EQ(score(match, r), 3);
    r.places = {0, 2, 1};
    EXPECT_DOUBLE_EQ(score(match, r), 0);
    r.places = {0, 1, blank};
    EXPECT_DOUBLE_EQ(score(match, r), 0);
    r.places = {0, 1};
    EXPECT_DOUBLE_EQ(score(match, r), 0);
    const Question order = one_question("  - {type: order, prompt: p, items: [x, y, z]}\n");
    r.places = {0, 1, 2};
    EXPECT_DOUBLE_EQ(score(order, r), 1);
    r.places = {1, 0, 2};
    EXPECT_DOUBLE_EQ(score(order, r), 0);
}

// Proves numeric: within the tolerance (its edge included despite binary
// rounding), and not for a blank, NaN or a number outside it.
TEST(Score, NumericCountsWithinTheTolerance) {
    const Question q = one_question("  - {type: numeric, prompt: p, answer: 9.81, tolerance: 0.05, points: 2}\n");
    Response r;
    EXPECT_DOUBLE_EQ(score(q, r), 0);
    for (double x : {9.81, 9.86, 9.76, 9.8}) {
        r.number = x;
        EXPECT_DOUBLE_EQ(score(q, r), 2) << x;
    }
    for (double x : {9.87, 9.75, -9.81, std::nan("")}) {
        r.number = x;
        EXPECT_DOUBLE_EQ(score(q, r), 0) << x;
    }
}

// Proves that short and fill earn only what the teacher awarded, clamped to
// the question's points, and that an award wins over marks for any type.
TEST(Score, TeacherAwardsWinAndStayWithinThePoints) {
    const Question s = one_question("  - {type: short, prompt: p, answer: a, points: 3}\n");
    Response r;
    EXPECT_DOUBLE_EQ(score(s, r), 0);
    r.awarded = 1.5;
    EXPECT_DOUBLE_EQ(score(s, r), 1.5);
    r.awarded = 7;
    EXPECT_DOUBLE_EQ(score(s, r), 3);
    r.awarded = -1;
    EXPECT_DOUBLE_EQ(score(s, r), 0);
    const Question fill = one_question("  - {type: fill, text: 'Water boils at [[100]] °C.'}\n");
    r.awarded = 1;
    EXPECT_DOUBLE_EQ(score(fill, r), 1);
    const Question choice = one_question("  - {prompt: p, options: [a, b], answer: a}\n");
    r = ticks({1});
    r.awarded = 1;
    EXPECT_DOUBLE_EQ(score(choice, r), 1);
}
