// The load-time checks of a question's vars: names, formulas, and every
// possible draw, so that no student's sheet can hold a formula with no value,
// an answer that is not a number or two options that print alike.
#include <algorithm>
#include <set>
#include <stdexcept>

#include "handout/text.hpp"
#include "handout/vars.hpp"

namespace handout {

namespace {

using Kind = VarDef::Kind;

// Reports each kind of problem once per place, with the first draw that shows it.
class Reporter {
public:
    explicit Reporter(Diagnostics& diags) : diags_(diags) {}
    void once(const std::string& key, const Loc& loc, std::string message, std::string hint) {
        if (seen_.insert(key).second) diags_.error(loc, std::move(message), std::move(hint));
    }
    bool any() const { return !seen_.empty(); }

private:
    Diagnostics& diags_;
    std::set<std::string> seen_;
};

// Every text of `q` with its place, the numeric answer and tolerance included.
template <class F>
void for_each_var_text(const Question& q, F&& f) {
    for_each_printed_text(q, [&](const std::string& text, const Loc& loc, PrintedText what) {
        if (what != PrintedText::var_value) f(text, loc);
    });
    if (const auto* numeric = std::get_if<Numeric>(&q.body)) {
        f(numeric->value_text, numeric->value_loc);
        f(numeric->tolerance_text, numeric->value_loc);
    }
}

// `{{name}}` with no var of that name: an error (a warning in a question without vars).
bool check_placeholders(const Question& q, Diagnostics& diags, std::set<std::string>& used) {
    std::vector<std::string_view> names;
    for (const VarDef& v : q.vars) names.push_back(v.name);
    bool ok = true;
    for_each_var_text(q, [&](const std::string& text, const Loc& loc) {
        for (const Placeholder& p : find_placeholders(text)) {
            used.insert(p.name);
            if (std::find(q.unreadable_vars.begin(), q.unreadable_vars.end(), p.name) != q.unreadable_vars.end())
                continue;
            if (q.vars.empty() && q.vars_loc.line == 0) {
                diags.warning(loc, "'{{" + p.name + "}}' prints as written: this question has no vars",
                              "define '" + p.name + "' under the question's vars: to give each student a value");
                continue;
            }
            bool known = false;
            for (const VarDef& v : q.vars) known = known || v.name == p.name;
            if (known) continue;
            const std::string close = suggest(p.name, names);
            diags.error(loc, "'{{" + p.name + "}}' is not one of the question's vars",
                        close.empty() ? "define '" + p.name + "' under vars:, or correct the name"
                                      : "did you mean '{{" + close + "}}'?");
            ok = false;
        }
    });
    return ok;
}

// Texts of one list that must differ on every sheet: (text as written, place).
struct Written {
    const std::string* text;
    const Loc* loc;
};

// Two entries of a list that print alike on the sheet of `values`.
void check_distinct(const std::string& what, const std::vector<Written>& written,
                    const std::vector<const std::string*>& printed, std::ptrdiff_t answer,
                    const std::string& draw, Reporter& report) {
    for (std::size_t j = 1; j < printed.size(); ++j)
        for (std::size_t i = 0; i < j; ++i) {
            if (*printed[i] != *printed[j]) continue;
            const bool with_answer = answer >= 0 && (i == static_cast<std::size_t>(answer) ||
                                                     j == static_cast<std::size_t>(answer));
            const std::size_t other = with_answer && j == static_cast<std::size_t>(answer) ? i : j;
            const std::size_t first = other == j ? i : j;
            std::string message = what;
            if (with_answer) {
                message += " '";
                message += *written[other].text;
                message += "' prints the same as the answer '";
                message += *written[first].text;
                message += "' ('";
                message += *printed[j];
                message += "') ";
            } else {
                message += "s '";
                message += *written[i].text;
                message += "' and '";
                message += *written[j].text;
                message += "' both print '";
                message += *printed[j];
                message += "' ";
            }
            message += draw;
            report.once(what + std::to_string(i) + "/" + std::to_string(j), *written[other].loc, message,
                        "a student could not tell them apart: change the formulas so that they never meet, or "
                        "narrow the vars' values");
        }
}

// The lists of the question that must stay distinct on the sheet `inst`.
void check_sheet(const Question& q, const Question& inst, const std::string& draw, Reporter& report) {
    const auto options = [&](const std::vector<Option>& as_written, const std::vector<Option>& as_printed,
                             std::ptrdiff_t answer) {
        std::vector<Written> w;
        std::vector<const std::string*> p;
        for (std::size_t i = 0; i < as_written.size(); ++i) {
            w.push_back({&as_written[i].text, &as_written[i].loc});
            p.push_back(&as_printed[i].text);
        }
        check_distinct("option", w, p, answer, draw, report);
    };
    const auto texts = [&](const std::string& what, const std::vector<const Text*>& as_written,
                           const std::vector<const Text*>& as_printed) {
        std::vector<Written> w;
        std::vector<const std::string*> p;
        for (std::size_t i = 0; i < as_written.size(); ++i) {
            w.push_back({&as_written[i]->text, &as_written[i]->loc});
            p.push_back(&as_printed[i]->text);
        }
        check_distinct(what, w, p, -1, draw, report);
    };
    if (const auto* c = std::get_if<Choice>(&q.body))
        options(c->options, inst.as<Choice>().options, static_cast<std::ptrdiff_t>(c->answer));
    if (const auto* m = std::get_if<Multi>(&q.body)) options(m->options, inst.as<Multi>().options, -1);
    if (const auto* m = std::get_if<Match>(&q.body)) {
        std::vector<const Text*> wl, wr, pl, pr;
        for (const auto& pair : m->pairs) wl.push_back(&pair.left);
        for (const auto& pair : inst.as<Match>().pairs) pl.push_back(&pair.left);
        // A right item shared by several pairs is printed once.
        for (std::size_t k : m->right_items())
            wr.push_back(&m->pairs[k].right), pr.push_back(&inst.as<Match>().pairs[k].right);
        texts("left item", wl, pl);
        texts("right item", wr, pr);
    }
    if (const auto* o = std::get_if<Order>(&q.body)) {
        std::vector<const Text*> w, p;
        for (const auto& item : o->items) w.push_back(&item);
        for (const auto& item : inst.as<Order>().items) p.push_back(&item);
        texts("item", w, p);
    }
}

// Every draw of the vars, in mixed radix (the first var fastest).
bool next_draw(const Question& q, std::vector<std::size_t>& picks) {
    for (std::size_t i = 0; i < q.vars.size(); ++i) {
        const std::size_t n = q.vars[i].kind == Kind::formula ? 1 : q.vars[i].count;
        if (++picks[i] < n) return true;
        picks[i] = 0;
    }
    return false;
}

// Evaluates and checks every draw; each problem is reported once.
void check_every_draw(const Question& q, const VarEvaluator& evaluator, Diagnostics& diags) {
    Reporter report(diags);
    std::vector<std::size_t> picks(q.vars.size(), 0);
    do {
        VarProblem failure;
        const auto values = evaluator.evaluate(picks, &failure);
        if (!values) {
            report.once("formula " + std::to_string(failure.loc.line) + ":" + std::to_string(failure.loc.column),
                        failure.loc, failure.message, failure.hint);
            continue;
        }
        const std::string draw = describe_draw(q, *values);
        try {
            check_sheet(q, instantiate(q, *values), draw, report);
        } catch (const std::invalid_argument& e) {
            const Loc& at = std::get<Numeric>(q.body).value_loc;
            report.once("numeric", at, std::string(e.what()) + " " + draw,
                        "write the answer as {{name}} of a var, with the unit in 'unit:'");
        }
    } while (next_draw(q, picks));
}

}  // namespace

void check_vars(const Question& q, bool comma, Diagnostics& diags, bool draws) {
    std::set<std::string> used;
    const bool names_ok = check_placeholders(q, diags, used);
    if (q.vars.empty()) return;
    VarEvaluator evaluator(q, comma);
    for (const VarProblem& p : evaluator.problems()) diags.error(p.loc, p.message, p.hint);
    for (const VarDef& v : q.vars)
        if (v.kind == Kind::formula)
            for (const VarDef& other : q.vars)
                if (v.formula.text.find(other.name) != std::string::npos) used.insert(other.name);
    for (const VarDef& v : q.vars)
        if (!used.count(v.name))
            diags.warning(v.loc, "'" + v.name + "' is never used: no text writes {{" + v.name + "}} and no formula uses it",
                          "write {{" + v.name + "}} where its value should print, or remove it");
    if (!draws || !names_ok || !evaluator.problems().empty()) return;
    const std::size_t ways = var_draw_count(q);
    if (ways > max_var_draws) {
        diags.error(q.vars_loc,
                    "the vars can be drawn in more than " + with_commas(max_var_draws) +
                        " ways (the product of how many values each range and list has)",
                    "handout checks every possible draw before printing and allows at most " +
                        with_commas(max_var_draws) + ": use fewer values, a larger step, or split the question");
        return;
    }
    check_every_draw(q, evaluator, diags);
}

}  // namespace handout
