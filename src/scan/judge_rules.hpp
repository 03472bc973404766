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

}  // namespace handout::scan::detail
