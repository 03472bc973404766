// Mark judging, the deciding half: from what each target's patch measured
// (judge.cpp) to a reading. First the page's blank state of each label is
// taken off, taken from what is known to be blank; then each target's state
// and shape; then the rules that look at a whole answer group. See
// docs/scanning.md "Judging a mark" for the values and why.

#include "scan/groups.hpp"
#include "scan/judge.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

namespace handout::scan::detail {

namespace {

constexpr double blank_ceiling = 0.40;   ///< darker than this, a target is marked, not blank
constexpr std::size_t label_sample = 2;  ///< blank targets of a label to trust its own blank state
constexpr double label_spread = 0.12;    ///< a label's blank state at most this over its kind's
constexpr double stands_out = 0.05;      ///< a group's darkest target this much over the next is marked
/// A tick box prints its letter as large as a bubble does, in a square of
/// side 0.95 of the bubble's diameter: the letter covers 0.87 as much of its
/// inside (0.7 of the half side, a square: (1.4 × 0.95)² against π × 0.7²).
/// Its blank state is at most that share of the bubble's of its letter,
/// plus a little.
constexpr double square_share = 0.87, square_allowance = 0.02;
/// A letter no single-answer group prints: at most their middle letter's blank state plus this.
constexpr double unseen_margin = 0.02;
/// Less dark ink than this: a light mark.
constexpr double light_ink = 0.05;
/// On a 1-bit page, the dark ink a tick needs to be read alone, and how
/// solid that ink must be (Raw::solid): a scanner that dithers light pencil
/// into scattered dots leaves as much ink as a tick (0.2–0.35), but only
/// 0.3 of it solid; a tick's strokes are 0.8 solid and more.
constexpr double one_bit_ink = 0.30, one_bit_solid = 0.6;
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
/// The least fill a tick box beside ticked ones needs to be a faint tick.
constexpr double beside_floor = 0.05;
/// A dark inside with ink this far round it is scribbled over, not crossed.
constexpr double scribble_ring = 0.45;
/// Ink round an empty target in fewer directions is a neighbour's stroke.
constexpr int around_directions = 6;
/// Two arms this many bins (of 32) apart or more: a slash, not a V.
constexpr int opposite_bins = 13;

/// The lower quartile of `values` (0 for none).
double lower_quartile(std::vector<double> values) {
    if (values.empty()) {
        return 0;
    }
    const auto q = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 4);
    std::nth_element(values.begin(), q, values.end());
    return *q;
}

/// What a target's printed outline and label alone measure (fill, ink).
struct Blank {
    double fill = 0, ink = 0;
};

struct Pool {
    std::vector<double> fills, inks;

    void add(const Raw& r) {
        fills.push_back(r.fill);
        inks.push_back(r.ink);
    }
    Blank quartile() const { return {lower_quartile(fills), lower_quartile(inks)}; }
};

std::string label_of(const Target& t) {
    const auto colon = t.value.find(':');
    return colon == std::string::npos ? t.value : t.value.substr(colon + 1);
}

using GroupKey = std::tuple<int, TargetKind, std::string>;

/// The answer groups of a page: target indices by question, kind and row.
std::map<GroupKey, std::vector<std::size_t>> answer_groups(const PageGeometry& geometry) {
    std::map<GroupKey, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < geometry.targets.size(); ++i) {
        const Target& t = geometry.targets[i];
        groups[{t.question, t.kind, group_of(t.value)}].push_back(i);
    }
    return groups;
}

/// The targets known to be blank: in every single-answer group, all but its
/// darkest target when that one stands out (a student marks one answer; a
/// changed answer's cancelled one reads darker than blank_ceiling), pooled by
/// printed label. In a group left blank the darkest is only its boldest
/// letter, which is as blank as the others.
std::map<std::string, Pool> known_blank(const PageGeometry& geometry, const std::vector<Raw>& raws,
                                        Pool& all) {
    std::map<std::string, Pool> by_label;
    for (const auto& [key, members] : answer_groups(geometry)) {
        if (std::get<1>(key) == TargetKind::tick_box || members.size() < 2) {
            continue;
        }
        std::vector<double> fills;
        for (std::size_t i : members) {
            fills.push_back(raws[i].fill);
        }
        std::sort(fills.rbegin(), fills.rend());
        const double marked_from = fills[0] > fills[1] + stands_out ? fills[0] : blank_ceiling;
        for (std::size_t i : members) {
            if (raws[i].fill < std::min(marked_from, blank_ceiling)) {
                by_label[label_of(geometry.targets[i])].add(raws[i]);
                all.add(raws[i]);
            }
        }
    }
    return by_label;
}

