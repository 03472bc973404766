// The adjust file applied while scoring: each question named is scored
// again from what was read (`marked`), by a copy of the worksheet's question
// with the key or points changed; an accepted answer scores by a copy whose
// key it is; a voided question is worth nothing or everything.
#include "mark/adjust.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "handout/score.hpp"
#include "mark/answers.hpp"

namespace handout::mark {

namespace {

/// An option number "1".."n" as an index, or nothing.
std::optional<std::size_t> option_index(const std::string& text, std::size_t options) {
    if (text.empty() || text.size() > 3 || text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const auto n = static_cast<std::size_t>(std::stoul(text));
    if (n < 1 || n > options) return std::nullopt;
    return n - 1;
}

/// `source` with `answer` as its key, or nothing with `error`.
std::optional<Question> with_key(const Question& source, const std::vector<std::string>& answer,
                                 std::string& error) {
    Question q = source;
    if (auto* c = std::get_if<Choice>(&q.body)) {
        const auto i = answer.size() == 1 ? option_index(answer[0], c->options.size()) : std::nullopt;
        if (!i)
            error = "a choice question's answer is one option number from 1 to " +
                    std::to_string(c->options.size());
        else
            c->answer = *i;
    } else if (auto* m = std::get_if<Multi>(&q.body)) {
        std::set<std::size_t> picked;
        for (const auto& a : answer)
            if (const auto i = option_index(a, m->options.size()))
                picked.insert(*i);
            else
                error = "a multi question's answers are option numbers from 1 to " +
                        std::to_string(m->options.size());
        m->answers.assign(picked.begin(), picked.end());
    } else if (auto* t = std::get_if<TrueFalse>(&q.body)) {
        if (answer.size() != 1 || (answer[0] != "T" && answer[0] != "F"))
            error = "a true/false answer is T or F";
        else
            t->truth = answer[0] == "T";
    } else if (auto* n = std::get_if<Numeric>(&q.body)) {
        char* end = nullptr;
        const double v = answer.size() == 1 ? std::strtod(answer[0].c_str(), &end) : 0;
        if (answer.size() != 1 || answer[0].empty() || *end != '\0')
            error = "a numeric answer is one number";
        else if (!q.vars.empty())
            error = "this question draws its numbers per student (vars): each has their own answer";
        else
            n->value = v, n->value_text = answer[0];
    } else {
        error =
            "accept and key work on choice, multi, truefalse and numeric questions; a question the teacher "
            "marks is changed with --fix";
    }
    if (!error.empty()) return std::nullopt;
    return q;
}

}  // namespace

void Adjuster::question(const std::string& worksheet, const VariantQuestion& vq, QuestionResult& q,
                        Diagnostics& diags) {
    Question adjusted = *vq.source;
    std::vector<std::vector<std::string>> accepted;
    std::optional<Adjustment::Action> voided;
    bool key_changed = false;
    for (std::size_t i = 0; i < list_.size(); ++i) {
        const Adjustment& a = list_[i];
        if (!names(a, worksheet, q.question) || a.action == Adjustment::Action::bonus) continue;
        used_[i] = true;
        std::string error;
        switch (a.action) {
            case Adjustment::Action::points: adjusted.points = a.points; break;
            case Adjustment::Action::void_reduce:
            case Adjustment::Action::void_full: voided = a.action; break;
            case Adjustment::Action::accept:
                if (with_key(adjusted, a.answer, error)) accepted.push_back(a.answer);
                break;
            case Adjustment::Action::key:
                if (auto k = with_key(adjusted, a.answer, error))
                    adjusted = std::move(*k), key_changed = true;
                break;
            case Adjustment::Action::bonus: break;
        }
        if (!error.empty() && !reported_[i]) {
            diags.error(
                a.value_loc, "question " + std::to_string(q.question) + " is " + q.type + ": " + error,
                "write the answer as the analysis names it: an option's number in the worksheet's order, "
                "T or F, a number");
            reported_[i] = true;
        }
        q.adjusted.push_back(a.text);
    }
    if (q.adjusted.empty()) return;
    VariantQuestion as_adjusted = vq;
    as_adjusted.source = &adjusted;
    if (key_changed) q.correct = correct_of(as_adjusted);
    q.max = adjusted.points;
    if (q.points && q.status == Status::ok) {
        std::string error;
        if (const auto response = response_of(as_adjusted, q.marked, error)) {
            double points = score(adjusted, *response);
            for (const auto& answer : accepted) {
                std::string ignored;
                if (auto alt = with_key(adjusted, answer, ignored))
                    points = std::max(points, score(*alt, *response));
            }
            q.points = points;
        }
    }
    if (voided == Adjustment::Action::void_reduce) {
        q.points = 0.0;
        q.max = Points{0};
    } else if (voided == Adjustment::Action::void_full) {
        q.points = q.max.value();
    }
}

double Adjuster::bonus(const std::string& worksheet, const std::string& sheet) {
    double total = 0;
    for (std::size_t i = 0; i < list_.size(); ++i) {
        const Adjustment& a = list_[i];
        if (a.action != Adjustment::Action::bonus || (!a.worksheet.empty() && a.worksheet != worksheet))
            continue;
        if (!a.sheet.empty() && a.sheet != sheet) continue;
        used_[i] = true;
        total += a.points.value();
    }
    return total;
}

void Adjuster::info(WorksheetInfo& ws) const {
    for (const Adjustment& a : list_) {
        if (a.action == Adjustment::Action::bonus || (!a.worksheet.empty() && a.worksheet != ws.id)) continue;
        if (a.question < 1 || static_cast<std::size_t>(a.question) > ws.questions.size()) continue;
        QuestionInfo& qi = ws.questions[static_cast<std::size_t>(a.question - 1)];
        qi.adjusted.push_back(a.text);
        switch (a.action) {
            case Adjustment::Action::points: qi.max = a.points; break;
            case Adjustment::Action::void_reduce: qi.max = Points{0}; break;
            case Adjustment::Action::key: qi.correct = a.answer; break;
            case Adjustment::Action::accept:
                qi.correct.insert(qi.correct.end(), a.answer.begin(), a.answer.end());
                break;
            default: break;
        }
    }
}

void Adjuster::check(const Results& results, Diagnostics& diags) const {
    for (std::size_t i = 0; i < list_.size(); ++i) {
        const Adjustment& a = list_[i];
        if (a.worksheet.empty() && results.worksheets.size() > 1) {
            diags.error(a.loc,
                        "this run marked " + std::to_string(results.worksheets.size()) +
                            " worksheets: say which one this adjustment is for",
                        "add worksheet: " + results.worksheets.front().id + " (the worksheet's id)");
            continue;
        }
        if (used_[i]) continue;
        const auto ws =
            std::find_if(results.worksheets.begin(), results.worksheets.end(),
                         [&](const WorksheetInfo& w) { return a.worksheet.empty() || w.id == a.worksheet; });
        if (ws == results.worksheets.end())
            diags.error(a.loc, "no sheet of worksheet '" + a.worksheet + "' was read",
                        "write the worksheet's id as its file's `id:` gives it");
        else if (a.action == Adjustment::Action::bonus)
            diags.error(a.loc, "no sheet " + a.sheet + " was read",
                        "write the sheet code as results.csv gives it");
        else
            diags.error(a.loc, "worksheet '" + ws->id + "' has no question " + std::to_string(a.question),
                        "it has " + std::to_string(ws->questions.size()) +
                            " questions, numbered as results.csv's Q columns");
    }
}

}  // namespace handout::mark
