// A worksheet as Moodle GIFT. Text with worksheet markup (or that GIFT would
// read as HTML) is marked [markdown], so it reads back letter for letter;
// `explain` is the general feedback (`####`). What GIFT cannot hold is
// reported as a warning; questions it cannot hold at all are `//` comments.
#include <algorithm>

#include "convert/support.hpp"
#include "handout/convert.hpp"
#include "handout/markup.hpp"

namespace handout {

using namespace convert;

namespace {

std::string esc(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '\\' || c == '~' || c == '=' || c == '#' || c == '{' || c == '}' || c == ':') out += '\\';
        if (c == '\n') out += "\\n";
        else out += c;
    }
    return out;
}

bool needs_markdown(std::string_view text) {
    return text.find_first_of("*`\\") != std::string_view::npos || looks_like_html(text);
}

// Every text of a question, to pick one format for all of them.
std::vector<std::string> texts(const Question& q) {
    std::vector<std::string> all{q.prompt.text, q.explain.text, q.model_answer.text};
    for (const auto& o : q.options) all.push_back(o.text);
    for (const auto& p : q.pairs) all.push_back(p.left.text), all.push_back(p.right.text);
    for (const auto& p : q.fill) all.push_back(p.text);
    for (const auto& d : q.distractors) all.push_back(d.text);
    return all;
}

std::string weight(double percent) { return "%" + format_decimal(percent, 5) + "%"; }

void warn(Diagnostics& w, const Question& q, const std::string& what) {
    w.warning(q.loc, "GIFT cannot hold " + what, "it is left out of the GIFT file; the worksheet keeps it");
}

// One question's GIFT, or "" when GIFT cannot hold it (reported).
std::string question(const Question& q, Diagnostics& w) {
    const auto all = texts(q);
    const bool md = std::any_of(all.begin(), all.end(), [](const std::string& t) { return needs_markdown(t); });
    std::string out = md ? "[markdown]" : "";
    const std::string fb = q.explain.empty() ? "" : "\t####" + esc(q.explain.text) + "\n";
    if (q.points != 1) warn(w, q, "points (" + std::to_string(q.points) + ")");
    if (!q.image.empty()) warn(w, q, "pictures");
    if (q.pin) warn(w, q, "'pin'");
    if (!q.shuffle_options) warn(w, q, "'shuffle: false'");
    switch (q.type) {
    case QuestionType::choice:
    case QuestionType::multi: {
        out += esc(q.prompt.text) + " {\n";
        const double k = static_cast<double>(std::max<std::size_t>(1, q.answers.size()));
        for (std::size_t i = 0; i < q.options.size(); ++i) {
            const bool right = q.type == QuestionType::choice
                                   ? i == q.answer
                                   : std::find(q.answers.begin(), q.answers.end(), i) != q.answers.end();
            if (q.type == QuestionType::choice) out += right ? "\t=" : "\t~";
            else out += "\t~" + weight(right ? 100 / k : -100 / k);
            out += esc(q.options[i].text) + "\n";
            if (q.options[i].pin) warn(w, q, "pinned options");
        }
        return out + fb + "}\n";
    }
    case QuestionType::truefalse:
        return out + esc(q.prompt.text) + " {" + (q.truth ? "TRUE" : "FALSE") +
               (q.explain.empty() ? "" : "####" + esc(q.explain.text)) + "}\n";
    case QuestionType::short_answer:
        if (q.lines != 2) warn(w, q, "'lines' of a short answer");
        return out + esc(q.prompt.text) + " {\n\t=" + esc(q.model_answer.text) + "\n" + fb + "}\n";
    case QuestionType::numeric:
        if (!q.unit.empty()) warn(w, q, "a unit ('" + q.unit.text + "')");
        return out + esc(q.prompt.text) + " {#" + q.value_text + ":" + (q.tolerance_text.empty() ? "0" : q.tolerance_text) +
               (q.explain.empty() ? "" : "####" + esc(q.explain.text)) + "}\n";
    case QuestionType::match:
        out += esc(q.prompt.text) + " {\n";
        for (const auto& p : q.pairs) out += "\t=" + esc(p.left.text) + " -> " + esc(p.right.text) + "\n";
        return out + fb + "}\n";
    case QuestionType::fill: {
        std::size_t gaps = 0;
        for (const auto& p : q.fill) gaps += p.gap;
        if (gaps != 1) {
            warn(w, q, "a gap-fill question with " + std::to_string(gaps) + " gaps (one answer block per question)");
            return {};
        }
        if (!q.prompt.empty()) warn(w, q, "the prompt of a gap-fill question (only its text)");
        if (q.fill.back().gap || trim(q.fill.back().text).empty())
            w.warning(q.loc, "in GIFT a gap at the very end of the text reads back as a short-answer question",
                      "end the text with a word or punctuation after the gap");
        if (q.bank && q.distractors.empty()) warn(w, q, "a word bank with no distractors");
        for (const auto& p : q.fill) {
            if (!p.gap) {
                out += esc(p.text);
                continue;
            }
            out += "{=" + esc(p.text);
            if (q.bank)
                for (const auto& d : q.distractors) out += " ~" + esc(d.text);
            out += q.explain.empty() ? "" : "####" + esc(q.explain.text);
            out += "}";
        }
        return out + "\n";
    }
    case QuestionType::order: warn(w, q, "an ordering question"); return {};
    }
    return {};
}

}  // namespace

std::string export_gift(const Worksheet& sheet, Diagnostics& warnings) {
    std::string out = "// " + sheet.title.text + " (" + sheet.id.text + "), exported by handout as Moodle GIFT.\n\n";
    for (const auto& s : sheet.sections) {
        if (sheet.uses_sections) {
            std::string title = s.title.text;
            std::replace(title.begin(), title.end(), '/', '-');
            out += "$CATEGORY: $course$/top/" + title + "\n\n";
            if (!s.instructions.empty())
                warnings.warning(s.loc, "GIFT cannot hold a section's instructions", "they are left out of the GIFT file");
        }
        for (const auto& q : s.questions) {
            const std::string g = question(q, warnings);
            if (g.empty()) {
                out += "// Not exported (GIFT cannot hold it): a " + std::string(type_name(q.type)) + " question: " +
                       plain_text(q.prompt.text) + "\n\n";
                continue;
            }
            out += g + "\n";
        }
    }
    if (sheet.shuffle_options == false)
        warnings.warning(sheet.loc, "GIFT cannot hold 'shuffle: {options: false}'", "Moodle's quiz settings decide");
    return out;
}

}  // namespace handout
