// Moodle's cloze (multianswer) text to a `fill` question, by the rules of
// Moodle's own reader (question/type/multianswer): `{N:KIND:alternatives}`,
// each alternative `=answer`, `%P%answer` or `answer`, then `#feedback`,
// separated by `~`; `\}`, `\#` and `\~` escaped. Typed gaps (SHORTANSWER,
// NUMERICAL) stay typed; only when every gap is a choice (MULTICHOICE) do
// the choices become a word bank. Whatever scores differently is noted.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>

#include "convert/support.hpp"

namespace handout::convert {

namespace {

struct Alternative {
    std::string text;  ///< as markup
    double percent = 0;
    std::string feedback;  ///< as markup
};

enum class GapKind { typed, number, choice, multiple };

struct Gap {
    int weight = 1;
    GapKind kind = GapKind::typed;
    std::vector<Alternative> alternatives;
};

// The gap kind of a cloze type name ("" when it is none).
std::optional<GapKind> gap_kind(const std::string& name) {
    static const std::set<std::string> typed = {"SHORTANSWER", "SA", "MW", "SHORTANSWER_C", "SAC", "MWC"};
    static const std::set<std::string> choice = {"MULTICHOICE",    "MC",   "MULTICHOICE_V",  "MCV",
                                                 "MULTICHOICE_H",  "MCH",  "MULTICHOICE_S",  "MCS",
                                                 "MULTICHOICE_VS", "MCVS", "MULTICHOICE_HS", "MCHS"};
    if (typed.count(name)) return GapKind::typed;
    if (name == "NUMERICAL" || name == "NM") return GapKind::number;
    if (choice.count(name)) return GapKind::choice;
    if (name.rfind("MULTIRESPONSE", 0) == 0 || name.rfind("MR", 0) == 0) return GapKind::multiple;
    return std::nullopt;
}

// Text of an alternative: Moodle's escapes undone, HTML as markup.
std::string alternative_text(const std::string& raw, std::vector<std::string>& notes) {
    std::string u;
    for (std::size_t k = 0; k < raw.size(); ++k) {
        if (raw[k] == '\\' && k + 1 < raw.size() &&
            (raw[k + 1] == '}' || raw[k + 1] == '#' || raw[k + 1] == '~'))
            ++k;
        u += raw[k];
    }
    return html_to_markup(trim_space(u), notes);
}

// The alternatives of a gap, `body` being what follows `N:KIND:`.
std::vector<Alternative> alternatives(const std::string& body, std::vector<std::string>& notes) {
    std::vector<std::string> pieces(1);
    for (std::size_t k = 0; k < body.size(); ++k) {
        if (body[k] == '\\' && k + 1 < body.size()) {
            pieces.back() += body.substr(k, 2);
            ++k;
        } else if (body[k] == '~') {
            pieces.emplace_back();
        } else {
            pieces.back() += body[k];
        }
    }
    std::vector<Alternative> out;
    for (std::string p : pieces) {
        p = trim_space(p);
        Alternative a;
        if (!p.empty() && p[0] == '=') {
            a.percent = 100;
            p.erase(0, 1);
        } else if (p.size() > 2 && p[0] == '%') {
            const std::size_t close = p.find('%', 1);
            if (close != std::string::npos) {
                a.percent = std::atof(p.substr(1, close - 1).c_str());
                p.erase(0, close + 1);
            }
        }
        std::size_t hash = std::string::npos;
        for (std::size_t k = 0; k < p.size() && hash == std::string::npos; ++k) {
            if (p[k] == '\\')
                ++k;
            else if (p[k] == '#')
                hash = k;
        }
        a.text = alternative_text(p.substr(0, hash), notes);
        if (hash != std::string::npos) a.feedback = alternative_text(p.substr(hash + 1), notes);
        if (!a.text.empty()) out.push_back(a);
    }
    return out;
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
    return out;
}

// Notes for one gap's alternatives besides its answer (`right`).
void note_gap(const Gap& gap, std::size_t n, std::size_t right, const std::string& tolerance,
              std::vector<std::string>& notes) {
    const std::string which = "gap " + std::to_string(n) + ": ";
    if (!tolerance.empty()) notes.push_back(which + "right within ± " + tolerance);
    std::vector<std::string> also, partial, wrong;
    for (std::size_t i = 0; i < gap.alternatives.size(); ++i) {
        const Alternative& a = gap.alternatives[i];
        if (i == right) continue;
        if (a.percent >= 99.99)
            also.push_back(quote_short(a.text));
        else if (a.percent > 0)
            partial.push_back(quote_short(a.text) + " " + format_decimal(a.percent, 3) + "%");
        else if (gap.kind != GapKind::choice && a.text != "*")
            wrong.push_back(quote_short(a.text));
    }
    if (!also.empty()) notes.push_back(which + "also accepted: " + joined(also));
    if (!partial.empty()) notes.push_back(which + "partial credit not carried over: " + joined(partial));
    if (!wrong.empty()) notes.push_back(which + "wrong answers the source names: " + joined(wrong));
    for (const auto& a : gap.alternatives)
        if (!a.feedback.empty())
            notes.push_back(which + "feedback for " +
                            (a.text == "*" ? std::string("any other answer") : quote_short(a.text)) + ": " +
                            a.feedback);
}

// The parts of a fill question from `text`, where \x01N\x02 stands for gap N's answer.
std::vector<FillPart> fill_parts(const std::string& text, const std::vector<std::string>& answers,
                                 const Loc& at) {
    std::vector<FillPart> parts;
    std::size_t p = 0;
    while (p < text.size()) {
        const std::size_t a = text.find('\x01', p);
        const std::size_t b = a == std::string::npos ? a : text.find('\x02', a);
        parts.push_back({false, text.substr(p, a == std::string::npos ? std::string::npos : a - p), at});
        if (b == std::string::npos) break;
        const auto n = static_cast<std::size_t>(std::atol(text.substr(a + 1, b - a - 1).c_str()));
        if (n < answers.size()) parts.push_back({true, answers[n], at});
        p = b + 1;
    }
    return parts;
}

// Finds the gaps of `html`: each replaced by \x01N\x02 in `marked`.
std::vector<Gap> find_gaps(const std::string& html, std::string& marked, std::vector<std::string>& notes) {
    std::vector<Gap> gaps;
    std::size_t i = 0;
    while (i < html.size()) {
        const std::size_t open = html.find('{', i);
        if (open == std::string::npos) break;
        std::size_t close = open + 1;
        while (close < html.size() && (html[close] != '}' || html[close - 1] == '\\')) ++close;
        const std::string inner =
            close < html.size() ? html.substr(open + 1, close - open - 1) : std::string();
        const std::size_t c1 = inner.find(':'), c2 = c1 == std::string::npos ? c1 : inner.find(':', c1 + 1);
        const bool digits = c1 != std::string::npos &&
                            std::all_of(inner.begin(), inner.begin() + static_cast<std::ptrdiff_t>(c1),
                                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
        const auto kind =
            c2 == std::string::npos ? std::nullopt : gap_kind(inner.substr(c1 + 1, c2 - c1 - 1));
        if (!digits || !kind) {
            marked += html.substr(i, open + 1 - i);
            i = open + 1;
            continue;
        }
        Gap gap;
        gap.weight = c1 == 0 ? 1 : std::atoi(inner.substr(0, std::min<std::size_t>(c1, 6)).c_str());
        gap.kind = *kind;
        gap.alternatives = alternatives(inner.substr(c2 + 1), notes);
        marked += html.substr(i, open - i) + "\x01" + std::to_string(gaps.size()) + "\x02";
        gaps.push_back(std::move(gap));
        i = close + 1;
    }
    marked += html.substr(std::min(i, html.size()));
    return gaps;
}

}  // namespace

bool read_cloze_text(const std::string& html, const std::string& format, const Loc& at, Question& question,
                     std::vector<std::string>& notes, std::string& problem) {
    std::string marked;
    std::vector<Gap> gaps = find_gaps(html, marked, notes);
    if (gaps.empty()) {
        problem = "its text has no gap Moodle reads (such as {1:SHORTANSWER:=Paris})";
        return false;
    }
    std::vector<std::string> answers, gap_notes, choices_noted;
    std::size_t choice_gaps = 0;
    for (std::size_t n = 0; n < gaps.size(); ++n) {
        const Gap& gap = gaps[n];
        const std::string which = "gap " + std::to_string(n + 1);
        if (gap.kind == GapKind::multiple) {
            problem =
                which + " is a multiple-response gap (tick several): a worksheet's gaps take one answer";
            return false;
        }
        const auto right =
            std::find_if(gap.alternatives.begin(), gap.alternatives.end(),
                         [](const Alternative& a) { return a.percent >= 99.99 && a.text != "*"; });
        if (right == gap.alternatives.end()) {
            problem = which + " has no full-credit answer (mark it with '=' or %100%), so no answer is right";
            return false;
        }
        std::string answer = right->text, tolerance;
        if (gap.kind == GapKind::number) {
            const std::size_t colon = answer.find(':');
            double v = 0, t = 0;
            if (!parse_number(answer.substr(0, colon), v) ||
                (colon != std::string::npos && (!parse_number(answer.substr(colon + 1), t) || t < 0))) {
                problem =
                    which + " is a number gap, but its answer " + quote_short(answer) + " is not a number";
                return false;
            }
            answer = trim_space(answer.substr(0, colon));
            if (t > 0) tolerance = format_decimal(t, 12);
        }
        if (gap.kind == GapKind::choice) {
            ++choice_gaps;
            std::vector<std::string> all;
            for (const auto& a : gap.alternatives) all.push_back(quote_short(a.text));
            choices_noted.push_back(which + " (" + joined(all) + ")");
        }
        note_gap(gap, n + 1, static_cast<std::size_t>(right - gap.alternatives.begin()), tolerance,
                 gap_notes);
        answers.push_back(answer);
    }
    const std::string text = format == "markdown"     ? marked
                             : format == "plain_text" ? plain_to_markup(marked)
                                                      : html_to_markup(marked, notes);
    Fill& fill = question.body.emplace<Fill>();
    question.prompt.text.clear();
    fill.parts = fill_parts(text, answers, at);
    if (choice_gaps == gaps.size()) {
        // Every gap a drop-down: their choices are the word bank.
        fill.bank = true;
        std::set<std::string> seen(answers.begin(), answers.end());
        for (const auto& gap : gaps)
            for (const auto& a : gap.alternatives)
                if (a.percent < 99.99 && seen.insert(a.text).second) fill.distractors.push_back({a.text, at});
        if (gaps.size() > 1) notes.push_back("the choices of the drop-down gaps are one word bank here");
    } else if (choice_gaps > 0) {
        notes.push_back(
            "drop-down gaps are written here, as the typed gaps are (a word bank would offer the typed "
            "answers too); their choices were: " +
            joined(choices_noted));
    }
    bool same_weight = true;
    for (const auto& g : gaps) same_weight = same_weight && g.weight == gaps.front().weight;
    if (!same_weight) {
        std::vector<std::string> w;
        w.reserve(gaps.size());
        for (const auto& g : gaps) w.push_back(std::to_string(g.weight));
        notes.push_back("gap weights " + joined(w) +
                        " not carried over: the person marking gives up to the "
                        "question's points");
    }
    notes.insert(notes.end(), gap_notes.begin(), gap_notes.end());
    return true;
}

}  // namespace handout::convert
