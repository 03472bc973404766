// Marks as people draw them (issue 27, "no silent zero"): circled letters,
// small and large ticks, slashes, scribbles, ticks in every box of a
// tick-all question, light pencil on a pale copy, an erasure's residue
// beside a new fill, digits written in a grid's boxes with no bubble filled,
// and a teacher's circles, ticks and slashes. Each is read as the answer
// when nothing else competes with it, else flagged; never read blank. On
// gray, 1-bit (thresholded and dithered) and JPEG pages.

#include "scan_drawn.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace handout::scan;
using namespace handout::scan::drawn;

// Alone in its question, a circled letter, a small or a large tick is the
// answer; a slash through a student's bubble is flagged (an answer or a
// crossing out?), a scribble is flagged or read as crossed out. Beside a
// fill each is flagged, with words that say what was seen.
TEST_P(DrawnMarks, AloneTheyAreTheAnswerBesideAFillTheyAreFlagged) {
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto questions = groups_of(g, TargetKind::bubble, 4);
    const std::vector<Mark> drawn = {Mark::circled, Mark::tick_small, Mark::tick_large, Mark::slash,
                                     Mark::scribble};
    ASSERT_GE(questions.size(), 2 * drawn.size());
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    for (std::size_t k = 0; k < drawn.size(); ++k) {
        marks[questions[2 * k].targets[1]] = drawn[k];        // alone
        marks[questions[2 * k + 1].targets[0]] = Mark::fill;  // beside a fill
        marks[questions[2 * k + 1].targets[2]] = drawn[k];
    }
    const Scan how = GetParam();
    const PageReading r = scan_and_read(g, marks, how);
    ASSERT_TRUE(r.ok());
    for (std::size_t k = 0; k < drawn.size(); ++k) {
        SCOPED_TRACE(std::string(to_string(drawn[k])) + " on a " + name_of(how) + " page");
        const std::size_t alone = questions[2 * k].targets[1], beside = questions[2 * k + 1].targets[2];
        const Answer a = answer_at(g, r, alone), b = answer_at(g, r, beside);
        EXPECT_NE(a.status, AnswerStatus::blank) << describe(r, alone);
        EXPECT_NE(b.status, AnswerStatus::ok) << describe(r, beside) << ": the fill alone was read";
        if (drawn[k] == Mark::scribble) {
            EXPECT_TRUE(r.marks[alone].state == MarkState::unclear ||
                        r.marks[alone].state == MarkState::cancelled)
                << describe(r, alone);
            continue;
        }
        if (drawn[k] == Mark::slash) {
            EXPECT_EQ(a.status, AnswerStatus::unclear) << describe(r, alone);
        } else if (how == Scan::gray || how == Scan::pale || drawn[k] == Mark::circled) {
            // (a tick alone on a 1-bit page is flagged: light pencil there is as many dots)
            EXPECT_EQ(a.status, AnswerStatus::ok) << describe(r, alone);
            EXPECT_EQ(r.marks[alone].state, MarkState::filled) << describe(r, alone);
        }
        EXPECT_EQ(b.status, AnswerStatus::unclear) << describe(r, beside);
        EXPECT_FALSE(b.note.empty());
    }
    const Answer circled_beside_fill = answer_at(g, r, questions[1].targets[2]);
    EXPECT_EQ(circled_beside_fill.note, "a letter is filled and another circled");
}

// Ticks in every box of a tick-all question, and in four of five: the
// blank state is not learnt from the ticks (it comes from the page's
// single-answer groups, known to be blank but for their one answer).
TEST_P(DrawnMarks, TicksInEveryBoxOfATickAllQuestionAreRead) {
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto multi = groups_of(g, TargetKind::tick_box);
    ASSERT_EQ(multi.size(), 2U);
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    for (std::size_t i : multi[0].targets) {
        marks[i] = Mark::tick;
    }
    for (std::size_t k = 0; k + 1 < multi[1].targets.size(); ++k) {
        marks[multi[1].targets[k]] = k % 2 ? Mark::tick_small : Mark::tick;
    }
    const Scan how = GetParam();
    const PageReading r = scan_and_read(g, marks, how);
    for (const Answer& a : multi) {
        for (std::size_t i : a.targets) {
            if (marks[i] == Mark::none) {
                EXPECT_EQ(r.marks[i].state, MarkState::empty) << "target " << i << ": " << describe(r, i);
            } else {
                EXPECT_NE(r.marks[i].state, MarkState::empty) << "target " << i << ": " << describe(r, i);
                if (how == Scan::gray || how == Scan::pale) {
                    EXPECT_EQ(r.marks[i].state, MarkState::filled)
                        << "target " << i << ": " << describe(r, i);
                }
            }
        }
    }
}

