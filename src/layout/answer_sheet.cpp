// The answer sheet of a variant (`--answer-sheet`): a bubble sheet holding
// every question's marks in the variant's numbering, in two columns under a
// header with the name field, the student-number grid and the marking note.
// Its pages carry the corner marks and a page code "A1", "A2" …; the
// question pages then carry none and can be collected or reused.
#include "layout/parts.hpp"

#include <algorithm>

#include "layout/marks.hpp"
#include "layout/metrics.hpp"

namespace handout::layout {

namespace {

namespace m = metrics;

class AnswerSheet {
public:
    AnswerSheet(const Pen& pen, const TextBox& column, const Variant& v)
        : pen_(pen), marker_(pen), style_(pen.style()), box_(column), v_(v) {}

    std::vector<Block> blocks(Block header) const {
        std::vector<Block> out;
        if (v_.worksheet->id_digits > 0) student_number(header);
        out.push_back(std::move(header));
        for (const auto& section : v_.sections)
            for (const auto& q : section.questions) out.push_back(entry(q));
        return out;
    }

private:
    const Pen& pen_;
    const Marker marker_;
    const PageStyle& style_;
    const TextBox box_;
    const Variant& v_;

    double x0() const { return box_.left + pen_.number_indent(); }
    double size() const { return style_.body_size; }
    Row line() const {
        Row r;
        r.height = pen_.lead(size()) + style_.option_gap;
        return r;
    }

    void student_number(Block& header) const { student_number_rows(pen_, header, box_.left, v_.worksheet->id_digits); }

    // One question's marks: its number, then bubbles, boxes, rows or a teacher box.
    Block entry(const VariantQuestion& q) const {
        Block b;
        b.space_before = style_.question_gap * m::answer_entry_gap;
        b.in_column = true;
        const Tag base{Role::none, q.source_index, q.number, {}};
        const auto tagged = [&](Role role, std::string value) { return Tag{role, q.source_index, q.number, std::move(value)}; };
        Row first = line();
        first.items.push_back(text_run(box_.left, -size(), FontStyle::regular, size(), style_.text_gray,
                                       std::to_string(q.number) + "."));
        const Question& src = *q.source;
        std::visit(Overloaded{
                       [&](const Choice& c) { options(b, std::move(first), q, c.options.size(), false); },
                       [&](const Multi& mu) { options(b, std::move(first), q, mu.options.size(), true); },
                       [&](const TrueFalse&) {
                           const Labels& words = pen_.labels();
                           marker_.bubble(first, x0(), -size(), words.true_letter, tagged(Role::bubble, "T"));
                           marker_.bubble(first, x0() + marker_.step(), -size(), words.false_letter,
                                          tagged(Role::bubble, "F"));
                           b.rows.push_back(std::move(first));
                       },
                       [&](const Match& ma) {
                           b.rows.push_back(std::move(first));
                           rows(b, base, number_labels(ma.pairs.size()),
                                letter_labels(ma.right_items().size()), "");
                       },
                       [&](const Order& o) {
                           b.rows.push_back(std::move(first));
                           rows(b, base, number_labels(o.items.size()), number_labels(o.items.size()),
                                pen_.labels().item + " ");
                       },
                       [&](const Numeric& n) {
                           if (n.grid > 0) {
                               b.rows.push_back(std::move(first));
                               marker_.digit_grid(b, x0(), n.grid, tagged(Role::digit, ""), n.unit.text, true, box_.right);
                           } else {
                               person_marked(b, std::move(first), src, base);
                           }
                       },
                       [&](const ShortAnswer&) { person_marked(b, std::move(first), src, base); },
                       [&](const Fill&) { person_marked(b, std::move(first), src, base); },
                   },
                   src.body);
        return b;
    }

    // Lettered bubbles (choice) or tick boxes (multi) beside the number in
    // `first`, on more lines when they do not fit the column.
    void options(Block& b, Row first, const VariantQuestion& q, std::size_t n, bool boxes) const {
        const auto labels = letter_labels(n);
        const std::size_t per_line = marker_.fitting(x0(), box_.right, n);
        for (std::size_t k = 0; k < n; ++k) {
            if (k > 0 && k % per_line == 0) {
                b.rows.push_back(std::move(first));
                first = line();
            }
            const double x = x0() + static_cast<double>(k % per_line) * marker_.step();
            Tag tag{boxes ? Role::tick_box : Role::bubble, q.source_index, q.number, labels[k]};
            if (boxes)
                marker_.tick_box(first, x, -size(), labels[k], std::move(tag));
            else
                marker_.bubble(first, x, -size(), labels[k], std::move(tag));
        }
        b.rows.push_back(std::move(first));
    }

    // Rows "label  (A)(B)(C)…" under the number, one answer group each; a
    // row too long for the column goes on over more lines.
    void rows(Block& b, const Tag& base, const std::vector<std::string>& labels,
              const std::vector<std::string>& values, const std::string& prefix) const {
        // The bubbles start past the widest label, in a column.
        double label_w = 0;
        for (const auto& label : labels)
            label_w = std::max(label_w, pen_.width(FontStyle::regular, prefix + label, style_.meta_size));
        const double bx = x0() + label_w + m::answer_row_label_gap;
        const std::size_t per_line = marker_.fitting(bx, box_.right, values.size());
        for (std::size_t i = 0; i < labels.size(); ++i) {
            Row r = line();
            r.items.push_back(text_run(x0(), -size(), FontStyle::regular, style_.meta_size, style_.cue_gray(),
                                       prefix + labels[i]));
            for (std::size_t k = 0; k < values.size(); k += per_line) {
                if (k > 0) {
                    b.rows.push_back(std::move(r));
                    r = line();
                }
                const auto end =
                    values.begin() + static_cast<std::ptrdiff_t>(std::min(k + per_line, values.size()));
                marker_.bubble_row(r, bx, -size(), {values.begin() + static_cast<std::ptrdiff_t>(k), end},
                                   std::to_string(i + 1), base);
            }
            b.rows.push_back(std::move(r));
        }
    }

    // "Answer on the question sheet", and the teacher box.
    void person_marked(Block& b, Row first, const Question& src, const Tag& base) const {
        first.items.push_back(text_run(x0(), -size(), FontStyle::italic, style_.meta_size, style_.cue_gray(),
                                       pen_.labels().on_question_sheet));
        b.rows.push_back(std::move(first));
        Row r = line();
        marker_.teacher_row(r, box_.right, -size(), src.points.halves, base);
        b.rows.push_back(std::move(r));
    }
};

}  // namespace

void student_number_rows(const Pen& pen, Block& b, double x, int digits) {
    const PageStyle& style = pen.style();
    b.rows.push_back(spacer(m::fields_space));
    Row label;
    label.height = pen.lead(style.body_size) + style.option_gap;
    label.items.push_back(text_run(x, -style.body_size, FontStyle::regular, style.body_size, style.text_gray,
                                   pen.labels().student_number));
    b.rows.push_back(std::move(label));
    Marker(pen).digit_grid(b, x, digits, Tag{Role::student_id, 0, 0, {}}, "", false, 0);
}

std::vector<Block> answer_sheet_blocks(const Pen& pen, const TextBox& column, const Variant& v, Block header) {
    return AnswerSheet(pen, column, v).blocks(std::move(header));
}

}  // namespace handout::layout
