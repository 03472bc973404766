// Marks as people draw them (issue 27, "no silent zero"): circled letters,
// small and large ticks, slashes, scribbles, ticks in every box of a
// tick-all question, light pencil on a pale copy, an erasure's residue
// beside a new fill, digits written in a grid's boxes with no bubble filled,
// and a teacher's circles, ticks and slashes. Each is read as the answer
// when nothing else competes with it, else flagged; never read blank. On
// gray, 1-bit (thresholded and dithered) and JPEG pages.

#include "handout/scan.hpp"
#include "synth/students.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

using namespace handout::scan;
using namespace handout::scan::synth;

namespace {

const std::string code_text = "HO1 W1-2JO38SQAEO2A4-S18 1";

/// The answer groups of a geometry (nothing read), in order.
std::vector<Answer> groups_of(const PageGeometry& g) {
    PageReading r;
    r.marks.assign(g.targets.size(), MarkReading{});
    return summarize(g, r);
}

/// The groups of one kind with at least `size` targets.
std::vector<Answer> groups_of(const PageGeometry& g, TargetKind kind, std::size_t size = 2) {
    std::vector<Answer> out;
    for (const Answer& a : groups_of(g)) {
        if (a.kind == kind && a.targets.size() >= size) {
            out.push_back(a);
        }
    }
    return out;
}

/// How a page is scanned.
enum class Scan { gray, one_bit, dithered, jpeg, pale };

const char* name_of(Scan s) {
    switch (s) {
        case Scan::gray: return "gray";
        case Scan::one_bit: return "one_bit";
        case Scan::dithered: return "dithered";
        case Scan::jpeg: return "jpeg";
        case Scan::pale: return "pale";
    }
    return "?";
}

/// A pen stroke (`width` points) from a to b, in page points, on a page
/// drawn at its dpi.
void stroke(Raster& page, Point a, Point b, double width, double page_h) {
    const double px = page.dpi / 72.0, r = width * px / 2;
    const int steps = static_cast<int>(std::hypot(b.x - a.x, b.y - a.y) * px) + 1;
    for (int k = 0; k <= steps; ++k) {
        const double t = static_cast<double>(k) / steps;
        const double x = (a.x + (b.x - a.x) * t) * px, y = (page_h - (a.y + (b.y - a.y) * t)) * px;
        for (int v = static_cast<int>(y - r) - 1; v <= static_cast<int>(y + r) + 1; ++v) {
            for (int u = static_cast<int>(x - r) - 1; u <= static_cast<int>(x + r) + 1; ++u) {
                if (u >= 0 && v >= 0 && u < page.width && v < page.height && std::hypot(u - x, v - y) <= r) {
                    page.pixels[static_cast<std::size_t>(v) * static_cast<std::size_t>(page.width) +
                                static_cast<std::size_t>(u)] = 20;
                }
            }
        }
    }
}

/// A disc of gray `level` over target `t`'s inside (0.9 of its outline),
/// multiplied into the page; with `grain`, that share of its pixels is
/// `grain_level` instead (the dark grains of a pencil pressed hard).
void disc(Raster& page, const Target& t, int level, double page_h, double grain = 0, int grain_level = 0) {
    const double px = page.dpi / 72.0, r = 0.9 * t.box.w / 2 * px;
    const double cx = (t.box.x + t.box.w / 2) * px, cy = (page_h - (t.box.y + t.box.h / 2)) * px;
    Rng rng(static_cast<std::uint64_t>(cx * 7 + cy));
    for (int v = static_cast<int>(cy - r) - 1; v <= static_cast<int>(cy + r) + 1; ++v) {
        for (int u = static_cast<int>(cx - r) - 1; u <= static_cast<int>(cx + r) + 1; ++u) {
            if (u < 0 || v < 0 || u >= page.width || v >= page.height || std::hypot(u - cx, v - cy) > r) {
                continue;
            }
            auto& p = page.pixels[static_cast<std::size_t>(v) * static_cast<std::size_t>(page.width) +
                                  static_cast<std::size_t>(u)];
            const int ink = rng.chance(grain) ? grain_level : level;
            p = static_cast<std::uint8_t>(p * ink / 255);
        }
    }
}

/// Draws the page, paints `marks` (and `digits` in the write-in boxes, an
/// X barely wider than the box over the tick boxes `crossed`, and what
/// `also` draws), scans it as `how` and reads it.
PageReading scan_and_read(const PageGeometry& g, const std::vector<Mark>& marks, Scan how,
                          const std::vector<std::string>& digits = {},
                          const std::vector<std::size_t>& crossed = {},
                          const std::function<void(Raster&)>& also = {}) {
    Raster page = draw_page(g, code_text, 200);
    Rng rng(17);
    for (std::size_t i = 0; i < marks.size(); ++i) {
        paint_mark(page, g.targets[i], marks[i], g.height, rng);
    }
    for (std::size_t i : crossed) {
        const Rect& b = g.targets[i].box;
        const double out = 0.1 * b.w;  // the arms leave the box by a tenth of its side at each corner
        stroke(page, {b.x - out, b.y - out}, {b.x + b.w + out, b.y + b.h + out}, 0.8, g.height);
        stroke(page, {b.x - out, b.y + b.h + out}, {b.x + b.w + out, b.y - out}, 0.8, g.height);
    }
    if (also) {
        also(page);
    }
    for (std::size_t w = 0; w < digits.size() && w < g.write_ins.size(); ++w) {
        if (!digits[w].empty()) {
            paint_digits(page, g.write_ins[w].box, digits[w], g.height, rng);
        }
    }
    Defects d;
    d.skew = 1.5;
    d.noise = 3;
    if (how == Scan::pale) {
        lighten(page, 0.5);
    }
    if (how == Scan::dithered) {
        dither(page);
    }
    d.one_bit = how == Scan::one_bit;
    d.jpeg_quality = how == Scan::jpeg ? 60 : 0;
    const Raster scanned = how == Scan::dithered ? page : degrade(page, d, rng);
    const Identification id = identify_page(scanned);
    EXPECT_TRUE(id.ok()) << id.reason;
    const PageReading reading = read_page(scanned, id, g);
    EXPECT_TRUE(reading.ok()) << reading.reason;
    return reading;
}

/// The answer of the group that holds target `target`.
Answer answer_at(const PageGeometry& g, const PageReading& r, std::size_t target) {
    for (const Answer& a : summarize(g, r)) {
        for (std::size_t i : a.targets) {
            if (i == target) {
                return a;
            }
        }
    }
    return {};
}

class DrawnMarks : public testing::TestWithParam<Scan> {};

std::string describe(const PageReading& r, std::size_t i) {
    const MarkReading& m = r.marks[i];
    return std::string(to_string(m.state)) + " (" + std::string(to_string(m.shape)) + ", fill " +
           std::to_string(m.fill) + ", ink " + std::to_string(m.ink) + ", strokes " +
           std::to_string(m.strokes) + ", ring " + std::to_string(m.ring) + ")";
}

}  // namespace

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

