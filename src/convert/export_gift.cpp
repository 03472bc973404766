// A worksheet as Moodle GIFT. Text with worksheet markup (or that GIFT would
// read as HTML) is marked [markdown], so it reads back letter for letter;
// `explain` is the general feedback (`####`). What GIFT cannot hold is
// reported as a warning; questions it cannot hold at all are `//` comments.
#include "handout/convert.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "convert/support.hpp"
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

// Whether any text of a question needs GIFT's markdown format.
bool any_needs_markdown(const Question& q) {
    bool md = false;
    for_each_printed_text(q, [&](const std::string& text, const Loc&, PrintedText) { md = md || needs_markdown(text); });
    return md;
}

std::string weight(double percent) { return "%" + format_decimal(percent, 5) + "%"; }

void warn(Diagnostics& w, const Question& q, const std::string& what) {
    w.warning(q.loc, "GIFT cannot hold " + what, "it is left out of the GIFT file; the worksheet keeps it");
}

// choice and multi: `{=right ~wrong}`, or a multi's weights, each one of
// Moodle's grades; "" when Moodle's grades cannot hold them (reported).
std::string choices(const Question& q, const std::vector<Option>& opts,
                    const std::vector<std::size_t>& answers, bool single, std::string out,
                    const std::string& fb, Diagnostics& w) {
    std::vector<double> weights;
    if (!single) {
        weights = moodle_multi_weights(q, w);
        if (weights.empty()) {
            warn(w, q,
                 "a tick-all question with more than 20 right options (Moodle's grades cannot share 100 % "
                 "among them)");
            return {};
        }
    }
    out += esc(q.prompt.text) + " {\n";
    for (std::size_t i = 0; i < opts.size(); ++i) {
        const bool right = std::find(answers.begin(), answers.end(), i) != answers.end();
        if (single)
            out += right ? "\t=" : "\t~";
        else
            out += "\t~" + weight(weights[i]);
        out += esc(opts[i].text) + "\n";
        if (opts[i].pin) warn(w, q, "pinned options");
    }
    return out + fb + "}\n";
}

// short: an essay `{}`, marked by the teacher. GIFT's essay has no place for
// the model answer, so it goes in a comment above the question (which
// `handout import` reads back).
std::string essay(const Question& q, const std::string& out, Diagnostics& w) {
    const ShortAnswer& body = q.as<ShortAnswer>();
    if (body.lines != 2) warn(w, q, "'lines' of a short answer");
    w.warning(q.loc, "GIFT's essay question has no place for the model answer",
              "it is written as a // comment above the question; Moodle's essay is marked by the teacher");
    std::string comment = "// model answer (for the person marking): " + plain_text(body.model_answer.text);
    std::replace(comment.begin(), comment.end(), '\n', ' ');
    return comment + "\n" + out + esc(q.prompt.text) + " {" +
           (q.explain.empty() ? "" : "####" + esc(q.explain.text)) + "}\n";
}

// order: Moodle's ordering question (part of Moodle from 4.4), every item
// shown and marked all or nothing as the worksheet does. Moodle takes each
// item line as it is written, without GIFT's escapes, as HTML; "" when an
// item holds what would break that line (reported).
std::string ordering(const Question& q, const std::string& out, const std::string& fb, Diagnostics& w) {
    const auto& items = q.as<Order>().items;
    static constexpr std::array<std::string_view, 6> numbering = {"none", "123", "abc",
                                                                  "ABCD", "iii", "IIII"};
    std::string lines;
    for (const auto& item : items) {
        const std::string html = markup_to_html(item.text);
        if (html.find_first_of("{}\\\n") != std::string::npos || html.find("####") != std::string::npos) {
            warn(w, q,
                 "an ordering item with a brace, a backslash, a line break or '####' (Moodle reads items as "
                 "written)");
            return {};
        }
        lines += "\t" + html + "\n";
    }
    const std::string first = markup_to_html(items.front().text);
    for (std::string_view word : numbering)
        if (first.rfind(word, 0) == 0) {
            warn(w, q,
                 "an ordering question whose first item starts with '" + std::string(word) +
                     "' (Moodle's reader takes it for a numbering style)");
            return {};
        }
    w.warning(q.loc,
              "an ordering question needs Moodle's 'ordering' question type (standard from Moodle 4.4)", "");
    return out + esc(q.prompt.text) + " {>" + std::to_string(items.size()) +
           " ALL VERTICAL ALL_OR_NOTHING SHOW\n" + lines + fb + "}\n";
}

