// The points a student earns on one question (score.hpp). The `multi` rule
// is the one the docs explain with worked examples (docs/format.md,
// "Points and scoring"); the quiz page uses the same rule.
#include "handout/score.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace handout {

double score_multi(Points points, Scoring rule, std::size_t correct, std::size_t right, std::size_t wrong) {
    if (correct == 0) return 0;
    switch (rule) {
        case Scoring::all_or_nothing: return right == correct && wrong == 0 ? points.value() : 0.0;
        case Scoring::partial: {
            if (right <= wrong) return 0;
            // In half points first, then one division: 2 points over 3 right
            // options give 4/6 for one right tick, the same double each time.
            const double earned = static_cast<double>(points.halves) * static_cast<double>(right - wrong) /
                                  (2.0 * static_cast<double>(correct));
            return std::min(earned, points.value());
        }
    }
    return 0;
}

namespace {

/// True when every place is its own index (each order item in its own
/// position).
bool all_in_place(const std::vector<std::size_t>& places, std::size_t count) {
    if (places.size() != count) return false;
    for (std::size_t i = 0; i < count; ++i)
        if (places[i] != i) return false;
    return true;
}

}  // namespace

double score(const Question& q, const Response& r) {
    const double full = q.points.value();
    if (r.awarded) return std::clamp(*r.awarded, 0.0, full);
    const auto all_or_nothing = [&](bool right) { return right ? full : 0.0; };
    return std::visit(
        Overloaded{
            [&](const Choice& c) {
                return all_or_nothing(r.options.size() == 1 && r.options[0] == c.answer);
            },
            [&](const TrueFalse& t) { return all_or_nothing(r.truth && *r.truth == t.truth); },
            [&](const Multi& m) {
                // A tick counted once, however often it was read.
                const std::set<std::size_t> ticked(r.options.begin(), r.options.end());
                std::size_t right = 0, wrong = 0;
                for (std::size_t option : ticked) {
                    if (std::find(m.answers.begin(), m.answers.end(), option) != m.answers.end())
                        ++right;
                    else
                        ++wrong;
                }
                return score_multi(q.points, q.scoring, m.answers.size(), right, wrong);
            },
            [&](const ShortAnswer&) { return 0.0; },
            [&](const Fill&) { return 0.0; },
            [&](const Match& m) { return all_or_nothing(r.places == m.right_of()); },
            [&](const Order& o) { return all_or_nothing(all_in_place(r.places, o.items.size())); },
            [&](const Numeric& n) {
                // The quiz page's slack: 9.81 ± 0.05 accepts 9.86 despite binary rounding.
                return all_or_nothing(r.number && std::isfinite(*r.number) &&
                                      std::fabs(*r.number - n.value) <=
                                          n.tolerance + 1e-9 * std::max(1.0, std::fabs(n.value)));
            },
        },
        q.body);
}

}  // namespace handout
