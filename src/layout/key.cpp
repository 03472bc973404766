// The key pages of a variant: a heading (key title, note, worksheet title
// and sheet code), then one block per question in printed order with its
// answer as AnswerDisplay shows it and, when the worksheet asks, its
// explanation.
#include "layout/parts.hpp"

#include <algorithm>

#include "layout/metrics.hpp"

namespace handout::layout {

namespace {

namespace m = metrics;

// `text` with its markup characters escaped, so that it prints as written.
std::string escape_markup(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '*' || c == '`' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

// `3e8` as a key shows it, `$3 \times 10^{8}$` (typeset as maths); "" for
// a number not written in e-notation. The mantissa stays as written (a
// decimal comma braced, so that it is no list comma).
std::string standard_form(const std::string& number) {
    const auto e = number.find_first_of("eE");
    if (e == std::string::npos || e == 0) return "";
    std::string mantissa, exponent = number.substr(e + 1);
    for (const char c : number.substr(0, e)) {
        if (c == ',')
            mantissa += "{,}";
        else if ((c >= '0' && c <= '9') || c == '.' || (c == '-' && mantissa.empty()))
            mantissa += c;
        else
            return "";
    }
    const bool negative = !exponent.empty() && exponent[0] == '-';
    if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.erase(0, 1);
    if (exponent.empty() || exponent.find_first_not_of("0123456789") != std::string::npos) return "";
    exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size() - 1));  // 08 → 8
    return "$" + mantissa + " \\times 10^{" + (negative ? "-" : "") + exponent + "}$";
}

// A numeric answer's key text with its numbers in e-notation written in
// standard form (`3 × 10⁸ ± 1 × 10⁶ m/s`); as AnswerDisplay has it otherwise.
std::string numeric_key_text(const AnswerDisplay& shown, const Numeric& n) {
    const std::string value = standard_form(shown.value), tolerance = standard_form(shown.tolerance);
    if (value.empty() && tolerance.empty()) return shown.text;
    std::string text = value.empty() ? shown.value : value;
    if (!shown.tolerance.empty()) text += " \u00b1 " + (tolerance.empty() ? shown.tolerance : tolerance);
    if (!n.unit.empty()) text += " " + n.unit.text;
    return text;
}

// The points beside a key line: `2 marks`, and how a multi is scored when
// it is `partial` (`2 marks · partial`).
std::string key_aside(const Question& q, const PointsWords& words) {
    std::string aside = points_label(q.points, words);
    if (q.type() == QuestionType::multi && q.scoring == Scoring::partial) aside += " \u00b7 " + words.partial;
    return aside;
}

// `1.  B  option text` with its points at the right edge, then the
// explanation in italic below.
Block key_block(const Pen& pen, const TextBox& box, const VariantQuestion& q, bool explanations,
                const PointsWords& words) {
    const PageStyle& style = pen.style();
    Block b;
    b.space_before = style.question_gap * m::key_line_space;
    const double size = style.key_size;
    const std::string number = std::to_string(q.number) + ".";
    AnswerDisplay shown = q.answer();
    if (const auto* tf = std::get_if<TrueFalse>(&q.source->body))  // in the sheet's language
        shown.text = tf->truth ? pen.labels().true_word : pen.labels().false_word;
    if (const auto* n = std::get_if<Numeric>(&q.source->body)) shown.text = numeric_key_text(shown, *n);
    // (letter, text) lines: one per correct option of a multi, else one.
    std::vector<std::pair<std::string, std::string>> entries = shown.choices;
    if (entries.empty()) entries.push_back({shown.letters, shown.text});
    const double x = box.left + pen.number_indent();
    double lead_w = 0;
    for (const auto& entry : entries)
        if (!entry.first.empty())
            lead_w = std::max(lead_w, pen.width(FontStyle::bold, entry.first, size) + m::key_letters_gap);
    // The points end the first line, small and muted; the answer keeps clear of them.
    const std::string aside = key_aside(*q.source, words);
    const double aside_w = pen.width(FontStyle::regular, aside, style.meta_size);
    for (std::size_t e = 0; e < entries.size(); ++e) {
        const double width = box.right - x - lead_w;
        const auto lines = pen.rich(entries[e].second, FontStyle::regular, size, width,
                                    e == 0 ? width - aside_w - m::aside_gap : -1);
        for (std::size_t i = 0; i < lines.size(); ++i) {
            Row r;
            r.height = pen.lead(size);
            if (i == 0 && e == 0) {
                // In a row of no height before the line, as on the sheet (questions.cpp).
                Row aside_row;
                aside_row.items.push_back(text_run(box.right - aside_w, -size, FontStyle::regular, style.meta_size,
                                                   style.muted_gray, aside));
                b.rows.push_back(std::move(aside_row));
                r.items.push_back(text_run(box.left, -size, FontStyle::bold, size, style.text_gray, number));
            }
            if (i == 0 && !entries[e].first.empty())
                r.items.push_back(text_run(x, -size, FontStyle::bold, size, style.text_gray, entries[e].first));
            pen.put(r, x + lead_w, -size, lines[i], size, style.text_gray);
            b.rows.push_back(std::move(r));
        }
    }
    // The student's numbers (vars), muted, under the answer.
    if (!shown.numbers.empty())
        pen.paragraph(b, shown.numbers, x + lead_w, box.right - x - lead_w, FontStyle::regular,
                      size * m::explain_scale, style.muted_gray);
    if (explanations && !q.source->explain.empty())
        pen.paragraph(b, q.source->explain.text, x + lead_w, box.right - x - lead_w, FontStyle::italic,
                      size * m::explain_scale, style.explain_gray);
    return b;
}

}  // namespace

