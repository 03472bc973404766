// Feedback slips (`handout mark --slips`): for each student, the key of
// their variant with their own answers beside it. One slip is one block, so
// it moves whole to the next page when it does not fit what is left; a thin
// rule between slips is where to cut.
#include "layout/parts.hpp"

#include <algorithm>
#include <cmath>

#include "handout/markup.hpp"
#include "handout/text.hpp"
#include "handout/variant.hpp"
#include "layout/metrics.hpp"

namespace handout::layout {

namespace {

namespace m = metrics;

/// The tag value on the first run of each slip (found again after pagination).
constexpr const char* slip_mark = "slip";

// The student's marks in words, as the key words the right answer: the
// option's text after its letter, True/False, rows numbered.
std::pair<std::string, std::string> said(const VariantQuestion& q, const std::string& marked, const Labels& labels) {
    const Question& src = *q.source;
    switch (src.type()) {
        case QuestionType::choice: {
            const std::size_t pos = marked.size() == 1 ? static_cast<std::size_t>(marked[0] - 'A') : 0;
            const auto& order = q.option_order();
            if (marked.size() != 1 || pos >= order.size()) return {marked, ""};
            return {marked, src.as<Choice>().options[order[pos]].text};
        }
        case QuestionType::multi: {
            std::string letters;
            for (const auto& l : split(marked, ';')) letters += (letters.empty() ? "" : ", ") + l;
            return {letters, ""};
        }
        case QuestionType::truefalse:
            return {"", marked == "T" ? labels.true_word : marked == "F" ? labels.false_word : marked};
        case QuestionType::match: {
            std::string text;
            const auto rows = split(marked, ';');
            for (std::size_t i = 0; i < rows.size(); ++i)
                text += (i ? ", " : "") + std::to_string(i + 1) + " \u2192 " + (rows[i] == "-" ? "\u2013" : rows[i]);
            return {"", text};
        }
        case QuestionType::order: {
            std::string text;
            for (const auto& p : split(marked, ';')) text += (text.empty() ? "" : ", ") + (p == "-" ? "\u2013" : p);
            return {"", text};
        }
        default: return {"", marked};
    }
}

// One line: `label` muted in the label column, then bold `letters` and the
// rich `text` wrapped to the rest (the first line to `first_room`).
void labelled(const Pen& pen, Block& b, double x, double label_w, double right, const std::string& label,
              const std::string& letters, const std::string& text, double first_room) {
    const PageStyle& style = pen.style();
    const double size = style.key_size;
    const double lead_w = letters.empty() ? 0 : pen.width(FontStyle::bold, letters, size) + m::key_letters_gap;
    const double tx = x + label_w + lead_w;
    const auto lines = pen.rich(text.empty() ? " " : text, FontStyle::regular, size, right - tx,
                                first_room < 0 ? -1 : first_room - label_w - lead_w);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        Row r;
        r.height = pen.lead(size);
        if (i == 0) {
            r.items.push_back(text_run(x, -size, FontStyle::regular, size, style.text_gray, label));
            if (!letters.empty()) r.items.push_back(text_run(x + label_w, -size, FontStyle::bold, size, style.text_gray, letters));
        }
        pen.put(r, tx, -size, lines[i], size, style.text_gray);
        b.rows.push_back(std::move(r));
    }
}

// A question of a slip: its number, the student's answer with the points it
// earned at the right, the right answer unless it earned every point, and
// the explanation when the worksheet gives them.
void slip_question(const Pen& pen, const TextBox& box, Block& b, const VariantQuestion& q, const SlipAnswer& a,
                   bool explanations) {
    const Labels& labels = pen.labels();
    const PageStyle& style = pen.style();
    const double size = style.key_size;
    const Question& src = *q.source;
    const bool teacher = marked_by_teacher(src);
    b.rows.push_back(spacer(style.question_gap * m::key_line_space));

    const Points worth = a.max.value_or(src.points);
    const std::string aside = labels.earned_of(a.points, worth);
    const double aside_w = pen.width(FontStyle::regular, aside, style.meta_size);
    Row aside_row;
    aside_row.items.push_back(text_run(box.right - aside_w, -size, FontStyle::regular, style.meta_size, style.text_gray, aside));
    aside_row.items.push_back(text_run(box.left, -size, FontStyle::bold, size, style.text_gray, std::to_string(q.number) + "."));
    b.rows.push_back(std::move(aside_row));

    const double x = box.left + pen.number_indent();
    const std::string &yours = labels.your_answer, &right = labels.right_answer;
    const double label_w = std::max(pen.width(FontStyle::regular, yours, size), pen.width(FontStyle::regular, right, size)) +
                           m::key_letters_gap;
    const double room = box.right - x - aside_w - m::aside_gap;
    if (!a.points) {
        labelled(pen, b, x, label_w, box.right, yours, "", labels.to_be_marked, room);
    } else if (teacher) {
        labelled(pen, b, x, label_w, box.right, yours, "", labels.teacher_marked, room);
    } else if (a.marked.empty()) {
        labelled(pen, b, x, label_w, box.right, yours, "", labels.not_answered, room);
    } else {
        const auto [letters, text] = said(q, a.marked, labels);
        labelled(pen, b, x, label_w, box.right, yours, letters, text, room);
    }
    const bool full = a.points && *a.points >= worth.value() - 1e-9;
    if (!full || teacher) {
        AnswerDisplay shown = q.answer();
        if (const auto* tf = std::get_if<TrueFalse>(&src.body))  // in the sheet's language
            shown.text = tf->truth ? labels.true_word : labels.false_word;
        labelled(pen, b, x, label_w, box.right, right, shown.letters, shown.text, -1);
    }
    if (explanations && !src.explain.empty())
        pen.paragraph(b, src.explain.text, x + label_w, box.right - x - label_w, FontStyle::italic,
                      size * m::explain_scale, style.explain_gray);
    if (!a.note.empty())
        pen.paragraph(b, a.note, x + label_w, box.right - x - label_w, FontStyle::italic,
                      size * m::explain_scale, style.text_gray);
}

// One student's slip: who and what they scored, then every question in the
// order printed on their sheet; a cut line after it unless it is the last.
Block slip_block(const Pen& pen, const TextBox& box, const Slip& s, bool last) {
    const Labels& labels = pen.labels();
    const PageStyle& style = pen.style();
    const Variant& v = *s.variant;
    const Worksheet& ws = *v.worksheet;
    Block b;
    b.space_before = style.question_gap;
    const std::string who = s.name.empty() ? s.sheet : s.name;
    pen.paragraph(b, who, box.left, box.width(), FontStyle::bold, style.subtitle_size, style.text_gray);
    // Its first run marks where the slip starts, for its bookmark.
    if (auto* run = std::get_if<TextRun>(&b.rows.front().items.front())) run->tag.value = slip_mark;
    const std::string before = ws.title.text + "  \u00b7  ";
    pen.paragraph(b, before + pen.code_after(before, s.sheet), box.left, box.width(), FontStyle::regular,
                  style.meta_size, style.text_gray);
    double earned = s.bonus;
    std::size_t open = 0;
    for (const auto& [index, a] : s.answers) {
        if (a.points) earned += *a.points;
        else ++open;
    }
    std::string score = labels.with_colon(open ? labels.score_so_far : labels.score) +
                        labels.earned_of(earned, s.max.value_or(ws.points()));
    if (open) score += " (" + labels.still_open_of(open) + ")";
    if (s.bonus != 0)
        score += " (bonus " + points_decimal(Points{static_cast<int>(std::lround(s.bonus * 2))}) + ")";
    pen.paragraph(b, score, box.left, box.width(), FontStyle::bold, style.key_size, style.text_gray);
    for (const auto& section : v.sections)
        for (const auto& q : section.questions) {
            const auto found = s.answers.find(q.source_index);
            slip_question(pen, box, b, q, found == s.answers.end() ? SlipAnswer{} : found->second,
                          ws.key_explanations);
        }
    if (!last) {
        b.rows.push_back(spacer(style.question_gap));
        Row cut;
        cut.height = style.question_gap;
        cut.items.push_back(Rule{box.left, 0, box.right, 0, style.rule_width, style.rule_gray});
        b.rows.push_back(std::move(cut));
    }
    return b;
}

}  // namespace

}  // namespace handout::layout

