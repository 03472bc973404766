// The deciding half of mark judging, shared between its files: a page's
// answer groups (judge_rules.cpp) and the blank state of every target, taken
// from what is known to be blank (judge_blank.cpp).

#pragma once

#include "scan/groups.hpp"
#include "scan/judge.hpp"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace handout::scan::detail {

/// What a target's printed outline and label alone measure (fill, ink).
struct Blank {
    double fill = 0, ink = 0;
};

/// A pencil fill gone gray (in a photo: 0.41–0.43 fill, 0.17–0.29 dark
/// ink): its least fill and dark ink over the blank state. An erasure's
/// residue measures 0.14–0.22 fill.
inline constexpr double pencil_fill = 0.35, pencil_ink = 0.15;
/// The least fill a tick box beside ticked ones needs to be a faint tick.
inline constexpr double beside_floor = 0.05;

/// The blank state of every target of a page (judge_blank.cpp).
std::vector<Blank> blank_states(const PageGeometry& geometry, const std::vector<Raw>& raws);

/// A group: question, kind, row ("" when the question has one).
using GroupKey = std::tuple<int, TargetKind, std::string>;

/// The answer groups of a page: target indices by question, kind and row.
inline std::map<GroupKey, std::vector<std::size_t>> answer_groups(const PageGeometry& geometry) {
    std::map<GroupKey, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < geometry.targets.size(); ++i) {
        const Target& t = geometry.targets[i];
        groups[{t.question, t.kind, group_of(t.value)}].push_back(i);
    }
    return groups;
}

/// Whether arm direction `bin` (of 32; bin 0 at −π, judge.cpp) of target
/// `i` points towards target `j` (within 1.3 rad, patch angles: x right, y
/// down). judge_boxes.cpp.
bool arm_towards(const PageGeometry& geometry, std::size_t i, std::size_t j, int bin);

/// Tick-box group rules (judge_boxes.cpp): pencil-filled boxes as dark as
/// the filled ones beside them are ticked; circled boxes are ticked when
/// every other box is plainly not circled; a circle alone is ticked when no
/// other box has ink round it but on the side facing it; a box that only a
/// circled neighbour's arc crosses is not a faint mark.
void read_pencil_boxes(const std::vector<std::size_t>& members, const Thresholds& th,
                       std::vector<MarkReading>& marks);
void read_circled_boxes(const std::vector<std::size_t>& members, std::vector<MarkReading>& marks);
void read_circle_alone(const PageGeometry& geometry, const std::vector<Raw>& raws,
                       const std::vector<std::size_t>& members, std::vector<MarkReading>& marks);
/// Whether a tick box with nothing inside is hugged all round by ink along
/// its outline: a loop drawn tight round the box, a circle (judge_boxes.cpp).
bool loop_round_box(const MarkReading& m, const Raw& raw);
/// Whether a tick box read empty may hold a loop lying on its printed
/// outline (judge_boxes.cpp): for a person.
bool loop_on_outline(const PageGeometry& geometry, const std::vector<Raw>& raws,
                     const std::vector<std::size_t>& members, const std::vector<MarkReading>& marks,
                     std::size_t i, bool one_bit);
bool crossed_by_circles(const PageGeometry& geometry, const std::vector<Raw>& raws,
                        const std::vector<std::size_t>& members, const std::vector<MarkReading>& marks,
                        std::size_t i);

}  // namespace handout::scan::detail
