// Mark judging, the rules of a tick-box group (a tick-all question): boxes
// filled in pencil beside filled ones, boxes answered with circles round
// their letters and the boxes only their arcs cross. Called by
// judge_rules.cpp; see docs/scanning.md "Judging a mark".

#include "scan/judge_rules.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace handout::scan::detail {

namespace {

/// A pencil fill in a tick box, gray (its dark ink 0.3–0.75 of its fill,
/// short of a tick's dark_share), is ticked beside the group's boxes read
/// filled when at least this share of the faintest of them (pencil fills
/// measured 0.75–0.95 of the filled boxes beside them; an erasure's residue
/// 0.45 at most).
constexpr double like_filled = 0.75;
/// A tick box circled: less fill and dark ink inside than this, faint ink
/// in this share of its free ring (circled boxes measure 0.25–0.88); a box
/// only a neighbour's circle crosses, at most crossed_box_ring (0–0.10).
constexpr double circled_box_inside = 0.2, circled_box_ring = 0.22, crossed_box_ring = 0.12;
/// A stroke within this angle (radians) of the way to a target faces it.
constexpr double facing = 1.3;
/// A loop drawn tight round a tick box: ink along or just outside its
/// outline (Raw::hug_bins, near_bins, ring_bins) in at least this many of
/// the 32 directions, and on every side of the square: in one of the
/// side_bins directions either side of the middle of each side (circled
/// boxes in the piles: 17–32 directions).
constexpr int loop_directions = 10, side_bins = 3;

/// A loop lying on a tick box's printed outline (judge_hug.cpp): the band
/// along the outline darker than its group's blank boxes' (Raw::hug_extra)
/// by this share of their band's darkness in each of its eight quarters
/// (darker_all_round). Blank boxes in the 18 gray and photo scans of the
/// nine piles measure 0.0021 at most but three photos' boxes (0.0034–0.015:
/// darker all round, flagged); with it no loop of a 2–3 px pen on or just
/// outside the line goes unflagged on the test pages' gray, JPEG and pale
/// scans (a 1 px line measures from 0.0004:
/// DrawnMarks.ALoopOnATickBoxsOutlineIsNeverASilentWrongAnswer).
constexpr double outline_excess = 0.003;
/// Ink round a box on two opposite sides within this many directions (of
/// 32) of each other's opposite.
constexpr int opposite_slack = 2;
/// A marked neighbour whose centre lies within this many of the box's sides
/// can reach its outline (a circle round its letter, a tick's tail).
constexpr double reach_sides = 2.5;

/// The directions of box `i` that a marked neighbour of its group (within
/// reach_sides of its side) faces: its circle or stroke may cross them.
std::uint32_t faced_by_marks(const PageGeometry& geometry, const std::vector<std::size_t>& members,
                             const std::vector<MarkReading>& marks, std::size_t i) {
    const Rect& box = geometry.targets[i].box;
    const double reach = reach_sides * std::max(box.w, box.h);
    std::uint32_t faced = 0;
    for (std::size_t j : members) {
        const Point a = box.center(), b = geometry.targets[j].box.center();
        if (j == i || marks[j].state == MarkState::empty || std::hypot(a.x - b.x, a.y - b.y) > reach) {
            continue;
        }
        for (int bin = 0; bin < 32; ++bin) {
            faced |= arm_towards(geometry, i, j, bin) ? std::uint32_t{1} << bin : 0U;
        }
    }
    return faced;
}

/// How much darker than its blank look a box's outline band is all round
/// it: the lightest of the band's four quarters round the sides and of the
/// four round the corners (directions in `faced` left out). A loop round
/// the box adds darkness all round; a neighbour's ink, a shadow's edge, a
/// photo's uneven light or what is printed beside it darken one or two
/// sides (two opposite sides darken all four corner quarters, not the side
/// quarters between them).
double darker_all_round(const Raw& raw, std::uint32_t faced) {
    std::array<double, 8> quarter{};  // 0–3 round the sides, 4–7 round the corners
    for (std::size_t bin = 0; bin < 32; ++bin) {
        if ((faced >> bin & 1U) != 0) {
            continue;
        }
        const double extra = raw.hug_extra[bin];
        quarter[((bin + 4) / 8) % 4] += extra;
        quarter[4 + bin / 8] += extra;
    }
    return *std::min_element(quarter.begin(), quarter.end());
}

}  // namespace