/// A loop of `radius` points round `c`, from angle `from` to `to` (radians),
/// in a pen `width` points wide.
void arc(Raster& page, Point c, double radius, double from, double to, double width, double page_h) {
    constexpr int steps = 48;
    for (int i = 0; i < steps; ++i) {
        const double a = from + (to - from) * i / steps, b = from + (to - from) * (i + 1) / steps;
        stroke(page, {c.x + radius * std::cos(a), c.y + radius * std::sin(a)},
               {c.x + radius * std::cos(b), c.y + radius * std::sin(b)}, width, page_h);
    }
}

// Tick boxes answered with circles round their letters (the first, second
// and fourth); the loop round the second, drawn wide on its right, crosses
// the third box's left side from top to bottom. Only that arc is on the
// third box, nothing inside: it is neither ticked nor flagged. The same arc
// over a box holding a small tick does not make it empty, and strokes
// through the fifth box's outline on the side away from any circled box
// (its own circle, seen in pieces?) keep it for a person.
TEST_P(DrawnMarks, ABoxOnlyANeighboursCircleCrossesIsEmpty) {
    const Scan how = GetParam();
    PageGeometry g = sample_geometry(Paper::a4);
    const auto multi = groups_of(g, TargetKind::tick_box);
    ASSERT_EQ(multi.size(), 2U);
    ASSERT_EQ(multi[0].targets.size(), 5U);
    for (const Answer& a : multi) {  // boxes set 24 points apart, room for a circle round each
        for (std::size_t k = 1; k < a.targets.size(); ++k) {
            g.targets[a.targets[k]].box.x = g.targets[a.targets[0]].box.x + 24.0 * static_cast<double>(k);
        }
    }
    const auto circles = [&](Raster& page) {
        for (const Answer& a : multi) {
            for (const std::size_t k : {0, 1, 3}) {
                const Rect& b = g.targets[a.targets[k]].box;
                arc(page, b.center(), 0.72 * b.w, 0, 2 * M_PI, 0.15 * b.w, g.height);  // hugging the box
            }
        }
    };
    const std::size_t crossed = multi[0].targets[2], ticked = multi[1].targets[2];
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    marks[ticked] = Mark::tick_small;
    const PageReading r = scan_and_read(g, marks, how, {}, {}, [&](Raster& page) {
        circles(page);
        for (const Answer& a : multi) {
            // The first group's arc from the second box's loop, the other's
            // from the fourth's (each box is compared with its letter's
            // look in the other group: they must differ).
            const bool left = a.targets[0] == multi[0].targets[0];
            const Rect& from = g.targets[a.targets[left ? 1 : 3]].box;
            const Rect& to = g.targets[a.targets[2]].box;
            const double reach =
                std::abs(to.center().x - from.center().x) - 0.41 * to.w;  // 0.82 of the half side
            const double towards = left ? 0 : M_PI;
            arc(page, from.center(), reach, towards - 0.4, towards + 0.4, 0.12 * to.w, g.height);
        }
    });
    const Answer a = answer_at(g, r, crossed);
    if (how != Scan::one_bit && how != Scan::dithered) {
        EXPECT_EQ(r.marks[crossed].state, MarkState::empty) << describe(r, crossed);
        EXPECT_EQ(a.status, AnswerStatus::ok) << a.note;
        EXPECT_EQ(a.marked.size(), 3U);
    } else {
        EXPECT_NE(a.status, AnswerStatus::blank);
    }
    EXPECT_NE(r.marks[ticked].state, MarkState::empty) << describe(r, ticked);

    const std::size_t last = multi[0].targets[4];
    const PageReading own =
        scan_and_read(g, std::vector<Mark>(g.targets.size(), Mark::none), how, {}, {}, [&](Raster& page) {
            circles(page);
            const Rect& b = g.targets[last].box;
            const Point c = b.center();
            for (const double deg : {0.0, 160.0}) {
                const double t = deg * M_PI / 180, h = b.w / 2;
                stroke(page, {c.x + 0.75 * h * std::cos(t), c.y + 0.75 * h * std::sin(t)},
                       {c.x + 1.55 * h * std::cos(t), c.y + 1.55 * h * std::sin(t)}, 0.15 * b.w, g.height);
            }
        });
    if (how != Scan::one_bit && how != Scan::dithered) {  // (1-bit: read empty, as before this rule)
        EXPECT_NE(answer_at(g, own, last).status, AnswerStatus::ok) << describe(own, last);
    }
}

