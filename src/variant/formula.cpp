// The formulas of a question's vars, computed with muparser: compiled once
// per question, in an order where each formula comes after the vars it
// uses, then evaluated for one draw at a time. muparser stays in this file.
#include <muParser.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <string_view>

#include "handout/text.hpp"
#include "handout/vars.hpp"

namespace handout {

struct VarEvaluator::Impl {
    std::vector<double> slots;                         ///< each var's value, by index (bound to the parsers)
    std::vector<std::unique_ptr<mu::Parser>> parsers;  ///< per var: its formula's parser, or null
    std::vector<std::size_t> order;                    ///< the formulas' evaluation order
};

namespace {

using Kind = VarDef::Kind;

// The number a printed value reads back as (what later formulas compute with).
double printed_value(const std::string& text) {
    std::string s = text;
    for (char& c : s)
        if (c == ',') c = '.';
    double value = 0;
    std::from_chars(s.data(), s.data() + s.size(), value);
    return value;
}

bool name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           (static_cast<unsigned char>(c) & 0x80) != 0;
}

// Why `text` is not one expression (muparser would evaluate it with side
// effects): an assignment (=, +=, -=, *=, /=; comparisons ==, !=, <=, >= are
// fine) or a sequence of values separated by commas outside a function's
// arguments; "" when it is one.
std::string not_an_expression(std::string_view text) {
    std::vector<bool> call;  // per open parenthesis: a function's arguments
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const std::string at = " (character " + std::to_string(i + 1) + ")";
        if (c == '(') {
            std::size_t j = i;
            while (j > 0 && text[j - 1] == ' ') --j;
            call.push_back(j > 0 && name_char(text[j - 1]));
        } else if (c == ')') {
            if (!call.empty()) call.pop_back();
        } else if (c == '=') {
            const char before = i > 0 ? text[i - 1] : '\0', after = i + 1 < text.size() ? text[i + 1] : '\0';
            if (after == '=') {
                ++i;  // ==
                continue;
            }
            if (before != '<' && before != '>' && before != '!')
                return "it assigns a value with '" +
                       std::string(before == '+' || before == '-' || before == '*' || before == '/'
                                       ? std::string(1, before)
                                       : std::string()) +
                       "='" + at;
        } else if (c == ',' && (call.empty() || !call.back())) {
            return "it is several values separated by ','" + at;
        }
    }
    return {};
}

/// Whether formula var `v` is one expression; else a located problem.
bool one_expression(const VarDef& v, std::vector<VarProblem>& problems) {
    const std::string why = not_an_expression(v.formula.text);
    if (why.empty()) return true;
    problems.push_back({v.formula.loc, "the formula of '" + v.name + "' is not one expression: " + why,
                        "a formula computes one value from the vars and never sets one: write it as in a "
                        "calculator, such as a * 10 (put a var's own formula under its own name)"});
    return false;
}

}  // namespace