// One question's GIFT, or "" when GIFT cannot hold it (reported).
std::string question(const Question& q, Diagnostics& w) {
    std::string out = any_needs_markdown(q) ? "[markdown]" : "";
    const std::string fb = q.explain.empty() ? "" : "\t####" + esc(q.explain.text) + "\n";
    if (q.points != Points{}) warn(w, q, "points (" + points_decimal(q.points) + ")");
    if (!q.image.empty()) warn(w, q, "pictures");
    if (q.pin) warn(w, q, "'pin'");
    if (!q.shuffle_options) warn(w, q, "'shuffle: false'");
    const auto options = [&](const std::vector<Option>& opts, const std::vector<std::size_t>& answers,
                             bool single) { return choices(q, opts, answers, single, out, fb, w); };
    switch (q.type()) {
    case QuestionType::choice: return options(q.as<Choice>().options, {q.as<Choice>().answer}, true);
    case QuestionType::multi:
        if (q.scoring == Scoring::all_or_nothing) warn(w, q, "all-or-nothing scoring (its weights score tick by tick)");
        return options(q.as<Multi>().options, q.as<Multi>().answers, false);
    case QuestionType::truefalse:
        return out + esc(q.prompt.text) + " {" + (q.as<TrueFalse>().truth ? "TRUE" : "FALSE") +
               (q.explain.empty() ? "" : "####" + esc(q.explain.text)) + "}\n";
    case QuestionType::short_answer: return essay(q, out, w);
    case QuestionType::numeric: {
        // The number the worksheet means (`70,000` is 70000), as GIFT writes it.
        const Numeric& n = q.as<Numeric>();
        if (!n.unit.empty()) warn(w, q, "a unit ('" + n.unit.text + "')");
        return out + esc(q.prompt.text) + " {#" + number_text(n.value) + ":" + number_text(n.tolerance) +
               (q.explain.empty() ? "" : "####" + esc(q.explain.text)) + "}\n";
    }
    case QuestionType::match:
        w.warning(q.loc, "Moodle marks a matching question pair by pair (a share for each right pair)",
                  "the worksheet gives its points only when every pair is right");
        out += esc(q.prompt.text) + " {\n";
        for (const auto& p : q.as<Match>().pairs) out += "\t=" + esc(p.left.text) + " -> " + esc(p.right.text) + "\n";
        return out + fb + "}\n";
    case QuestionType::fill: {
        const Fill& f = q.as<Fill>();
        std::size_t gaps = 0;
        for (const auto& p : f.parts) gaps += p.gap;
        if (gaps != 1) {
            warn(w, q, "a gap-fill question with " + std::to_string(gaps) + " gaps (one answer block per question)");
            return {};
        }
        if (!q.prompt.empty()) warn(w, q, "the prompt of a gap-fill question (only its text)");
        if (f.parts.back().gap || trim_space(f.parts.back().text).empty())
            w.warning(q.loc, "in GIFT a gap at the very end of the text reads back as a short-answer question",
                      "end the text with a word or punctuation after the gap");
        if (f.bank && f.distractors.empty()) warn(w, q, "a word bank with no distractors");
        for (const auto& p : f.parts) {
            if (!p.gap) {
                out += esc(p.text);
                continue;
            }
            out += "{=" + esc(p.text);
            if (f.bank)
                for (const auto& d : f.distractors) out += " ~" + esc(d.text);
            out += q.explain.empty() ? "" : "####" + esc(q.explain.text);
            out += "}";
        }
        return out + "\n";
    }
    case QuestionType::order: return ordering(q, out, fb, w);
    }
    return {};
}

/// What GIFT, which has no pools or tags, leaves out: each pool's `pick`
/// (all its questions are exported) and, once, the questions' tags.
void warn_pools_and_tags(const Worksheet& sheet, Diagnostics& warnings) {
    const Text* first_tag = nullptr;
    for (const auto& s : sheet.sections) {
        if (s.is_pool())
            warnings.warning(s.pick_loc,
                             "GIFT has no 'pick': all " + std::to_string(s.questions.size()) +
                                 " questions of the pool are exported",
                             "draw " + std::to_string(s.pick) +
                                 " of them in the tool you import into, or export to Moodle XML, which keeps "
                                 "the pool as a category");
        for (const auto& q : s.questions)
            if (first_tag == nullptr && !q.tags.empty()) first_tag = &q.tags.front();
    }
    if (first_tag != nullptr)
        warnings.warning(first_tag->loc, "GIFT keeps no tags: the questions' tags are left out",
                         "export to Moodle XML to keep them");
}

}  // namespace

std::string export_gift(const Worksheet& sheet, Diagnostics& warnings) {
    if (!vars_drawn(sheet, warnings)) return {};
    std::string out = "// " + sheet.title.text + " (" + sheet.id.text + "), exported by handout as Moodle GIFT.\n\n";
    for (const auto& s : sheet.sections) {
        if (sheet.uses_sections) {
            std::string title = s.title.text;
            std::replace(title.begin(), title.end(), '/', '-');
            out += "$CATEGORY: $course$/top/" + title + "\n\n";
            if (!s.instructions.empty())
                warnings.warning(s.loc, "GIFT cannot hold a section's instructions", "they are left out of the GIFT file");
            if (!s.passage.empty())
                warnings.warning(s.passage.loc, "GIFT cannot hold a section's passage", "it is left out of the GIFT file");
        }
        for (const auto& q : s.questions) {
            const std::string g = question(q, warnings);
            if (g.empty()) {
                out += "// Not exported (GIFT cannot hold it): " +
                       std::string(q.type() == QuestionType::order ? "an " : "a ") + type_name(q.type()) +
                       " question: " + plain_text(q.prompt.text) + "\n\n";
                continue;
            }
            out += g + "\n";
        }
    }
    if (sheet.shuffle_options == false)
        warnings.warning(sheet.loc, "GIFT cannot hold 'shuffle: {options: false}'", "Moodle's quiz settings decide");
    warn_pools_and_tags(sheet, warnings);
    return out;
}

}  // namespace handout
