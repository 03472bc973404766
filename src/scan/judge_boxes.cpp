// Mark judging, the rules of a tick-box group (a tick-all question): boxes
// filled in pencil beside filled ones, boxes answered with circles round
// their letters and the boxes only their arcs cross. Called by
// judge_rules.cpp; see docs/scanning.md "Judging a mark".

#include "scan/judge_rules.hpp"

#include <algorithm>
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

}  // namespace

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