// Light pencil: flagged on gray, on a pale copy and as a dithered 1-bit
// page's scattered dots; never read blank where the page still holds it.
TEST_P(DrawnMarks, LightPencilIsFlaggedWhereThePageHoldsIt) {
    const Scan how = GetParam();
    if (how == Scan::one_bit) {
        GTEST_SKIP() << "a 50 % threshold erases light pencil before the reader sees the page";
    }
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto questions = groups_of(g, TargetKind::bubble, 4);
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    for (std::size_t k = 0; k < 6; ++k) {
        marks[questions[k].targets[k % 4]] = Mark::light;
    }
    const PageReading r = scan_and_read(g, marks, how);
    for (std::size_t k = 0; k < 6; ++k) {
        const std::size_t i = questions[k].targets[k % 4];
        EXPECT_EQ(r.marks[i].state, MarkState::unclear) << describe(r, i);
        EXPECT_EQ(answer_at(g, r, i).status, AnswerStatus::unclear);
    }
}

// An erased fill's residue beside the new fill: the new fill is the answer.
TEST_P(DrawnMarks, AnErasureBesideANewFillReadsTheNewFill) {
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto questions = groups_of(g, TargetKind::bubble, 4);
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    for (std::size_t k = 0; k < 6; ++k) {
        marks[questions[k].targets[0]] = Mark::erased;
        marks[questions[k].targets[2]] = Mark::fill;
    }
    const PageReading r = scan_and_read(g, marks, GetParam());
    for (std::size_t k = 0; k < 6; ++k) {
        const Answer a = answer_at(g, r, questions[k].targets[0]);
        EXPECT_NE(r.marks[questions[k].targets[0]].state, MarkState::filled)
            << describe(r, questions[k].targets[0]);
        if (a.status == AnswerStatus::ok) {
            EXPECT_EQ(a.marked, std::vector<std::string>{g.targets[questions[k].targets[2]].value});
        } else {
            EXPECT_EQ(a.status, AnswerStatus::unclear);
        }
    }
}

// An erased pencil fill beside the new answer: a smooth gray smear (no
// pixel as dark as a pencil's grain), at most half as dark as the answer
// beside it, is the rubber's residue: the new answer is read, whether it is
// a pen fill or a grainy pencil fill (not dark enough to read filled alone).
// The same smear with a pencil's dark grains in it (a second answer pressed
// lightly), or a tick beside the fill, stays for a person. On a 1-bit page
// the smear's gray is gone: nothing to decide.
TEST_P(DrawnMarks, ASmoothSmearClearlyLighterThanTheAnswerBesideItIsAnErasure) {
    const Scan how = GetParam();
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto questions = groups_of(g, TargetKind::bubble, 4);
    ASSERT_GE(questions.size(), 6U);
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    marks[questions[0].targets[2]] = Mark::fill;
    marks[questions[2].targets[1]] = Mark::fill;
    marks[questions[3].targets[3]] = Mark::fill;
    marks[questions[3].targets[0]] = Mark::tick;
    const PageReading r = scan_and_read(g, marks, how, {}, {}, [&](Raster& page) {
        disc(page, g.targets[questions[0].targets[0]], 205, g.height);  // erased, beside a pen fill
        disc(page, g.targets[questions[1].targets[3]], 205, g.height);  // erased, beside a pencil fill
        disc(page, g.targets[questions[1].targets[1]], 160, g.height, 0.4, 90);
        disc(page, g.targets[questions[2].targets[3]], 190, g.height, 0.12, 60);  // grains: a second answer?
    });
    if (how == Scan::one_bit || how == Scan::dithered) {
        for (std::size_t k = 0; k < 4; ++k) {
            EXPECT_NE(answer_at(g, r, questions[k].targets[0]).status, AnswerStatus::blank)
                << "question " << k;
        }
        return;
    }
    // (on a pale copy the pencil fill is too light to be an answer alone)
    for (std::size_t k = 0; k < (how == Scan::pale ? 1U : 2U); ++k) {
        const std::size_t smear = questions[k].targets[k == 0 ? 0 : 3],
                          kept = questions[k].targets[k == 0 ? 2 : 1];
        SCOPED_TRACE("question " + std::to_string(k) + " on a " + name_of(how) + " page");
        const Answer a = answer_at(g, r, kept);
        EXPECT_EQ(a.status, AnswerStatus::ok) << describe(r, smear) << "; the answer " << describe(r, kept);
        EXPECT_EQ(a.marked, std::vector<std::string>{g.targets[kept].value});
        EXPECT_EQ(r.marks[smear].state, MarkState::empty) << describe(r, smear);
    }
    const std::size_t grainy = questions[2].targets[3], ticked = questions[3].targets[0];
    EXPECT_EQ(answer_at(g, r, grainy).status, AnswerStatus::unclear) << describe(r, grainy);
    EXPECT_EQ(answer_at(g, r, ticked).status, AnswerStatus::unclear) << describe(r, ticked);
}