/// What the tick boxes of `members` read, for a failure's message.
std::string describe_all(const PageReading& r, const std::vector<std::size_t>& members) {
    std::string out;
    for (std::size_t i : members) {
        out += "\n  " + std::to_string(i) + ": " + describe(r, i) + " unexplained " +
               std::to_string(r.marks[i].unexplained) + " faint ring " +
               std::to_string(r.marks[i].ring_faint);
    }
    return out;
}

// A circle drawn tight round a tick box (the student circles the box, not
// its letter), at five tightnesses: through the box's corners (its inside
// edge touching the printed outline there), 1 px and 3 px outside them,
// and flattened on the box, 1 px and 3 px outside the middles of its sides
// (cutting across its corners). Alone in its question it is that box
// answered; beside boxes circled round their letters it is one of them (or
// the question goes to a person); beside a ticked box the question goes to
// a person (a tick and a circle: both answers?). Never read empty. (A loop
// lying on the printed line itself, its side within half a pixel of the
// outline, is not seen: docs/scanning.md.)
TEST_P(DrawnMarks, ATightCircleRoundATickBoxIsNeverReadEmpty) {
    const Scan how = GetParam();
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto multi = groups_of(g, TargetKind::tick_box);
    ASSERT_EQ(multi.size(), 2U);
    const double px = 72.0 / 200, pen = 0.8, outline = 0.3;  // the test pages' pixel, a pen, half the outline
    struct Tightness {
        const char* name;
        double half_sides;  ///< the circle's inside edge, in half sides of the box
        double pixels;      ///< and this many pixels further out
    };
    const std::vector<Tightness> tightnesses = {{"through the corners", std::sqrt(2.0), 0},
                                                {"1 px outside the corners", std::sqrt(2.0), 1},
                                                {"3 px outside the corners", std::sqrt(2.0), 3},
                                                {"1 px outside the sides", 1, 1},
                                                {"3 px outside the sides", 1, 3}};
    const std::vector<std::size_t>& first = multi[0].targets;
    const std::vector<std::size_t>& second = multi[1].targets;
    for (const Tightness& t : tightnesses) {
        SCOPED_TRACE(std::string(t.name) + ", on a " + name_of(how) + " page");
        const auto tight = [&](Raster& page, std::size_t i) {
            const Rect& b = g.targets[i].box;
            const double inside = t.half_sides * b.w / 2 + outline + t.pixels * px;
            arc(page, b.center(), inside + pen / 2, 0.3, 0.3 + 2 * M_PI, pen, g.height);
        };
        // The first question: a tight circle alone; the second: a tick and a tight circle.
        std::vector<Mark> marks(g.targets.size(), Mark::none);
        marks[second[0]] = Mark::tick;
        const PageReading r = scan_and_read(g, marks, how, {}, {}, [&](Raster& page) {
            tight(page, first[1]);
            tight(page, second[3]);
        });
        const Answer lone = answer_at(g, r, first[1]), mixed = answer_at(g, r, second[3]);
        EXPECT_EQ(lone.status, AnswerStatus::ok) << describe_all(r, first);
        EXPECT_EQ(lone.marked, std::vector<std::string>{g.targets[first[1]].value}) << describe_all(r, first);
        EXPECT_EQ(mixed.status, AnswerStatus::unclear) << describe_all(r, second);

        // The first question: two letters circled and a box circled tight;
        // the second: a tight circle round its last box, alone.
        const PageReading c =
            scan_and_read(g, std::vector<Mark>(g.targets.size(), Mark::none), how, {}, {}, [&](Raster& page) {
                for (const std::size_t i : {first[0], first[2]}) {
                    const Rect& b = g.targets[i].box;
                    arc(page, b.center(), 0.72 * b.w, 0, 2 * M_PI, pen, g.height);
                }
                tight(page, first[4]);
                tight(page, second[4]);
            });
        const Answer circled = answer_at(g, c, first[4]), last = answer_at(g, c, second[4]);
        if (circled.status == AnswerStatus::ok) {
            EXPECT_EQ(circled.marked,
                      (std::vector<std::string>{g.targets[first[0]].value, g.targets[first[2]].value,
                                                g.targets[first[4]].value}))
                << describe_all(c, first);
        } else {
            EXPECT_EQ(circled.status, AnswerStatus::unclear) << describe_all(c, first);
        }
        EXPECT_EQ(last.status, AnswerStatus::ok) << describe_all(c, second);
        EXPECT_EQ(last.marked, std::vector<std::string>{g.targets[second[4]].value})
            << describe_all(c, second);
    }
}