namespace handout {

void layout_slips(const std::vector<Slip>& slips, const PageStyle& style, const FontSet& fonts, Document& doc) {
    if (slips.empty()) return;
    // In the worksheet's language, as its sheets were printed.
    const Worksheet& ws = *slips.front().variant->worksheet;
    const Labels labels = resolve_labels(ws, &style.labels);
    const layout::Pen pen(style, fonts, labels, ws.right_to_left());
    const layout::TextBox box = layout::TextBox::page(style);
    std::vector<layout::Block> blocks;
    for (std::size_t i = 0; i < slips.size(); ++i)
        blocks.push_back(layout::slip_block(pen, box, slips[i], i + 1 == slips.size()));
    Document part;
    part.width = style.page_width;
    part.height = style.page_height;
    part.fonts = pen.fonts().files();
    part.title = labels.feedback + " \u00b7 " + ws.title.text;
    part.pages = layout::paginate(blocks, style, 1.0);
    // Footer: what it is on the left, `page n of m` on the right.
    const double size = style.footer_size, y = style.margin_bottom - size;
    const std::string left = labels.feedback + " \u00b7 " + plain_text(ws.title.text);
    for (std::size_t n = 0; n < part.pages.size(); ++n) {
        const std::string right = labels.page_of(n + 1, part.pages.size());
        auto& items = part.pages[n].items;
        items.push_back(layout::text_run(box.left, y, FontStyle::regular, size, style.muted_gray, left));
        items.push_back(layout::text_run(box.right - pen.width(FontStyle::regular, right, size), y, FontStyle::regular,
                                         size, style.muted_gray, right));
        if (pen.rtl()) layout::mirror_page(part.pages[n], style.page_width, fonts);
    }
    layout::finish_fonts(part, 0, fonts);
    // Each slip is bookmarked by name (or sheet code) at the page it starts on.
    std::size_t next = 0;
    for (std::size_t n = 0; n < part.pages.size(); ++n)
        for (const Item& item : part.pages[n].items)
            if (const auto* run = std::get_if<TextRun>(&item); run && run->tag.value == layout::slip_mark && next < slips.size()) {
                const Slip& s = slips[next++];
                part.bookmarks.push_back({s.name.empty() ? s.sheet : s.name + " \u00b7 " + s.sheet, n});
            }
    append(doc, std::move(part));
}

}  // namespace handout