// Digits written in the boxes above a digit grid with no bubble filled are
// flagged, never blank; written and gridded, they read as gridded.
TEST_P(DrawnMarks, DigitsWrittenWithoutBubblesAreFlagged) {
    const PageGeometry g = sample_geometry(Paper::a4);
    ASSERT_EQ(g.write_ins.size(), 7U);  // 4 student-number columns, 3 digit columns
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    std::vector<std::string> digits(g.write_ins.size());
    digits[4] = "4";  // digit column 1: written only
    digits[5] = "2";  // digit column 2: written and gridded
    digits[0] = "7";  // student number column 1: written only
    for (std::size_t i = 0; i < g.targets.size(); ++i) {
        if (g.targets[i].kind == TargetKind::digit && g.targets[i].value == "2:2") {
            marks[i] = Mark::fill;
        }
    }
    const PageReading r = scan_and_read(g, marks, GetParam(), digits);
    ASSERT_EQ(r.written.size(), g.write_ins.size());
    for (std::size_t w = 0; w < g.write_ins.size(); ++w) {
        SCOPED_TRACE("write-in " + std::to_string(w) + " ink " + std::to_string(r.written[w]));
        EXPECT_EQ(r.written[w] >= Thresholds{}.written_ink, !digits[w].empty());
    }
    for (const Answer& a : summarize(g, r)) {
        if (a.kind == TargetKind::student_id && a.group == "1") {
            EXPECT_EQ(a.status, AnswerStatus::unclear);
            EXPECT_EQ(a.note, "a digit is written in the box but no bubble filled");
        } else if (a.kind == TargetKind::digit && a.group == "1") {
            EXPECT_EQ(a.status, AnswerStatus::unclear);
        } else if (a.kind == TargetKind::digit && a.group == "2") {
            EXPECT_EQ(a.status, AnswerStatus::ok);
            EXPECT_EQ(a.marked, std::vector<std::string>{"2:2"});
        } else if (a.kind == TargetKind::digit || a.kind == TargetKind::student_id) {
            EXPECT_EQ(a.status, AnswerStatus::blank) << a.group;
        }
    }
}

// A teacher's circle, tick or slash alone in a score row is the score; a
// circle beside a fill, or two fills, go to a person with words that say so.
TEST_P(DrawnMarks, ATeachersCircleTickOrSlashIsTheScore) {
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto rows = groups_of(g, TargetKind::teacher_box);
    ASSERT_EQ(rows.size(), 3U);
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    marks[rows[0].targets[3]] = Mark::circled;
    marks[rows[1].targets[2]] = Mark::tick_large;
    marks[rows[2].targets[4]] = Mark::slash;
    const Scan how = GetParam();
    const PageReading r = scan_and_read(g, marks, how);
    const std::vector<std::string> want = {"1.5", "1", "2"};
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const Answer a = answer_at(g, r, rows[k].targets[0]);
        if (how == Scan::gray || how == Scan::pale || (how != Scan::jpeg && k != 1)) {
            EXPECT_EQ(a.status, AnswerStatus::ok) << "row " << k << ": " << a.note;
            EXPECT_EQ(a.marked, std::vector<std::string>{want[k]}) << "row " << k;
        } else {
            EXPECT_NE(a.status, AnswerStatus::blank) << "row " << k;
        }
    }

    std::vector<Mark> two(g.targets.size(), Mark::none);
    two[rows[0].targets[1]] = Mark::circled;
    two[rows[0].targets[3]] = Mark::fill;
    two[rows[1].targets[0]] = Mark::fill;
    two[rows[1].targets[2]] = Mark::fill;
    const PageReading t = scan_and_read(g, two, how);
    const Answer circled = answer_at(g, t, rows[0].targets[0]), filled = answer_at(g, t, rows[1].targets[0]);
    EXPECT_EQ(circled.status, AnswerStatus::unclear);
    EXPECT_EQ(circled.note, "a score is circled and another filled");
    EXPECT_EQ(filled.status, AnswerStatus::multiple);
    EXPECT_EQ(filled.note, "two scores filled");
}

