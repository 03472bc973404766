// Synthetic students: which mark each target of a page gets, with the odds
// of a real class (mostly clean fills, some changed answers, a few blanks)
// plus a chosen share of hard marks (light pencil, partial fills, ticks,
// crosses, stray marks). Shared by the scan tests, the benchmark and scangen.
#pragma once

#include "synth/synth.hpp"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace handout::scan::synth {

/// The hard marks of the first benchmark: light pencil, half fills, ticks,
/// crosses over empty outlines, stray dots.
inline const std::vector<Mark>& classic_hard_marks() {
    static const std::vector<Mark> marks = {Mark::light, Mark::partial, Mark::tick, Mark::cross, Mark::stray};
    return marks;
}

/// The marks people make instead of a fill (issue 27): circled letters,
/// small and large ticks, slashes, scribbles, an erasure's residue.
inline const std::vector<Mark>& drawn_hard_marks() {
    static const std::vector<Mark> marks = {Mark::circled, Mark::tick_small, Mark::tick_large,
                                            Mark::slash,   Mark::scribble,   Mark::erased};
    return marks;
}

/// One mark per geometry target, in order. `hard_share` is the probability
/// that an answer group gets one hard mark, drawn from `hard`.
inline std::vector<Mark> sample_marks(const PageGeometry& g, double hard_share, Rng& rng,
                                      const std::vector<Mark>& hard = classic_hard_marks()) {
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    std::map<std::tuple<int, TargetKind, std::string>, std::vector<std::size_t>> groups;
    std::vector<std::tuple<int, TargetKind, std::string>> order;
    for (std::size_t i = 0; i < g.targets.size(); ++i) {
        const Target& t = g.targets[i];
        const auto colon = t.value.find(':');
        const auto key = std::make_tuple(
            t.question, t.kind, colon == std::string::npos ? std::string() : t.value.substr(0, colon));
        if (groups[key].empty()) {
            order.push_back(key);
        }
        groups[key].push_back(i);
    }
    for (const auto& key : order) {
        const auto& members = groups[key];
        const int n = static_cast<int>(members.size());
        if (std::get<1>(key) == TargetKind::tick_box) {
            for (std::size_t i : members) {
                marks[i] = rng.chance(0.4) ? Mark::fill : Mark::none;
            }
        } else {
            const double roll = rng.uniform();
            const std::size_t chosen = members[static_cast<std::size_t>(rng.below(n))];
            if (roll < 0.04) {
                // changed answer: the first choice crossed out, another filled
                std::size_t other = members[static_cast<std::size_t>(rng.below(n))];
                while (other == chosen) {
                    other = members[static_cast<std::size_t>(rng.below(n))];
                }
                marks[chosen] = Mark::cancel;
                marks[other] = Mark::fill;
            } else if (roll > 0.02 + 0.04) {
                marks[chosen] = Mark::fill;
            }  // else left blank
        }
        if (rng.chance(hard_share)) {
            marks[members[static_cast<std::size_t>(rng.below(n))]] =
                hard[static_cast<std::size_t>(rng.below(static_cast<int>(hard.size())))];
        }
    }
    return marks;
}

/// Defects of a scanned page within the ranges the reader must survive,
/// drawn at random.
inline Defects sample_defects(Rng& rng) {
    Defects d;
    d.quarter_turns = rng.below(4);
    d.skew = rng.uniform(-10, 10);
    d.scale = rng.uniform(0.92, 1.05);
    d.blur = rng.uniform(0, 0.1);
    d.noise = rng.uniform(0, 8);
    d.photocopies = rng.chance(0.25) ? 1 + rng.below(2) : 0;
    d.one_bit = rng.chance(0.2);
    d.jpeg_quality = rng.chance(0.5) && !d.one_bit ? 50 + rng.below(46) : 0;  // bilevel scans are not JPEG
    return d;
}

/// A phone photo within the ranges the reader must survive, drawn at
/// random: each corner moved by up to `perspective` of the page width, light
/// falling off by 10–35 %, a shadow on most photos, some desk, a phone's JPEG.
inline Photo sample_photo(Rng& rng, double perspective = 0.08) {
    Photo p;
    p.perspective = rng.uniform(0.3, 1) * perspective;
    p.light = rng.uniform(0.1, 0.35);
    p.shadow = rng.chance(0.7) ? rng.uniform(0.2, 0.45) : 0;
    p.desk = rng.uniform(0.03, 0.1);
    p.jpeg_quality = 80 + rng.below(15);
    return p;
}

}  // namespace handout::scan::synth