VarEvaluator::VarEvaluator(const Question& q, bool comma) : q_(q), comma_(comma), impl_(std::make_unique<Impl>()) {
    const std::size_t n = q.vars.size();
    impl_->slots.assign(n, 0.0);
    impl_->parsers.resize(n);
    std::map<std::string, std::size_t> index;
    std::vector<std::string_view> names;
    for (std::size_t i = 0; i < n; ++i) {
        index[q.vars[i].name] = i;
        names.push_back(q.vars[i].name);
    }
    // Each formula's parser, with every numeric var bound to its slot, and the
    // vars it uses.
    std::vector<std::vector<std::size_t>> uses(n);
    for (std::size_t i = 0; i < n; ++i) {
        const VarDef& v = q.vars[i];
        if (v.kind != Kind::formula) continue;
        if (!one_expression(v, problems_)) continue;
        auto parser = std::make_unique<mu::Parser>();
        bool ok = true;
        try {
            for (std::size_t j = 0; j < n; ++j)
                if (!q.vars[j].words()) parser->DefineVar(q.vars[j].name, &impl_->slots[j]);
            parser->SetExpr(v.formula.text);
            for (const auto& [used, where] : parser->GetUsedVar()) {
                const auto found = index.find(used);
                if (found == index.end() && std::find(q.unreadable_vars.begin(), q.unreadable_vars.end(), used) !=
                                                q.unreadable_vars.end()) {
                    ok = false;  // reported where it is defined
                } else if (found == index.end()) {
                    const std::string close = suggest(used, names);
                    problems_.push_back({v.formula.loc, "'" + v.name + "' uses '" + used + "', which is not one of the vars",
                                         close.empty() ? "define '" + used + "' under vars:, or correct the formula"
                                                       : "did you mean '" + close + "'?"});
                    ok = false;
                } else if (q.vars[found->second].words()) {
                    std::string hint = "a formula computes with numbers: use '" + used;
                    hint += "' only in {{" + used + "}}";
                    problems_.push_back({v.formula.loc, "'" + v.name + "' uses '" + used + "', a list of words",
                                         std::move(hint)});
                    ok = false;
                } else {
                    uses[i].push_back(found->second);
                }
            }
        } catch (const mu::Parser::exception_type& e) {
            problems_.push_back({v.formula.loc, "the formula of '" + v.name + "' cannot be read: " + e.GetMsg(),
                                 "write it as in a calculator, such as m * a + 2, (a + b) / 2, sqrt(x^2 + y^2)"});
            ok = false;
        }
        if (ok) impl_->parsers[i] = std::move(parser);
    }
    // The formulas in dependency order (depth first); a cycle is reported
    // once, at the formula that closes it.
    std::vector<int> state(n, 0);  // 0 new, 1 on the path, 2 done
    bool cycle = false;
    const auto visit = [&](auto&& self, std::size_t i) -> bool {
        if (state[i] == 2) return true;
        if (state[i] == 1) return false;
        state[i] = 1;
        for (std::size_t j : uses[i])
            if (!self(self, j)) {
                if (state[i] == 1 && !cycle)
                    problems_.push_back({q.vars[i].formula.loc,
                                         i == j ? "the formula of '" + q.vars[i].name + "' uses '" + q.vars[i].name + "' itself"
                                                : "the formulas of '" + q.vars[i].name + "' and '" + q.vars[j].name +
                                                      "' depend on each other, in a circle",
                                         "a formula may use only vars that can be computed without it"});
                cycle = true;
                return false;
            }
        state[i] = 2;
        if (q.vars[i].kind == Kind::formula) impl_->order.push_back(i);
        return true;
    };
    for (std::size_t i = 0; i < n; ++i)
        if (!visit(visit, i)) break;
}

VarEvaluator::~VarEvaluator() = default;

std::optional<VarValues> VarEvaluator::evaluate(const std::vector<std::size_t>& picks, VarProblem* failure) const {
    if (!problems_.empty()) {
        if (failure) *failure = problems_.front();
        return std::nullopt;
    }
    VarValues values;
    const std::size_t n = q_.vars.size();
    values.shown.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const VarDef& v = q_.vars[i];
        values.shown[i].first = v.name;
        const std::size_t pick = i < picks.size() ? picks[i] : 0;
        if (v.kind == Kind::range) {
            values.shown[i].second =
                format_var_number(v.from + static_cast<double>(pick) * v.step, v.decimals, comma_);
        } else if (v.kind == Kind::list) {
            values.shown[i].second = v.words() ? v.items[pick].text : format_var_number(v.numbers[pick], v.decimals, comma_);
        } else {
            continue;
        }
        if (!v.words()) impl_->slots[i] = printed_value(values.shown[i].second);
    }
    for (std::size_t i : impl_->order) {
        const VarDef& v = q_.vars[i];
        double result = 0;
        std::string why;
        try {
            if (!impl_->parsers[i]) throw mu::Parser::exception_type("the formula has errors");
            result = impl_->parsers[i]->Eval();
        } catch (const mu::Parser::exception_type& e) {
            why = e.GetMsg();
        }
        if (why.empty() && std::isinf(result)) why = "it is infinite (a division by zero?)";
        if (why.empty() && std::isnan(result))
            why = "it is not a number (0/0, or the square root or logarithm of a negative number?)";
        if (!why.empty()) {
            if (failure)
                *failure = {v.formula.loc, "'" + v.name + "' cannot be computed " + describe_draw(q_, values) + ": " + why,
                            "make the formula work for every value the vars can take, or narrow their ranges"};
            return std::nullopt;
        }
        values.shown[i].second = format_var_number(result, v.decimals, comma_);
        impl_->slots[i] = printed_value(values.shown[i].second);
    }
    return values;
}

}  // namespace handout