// The dangerous neighbours of a tight circle: a box between two circled
// boxes whose loops, drawn wide, cross both its sides (ink on its left and
// right, none above or below it) is not circled, nor is a box whose loop is
// drawn tight over an X (ink inside).
TEST_P(DrawnMarks, ATightCirclesNeighboursAreNotCircled) {
    const Scan how = GetParam();
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto multi = groups_of(g, TargetKind::tick_box);
    ASSERT_EQ(multi.size(), 2U);
    const std::vector<std::size_t>& first = multi[0].targets;
    const std::vector<std::size_t>& second = multi[1].targets;
    const double pen = 0.8;
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    marks[second[1]] = Mark::cancel;
    const PageReading r = scan_and_read(g, marks, how, {}, {}, [&](Raster& page) {
        // Loops round the second and fourth boxes reaching 1.2 half sides into the box between.
        for (const std::size_t i : {first[1], first[3]}) {
            const Rect& b = g.targets[i].box;
            arc(page, b.center(), 17 - 1.2 * b.w / 2, 0, 2 * M_PI, pen, g.height);  // boxes 17 points apart
        }
        const Rect& b = g.targets[second[1]].box;  // a loop drawn tight over the X
        arc(page, b.center(), std::sqrt(2.0) * b.w / 2 + 0.3 + pen / 2, 0, 2 * M_PI, pen, g.height);
    });
    EXPECT_NE(r.marks[first[2]].state, MarkState::filled) << describe_all(r, first);
    EXPECT_NE(r.marks[first[2]].shape, MarkShape::circle) << describe_all(r, first);
    EXPECT_NE(r.marks[second[1]].shape, MarkShape::circle) << describe_all(r, second);
    EXPECT_NE(r.marks[second[1]].state, MarkState::filled) << describe_all(r, second);
}

