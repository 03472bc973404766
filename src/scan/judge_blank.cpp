// Mark judging: the blank state of every target of a page, what its printed
// outline and label alone measure, so that what a mark adds can be taken
// from it. Taken from what is known to be blank on the page; see
// docs/scanning.md "Judging a mark".

#include "scan/judge_rules.hpp"

#include <algorithm>
#include <optional>

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

/// The lower quartile of `values` (0 for none).
double lower_quartile(std::vector<double> values) {
    if (values.empty()) {
        return 0;
    }
    const auto q = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 4);
    std::nth_element(values.begin(), q, values.end());
    return *q;
}

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

}  // namespace

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

}  // namespace handout::scan::detail