// A filled tick box crossed out with an X barely wider than the box (its
// arms leave by the corners, too short to reach the stroke rings) is not
// ticked: the box beside it, filled, is the answer.
TEST_P(DrawnMarks, AnXBarelyWiderThanAFilledTickBoxCrossesItOut) {
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto multi = groups_of(g, TargetKind::tick_box);
    ASSERT_FALSE(multi.empty());
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    const std::size_t crossed = multi[0].targets[0], kept = multi[0].targets[2];
    marks[crossed] = Mark::fill;
    marks[kept] = Mark::fill;
    const PageReading r = scan_and_read(g, marks, GetParam(), {}, {crossed});
    EXPECT_NE(r.marks[crossed].state, MarkState::filled) << describe(r, crossed);
    EXPECT_EQ(r.marks[kept].state, MarkState::filled) << describe(r, kept);
    const Answer a = answer_at(g, r, crossed);
    if (a.status == AnswerStatus::ok) {
        EXPECT_EQ(a.marked, std::vector<std::string>{g.targets[kept].value});
    } else {
        EXPECT_EQ(a.status, AnswerStatus::unclear);
    }
}

// A fill drawn larger than its bubble on one side, with two lumps poking
// out past the outline (as a pen scribbled quickly leaves them), is the
// answer; the same fill with a slash drawn through it is flagged, and so is
// a fill with the two top arms of an X.
TEST_P(DrawnMarks, AFillSpillingOverItsBubbleIsTheAnswer) {
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto questions = groups_of(g, TargetKind::bubble, 4);
    ASSERT_GE(questions.size(), 3U);
    const std::size_t spilt = questions[0].targets[1], slashed = questions[1].targets[2],
                      crossed = questions[2].targets[0];
    const auto spill = [&](Raster& page, std::size_t target) {
        const Rect& b = g.targets[target].box;
        const double r = b.w / 2, cx = b.x + r, cy = b.y + b.h / 2;
        stroke(page, {cx, cy + 0.25 * r}, {cx, cy + 0.25 * r}, 2.2 * r, g.height);  // reaches 1.35 r upwards
        for (const double deg : {65.0, 115.0}) {                                    // lumps 25° either side
            const double a = deg * M_PI / 180;
            const Point lump{cx + 1.38 * r * std::cos(a), cy + 1.38 * r * std::sin(a)};
            stroke(page, lump, lump, 0.36 * r, g.height);
        }
    };
    const PageReading r = scan_and_read(
        g, std::vector<Mark>(g.targets.size(), Mark::none), GetParam(), {}, {}, [&](Raster& page) {
            for (const std::size_t t : {spilt, slashed, crossed}) spill(page, t);
            const Rect& s = g.targets[slashed].box;
            stroke(page, {s.x - 0.4 * s.w, s.y + 0.2 * s.h}, {s.x + 1.4 * s.w, s.y + 0.8 * s.h}, 0.7,
                   g.height);
            const Rect& x = g.targets[crossed].box;
            const Point mid{x.x + x.w / 2, x.y + x.h / 2};
            stroke(page, mid, {x.x - 0.3 * x.w, x.y + 1.3 * x.h}, 0.7, g.height);
            stroke(page, mid, {x.x + 1.3 * x.w, x.y + 1.3 * x.h}, 0.7, g.height);
        });
    EXPECT_EQ(r.marks[spilt].state, MarkState::filled) << describe(r, spilt);
    const Answer a = answer_at(g, r, spilt);
    EXPECT_EQ(a.status, AnswerStatus::ok);
    EXPECT_EQ(a.marked, std::vector<std::string>{g.targets[spilt].value});
    EXPECT_NE(r.marks[slashed].state, MarkState::filled) << describe(r, slashed);
    EXPECT_NE(answer_at(g, r, slashed).status, AnswerStatus::ok);
    EXPECT_NE(r.marks[crossed].state, MarkState::filled) << describe(r, crossed);
    EXPECT_NE(answer_at(g, r, crossed).status, AnswerStatus::ok);
}