/// A tick box read empty that a loop may hug: nothing inside (fill and dark
/// ink under beside_floor), and in the directions that no marked neighbour
/// of its group (within reach_sides) faces, either its outline band darker
/// all round than its group's blank ones by outline_excess (not on 1-bit
/// pages, whose outlines are ragged), or ink round it (just outside the
/// outline or in the ring, faint ink too) on two opposite sides. A
/// neighbour's circle or stroke crosses the side facing it; what is printed
/// near a box lies on one side. For a person: a loop drawn on the printed
/// line itself is seen only so (docs/scanning.md).
bool loop_on_outline(const PageGeometry& geometry, const std::vector<Raw>& raws,
                     const std::vector<std::size_t>& members, const std::vector<MarkReading>& marks,
                     std::size_t i, bool one_bit) {
    const MarkReading& m = marks[i];
    if (m.state != MarkState::empty || m.fill >= beside_floor || m.ink >= beside_floor) {
        return false;
    }
    const std::uint32_t faced = faced_by_marks(geometry, members, marks, i);
    const Raw& raw = raws[i];
    const std::uint32_t round = (raw.near_bins | raw.ring_bins) & ~faced;
    for (int bin = 0; bin < 32; ++bin) {
        for (int d = -opposite_slack; d <= opposite_slack; ++d) {
            if ((round >> bin & 1U) != 0 && (round >> ((bin + 16 + d + 32) % 32) & 1U) != 0) {
                return true;
            }
        }
    }
    return !one_bit && darker_all_round(raw, faced) >= outline_excess;
}

/// A tick box with nothing inside (fill and dark ink over the blank state
/// under beside_floor) and ink hugging its outline all round: on every side
/// (in the middle side_bins × 2 directions of each) and in loop_directions
/// or more of the 32. The student circled the box. A tick, an X or a fill
/// leaves ink inside; a neighbour's circle crosses the sides facing it;
/// what is printed near a box (a row below, a box beside) lies on one or
/// two sides (in the nine piles' 27 scans, of 1,971 boxes the student did
/// not mark, none had ink on all four sides round an empty inside, 4 on
/// three; 62 of 129 circled boxes are seen so).
bool loop_round_box(const MarkReading& m, const Raw& raw) {
    if (m.fill >= beside_floor || m.ink >= beside_floor) {
        return false;
    }
    const std::uint32_t round = raw.hug_bins | raw.near_bins | raw.ring_bins;
    if (std::popcount(round) < loop_directions) {
        return false;
    }
    for (int side = 0; side < 4; ++side) {  // the middles of the sides lie on bin edges 0, 8, 16 and 24
        bool inked = false;
        for (int k = -side_bins; k < side_bins; ++k) {
            inked = inked || (round >> ((8 * side + k + 32) % 32) & 1U) != 0;
        }
        if (!inked) {
            return false;
        }
    }
    return true;
}

/// Whether the direction of arm `bin` (of 32; bin 0 at −π, judge.cpp) of target `i`
/// points within `facing` of target `j` (patch angles: x right, y down).
bool arm_towards(const PageGeometry& geometry, std::size_t i, std::size_t j, int bin) {
    const Point from = geometry.targets[i].box.center(), to = geometry.targets[j].box.center();
    const double towards = std::atan2(from.y - to.y, to.x - from.x);
    const double arm = (bin + 0.5) * 2 * M_PI / 32 - M_PI;
    return std::abs(std::remainder(arm - towards, 2 * M_PI)) <= facing;
}

/// Tick boxes filled in pencil gone gray (a photo, a gray copy): a box whose
/// mark is a pencil fill (fill pencil_fill, dark ink pencil_ink, no stroke
/// out, nothing round it) as dark as the group's boxes read filled (at least
/// like_filled of the faintest) is ticked too: the student filled several
/// boxes with one pencil. A gray smear clearly lighter than the fills (an
/// erasure), a box beside no filled one, or one with strokes out stays for
/// a person.
void read_pencil_boxes(const std::vector<std::size_t>& members, const Thresholds& th,
                       std::vector<MarkReading>& marks) {
    double faintest = 2;
    for (std::size_t i : members) {
        const MarkReading& m = marks[i];
        if (m.state == MarkState::filled && (m.shape == MarkShape::fill || m.shape == MarkShape::tick)) {
            faintest = std::min(faintest, m.fill);
        }
    }
    if (faintest > 1) {
        return;  // no box read filled to compare with
    }
    for (std::size_t i : members) {
        MarkReading& m = marks[i];
        if (m.state == MarkState::unclear && m.shape == MarkShape::tick && m.strokes == 0 &&
            m.ring < th.ring_empty_below && m.fill >= pencil_fill && m.ink >= pencil_ink &&
            m.fill >= like_filled * faintest) {
            m.state = MarkState::filled;
        }
    }
}