/// The blank state of every target of a page. Per kind and printed label
/// ("B", "7", "½"): the lower quartile of those that look unmarked (below
/// blank_ceiling), so a few marks do not move it; a label with fewer than
/// label_sample such targets takes its kind's, and no label's is over its
/// kind's by more than label_spread. Where marks are dense (a tick-all
/// question whose every box is ticked) that estimate learns the marks, so
/// none is over what is known to be blank: the same label in the page's
/// single-answer groups (known_blank; for a tick box, scaled to its square:
/// square_share), or, for a label not seen there, their middle label
/// (+ unseen_margin), or with none the known blank targets' own level plus
/// label_spread.
std::vector<Blank> blank_states(const PageGeometry& geometry, const std::vector<Raw>& raws) {
    std::map<TargetKind, Pool> kinds;
    std::map<std::pair<TargetKind, std::string>, Pool> labels;
    for (std::size_t i = 0; i < raws.size(); ++i) {
        if (raws[i].fill < blank_ceiling) {
            const Target& t = geometry.targets[i];
            kinds[t.kind].add(raws[i]);
            labels[{t.kind, label_of(t)}].add(raws[i]);
        }
    }
    std::map<TargetKind, Blank> kind_blank;
    for (const auto& [kind, pool] : kinds) {
        kind_blank[kind] = pool.quartile();
    }
    Pool all;
    const std::map<std::string, Pool> known = known_blank(geometry, raws, all);
    // A letter the single-answer groups do not print (the "E" of a tick-all
    // question beside four-option choices) is taken as dark as their middle
    // letter, and a little: a tick over it reads at least unclear, and a
    // letter darker than most reads a little filled, still empty.
    std::optional<Blank> middle;
    {
        std::vector<double> fills, inks;
        for (const auto& [label, pool] : known) {
            if (pool.fills.size() >= label_sample) {
                fills.push_back(pool.quartile().fill);
                inks.push_back(pool.quartile().ink);
            }
        }
        if (!fills.empty()) {
            std::nth_element(fills.begin(), fills.begin() + static_cast<std::ptrdiff_t>(fills.size() / 2),
                             fills.end());
            std::nth_element(inks.begin(), inks.begin() + static_cast<std::ptrdiff_t>(inks.size() / 2),
                             inks.end());
            middle = Blank{fills[fills.size() / 2], inks[inks.size() / 2]};
        }
    }
    std::vector<Blank> out;
    out.reserve(raws.size());
    for (const Target& t : geometry.targets) {
        const Blank kind = kind_blank[t.kind];
        const auto found = labels.find({t.kind, label_of(t)});
        Blank b = found == labels.end() || found->second.fills.size() < label_sample
                      ? kind
                      : Blank{std::min(found->second.quartile().fill, kind.fill + label_spread),
                              std::min(found->second.quartile().ink, kind.ink + label_spread)};
        const auto same = known.find(label_of(t));
        const bool square = t.kind == TargetKind::tick_box;
        const double share = square ? square_share : 1.0, allowance = square ? square_allowance : 0.0;
        if (same != known.end() && same->second.fills.size() >= label_sample) {
            const Blank k = same->second.quartile();
            b = {std::min(b.fill, k.fill * share + allowance), std::min(b.ink, k.ink * share + allowance)};
        } else if (middle) {
            b = {std::min(b.fill, (middle->fill + unseen_margin) * share + allowance),
                 std::min(b.ink, (middle->ink + unseen_margin) * share + allowance)};
        } else if (all.fills.size() >= 2 * label_sample) {
            const Blank k = all.quartile();
            b = {std::min(b.fill, k.fill + label_spread), std::min(b.ink, k.ink + label_spread)};
        }
        out.push_back(b);
    }
    return out;
}

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
    if (m.fill <= th.empty_below && m.ink < th.ink_empty_below && m.strokes == 0) {
        return ink_around(m, raw, th) ? MarkShape::around : MarkShape::none;
    }
    if (m.strokes >= th.cancel_strokes) {
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
        if (m.strokes >= th.cancel_strokes) {
            // An X alone over an empty outline can darken as much as a fill;
            // only a solid inside is a filled-then-cancelled mark.
            return m.ink >= th.solid_ink ? MarkState::cancelled : MarkState::unclear;
        }
        return m.strokes >= 2 ? MarkState::unclear : MarkState::filled;
    }
    if (m.fill <= th.empty_below && m.ink < th.ink_empty_below && !ink_around(m, raw, th)) {
        return MarkState::empty;
    }
    return MarkState::unclear;
}

