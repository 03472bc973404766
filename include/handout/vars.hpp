// Numbers that vary per student: a question's `vars:` drawn by the seed from
// their own stream (docs/shuffle.md), computed with muparser, formatted and
// put into the question's texts where it writes `{{name}}`. The loader checks
// every possible draw (check_vars); make_variant draws one.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/model.hpp"

namespace handout {

/// The values of a question's vars on one sheet, as printed, in the order
/// the vars are written: (name, text) pairs such as ("m", "4"), ("F", "10,5").
struct VarValues {
    std::vector<std::pair<std::string, std::string>> shown;
    /// The printed text of `name`, or nullptr.
    const std::string* find(std::string_view name) const;
    /// `m = 4 · a = 2.5 · F = 10`: the line the key prints.
    std::string line() const;
};

/// "when m = 2, v = 0": the drawn vars (not the formulas) of one draw, for
/// messages; "always" when nothing is drawn.
std::string describe_draw(const Question& q, const VarValues& values);

/// The most draws a question's vars may have: the loader checks each of them.
inline constexpr std::size_t max_var_draws = 10000;

/// Whether numbers print with a decimal comma: every `lang` but English,
/// Chinese, Japanese and Korean, which write a decimal point.
bool decimal_comma(const Worksheet& ws);

/// `value` with `decimals` decimals (-1: at most 4, trailing zeros dropped),
/// a decimal comma when `comma`, never `-0`.
std::string format_var_number(double value, int decimals, bool comma);

/// How many ways the vars of `q` can be drawn (the product of the ranges' and
/// lists' counts), saturating at max_var_draws + 1.
std::size_t var_draw_count(const Question& q);

/// What `seed` draws for the vars of question `source_index` (1-based, in
/// source order, sections flattened): for each var in written order, the index
/// of its value (0 for a formula). Seed 0 (the master copy) draws nothing and
/// takes every first value. See docs/shuffle.md for the stream.
std::vector<std::size_t> draw_var_picks(const Question& q, std::uint32_t seed, int source_index);

/// Something wrong with one var or one draw: where, what, and a hint.
struct VarProblem {
    Loc loc;
    std::string message;
    std::string hint;
};

/// A question's formulas compiled once (muparser), in an order where each
/// comes after the vars it uses. Problems with the definitions themselves
/// (unknown names, cycles, syntax) are listed by problems(); evaluate() then
/// fails for every draw.
class VarEvaluator {
public:
    VarEvaluator(const Question& q, bool comma);
    ~VarEvaluator();
    VarEvaluator(const VarEvaluator&) = delete;
    VarEvaluator& operator=(const VarEvaluator&) = delete;

    const std::vector<VarProblem>& problems() const { return problems_; }
    /// The values of one draw (`picks` from draw_var_picks or an enumeration).
    /// A formula with no finite value for it fills `failure` and returns nullopt.
    std::optional<VarValues> evaluate(const std::vector<std::size_t>& picks, VarProblem* failure) const;

private:
    struct Impl;
    const Question& q_;
    bool comma_;
    std::vector<VarProblem> problems_;
    std::unique_ptr<Impl> impl_;
};

/// A `{{name}}` found in a text: its name and byte range.
struct Placeholder {
    std::string name;
    std::size_t begin = 0, end = 0;
};

/// Every `{{name}}` (spaces allowed inside the braces; a name is a letter or
/// `_` then letters, digits and `_`) in `text`, in order.
std::vector<Placeholder> find_placeholders(std::string_view text);

/// `text` with each `{{name}}` of `values` replaced by its value; unknown
/// names are left as written.
std::string substitute(std::string_view text, const VarValues& values);

/// The question as one sheet prints it: every text with its vars put in, and a
/// numeric answer and tolerance read from the result. Throws std::invalid_argument
/// when a numeric answer does not read as a number (the loader rules it out).
Question instantiate(const Question& q, const VarValues& values);

/// The load-time checks of a question's vars, each reported at its place:
/// unknown names in formulas and in `{{…}}`, cycles, a draw space over
/// max_var_draws, and, for every possible draw, a formula with no finite
/// value, a numeric answer that is not a number, and options (or pairs,
/// items, bank words) that print alike. A `{{name}}` in a question without
/// vars is a warning. Without `draws` (the question has other errors) only the
/// names are checked; names in `q.unreadable_vars` count as known.
void check_vars(const Question& q, bool comma, Diagnostics& diags, bool draws = true);

}  // namespace handout
