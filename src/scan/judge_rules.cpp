// Mark judging, the deciding half: from what each target's patch measured
// (judge.cpp) to a reading. First the page's blank state of each label is
// taken off (judge_blank.cpp); then each target's state
// and shape; then the rules that look at a whole answer group. See
// docs/scanning.md "Judging a mark" for the values and why.

#include "scan/judge_rules.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

namespace handout::scan::detail {

namespace {

/// Less dark ink than this: a light mark.
constexpr double light_ink = 0.05;
/// On a 1-bit page, the dark ink (and fill) a mark needs to be read alone,
/// and how solid that ink must be (Raw::solid): a scanner that dithers light
/// pencil into scattered dots leaves as much ink as a tick (0.2–0.35), but
/// only 0.3 of it solid; a tick's strokes and an HB pencil's fill are 0.83
/// solid and more (0.16–0.29 ink), an erasure's residue is mostly lost
/// (0.07 ink at most).
constexpr double one_bit_ink = 0.15, one_bit_solid = 0.8;
/// Faint ink this far round an empty target (a share of the ring's
/// directions) is something on it when its group is otherwise empty: a thin
/// circle in light pen or pencil.
constexpr double faint_ring_light = 0.3;
/// A 1-bit page's edges wander (unexplained ink up to 0.15 on blank
/// targets): a faint mark there is told by fill and ink, a little more,
/// or by unexplained ink over that.
constexpr double one_bit_allowance = 0.01, one_bit_unexplained = 0.15;
/// A tick's strokes are dark: its dark ink is about as much as its fill
/// (1.0–1.3 of it); an erasure's gray residue, which the tick-box rule
/// would otherwise take whatever the other boxes hold, is mostly gray (0.75).
constexpr double dark_share = 0.85;
/// A neighbour crossed by a circle drawn round another target: at most this
/// share of its ring's directions, and nearly nothing unexplained inside.
constexpr double crossed_ring = 0.45, crossed_unexplained = 0.05;
/// A dark inside with ink this far round it is scribbled over, not crossed.
constexpr double scribble_ring = 0.45;
/// Ink round an empty target in fewer directions is a neighbour's stroke.
constexpr int around_directions = 6;
/// An arc of a circle drawn round a neighbour: less fill than this, and both
/// its strokes facing the circled one (arm_towards).
constexpr double arc_fill = 0.3;
/// A teacher's stroke inside a score box: its least dark ink, and how solid
/// (slashes and ticks measure 0.14–0.28 and 0.82–1.0).
constexpr double teacher_ink = 0.12, teacher_solid = 0.8;
/// A pencil fill alone in its group needs also this much unexplained ink
/// (pencil_fill, pencil_ink in judge_rules.hpp).
constexpr double pencil_unexplained = 0.2;
/// A solid fill over its blank state: a pen's (a pencil fill on a 1-bit
/// scan measures 0.2–0.6 before its blank state is taken off).
constexpr double pen_fill = 0.8;
/// A thin tick's least dark ink and fill over the blank state, and how
/// solid its ink must be (thin pen ticks measure 0.11–0.28 and 0.97–1.0).
constexpr double thin_tick_ink = 0.10, thin_tick_solid = 0.9;
/// A filled tick box that strokes leave by all four of its corners is
/// crossed out (an X barely wider than the box); by two or three, it may be.
constexpr int x_corners = 4;
/// Two arms this many bins (of 32) apart or more: a slash, not a V.
constexpr int opposite_bins = 13;
/// An erasure's residue beside the new answer: gray, at most this share of
/// the answer's fill and dark ink (residues measure 0.14–0.22 fill beside
/// pencil fills of 0.35–0.5), with no ink darker than its blank look
/// (unexplained < crossed_unexplained: a rubber leaves a smear, no stroke).
constexpr double residue_share = 0.5;

/// Whether two stroke directions (bins of 32) point roughly apart: a line through.
bool opposite(int a, int b) {
    const int apart = std::abs(a - b) % 32;
    return std::min(apart, 32 - apart) >= opposite_bins;
}

/// Whether there is ink round a target that nothing printed explains: in a
/// quarter of the ring's free directions, and in at least around_directions
/// of them (an arm of a neighbour's X crosses 2–4).
bool ink_around(const MarkReading& m, const Raw& raw, const Thresholds& th) {
    return m.ring >= th.ring_empty_below && raw.ring_inked >= around_directions;
}

/// A thin tick in pen: little ink on a bubble's inside (a large-print
/// bubble, a fine pen), but all of it dark and solid, and leaving the
/// outline (a stroke out, or ink in the ring round it) as a tick's arm does;
/// a speck of dirt stays inside, erasure residue is gray.
bool thin_tick(const MarkReading& m, const Raw& raw) {
    return m.ink >= thin_tick_ink && m.fill >= thin_tick_ink && m.ink >= dark_share * m.fill &&
           raw.solid >= thin_tick_solid && (m.strokes == 1 || raw.ring_inked >= 1);
}

/// What a mark looks like, from its measures over the blank state.
MarkShape shape_of(const MarkReading& m, const Raw& raw, const Thresholds& th) {
    if (m.ring >= th.circled_ring) {
        // A ring drawn close round the outline crosses the stroke rings all
        // round too: strokes say nothing here, a dark inside does.
        return m.fill >= th.filled_above ? MarkShape::scribble : MarkShape::circle;
    }
    if (m.ring >= scribble_ring && m.fill >= th.filled_above) {
        return MarkShape::scribble;
    }
    if (m.fill <= th.empty_below && m.ink < th.ink_empty_below && m.strokes == 0 && !thin_tick(m, raw)) {
        return ink_around(m, raw, th) ? MarkShape::around : MarkShape::none;
    }
    if (m.strokes >= th.cancel_strokes || (m.fill >= th.filled_above && raw.corner_arms >= x_corners)) {
        return MarkShape::cross;
    }
    if (m.strokes == 2) {
        return opposite(raw.arms[0], raw.arms[1]) ? MarkShape::slash : MarkShape::tick;
    }
    if (m.fill >= th.filled_above) {
        return MarkShape::fill;
    }
    if (m.ink < light_ink) {
        return m.fill > th.empty_below ? MarkShape::light : MarkShape::around;
    }
    return MarkShape::tick;
}

MarkState decide(const MarkReading& m, const Raw& raw, const Thresholds& th) {
    if (m.shape == MarkShape::circle || m.shape == MarkShape::scribble) {
        return MarkState::unclear;  // a circled one may still be read as the answer (decide_groups)
    }
    if (m.fill >= th.filled_above) {
        if (m.strokes >= th.cancel_strokes || raw.corner_arms >= x_corners) {
            // An X alone over an empty outline can darken as much as a fill;
            // only a solid inside is a filled-then-cancelled mark.
            return m.ink >= th.solid_ink ? MarkState::cancelled : MarkState::unclear;
        }
        return m.strokes >= 2 || raw.corner_arms >= 2 ? MarkState::unclear : MarkState::filled;
    }
    if (m.fill <= th.empty_below && m.ink < th.ink_empty_below && !ink_around(m, raw, th) &&
        !thin_tick(m, raw)) {
        return MarkState::empty;
    }
    return MarkState::unclear;
}

/// A teacher's quick slash or tick inside a score box: dark, solid ink
/// that need not leave the box (a teacher's stroke is short and sure).
bool teacher_stroke(const MarkReading& m, const Raw& raw) {
    return m.ink >= teacher_ink && m.fill >= thin_tick_ink && m.ink >= dark_share * m.fill &&
           raw.solid >= teacher_solid;
}

/// Whether nothing is on a target's inside: what it holds is round it.
bool empty_inside(const MarkReading& m, const Thresholds& th) {
    return m.fill <= th.empty_below && m.ink < th.ink_empty_below && m.unexplained < crossed_unexplained;
}

/// A mark that, alone in its group, is its answer: a dark tick, a hasty half
/// fill or a small X inside (dark ink, no X reaching out), or a circle; in a
/// teacher's row also a slash (a teacher's quick mark). On a 1-bit page
/// light pencil is left as scattered dots, as much ink as a tick: there a
/// tick must be darker to be read alone.
bool answer_alone(const MarkReading& m, const Raw& raw, TargetKind kind, const Thresholds& th, bool one_bit) {
    if (m.shape == MarkShape::circle ||
        (m.shape == MarkShape::around && m.ring_faint >= th.circled_ring && empty_inside(m, th))) {
        return true;  // a circle, or a thin one (faint ink all round)
    }
    const bool dark_mark = one_bit
                               ? m.ink >= one_bit_ink && m.fill >= one_bit_ink && raw.solid >= one_bit_solid
                               : m.ink >= th.lone_mark_ink && m.fill > th.empty_below;
    if (m.shape == MarkShape::tick) {
        const bool teacher = kind == TargetKind::teacher_box && teacher_stroke(m, raw);
        const bool pencil =
            m.fill >= pencil_fill && m.ink >= pencil_ink && m.unexplained >= pencil_unexplained;
        return (dark_mark || thin_tick(m, raw) || teacher || pencil) &&
               m.strokes < 2;  // two arms out may be half an X
    }
    return kind == TargetKind::teacher_box && m.shape == MarkShape::slash && m.ink >= th.ink_empty_below;
}

/// A circle drawn round one target of a single-answer group often crosses
/// its neighbours' rings too, making them unclear. When one target is
/// circled (faint ring ≥ Thresholds::circled_ring round an empty inside)
/// and every other unclear one has an empty inside and only part of a ring
/// (≤ crossed_ring), the circled one is the answer and the others empty.
/// Two circles, or anything inside a neighbour, stay for a person.
/// Whether target `i`'s mark is only an arc of the circle drawn round
/// target `circled`: two strokes, both leaving it on the side that faces the
/// circled one (a circle round a teacher's score crosses the box beside it),
/// nothing filled, no more than part of a ring.
bool arc_of_circle(const PageGeometry& geometry, const std::vector<Raw>& raws,
                   const std::vector<MarkReading>& marks, std::size_t i, std::size_t circled) {
    const MarkReading& m = marks[i];
    if (m.strokes != 2 || m.fill >= arc_fill || m.ring_faint > crossed_ring) {
        return false;
    }
    return arm_towards(geometry, i, circled, raws[i].arms[0]) &&
           arm_towards(geometry, i, circled, raws[i].arms[1]);
}

void read_circle_among_crossed(const PageGeometry& geometry, const std::vector<Raw>& raws,
                               const std::vector<std::size_t>& members, const Thresholds& th,
                               std::vector<MarkReading>& marks) {
    std::size_t best = members.front();
    for (std::size_t i : members) {
        best = marks[i].ring_faint > marks[best].ring_faint ? i : best;
    }
    if (marks[best].ring_faint < th.circled_ring || !empty_inside(marks[best], th)) {
        return;
    }
    for (std::size_t i : members) {
        const MarkReading& m = marks[i];
        const bool crossed =
            m.state == MarkState::unclear && ((empty_inside(m, th) && m.ring_faint <= crossed_ring) ||
                                              arc_of_circle(geometry, raws, marks, i, best));
        if (i != best && m.state != MarkState::empty && !crossed) {
            return;
        }
    }
    for (std::size_t i : members) {
        marks[i].state = i == best ? MarkState::filled : MarkState::empty;
    }
    marks[best].shape = MarkShape::circle;
}

/// Whether a mark alone in its group would be the answer as a fill: read
/// filled, or a pencil fill read short of it (answer_alone's pencil: gray,
/// but with ink darker than its label's blank look), no arm out.
bool dark_answer(const MarkReading& m) {
    if (m.state == MarkState::filled) {
        return m.shape == MarkShape::fill || m.shape == MarkShape::tick;
    }
    return m.state == MarkState::unclear && m.shape == MarkShape::tick && m.strokes == 0 &&
           m.fill >= pencil_fill && m.ink >= pencil_ink && m.unexplained >= pencil_unexplained;
}

/// An erased answer beside the new one (single-answer groups, gray pages):
/// one target holds a dark answer (dark_answer) and every other marked one
/// only a gray smear, clearly lighter (at most residue_share of its fill and
/// dark ink), with no pixel darker than its label's blank look by a stroke's
/// contrast (unexplained < crossed_unexplained), nothing leaving the outline
/// and nothing round it: a rubber's residue, read empty, and the dark one is
/// the answer. A second mark with any stroke in it (a tick, a second fill, a
/// light pencil fill pressed hard enough to leave dark grains) stays for a
/// person. On a 1-bit page gray is lost: not applied there.
void read_beside_residue(const std::vector<std::size_t>& members, const Thresholds& th,
                         std::vector<MarkReading>& marks) {
    std::optional<std::size_t> answer;
    for (std::size_t i : members) {
        if (dark_answer(marks[i])) {
            if (answer) {
                return;  // two answers
            }
            answer = i;
        }
    }
    if (!answer) {
        return;
    }
    const MarkReading& d = marks[*answer];
    std::vector<std::size_t> residues;
    for (std::size_t i : members) {
        const MarkReading& m = marks[i];
        if (i == *answer || m.state == MarkState::empty) {
            continue;
        }
        const bool residue = m.state == MarkState::unclear &&
                             (m.shape == MarkShape::light || m.shape == MarkShape::tick) && m.strokes == 0 &&
                             m.ring < th.ring_empty_below && m.unexplained < crossed_unexplained &&
                             m.fill <= residue_share * d.fill && m.ink <= residue_share * d.ink;
        if (!residue) {
            return;
        }
        residues.push_back(i);
    }
    if (residues.empty()) {
        return;
    }
    for (std::size_t i : residues) {
        marks[i].state = MarkState::empty;
        marks[i].shape = MarkShape::light;
    }
    marks[*answer].state = MarkState::filled;
}

/// The rules that look at a whole answer group (see Thresholds::lone_mark_ink):
/// - a lone mark in a single-answer group where nothing else is filled or
///   unclear is the answer (answer_alone: a tick, thin or dark, a dark half
///   fill, a pencil fill, a circle, a teacher's stroke); a circle whose
///   neighbours hold only its arcs is too (read_circle_among_crossed);
/// - in a tick-box group, a dark or thin tick in a box (Thresholds::tick_box_ink)
///   is that box ticked (the question asks for ticks), a circle only when
///   nothing else is marked, and boxes answered with circles are read when
///   every box is plainly circled or plainly not (read_circled_boxes).
/// - in a single-answer group on a gray page, a smooth gray smear clearly
///   lighter than the one dark answer beside it is an erasure's residue
///   (read_beside_residue).
/// Any other light mark beside a fill (a second answer in light pencil?)
/// stays for a person.
void decide_groups(const PageGeometry& geometry, const std::vector<Raw>& raws, const Thresholds& th,
                   bool one_bit, std::vector<MarkReading>& marks) {
    if (th.lone_mark_ink <= 0) {
        return;
    }
    for (const auto& [key, members] : answer_groups(geometry)) {
        const TargetKind kind = std::get<1>(key);
        std::size_t unclear = 0, lone = 0, filled = 0, marked = 0;
        for (std::size_t i : members) {
            const MarkState s = marks[i].state;
            unclear += s == MarkState::unclear ? 1 : 0;
            lone = s == MarkState::unclear ? i : lone;
            filled += s == MarkState::filled ? 1 : 0;
            marked += s != MarkState::empty && s != MarkState::cancelled ? 1 : 0;
        }
        if (kind == TargetKind::tick_box) {
            for (std::size_t i : members) {
                MarkReading& m = marks[i];
                const bool ticked =
                    m.shape == MarkShape::tick && m.strokes < 2 && m.ink >= dark_share * m.fill &&
                    ((one_bit
                          ? m.ink >= std::max(one_bit_ink, th.tick_box_ink) && raws[i].solid >= one_bit_solid
                          : m.ink >= th.tick_box_ink) ||
                     thin_tick(m, raws[i]));
                if (m.state == MarkState::unclear && ticked) {
                    m.state = MarkState::filled;
                }
            }
            read_pencil_boxes(members, th, marks);
            read_circled_boxes(members, marks);
            if (marked == 1) {
                read_circle_alone(geometry, raws, members, marks);
            }
            continue;
        }
        if (unclear == 1 && filled == 0 && answer_alone(marks[lone], raws[lone], kind, th, one_bit)) {
            marks[lone].state = MarkState::filled;
        } else if (unclear > 1 && filled == 0) {
            read_circle_among_crossed(geometry, raws, members, th, marks);
        }
        if (!one_bit && unclear > 0 && filled <= 1) {
            read_beside_residue(members, th, marks);
        }
    }
}

/// Whether an empty-read target holds a faint mark at these levels.
bool faint(const MarkReading& m, double fill, double unexplained) {
    return m.state == MarkState::empty && (m.fill >= fill || m.ink >= fill || m.unexplained >= unexplained);
}

/// Whether an empty target of a group read all empty holds anything: a
/// faint mark, a stroke, ink partly round it (a thin circle at a low
/// resolution).
bool anything(const MarkReading& m, const Thresholds& th, bool one_bit) {
    const double sum = m.fill + m.ink + (one_bit ? 0.0 : 2 * m.unexplained);
    return m.state == MarkState::empty &&
           (sum >= th.faint_mark + (one_bit ? one_bit_allowance : 0.0) || m.ring_faint >= faint_ring_light);
}

/// A faint tick box beside the group's ticked ones: at least half as
/// marked as the faintest of them.
bool faint_beside(const MarkReading& m, const std::vector<std::size_t>& members,
                  const std::vector<MarkReading>& marks) {
    double fill = 2, unexplained = 2;
    for (std::size_t i : members) {
        if (marks[i].state == MarkState::filled) {
            fill = std::min(fill, marks[i].fill);
            unexplained = std::min(unexplained, marks[i].unexplained);
        }
    }
    return fill <= 1 &&
           faint(m, std::max(beside_floor, fill / 2), std::max(beside_floor / 2, unexplained / 2));
}

/// On a black-and-white (1-bit) scan light pencil can vanish altogether:
/// a question with no mark at all is for a person (its darkest target
/// made unclear). Blank questions are few in a class's sheets.
template <typename Unclear>
void flag_blank_questions(const PageGeometry& geometry, std::vector<MarkReading>& marks,
                          const Unclear& unclear) {
    std::map<int, std::size_t> darkest;  // question → its darkest target, while all are empty
    std::set<int> answered;
    for (std::size_t i = 0; i < marks.size(); ++i) {
        const int q = geometry.targets[i].question;
        if (q <= 0 || geometry.targets[i].kind == TargetKind::teacher_box) {
            continue;  // the student number; a teacher's row left blank is flagged already
        }
        if (marks[i].state != MarkState::empty) {
            answered.insert(q);
        }
        const auto [it, added] = darkest.try_emplace(q, i);
        if (!added && marks[i].fill > marks[it->second].fill) {
            it->second = i;
        }
    }
    for (const auto& [q, i] : darkest) {
        if (answered.count(q) == 0) {
            unclear(marks[i]);
        }
    }
}

/// Whether a student marked this page in pen only: something is marked, and
/// every mark is a solid fill (a pen fill, or one crossed out). Light pencil
/// lost to a 1-bit scan leaves no trace, but a student who fills every
/// answer in pen has not written one in pencil: a blank question is blank.
/// A tick, a half fill, a pencil fill or a circle keeps every blank question
/// for a person.
bool pen_only(const PageGeometry& geometry, const std::vector<MarkReading>& marks) {
    bool marked = false;
    for (std::size_t i = 0; i < marks.size(); ++i) {
        if (geometry.targets[i].kind == TargetKind::teacher_box || marks[i].state == MarkState::empty) {
            continue;
        }
        if (marks[i].fill < pen_fill) {
            return false;
        }
        marked = true;
    }
    return marked;
}

/// Empty or cancelled readings that would make a silent wrong score become
/// unclear, for a person (see Thresholds::faint_mark):
/// - in a group read all empty, a target with anything on it;
/// - on a 1-bit scan, every question left all blank (flag_blank_questions),
///   unless the page is marked in pen only;
/// - a group whose only mark is crossed out (a messy fill can read as one);
/// - in a tick-box group, a faint box, or one half as marked as the faintest ticked.
void flag_faint(const PageGeometry& geometry, const std::vector<Raw>& raws, const Thresholds& th,
                bool one_bit, std::vector<MarkReading>& marks) {
    const auto unclear = [](MarkReading& m) {
        m.state = MarkState::unclear;
        if (m.shape == MarkShape::none) {
            m.shape = MarkShape::light;
        }
    };
    for (const auto& [key, members] : answer_groups(geometry)) {
        const bool boxes = std::get<1>(key) == TargetKind::tick_box;
        std::size_t empty = 0, cancelled = 0;
        for (std::size_t i : members) {
            empty += marks[i].state == MarkState::empty ? 1 : 0;
            cancelled += marks[i].state == MarkState::cancelled ? 1 : 0;
        }
        const bool all_empty = empty == members.size();
        if (cancelled > 0 && empty + cancelled == members.size() && !boxes) {
            for (std::size_t i : members) {
                if (marks[i].state == MarkState::cancelled) {
                    unclear(marks[i]);
                }
            }
            continue;
        }
        std::vector<std::size_t> hugged;
        for (std::size_t i : members) {
            if (boxes && loop_on_outline(geometry, raws, members, marks, i, one_bit)) {
                hugged.push_back(i);
            }
        }
        for (std::size_t i : hugged) {
            unclear(marks[i]);
        }
        for (std::size_t i : members) {
            MarkReading& m = marks[i];
            if (boxes && crossed_by_circles(geometry, raws, members, marks, i)) {
                continue;  // arcs on its outline, nothing inside
            }
            if ((all_empty && anything(m, th, one_bit)) ||
                (boxes &&
                 faint(m, th.faint_box_fill, one_bit ? one_bit_unexplained : th.faint_box_unexplained)) ||
                (boxes && faint_beside(m, members, marks))) {
                unclear(m);
            }
        }
    }
    if (one_bit && !pen_only(geometry, marks)) {
        // Shape none: nothing was seen (the note says so, answers.cpp).
        flag_blank_questions(geometry, marks, [](MarkReading& m) { m.state = MarkState::unclear; });
    }
}

}  // namespace

std::vector<MarkReading> decide_marks(const PageGeometry& geometry, const std::vector<Raw>& raws,
                                      const Thresholds& thresholds, bool one_bit) {
    const std::vector<Blank> blank = blank_states(geometry, raws);
    std::vector<MarkReading> out;
    out.reserve(raws.size());
    for (std::size_t i = 0; i < raws.size(); ++i) {
        const Blank& base = blank[i];
        MarkReading m;
        m.fill = std::max(0.0, raws[i].fill - base.fill) / (1 - base.fill);
        m.ink = std::max(0.0, raws[i].ink - base.ink) / (1 - base.ink);
        // A solid fill spilling over its outline is a fill: what pokes out
        // is not a pen stroke drawn across it (Raw::spill).
        const bool spilled_fill =
            raws[i].spill && m.fill >= thresholds.filled_above && m.ink >= thresholds.solid_ink;
        m.strokes = spilled_fill ? 0 : raws[i].strokes;
        m.ring = raws[i].ring;
        m.unexplained = raws[i].unexplained;
        m.ring_faint = raws[i].ring_faint;
        m.shape = shape_of(m, raws[i], thresholds);
        m.state = decide(m, raws[i], thresholds);
        // A loop drawn tight round a tick box is a circle, whatever the
        // stroke rings and the ring round it saw of it (judge_boxes.cpp):
        // unclear until its group is read.
        if (geometry.targets[i].kind == TargetKind::tick_box && loop_round_box(m, raws[i])) {
            m.shape = MarkShape::circle;
            m.state = MarkState::unclear;
        }
        out.push_back(m);
    }
    decide_groups(geometry, raws, thresholds, one_bit, out);
    flag_faint(geometry, raws, thresholds, one_bit, out);
    return out;
}

}  // namespace handout::scan::detail