/// A mark that, alone in its group, is its answer: a dark tick, a hasty half
/// fill or a small X inside (dark ink, no X reaching out), or a circle; in a
/// teacher's row also a slash (a teacher's quick mark). On a 1-bit page
/// light pencil is left as scattered dots, as much ink as a tick: there a
/// tick must be darker to be read alone.
bool answer_alone(const MarkReading& m, const Raw& raw, TargetKind kind, const Thresholds& th, bool one_bit) {
    if (m.shape == MarkShape::circle) {
        return true;
    }
    const bool dark_mark =
        (one_bit ? m.ink >= std::max(one_bit_ink, th.lone_mark_ink) && raw.solid >= one_bit_solid
                 : m.ink >= th.lone_mark_ink) &&
        m.fill > th.empty_below;
    if (m.shape == MarkShape::tick) {
        return dark_mark && m.strokes < 2;  // two arms out may be half an X
    }
    return kind == TargetKind::teacher_box && m.shape == MarkShape::slash && m.ink >= th.ink_empty_below;
}

/// Whether nothing is on a target's inside: what it holds is round it.
bool empty_inside(const MarkReading& m, const Thresholds& th) {
    return m.fill <= th.empty_below && m.ink < th.ink_empty_below && m.unexplained < crossed_unexplained;
}

/// A circle drawn round one target of a single-answer group often crosses
/// its neighbours' rings too, making them unclear. When one target is
/// circled (faint ring ≥ Thresholds::circled_ring round an empty inside)
/// and every other unclear one has an empty inside and only part of a ring
/// (≤ crossed_ring), the circled one is the answer and the others empty.
/// Two circles, or anything inside a neighbour, stay for a person.
void read_circle_among_crossed(const std::vector<std::size_t>& members, const Thresholds& th,
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
        if (i != best && m.state != MarkState::empty &&
            (m.state != MarkState::unclear || !empty_inside(m, th) || m.ring_faint > crossed_ring)) {
            return;
        }
    }
    for (std::size_t i : members) {
        marks[i].state = i == best ? MarkState::filled : MarkState::empty;
    }
    marks[best].shape = MarkShape::circle;
}

/// The rules that look at a whole answer group (see Thresholds::lone_mark_ink):
/// - a lone tick, dark half fill or circle, in a single-answer group where
///   nothing else is filled or unclear, is the answer;
/// - in a tick-box group, a dark tick in a box (Thresholds::tick_box_ink) is
///   that box ticked (the question asks for ticks), a circle only when
///   nothing else is marked.
/// A light mark beside a fill (an erasure's residue, or a second answer in
/// light pencil?) stays for a person.
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
                    (one_bit
                         ? m.ink >= std::max(one_bit_ink, th.tick_box_ink) && raws[i].solid >= one_bit_solid
                         : m.ink >= th.tick_box_ink);
                const bool circled_alone = m.shape == MarkShape::circle && marked == 1;
                if (m.state == MarkState::unclear && (ticked || circled_alone)) {
                    m.state = MarkState::filled;
                }
            }
            continue;
        }
        if (unclear == 1 && filled == 0 && answer_alone(marks[lone], raws[lone], kind, th, one_bit)) {
            marks[lone].state = MarkState::filled;
        } else if (unclear > 1 && filled == 0) {
            read_circle_among_crossed(members, th, marks);
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

/// Empty or cancelled readings that would make a silent wrong score become
/// unclear, for a person (see Thresholds::faint_mark):
/// - in a group read all empty, a target with anything on it;
/// - on a 1-bit scan, every question left all blank (flag_blank_questions);
/// - a group whose only mark is crossed out (a messy fill can read as one);
/// - in a tick-box group, a faint box, or one half as marked as the faintest ticked.
void flag_faint(const PageGeometry& geometry, const Thresholds& th, bool one_bit,
                std::vector<MarkReading>& marks) {
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
        for (std::size_t i : members) {
            MarkReading& m = marks[i];
            if ((all_empty && anything(m, th, one_bit)) ||
                (boxes &&
                 faint(m, th.faint_box_fill, one_bit ? one_bit_unexplained : th.faint_box_unexplained)) ||
                (boxes && faint_beside(m, members, marks))) {
                unclear(m);
            }
        }
    }
    if (one_bit) {
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
        m.strokes = raws[i].strokes;
        m.ring = raws[i].ring;
        m.unexplained = raws[i].unexplained;
        m.ring_faint = raws[i].ring_faint;
        m.shape = shape_of(m, raws[i], thresholds);
        m.state = decide(m, raws[i], thresholds);
        out.push_back(m);
    }
    decide_groups(geometry, raws, thresholds, one_bit, out);
    flag_faint(geometry, thresholds, one_bit, out);
    return out;
}

}  // namespace handout::scan::detail
