// Moodle GIFT to the worksheet model. Each blank-line separated block is one
// question (or a `$CATEGORY:` line); its kind follows Moodle's own rules:
// no braces = description, `{}` = essay, `{#` = numerical, a `~` = multiple
// choice, `=` with `->` = matching, T/TRUE/F/FALSE = true/false, else short
// answer; `{>N` is the ordering question (gift_order.cpp). Text after the
// braces makes it a missing-word question.
#include "convert/gift_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "convert/support.hpp"
#include "handout/convert.hpp"

namespace handout {

using namespace convert;
using namespace convert::gift;

namespace {

// One answer of an answer block: `=`/`~` marker, weight, text and feedback.
struct Answer {
    char marker = 0;     ///< '=', '~' or 0 (the first piece of a numeric/short list)
    bool weighted = false;
    double weight = 0;   ///< percent
    Chars text, feedback;
    std::size_t off = 0;
};

class GiftReader {
public:
    GiftReader(std::string_view text, const std::string& file, Diagnostics& diags)
        : text_(text), map_(text, file), diags_(diags) {}

    Converted read();

private:
    Loc loc(std::size_t off) const { return map_.at(off); }
    Loc loc(const Chars& c, std::size_t fallback) const { return map_.at(c.empty() ? fallback : c.front().off); }
    void error(std::size_t off, std::string message, std::string hint) {
        diags_.error(loc(off), std::move(message), std::move(hint));
    }

    std::string to_markup(const Chars& chars, const std::string& format, std::vector<std::string>& notes) const;
    std::vector<Answer> split_answers(const Chars& chars, bool on_tilde, bool on_equals) const;
    void read_block(const Block& block, Converted& out);
    bool read_multichoice(const Block& b, const std::vector<Answer>& answers, ConvertedItem& item, Question& q,
                          const Chars& before, const Chars& after, bool missing_word);
    bool read_short(const std::vector<Answer>& answers, ConvertedItem& item, Question& q, const Chars& before,
                    const Chars& after, bool missing_word);
    bool read_numeric(const Block& b, const Chars& answer, ConvertedItem& item, Question& q);
    void read_question(const Block& b, const Chars& rest, ConvertedItem& item, ConvertedSection& section);
    bool answer_block_ok(const Chars& rest, std::size_t open, std::size_t close);
    bool read_answers(const Block& b, const Chars& answer, ConvertedItem& item, Question& q, const Chars& before,
                      const Chars& after, bool missing_word);
    void make_gap(Question& q, const Chars& before, const Chars& after, const std::string& answer);
    bool read_match(const Block& b, const std::vector<Answer>& answers, ConvertedItem& item, Question& q);
    bool read_ordering(const OrderingBlock& block, ConvertedItem& item, Question& q);
    void read_truefalse(const Chars& answer, ConvertedItem& item, Question& q);
    void commented_out(ConvertedItem& item, const std::string& kind, const std::string& prompt, const std::string& why);

