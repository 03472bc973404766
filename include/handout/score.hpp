// Scoring: the points a student earns on one question for what they marked.
// One rule for every consumer (`handout mark`, the tests, the docs' worked
// examples); the quiz page ports the `multi` rule to JavaScript.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "handout/model.hpp"
#include "handout/points.hpp"

namespace handout {

/// What a student answered on one question, in the worksheet's own terms
/// (indices into the question's source lists, not printed letters: the
/// variant maps those). Only the field of the question's type is read;
/// a field left empty is an unanswered question.
struct Response {
    /// choice: the option(s) marked (more than one earns nothing); multi:
    /// every option ticked. Indices into the question's options.
    std::vector<std::size_t> options;
    /// truefalse: the circled or bubbled answer.
    std::optional<bool> truth;
    /// match: for each pair in source order, the index of the pair whose
    /// right item the student gave its left item (npos = left blank).
    /// order: for each item in source order, the 0-based position given
    /// (npos = left blank).
    std::vector<std::size_t> places;
    /// numeric: the number written or gridded.
    std::optional<double> number;
    /// What the teacher awarded (a teacher box): wins over everything above,
    /// for any type; the only field read for `short` and `fill`. Clamped to
    /// 0…the question's points.
    std::optional<double> awarded;
};

/// Points earned on a `multi` question worth `points` with `correct` right
/// options among its options, for `right` ticks of right options and `wrong`
/// ticks of wrong ones. all-or-nothing: `points` when right == correct and
/// wrong == 0, else 0. partial: points × (right − wrong) / correct, at
/// least 0.
double score_multi(Points points, Scoring rule, std::size_t correct, std::size_t right, std::size_t wrong);

/// Points earned on `q` for `r` (0 … q.points.value()): choice and
/// truefalse all or nothing; multi by q.scoring (score_multi); match and
/// order all or nothing (every item placed right); numeric within the
/// tolerance; short and fill only by `awarded`.
double score(const Question& q, const Response& r);

}  // namespace handout