// A fill crossed out with a large X in a thick pen, its arms reaching well
// past the outline (on a bubble, and between a teacher's close-set score
// boxes), and another answer filled: the X is a change of mind, the other
// fill is the answer.
TEST_P(DrawnMarks, ALongXOverAFillCrossesItOut) {
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto bubbles = groups_of(g, TargetKind::bubble, 4);
    const auto teacher = groups_of(g, TargetKind::teacher_box, 5);
    ASSERT_FALSE(bubbles.empty());
    ASSERT_FALSE(teacher.empty());
    const std::vector<std::pair<std::size_t, std::size_t>> cases = {
        {bubbles[0].targets[0], bubbles[0].targets[2]}, {teacher[0].targets[1], teacher[0].targets[3]}};
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    for (const auto& [crossed, kept] : cases) marks[crossed] = marks[kept] = Mark::fill;
    const PageReading r = scan_and_read(g, marks, GetParam(), {}, {}, [&](Raster& page) {
        for (const auto& c : cases) {
            const Rect& b = g.targets[c.first].box;
            const double reach = 0.95 * b.w;  // 1.9 half-sizes from the centre along each axis
            const Point m{b.x + b.w / 2, b.y + b.h / 2};
            stroke(page, {m.x - reach, m.y - reach}, {m.x + reach, m.y + reach}, 2.0, g.height);
            stroke(page, {m.x - reach, m.y + reach}, {m.x + reach, m.y - reach}, 2.0, g.height);
        }
    });
    for (const auto& [crossed, kept] : cases) {
        SCOPED_TRACE(g.targets[crossed].value + " crossed out");
        EXPECT_EQ(r.marks[crossed].state, MarkState::cancelled) << describe(r, crossed);
        const Answer a = answer_at(g, r, kept);
        EXPECT_EQ(a.status, AnswerStatus::ok) << describe(r, crossed);
        EXPECT_EQ(a.marked, std::vector<std::string>{g.targets[kept].value});
    }
}

// On a 1-bit scan a question left blank is flagged (light pencil can vanish
// there), unless every mark on the page is a solid pen fill: a student who
// fills in pen has written nothing in pencil.
TEST(DrawnMarksOneBit, BlankQuestionsAreFlaggedUnlessThePageIsMarkedInPen) {
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto questions = groups_of(g, TargetKind::bubble, 4);
    ASSERT_GE(questions.size(), 3U);
    std::vector<Mark> pen(g.targets.size(), Mark::none);
    pen[questions[0].targets[1]] = Mark::fill;
    pen[questions[1].targets[2]] = Mark::fill;
    const std::size_t blank = questions[2].targets[0];
    const PageReading inked = scan_and_read(g, pen, Scan::one_bit);
    EXPECT_TRUE(inked.one_bit);
    EXPECT_EQ(answer_at(g, inked, blank).status, AnswerStatus::blank);
    std::vector<Mark> ticked = pen;
    ticked[questions[1].targets[2]] = Mark::tick;
    const PageReading mixed = scan_and_read(g, ticked, Scan::one_bit);
    const Answer a = answer_at(g, mixed, blank);
    EXPECT_EQ(a.status, AnswerStatus::unclear);
    EXPECT_EQ(a.note,
              "nothing is marked, but a black-and-white scan can lose light pencil: look at the sheet");
}

INSTANTIATE_TEST_SUITE_P(Scans, DrawnMarks,
                         testing::Values(Scan::gray, Scan::one_bit, Scan::dithered, Scan::jpeg, Scan::pale),
                         [](const testing::TestParamInfo<Scan>& scan) {
                             return std::string(name_of(scan.param));
                         });

// A page of clean fills and blanks holds no ink round any target: nothing
// is circled, nothing flagged for ink around it.
TEST(DrawnMarksClean, CleanFillsLeaveTheRingEmpty) {
    const PageGeometry g = sample_geometry(Paper::letter);
    Rng pick(5);
    const std::vector<Mark> marks = sample_marks(g, 0, pick);
    const PageReading r = scan_and_read(g, marks, Scan::gray);
    for (std::size_t i = 0; i < marks.size(); ++i) {
        if (marks[i] != Mark::cancel) {  // the X's arms cross the ring
            EXPECT_LT(r.marks[i].ring, Thresholds{}.ring_empty_below)
                << "target " << i << ": " << describe(r, i);
        }
        EXPECT_EQ(r.marks[i].state, truth_of(marks[i]).expected) << "target " << i << ": " << describe(r, i);
    }
    EXPECT_FALSE(r.one_bit);
}