// A circle round one box of a tick-all question, and loops squashed on two
// other boxes (flattened ellipses the reader sees only in part: strokes
// past the outline, a few directions of the ring): the circled box is not
// read as the only answer, the question goes to a person. With nothing
// round the other boxes it is the answer.
TEST_P(DrawnMarks, ACircleAloneBesideBoxesWithPartOfALoopIsFlagged) {
    const Scan how = GetParam();
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto multi = groups_of(g, TargetKind::tick_box);
    ASSERT_EQ(multi.size(), 2U);
    const std::vector<std::size_t>& first = multi[0].targets;
    const std::vector<std::size_t>& second = multi[1].targets;
    const double pen = 0.7;
    const PageReading r =
        scan_and_read(g, std::vector<Mark>(g.targets.size(), Mark::none), how, {}, {}, [&](Raster& page) {
            for (const std::size_t i : {first[0], first[2]}) {  // 1.4 half sides wide, 1.05 high
                const Rect& b = g.targets[i].box;
                const Point c = b.center();
                constexpr int steps = 48;
                for (int k = 0; k < steps; ++k) {
                    const double a = 2 * M_PI * k / steps, e = 2 * M_PI * (k + 1) / steps;
                    const double rx = 0.7 * b.w, ry = 0.525 * b.w;
                    stroke(page, {c.x + rx * std::cos(a), c.y + ry * std::sin(a)},
                           {c.x + rx * std::cos(e), c.y + ry * std::sin(e)}, pen, g.height);
                }
            }
            for (const std::size_t i : {first[4], second[4]}) {
                const Rect& b = g.targets[i].box;
                arc(page, b.center(), 0.72 * b.w, 0, 2 * M_PI, pen, g.height);
            }
        });
    const Answer squashed = answer_at(g, r, first[4]), alone = answer_at(g, r, second[4]);
    EXPECT_NE(squashed.status, AnswerStatus::blank) << describe_all(r, first);
    if (squashed.status == AnswerStatus::ok) {
        EXPECT_EQ(squashed.marked,
                  (std::vector<std::string>{g.targets[first[0]].value, g.targets[first[2]].value,
                                            g.targets[first[4]].value}))
            << describe_all(r, first);
    }
    EXPECT_EQ(alone.status, AnswerStatus::ok) << describe_all(r, second);
    EXPECT_EQ(alone.marked, std::vector<std::string>{g.targets[second[4]].value}) << describe_all(r, second);
}

// A tick-all question answered in pencil, gone gray in the scan: a box
// filled as darkly as the one beside it read filled (a pencil's grainy
// gray, its dark ink short of a tick's) is ticked too. A smear much lighter
// than that fill (an erasure) beside it keeps the question for a person.
TEST_P(DrawnMarks, APencilFilledBoxAsDarkAsTheFilledOneBesideItIsTicked) {
    const Scan how = GetParam();
    const PageGeometry g = sample_geometry(Paper::a4);
    const auto multi = groups_of(g, TargetKind::tick_box);
    ASSERT_EQ(multi.size(), 2U);
    const std::size_t gray = multi[0].targets[2], smear = multi[1].targets[3];
    const PageReading r =
        scan_and_read(g, std::vector<Mark>(g.targets.size(), Mark::none), how, {}, {}, [&](Raster& page) {
            for (const Answer& a : multi) {
                disc(page, g.targets[a.targets[0]], 150, g.height, 0.4, 80);
            }
            disc(page, g.targets[gray], 170, g.height, 0.35, 95);
            disc(page, g.targets[smear], 205, g.height);
        });
    const Answer a = answer_at(g, r, gray), b = answer_at(g, r, smear);
    if (how == Scan::gray || how == Scan::jpeg) {
        EXPECT_EQ(r.marks[gray].state, MarkState::filled) << describe(r, gray);
        EXPECT_EQ(a.status, AnswerStatus::ok) << a.note;
        EXPECT_EQ(a.marked.size(), 2U);
    }
    EXPECT_NE(a.status, AnswerStatus::blank);
    EXPECT_NE(r.marks[smear].state, MarkState::filled) << describe(r, smear);
    if (how != Scan::one_bit && how != Scan::dithered) {  // (1-bit: the smear's gray is gone)
        EXPECT_NE(b.status, AnswerStatus::ok) << describe(r, smear);
    }
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