/// Tick boxes answered with circles round their letters: each circled box
/// (an empty inside, strokes all round where the circle hugs the square, faint
/// ink in circled_box_ring of its free ring; or a loop drawn tight round
/// the box, loop_round_box) is ticked, and a box that only
/// a neighbour's circle crosses (nothing inside, at most crossed_box_ring) is
/// empty. A fill, a tick or anything between the two levels beside them
/// keeps the whole group for a person.
void read_circled_boxes(const std::vector<std::size_t>& members, std::vector<MarkReading>& marks) {
    std::vector<bool> circled(members.size(), false);
    for (std::size_t k = 0; k < members.size(); ++k) {
        const MarkReading& m = marks[members[k]];
        const bool open = (m.state == MarkState::empty || m.state == MarkState::unclear) &&
                          m.fill < circled_box_inside && m.ink < circled_box_inside;
        circled[k] =
            open && ((m.strokes >= 3 && m.ring_faint >= circled_box_ring) || m.shape == MarkShape::circle);
        if (!circled[k] && !(open && m.ring_faint <= crossed_box_ring)) {
            return;
        }
    }
    if (std::find(circled.begin(), circled.end(), true) == circled.end()) {
        return;
    }
    for (std::size_t k = 0; k < members.size(); ++k) {
        MarkReading& m = marks[members[k]];
        m.state = circled[k] ? MarkState::filled : MarkState::empty;
        m.shape = circled[k] ? MarkShape::circle : m.shape;
    }
}

/// A circle alone in a tick-box group where nothing else is marked (run
/// after read_circled_boxes, which reads every box circled or plainly not):
/// the circled box is ticked when every other box is empty and all the ink
/// in the ring round it (Raw::ring_bins, faint ink too) lies in directions
/// facing the circled box (its loop passing by). Ink round another box on a
/// side away from it may be a circle the reader saw only in part (a loop
/// squashed on the box: strokes past its outline, a few directions of its
/// ring): a person looks, else that answer would be dropped silently. (The
/// ink just outside the outline is left out: what is printed close to a box
/// shows there on a 1-bit page.)
void read_circle_alone(const PageGeometry& geometry, const std::vector<Raw>& raws,
                       const std::vector<std::size_t>& members, std::vector<MarkReading>& marks) {
    const auto circle = std::find_if(members.begin(), members.end(), [&](std::size_t i) {
        return marks[i].state == MarkState::unclear && marks[i].shape == MarkShape::circle;
    });
    if (circle == members.end()) {
        return;
    }
    for (std::size_t i : members) {
        if (i == *circle) {
            continue;
        }
        if (marks[i].state != MarkState::empty) {
            return;
        }
        for (int bin = 0; bin < 32; ++bin) {
            if ((raws[i].ring_bins >> bin & 1U) != 0 && !arm_towards(geometry, i, *circle, bin)) {
                return;
            }
        }
    }
    marks[*circle].state = MarkState::filled;
}

/// A tick box read empty beside circled boxes (read_circled_boxes) that
/// only those circles' arcs cross: two to four strokes through its outline,
/// and every stroke and all the ink just outside its outline on the side of
/// a circled box; next to nothing inside (fill and dark ink under
/// beside_floor). Its unexplained ink is those arcs on its outline, not a
/// faint tick (a tick or an X in a box leaves dark ink inside, 0.1 and
/// more), and not its own circle drawn tight round it (ink close round the
/// outline on the side away from the circled boxes too).
bool crossed_by_circles(const PageGeometry& geometry, const std::vector<Raw>& raws,
                        const std::vector<std::size_t>& members, const std::vector<MarkReading>& marks,
                        std::size_t i) {
    const MarkReading& m = marks[i];
    if (m.state != MarkState::empty || m.strokes < 2 || m.strokes > 4 || m.fill >= beside_floor ||
        m.ink >= beside_floor) {
        return false;
    }
    const auto faces_a_circle = [&](int bin) {
        return std::any_of(members.begin(), members.end(), [&](std::size_t j) {
            return j != i && marks[j].state == MarkState::filled && marks[j].shape == MarkShape::circle &&
                   arm_towards(geometry, i, j, bin);
        });
    };
    for (std::size_t k = 0; k < static_cast<std::size_t>(m.strokes); ++k) {
        if (!faces_a_circle(raws[i].arms[k])) {
            return false;
        }
    }
    for (int bin = 0; bin < 32; ++bin) {
        if ((raws[i].near_bins >> bin & 1U) != 0 && !faces_a_circle(bin)) {
            return false;
        }
    }
    return true;
}

}  // namespace handout::scan::detail
