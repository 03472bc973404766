// `vars:` of a question: names whose values vary per student, each a range
// (`{from: 2, to: 9, step: 1}`), a list (`[3, 5, 7]`, or `{values: […]}`)
// or a formula (`{formula: "m * a"}`), with optional `decimals`. The draws
// themselves are checked by check_vars (src/variant/vars_check.cpp).
#include <algorithm>
#include <cmath>

#include "handout/number.hpp"
#include "handout/vars.hpp"
#include "load/worksheet_reader.hpp"

namespace handout::load {

namespace {

const std::vector<std::string_view> var_keys = {"from", "to", "step", "values", "formula", "decimals"};
constexpr std::size_t max_vars = 20;
constexpr std::size_t max_formula_bytes = 500;

/// The names of muparser's functions and constants, which a var cannot take.
bool reserved_name(std::string_view name) {
    static const std::vector<std::string_view> reserved = {
        "sin",  "cos",   "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "log2",
        "log10", "log",  "ln",  "exp",  "sqrt", "sign", "rint", "abs",  "sum",  "avg",   "min",   "max",   "_pi", "_e"};
    return std::find(reserved.begin(), reserved.end(), name) != reserved.end();
}

bool var_name(std::string_view name) {
    if (name.empty() || name.size() > 32) return false;
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
    if (!letter(name[0])) return false;
    return std::all_of(name.begin(), name.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

/// The fewest decimals (at most max_decimals) that print `value` exactly.
int decimals_of(double value) {
    for (int d = 0; d < VarDef::max_decimals; ++d) {
        const double scaled = value * std::pow(10.0, d);
        if (std::abs(scaled - std::round(scaled)) <= 1e-9 * std::max(1.0, std::abs(scaled))) return d;
    }
    return VarDef::max_decimals;
}

}  // namespace

bool WorksheetReader::varying(const Entry& entry, const Question& question) const {
    return question.vars_loc.line != 0 && entry.value.IsScalar() && entry.value.Scalar().find("{{") != std::string::npos;
}

// The mapping of names to definitions, in written order.
void WorksheetReader::read_vars(const Entry& entry, Question& question) {
    question.vars_loc = src_.at(entry.key);
    if (!has_value(entry)) return;
    if (!entry.value.IsMap()) {
        error(entry.value, "'vars' must be a mapping of names to values, found " + describe(entry.value),
              "write each name on its own line under vars:, such as 'm: {from: 2, to: 9}'");
        return;
    }
    for (auto it = entry.value.begin(); it != entry.value.end(); ++it) {
        if (question.vars.size() == max_vars) {
            error(it->first, "a question has at most " + std::to_string(max_vars) + " vars",
                  "split the question into two");
            return;
        }
        if (auto var = read_var(it->first, it->second)) question.vars.push_back(std::move(*var));
        else if (it->first.IsScalar()) question.unreadable_vars.push_back(it->first.Scalar());
    }
}

// One name and its definition.
std::optional<VarDef> WorksheetReader::read_var(const YAML::Node& key, const YAML::Node& value) {
    VarDef var;
    var.loc = src_.at(key);
    var.name = key.IsScalar() ? key.Scalar() : std::string();
    if (!var_name(var.name)) {
        error(key, "a var's name must be a letter or _ followed by letters, digits and _, found " + describe(key),
              "use a short name such as m, v0 or mass_kg (at most 32 characters)");
        return std::nullopt;
    }
    if (reserved_name(var.name)) {
        error(key, "'" + var.name + "' is the name of a function of formulas", "call the var something else");
        return std::nullopt;
    }
    if (value.IsSequence()) return read_var_list(value, var) ? std::optional(var) : std::nullopt;
    if (value.IsScalar() && read_number(value.Scalar()).status != ReadNumber::Status::ok) {
        error(value, "'" + var.name + "' must be a range, a list or a formula, found " + describe(value),
              "a formula is written " + var.name + ": {formula: \"" + value.Scalar() +
                  "\"}; a list of words " + var.name + ": [" + value.Scalar() + "]");
        return std::nullopt;
    }
    if (value.IsScalar()) {  // one fixed number: a list of one
        YAML::Node one(YAML::NodeType::Sequence);
        one.push_back(value);
        return read_var_list(one, var) ? std::optional(var) : std::nullopt;
    }
    if (!value.IsMap()) {
        error(value, "'" + var.name + "' has no value",
              "write a range {from: 2, to: 9}, a list [3, 5, 7] or a formula {formula: \"m * a\"}");
        return std::nullopt;
    }
    const Entries keys = read_entries(src_, diags_, value, "a var", var_keys,
                                      "a var has from, to, step (a range), values (a list) or formula, and decimals");
    bool ok = true;
    if (const Entry* e = keys.find("decimals")) {
        if (auto d = int_in_range(*e, 0, VarDef::max_decimals)) {
            var.decimals = *d;
            var.written_decimals = true;
        } else {
            ok = false;
        }
    }
    const bool range = keys.find("from") || keys.find("to") || keys.find("step");
    const int kinds = int{range} + int{keys.find("values") != nullptr} + int{keys.find("formula") != nullptr};
    if (kinds != 1) {
        error(value, kinds == 0 ? "'" + var.name + "' is given no values"
                                : "'" + var.name + "' is more than one kind of var",
              "write a range {from: 2, to: 9}, a list {values: [3, 5, 7]} or a formula {formula: \"m * a\"}");
        return std::nullopt;
    }
    if (const Entry* e = keys.find("formula")) {
        var.kind = VarDef::Kind::formula;
        auto f = text(*e, true);
        if (f && f->text.size() > max_formula_bytes) {
            error(e->value, "the formula is longer than " + std::to_string(max_formula_bytes) + " bytes",
                  "split it into several vars");
            f.reset();
        }
        if (!f) return std::nullopt;
        var.formula = *f;
    } else if (const Entry* list = keys.find("values")) {
        if (!has_value(*list)) return std::nullopt;
        if (!list->value.IsSequence()) {
            error(list->value, "'values' must be a list, found " + describe(list->value), "write values: [3, 5, 7]");
            return std::nullopt;
        }
        ok = read_var_list(list->value, var) && ok;
    } else {
        ok = read_range(value, keys, var) && ok;
    }
    return ok ? std::optional(var) : std::nullopt;
}

// A list of numbers, or of words (when one of them is not a number).
bool WorksheetReader::read_var_list(const YAML::Node& list, VarDef& var) {
    var.kind = VarDef::Kind::list;
    if (list.size() == 0) {
        error(list, "the list of '" + var.name + "' is empty", "write at least one value: [3, 5, 7]");
        return false;
    }
    bool words = false;
    for (const auto& item : list) {
        auto t = text(item, "a value of '" + var.name + "'", true);
        if (!t) return false;
        const ReadNumber n = read_number(t->text);
        words = words || n.status != ReadNumber::Status::ok;
        var.numbers.push_back(n.status == ReadNumber::Status::ok ? n.value : std::nan(""));
        var.items.push_back(std::move(*t));
    }
    if (words) std::fill(var.numbers.begin(), var.numbers.end(), std::nan(""));
    var.count = var.items.size();
    return true;
}

// from, to and step (1 when left out): a step that divides to − from.
bool WorksheetReader::read_range(const YAML::Node& map, const Entries& keys, VarDef& var) {
    std::string written;
    const Entry* from = keys.find("from");
    const Entry* to = keys.find("to");
    if (!from || !to) {
        error(map, "the range of '" + var.name + "' needs both 'from' and 'to'",
              "write " + var.name + ": {from: 2, to: 9}, with step: if it is not 1");
        return false;
    }
    const auto a = number(*from, written);
    const auto b = number(*to, written);
    std::optional<double> step = 1.0;
    if (const Entry* s = keys.find("step")) step = number(*s, written);
    if (!a || !b || !step) return false;
    const Entry& at = keys.find("step") ? *keys.find("step") : *to;
    if (*step <= 0) {
        error(at.value, "the step of '" + var.name + "' must be more than 0", "write a step such as step: 0.5");
        return false;
    }
    if (*a > *b) {
        error(from->value, "the range of '" + var.name + "' goes from " + plain_number(*a) + " down to " +
                               plain_number(*b),
              "write the smaller number in 'from': {from: " + plain_number(*b) + ", to: " + plain_number(*a) + "}");
        return false;
    }
    const double steps = (*b - *a) / *step;
    if (steps > static_cast<double>(max_var_draws)) {
        error(map, "the range of '" + var.name + "' has more than " + with_commas(max_var_draws) + " values",
              "handout checks every value before printing: use a larger step or a shorter range");
        return false;
    }
    const double whole = std::round(steps);
    if (std::abs(steps - whole) > 1e-9 * std::max(1.0, steps)) {
        const double last = *a + std::floor(steps) * *step;
        error(at.value, "the step " + plain_number(*step) + " does not divide the range of '" + var.name + "' (" +
                            plain_number(*a) + " to " + plain_number(*b) + ")",
              "end the range on a step, such as to: " + format_var_number(last, decimals_of(last), false));
        return false;
    }
    var.kind = VarDef::Kind::range;
    var.from = *a;
    var.to = *b;
    var.step = *step;
    var.count = static_cast<std::size_t>(whole) + 1;
    if (!var.written_decimals) var.decimals = std::max({decimals_of(*a), decimals_of(*b), decimals_of(*step)});
    return true;
}

}  // namespace handout::load
