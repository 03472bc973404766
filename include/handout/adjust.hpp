// `handout mark --adjust adjust.yaml`: a teacher's decisions about questions
// after marking (void one, accept another answer, change its points or key,
// bonus points), read with located errors. src/mark applies them when it
// scores; docs/marking.md "Adjusting questions".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/points.hpp"

namespace handout {

/// One line of an adjust file.
struct Adjustment {
    enum class Action {
        void_reduce,  ///< `void: reduce`: nobody loses it, the maximum is reduced by its points
        void_full,    ///< `void: full`: everyone gets its points, the maximum stays
        accept,       ///< `accept:` another answer earns full points too
        key,          ///< `key:` the right answer is another one
        points,       ///< `points:` the question is worth this many
        bonus,  ///< `bonus:` points added to the total (everyone's, or one `sheet`'s), not to the maximum
    };
    Action action = Action::accept;
    std::string worksheet;  ///< the worksheet's id; "" = the one worksheet of the run
    int question = 0;       ///< 1-based, source order (results.csv's Q columns); 0 for a bonus
    /// accept, key: the answer as the item analysis names it: an option's
    /// number in source order ("3"; several for multi), "T" or "F", a number.
    std::vector<std::string> answer;
    Points points{0};   ///< points, bonus
    std::string sheet;  ///< bonus: one sheet's code ("" = everyone)
    Loc loc;            ///< the entry (its first key)
    Loc value_loc;      ///< the action's value
    std::string
        text;  ///< the entry as one line, for the slips and the analysis ("question: 3, void: reduce")
};

/// Parses an adjust file: a YAML list of entries, each with `question:` (or
/// a `bonus:`) and one action; every bad entry is a located error.
std::optional<std::vector<Adjustment>> parse_adjustments(std::string_view text, const std::string& file,
                                                         Diagnostics& diags);

/// Reads and parses an adjust file; throws IoError when it cannot be read.
std::optional<std::vector<Adjustment>> load_adjustments(const std::string& path, Diagnostics& diags);

/// The adjust-file line that makes `answer` ("3", "T") right for question
/// `question`, as the item analysis suggests it: `- {question: 2, accept: 3}`.
std::string accept_line(int question, const std::string& answer);

}  // namespace handout