    std::string_view text_;
    LineMap map_;
    Diagnostics& diags_;
    std::string format_;  ///< the question text's format, inherited by its answers
    std::string general_; ///< the general feedback (`####`) as markup
    std::vector<std::string> pending_;  ///< comment lines waiting for the next question
};

// Whether the line break at `chars[i]` is one the text asks for: GIFT's `\n`
// escape, or in Markdown a line ending in two spaces or followed by a list
// item (`- `, `* `, `1. `).
bool hard_break(const Chars& chars, std::size_t i, bool markdown) {
    if (chars[i].lit) return true;
    if (!markdown) return false;
    if (i >= 2 && chars[i - 1].c == ' ' && chars[i - 2].c == ' ') return true;
    std::size_t k = i + 1;
    while (k < chars.size() && (chars[k].c == ' ' || chars[k].c == '\t')) ++k;
    if (k + 1 < chars.size() && (chars[k].c == '-' || chars[k].c == '*' || chars[k].c == '+') &&
        chars[k + 1].c == ' ')
        return true;
    std::size_t d = k;
    while (d < chars.size() && std::isdigit(static_cast<unsigned char>(chars[d].c))) ++d;
    return d > k && d + 1 < chars.size() && chars[d].c == '.' && chars[d + 1].c == ' ';
}

// The text of `chars` as worksheet markup, by its `[format]` prefix or the
// question's format.
std::string GiftReader::to_markup(const Chars& raw, const std::string& format, std::vector<std::string>& notes) const {
    Chars chars = trimmed(raw);
    std::string fmt = format;
    if (!chars.empty() && chars[0].c == '[' && !chars[0].lit) {
        const std::size_t close = find(chars, ']');
        if (close != std::string::npos) {
            const std::string name = str(slice(chars, 1, close));
            if (name == "html" || name == "moodle" || name == "plain" || name == "markdown") {
                fmt = name;
                chars = slice(chars, close + 1, chars.size());
            }
        }
    }
    // Line breaks and the indentation after them print as one space, except
    // the breaks the text asks for: GIFT's `\n` (not in HTML), and in
    // Markdown a line ending in two spaces or a list item's line.
    std::string text;
    for (std::size_t i = 0; i < chars.size(); ++i) {
        const Ch& ch = chars[i];
        const bool space = ch.c == ' ' || ch.c == '\t' || ch.c == '\n';
        if (ch.c == '\n' && fmt != "html" && hard_break(chars, i, fmt == "markdown")) {
            while (!text.empty() && text.back() == ' ') text.pop_back();
            text += '\n';
            continue;
        }
        if (space && (text.empty() || text.back() == ' ' || text.back() == '\n' || ch.c == '\n')) {
            if (ch.c == '\n') {
                while (!text.empty() && text.back() == ' ') text.pop_back();
                if (text.empty() || text.back() != '\n') text += ' ';
            }
            continue;
        }
        text += space ? ' ' : ch.c;
    }
    if (fmt == "markdown") return text;
    if (fmt == "html" || (fmt == "moodle" && looks_like_html(text))) return html_to_markup(text, notes);
    return plain_to_markup(text);
}

// Splits an answer list at its unescaped `~` and/or `=`, reading each
// piece's `%weight%` and `#feedback`.
std::vector<Answer> GiftReader::split_answers(const Chars& chars, bool on_tilde, bool on_equals) const {
    std::vector<Answer> out;
    Answer cur;
    Chars body;
    const auto finish = [&](std::size_t end_off) {
        Chars t = trimmed(body);
        if (cur.marker || !t.empty()) {
            cur.off = t.empty() ? end_off : t.front().off;
            // %weight%
            if (t.size() > 2 && t[0].c == '%' && !t[0].lit) {
                const std::size_t close = find(t, '%', 1);
                double w = 0;
                if (close != std::string::npos && parse_number(str(slice(t, 1, close)), w)) {
                    cur.weighted = true;
                    cur.weight = w;
                    t = slice(t, close + 1, t.size());
                }
            }
            const std::size_t hash = find(t, '#');
            cur.text = hash == std::string::npos ? t : slice(t, 0, hash);
            cur.feedback = hash == std::string::npos ? Chars{} : slice(t, hash + 1, t.size());
            out.push_back(cur);
        }
        cur = Answer{};
        body.clear();
    };
    for (const auto& ch : chars) {
        if (!ch.lit && ((on_tilde && ch.c == '~') || (on_equals && ch.c == '='))) {
            finish(ch.off);
            cur.marker = ch.c;
        } else {
            body.push_back(ch);
        }
    }
    finish(chars.empty() ? 0 : chars.back().off);
    return out;
}

void GiftReader::commented_out(ConvertedItem& item, const std::string& kind, const std::string& prompt,
                               const std::string& why) {
    item.question.reset();
    item.notes.push_back("Not carried over: " + kind + " — " + why);
    if (!prompt.empty()) item.commented.push_back("prompt: " + prompt);
}

Converted GiftReader::read() {
    Converted out;
    out.source_format = "Moodle GIFT";
    for (const auto& block : split_blocks(text_)) read_block(block, out);
    return out;
}

void GiftReader::read_block(const Block& b, Converted& out) {
    if (out.sections.empty()) out.sections.push_back({});
    const Chars all = trimmed(b.chars);
    ConvertedItem item;
    item.loc = loc(b.off);
    for (const auto& c : b.comments) item.notes.push_back(trim_space(c));
    if (all.empty()) {
        // Comment lines alone: kept for the next question.
        pending_.insert(pending_.end(), item.notes.begin(), item.notes.end());
        return;
    }
    item.notes.insert(item.notes.begin(), pending_.begin(), pending_.end());
    pending_.clear();
    const std::string whole = str(all);
    if (whole.rfind("$CATEGORY:", 0) == 0) {
        ConvertedSection section;
        section.title = category_title(whole.substr(10));
        section.loc = loc(all.front().off);
        section.notes = item.notes;
        if (out.sections.back().items.empty() && out.sections.back().title.empty()) {
            out.sections.back() = std::move(section);
        } else {
            out.sections.push_back(std::move(section));
        }
        return;
    }
    auto& section = out.sections.back();
    item.source_comments = item.notes.size();

    // ::name::
    Chars rest = all;
    if (rest.size() >= 2 && rest[0].c == ':' && rest[1].c == ':' && !rest[0].lit && !rest[1].lit) {
        const std::size_t close = find(rest, "::", 2);
        if (close == std::string::npos) {
            error(rest[0].off, "the question name opened with '::' is not closed",
                  "end the name with '::', or write \\: for a colon in the text");
            return;
        }
        item.name = trim_space(str(slice(rest, 2, close)));
        rest = slice(rest, close + 2, rest.size());
    }
    // [format]
    format_ = "moodle";
    if (!rest.empty() && rest[0].c == '[') {
        const std::size_t close = find(rest, ']');
        const std::string name = close == std::string::npos ? "" : str(slice(rest, 1, close));
        if (name == "html" || name == "moodle" || name == "plain" || name == "markdown") {
            format_ = name;
            rest = slice(rest, close + 1, rest.size());
        }
    }
    read_question(b, rest, item, section);
}

// Checks the braces of a question's one answer block (`open` and `close`
// are where its first '{' and '}' are, npos when none); false when they are
// wrong (reported).
bool GiftReader::answer_block_ok(const Chars& rest, std::size_t open, std::size_t close) {
    if (open == std::string::npos || close < open) {
        error(rest[close].off, "'}' closes no answer block",
              "open the answers with '{', or write \\} for a brace in the text");
        return false;
    }
    if (close == std::string::npos) {
        error(rest[open].off, "the answer block opened here has no closing '}'",
              "end the answers with '}' (a blank line ends a question), or write \\{ for a brace in the text");
        return false;
    }
    if (const std::size_t again = find(rest, '{', close + 1); again != std::string::npos) {
        error(rest[again].off, "a second answer block: a GIFT question has one",
              "split the question in two, or write \\{ and \\} for braces in the text");
        return false;
    }
    return true;
}

// The answer block (its general feedback taken off) by Moodle's rules: empty
// is an essay (commented out), '>' and a number ordering, '#' numeric, '~' multiple choice, '=' with
// '->' matching, T/F true-false, else short answer. False on an error.
bool GiftReader::read_answers(const Block& b, const Chars& answer, ConvertedItem& item, Question& q,
                              const Chars& before, const Chars& after, bool missing_word) {
    const Chars before_tf = slice(answer, 0, find(answer, '#') == std::string::npos ? answer.size() : find(answer, '#'));
    const std::string tf = str(before_tf);
    if (answer.empty()) {
        // An essay: written, and marked by the teacher, as a `short` question is.
        ShortAnswer& body = q.body.emplace<ShortAnswer>();
        body.model_answer = {no_model_answer, q.loc};
        body.lines = 15;  // Moodle's GIFT essay: 15 lines
        // handout's own GIFT export writes the model answer as a comment.
        static const std::string model = "model answer (for the person marking): ";
        for (auto it = item.notes.begin(); it != item.notes.end(); ++it) {
            if (it->rfind(model, 0) != 0) continue;
            body.model_answer.text = plain_to_markup(it->substr(model.size()));
            item.notes.erase(it);
            --item.source_comments;
            return true;
        }
        item.notes.push_back(
            "an essay question, marked by the teacher; the source has no model answer: write one "
            "in 'answer' for the person marking");
        return true;
    }
    if (auto ordering = read_ordering_block(answer)) return read_ordering(*ordering, item, q);
    if (answer[0].c == '#' && !answer[0].lit) return read_numeric(b, slice(answer, 1, answer.size()), item, q);
    if (find(answer, '~') != std::string::npos)
        return read_multichoice(b, split_answers(answer, true, true), item, q, before, after, missing_word);
    if (find(answer, '=') != std::string::npos && find(answer, "->") != std::string::npos)
        return read_match(b, split_answers(answer, false, true), item, q);
    if (tf == "T" || tf == "TRUE" || tf == "F" || tf == "FALSE") {
        read_truefalse(answer, item, q);
        return true;
    }
    return read_short(split_answers(answer, false, true), item, q, before, after, missing_word);
}

// A question's text and answer block, `rest` being what follows its name and
// format; the kind is decided by Moodle's rules.
void GiftReader::read_question(const Block& b, const Chars& rest, ConvertedItem& item, ConvertedSection& section) {
    const std::size_t open = find(rest, '{');
    const std::size_t close = find(rest, '}');
    Question q;
    q.loc = item.loc;
    if (open == std::string::npos && close == std::string::npos) {
        std::vector<std::string> notes;
        const std::string text = to_markup(rest, format_, notes);
        item.notes.insert(item.notes.end(), notes.begin(), notes.end());
        commented_out(item, "a description (text with no answers)", text,
                      "a worksheet has no place for it; put it in the section's instructions if you need it");
        section.items.push_back(std::move(item));
        return;
    }
    if (!answer_block_ok(rest, open, close)) return;
    const Chars before = slice(rest, 0, open);
    const Chars after = slice(rest, close + 1, rest.size());
    Chars answer = slice(rest, open + 1, close);
    const bool missing_word = !after.empty();

    // ####general feedback
    general_.clear();
    if (const std::size_t gf = find(answer, "####"); gf != std::string::npos) {
        std::size_t last = gf;
        while (find(answer, "####", last + 1) != std::string::npos) last = find(answer, "####", last + 1);
        general_ = to_markup(slice(answer, last + 4, answer.size()), format_, item.notes);
        answer = slice(answer, 0, last);
    }
    // The prompt: the text, with a blank where a missing word's answers were.
    std::vector<std::string> notes;
    const std::string prompt_before = to_markup(before, format_, notes);
    const std::string prompt_after = to_markup(after, format_, notes);
    std::string prompt = prompt_before;
    if (missing_word) prompt += (prompt.empty() ? "" : " ") + std::string("_____") +
                                (prompt_after.empty() || prompt_after[0] == '.' || prompt_after[0] == ',' ? "" : " ") +
                                prompt_after;
    item.notes.insert(item.notes.end(), notes.begin(), notes.end());
    q.prompt = {prompt, loc(before, rest.front().off)};
    q.explain = {general_, q.loc};

    if (!read_answers(b, answer, item, q, before, after, missing_word)) return;
    if (!item.commented.empty()) {
        section.items.push_back(std::move(item));
        return;
    }
    if (q.type() != QuestionType::fill && q.prompt.text.empty()) {
        q.prompt.text = item.name.empty() ? "(no question text)" : item.name;
        item.notes.push_back("the question had no text: its prompt is " + quote_short(q.prompt.text));
    }
    item.question = std::move(q);
    section.items.push_back(std::move(item));
}

// A missing word: the text around the answer block, with a gap for `answer`.
void GiftReader::make_gap(Question& q, const Chars& before, const Chars& after, const std::string& answer) {
    Fill& fill = q.body.emplace<Fill>();
    q.prompt.text.clear();
    std::vector<std::string> ignored;  // noted when the prompt was made
    const std::string pre = to_markup(before, format_, ignored), post = to_markup(after, format_, ignored);
    fill.parts.push_back({false, pre + (pre.empty() ? "" : " "), q.loc});
    fill.parts.push_back({true, answer, q.loc});
    const bool tight = post.empty() || std::string_view(".,;:?!)").find(post[0]) != std::string_view::npos;
    fill.parts.push_back({false, (tight ? "" : " ") + post, q.loc});
}

// `=right ~wrong ~%50%partial`: one `=` makes a single-answer question, no
// `=` a multiple-answer one (Moodle's rule). A missing word with one right
// answer and plain wrong ones becomes a gap with a word bank.
bool GiftReader::read_multichoice(const Block& b, const std::vector<Answer>& answers, ConvertedItem& item, Question& q,
                                  const Chars& before, const Chars& after, bool missing_word) {
    if (answers.size() < 2) {
        error(answers.empty() ? b.off : answers[0].off, "a multiple-choice question needs at least two answers",
              "add answers, each starting with '=' (right) or '~' (wrong)");
        return false;
    }
    const bool single = std::any_of(answers.begin(), answers.end(), [](const Answer& a) { return a.marker == '='; });
    std::vector<std::size_t> right;
    std::vector<std::string> texts;
    std::vector<std::string> feedback_notes;
    std::vector<double> weights;
    for (std::size_t i = 0; i < answers.size(); ++i) {
        const Answer& a = answers[i];
        texts.push_back(to_markup(a.text, format_, item.notes));
        const double w = a.marker == '=' ? (a.weighted ? a.weight : 100) : (a.weighted ? a.weight : 0);
        const bool is_right = single ? a.marker == '=' && w > 0 : w > 0;
        if (is_right) right.push_back(i);
        if (!is_right && w != 0 && single)
            item.notes.push_back("partial credit not carried over: " + format_decimal(w, 4) + "% for " +
                                 quote_short(texts.back()));
        weights.push_back(w);
        const std::string fb = a.feedback.empty() ? "" : to_markup(a.feedback, format_, item.notes);
        if (!fb.empty())
            feedback_notes.push_back("feedback for " + quote_short(texts.back()) +
                                     (is_right ? " (right)" : "") + ": " + fb);
    }
    if (right.empty()) {
        error(answers[0].off, "no answer is marked right",
              "mark the right answer with '=' (or give right answers a positive weight such as ~%50%)");
        return false;
    }
    if (!single)
        if (const std::string note = multi_weights_note(texts, weights); !note.empty())
            item.notes.push_back(note);
    item.notes.insert(item.notes.end(), feedback_notes.begin(), feedback_notes.end());

    if (missing_word && single && right.size() == 1) {
        make_gap(q, before, after, texts[right[0]]);
        Fill& fill = q.as<Fill>();
        fill.bank = true;
        for (std::size_t i = 0; i < texts.size(); ++i)
            if (i != right[0]) fill.distractors.push_back({texts[i], q.loc});
        return true;
    }
    std::vector<Option> options;
    options.reserve(texts.size());
    for (const auto& t : texts) options.push_back({t, false, q.loc});
    if (single && right.size() == 1) {
        q.body = Choice{std::move(options), right[0]};
    } else {
        if (single)
            item.notes.push_back(
                "more than one answer was marked '=' (in Moodle, choosing any one of them is right): "
                "made a tick-all-that-apply question, where all of them must be ticked");
        q.body = Multi{std::move(options), right};
        // Weights (`~%50%`) score tick by tick, as `partial` does.
        if (!single) q.scoring = Scoring::partial;
    }
    return true;
}

// `{=four =4}`: the first full-credit answer is the model answer; the others
// are noted. A missing word becomes a gap.
bool GiftReader::read_short(const std::vector<Answer>& answers, ConvertedItem& item, Question& q, const Chars& before,
                            const Chars& after, bool missing_word) {
    std::string model;
    std::vector<std::string> also;
    for (const auto& a : answers) {
        const std::string text = to_markup(a.text, format_, item.notes);
        const double w = a.weighted ? a.weight : 100;
        const std::string fb = a.feedback.empty() ? "" : to_markup(a.feedback, format_, item.notes);
        if (w >= 100 && model.empty() && text != "*") {
            model = text;
            if (!fb.empty()) item.notes.push_back("feedback for " + quote_short(text) + " (right): " + fb);
            continue;
        }
        const std::string which = text == "*" ? std::string("any other answer") : quote_short(text);
        if (w >= 100 && text != "*") also.push_back(which);
        else if (w > 0) item.notes.push_back(("partial credit not carried over: " + format_decimal(w, 4)).append("% for ").append(which));
        else if (text != "*")
            item.notes.push_back("a wrong answer the source names: " + which);
        if (!fb.empty()) item.notes.push_back(("feedback for " + which).append(": ").append(fb));
    }
    if (model.empty()) {
        error(answers.empty() ? 0 : answers[0].off, "no full-credit answer",
              "write the right answer after '=' (such as {=Paris})");
        return false;
    }
    if (!also.empty()) {
        std::string list;
        for (const auto& a : also) list += (list.empty() ? "" : ", ") + a;
        item.notes.push_back("also accepted: " + list);
    }
    if (missing_word) {
        make_gap(q, before, after, model);
        return true;
    }
    q.body.emplace<ShortAnswer>().model_answer = {model, q.loc};
    return true;
}

// `{#value:tolerance}`, `{#min..max}` or a list `{#=v:t =%50%v:t ~#wrong}`.
bool GiftReader::read_numeric(const Block& b, const Chars& body, ConvertedItem& item, Question& q) {
    Chars list = body;
    std::string wrong_feedback;
    if (const std::size_t tilde = find(list, '~'); tilde != std::string::npos) {
        const Chars w = slice(list, tilde + 1, list.size());
        const std::size_t hash = find(w, '#');
        wrong_feedback = to_markup(hash == std::string::npos ? w : slice(w, hash + 1, w.size()), format_, item.notes);
        list = slice(list, 0, tilde);
    }
    const auto answers = split_answers(list, false, true);
    if (answers.empty()) {
        error(b.off, "the numerical question has no answer", "write the number after '#', such as {#1822} or {#3.14:0.01}");
        return false;
    }
    bool found = false;
    for (const auto& a : answers) {
        const std::string text = str(a.text);
        const double w = a.weighted ? a.weight : 100;
        std::string value_text, tol_text;
        double value = 0, tol = 0;
        if (const std::size_t dots = text.find(".."); dots != std::string::npos && dots > 0) {
            double lo = 0, hi = 0;
            const std::string lo_t = trim_space(text.substr(0, dots)), hi_t = trim_space(text.substr(dots + 2));
            if (!parse_number(lo_t, lo) || !parse_number(hi_t, hi) || hi < lo) {
                error(a.off, "'" + text + "' is not a range of two numbers, smaller first",
                      "write a range as {#min..max}, such as {#3.141..3.142}");
                return false;
            }
            const int d = std::max(decimals_of(lo_t), decimals_of(hi_t)) + 1;
            value = (lo + hi) / 2;
            tol = (hi - lo) / 2;
            value_text = format_decimal(value, d);
            tol_text = format_decimal(tol, d);
        } else {
            const std::size_t colon = text.find(':');
            value_text = trim_space(text.substr(0, colon));
            tol_text = colon == std::string::npos ? "0" : trim_space(text.substr(colon + 1));
            if (value_text == "*") continue;
            if (!parse_number(value_text, value)) {
                error(a.off, "'" + value_text + "' is not a number",
                      "write the answer as a number with a point for decimals, such as {#9.81:0.01}");
                return false;
            }
            if (!parse_number(tol_text, tol) || tol < 0) {
                error(a.off, "the margin '" + tol_text + "' is not a number of 0 or more",
                      "write the margin after ':', such as {#9.81:0.01}");
                return false;
            }
        }
        const std::string fb = a.feedback.empty() ? "" : to_markup(a.feedback, format_, item.notes);
        if (!found && w >= 100) {
            found = true;
            q.body = Numeric{value, value_text, tol, tol_text, {}};
            if (!fb.empty()) item.notes.push_back("feedback for the right answer: " + fb);
        } else {
            std::string which = value_text;
            if (tol_text != "0") which += " ± " + tol_text;
            if (!fb.empty()) which += " (feedback: " + fb + ")";
            item.notes.push_back(w > 0 ? "partial credit not carried over: " + format_decimal(w, 4) +
                                             "% for " + which
                                       : "a wrong answer the source names: " + which);
        }
    }
    if (!found) {
        error(answers[0].off, "no full-credit answer", "give one answer full credit: {#1822} or {#=1822:0 =%50%1822:2}");
        return false;
    }
    if (!wrong_feedback.empty()) item.notes.push_back("feedback for a wrong answer: " + wrong_feedback);
    return true;
}

// `{=left -> right ...}`; `= -> extra` adds a right item with no left one.
bool GiftReader::read_match(const Block& b, const std::vector<Answer>& answers, ConvertedItem& item, Question& q) {
    Match& match = q.body.emplace<Match>();
    for (const auto& a : answers) {
        Chars whole = a.text;
        if (!a.feedback.empty()) {
            whole.push_back({'#', false, a.feedback.front().off});
            whole.insert(whole.end(), a.feedback.begin(), a.feedback.end());
        }
        const std::size_t arrow = find(whole, "->");
        if (arrow == std::string::npos) {
            error(a.off, "a matching pair needs '->' between its two sides",
                  "write each pair as '=left -> right', or write \\= for an equals sign in the text");
            return false;
        }
        const std::string left = to_markup(slice(whole, 0, arrow), format_, item.notes);
        const std::string right = to_markup(slice(whole, arrow + 2, whole.size()), "plain", item.notes);
        if (left.empty()) {
            item.notes.push_back("extra right-hand item " + quote_short(right) +
                                 " (it matches nothing) not carried over: a worksheet's pairs have two sides");
            continue;
        }
        match.pairs.push_back({{left, loc(a.off)}, {right, loc(a.off)}});
    }
    if (match.pairs.size() < 2) {
        error(answers.empty() ? b.off : answers[0].off, "a matching question needs at least two pairs",
              "add pairs, each written '=left -> right'");
        return false;
    }
    return true;
}

// `{>N …}`: Moodle's ordering question, items in the right order.
bool GiftReader::read_ordering(const OrderingBlock& block, ConvertedItem& item, Question& q) {
    Order& order = q.body.emplace<Order>();
    for (const Chars& line : block.items)
        order.items.push_back({to_markup(line, "moodle", item.notes), loc(line.front().off)});
    if (order.items.size() < 2) {
        commented_out(item, "an ordering question with " + std::to_string(order.items.size()) + " item",
                      q.prompt.text,
                      "a worksheet's 'order' needs at least two items, each on a line of its own");
        return true;
    }
    ordering_notes(block.select, block.count, block.grading, order.items.size(), item.notes);
    return true;
}

// `{TRUE}`, `{F#feedback for a wrong answer#feedback for a right one}`.
void GiftReader::read_truefalse(const Chars& answer, ConvertedItem& item, Question& q) {
    TrueFalse& tf = q.body.emplace<TrueFalse>();
    const std::size_t h1 = find(answer, '#');
    const std::string word = str(slice(answer, 0, h1 == std::string::npos ? answer.size() : h1));
    tf.truth = word == "T" || word == "TRUE";
    std::string wrong, right;
    if (h1 != std::string::npos) {
        const std::size_t h2 = find(answer, '#', h1 + 1);
        wrong = to_markup(slice(answer, h1 + 1, h2 == std::string::npos ? answer.size() : h2), format_, item.notes);
        if (h2 != std::string::npos) right = to_markup(slice(answer, h2 + 1, answer.size()), format_, item.notes);
    }
    // Each feedback keeps its role: only the general feedback is `explain`,
    // which everyone sees.
    if (!wrong.empty()) item.notes.push_back("feedback for a wrong answer: " + wrong);
    if (!right.empty()) item.notes.push_back("feedback for a right answer: " + right);
}

}  // namespace

Converted import_gift(std::string_view text, const std::string& file, Diagnostics& diags) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    GiftReader reader(text, file, diags);
    Converted out = reader.read();
    name_after_file(out, file);
    return out;
}

}  // namespace handout