std::vector<Block> key_blocks(const Pen& pen, const TextBox& box, const Variant& v, const std::string& student) {
    const PageStyle& style = pen.style();
    const Worksheet& ws = *v.worksheet;
    const Labels& labels = pen.labels();
    const PointsWords& words = labels.points;
    std::vector<Block> blocks;
    Block head;
    pen.paragraph(head, labels.answer_key, box.left, box.width(), FontStyle::bold, style.title_size,
                  style.text_gray);
    if (!labels.key_note.empty()) {
        head.rows.push_back(spacer(m::key_note_space));
        pen.paragraph(head, labels.key_note, box.left, box.width(), FontStyle::italic, style.body_size,
                      style.muted_gray);
    }
    head.rows.push_back(spacer(m::key_title_space));
    // A roster's key names its student first, as the sheet does.
    const std::string whose = student.empty() ? "" : escape_markup(student) + "  \u00b7  ";
    const std::string before = whose + ws.title.text + "  \u00b7  ";
    pen.paragraph(head, before + pen.code_after(before, v.code), box.left, box.width(), FontStyle::bold,
                  style.body_size, style.text_gray);
    pen.paragraph(head, labels.with_colon(words.total) + points_label(ws.points(), words), box.left,
                  box.width(), FontStyle::regular, style.body_size, style.text_gray);
    head.rows.push_back(spacer(m::key_heading_space));
    blocks.push_back(std::move(head));
    for (const auto& section : v.sections) {
        bool first = true;
        for (const auto& q : section.questions) {
            Block kb = key_block(pen, box, q, ws.key_explanations, words);
            if (first && !section.source->title.empty()) {
                // A section's title, with its points, stays with its first key line.
                Block heading;
                pen.paragraph(heading, section.source->title.text + " (" + points_label(section.source->points(), words) + ")",
                              box.left, box.width(), FontStyle::bold, style.key_size, style.text_gray);
                kb.rows.insert(kb.rows.begin(), heading.rows.begin(), heading.rows.end());
                kb.space_before = style.question_gap;
            }
            first = false;
            blocks.push_back(std::move(kb));
        }
    }
    return blocks;
}

}  // namespace handout::layout
