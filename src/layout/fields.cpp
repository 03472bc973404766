// The header's write-in fields set as a form: `Name ______  Date ____`,
// `Total: ____ / 20` at the right of the first row. Fields that do not fit
// one row with a line long enough to write on go on more rows, spread
// evenly; a label too long for a row on its own wraps. See parts.hpp.
#include <algorithm>
#include <cmath>

#include "handout/layout.hpp"
#include "layout/metrics.hpp"
#include "layout/parts.hpp"

namespace handout::layout {

namespace {

namespace m = metrics;

// One field as placed on its row: where its label starts, where its line
// runs, the label's lines (the last one on the line's baseline).
struct Placed {
    double x = 0, line_x = 0, end = 0;
    std::vector<std::string> label;
};

class FieldSetter {
public:
    FieldSetter(const Pen& pen, const TextBox& box, const FieldTotal& total)
        : pen_(pen), box_(box), size_(pen.style().body_size), total_(total) {
        if (!total_.label.empty()) total_w_ = total_width() + m::field_spacing;
    }

    // The fields' rows: which fields each holds, in order.
    std::vector<std::vector<std::size_t>> rows(const std::vector<WriteIn>& fields) const {
        if (fields.empty()) return {{}};  // the total alone
        auto greedy = pack(fields, fields.size());
        if (greedy.size() < 2) return greedy;
        // As many rows, but as even as they can be: 4, 3, 3 rather than 4, 4, 2.
        const std::size_t cap = (fields.size() + greedy.size() - 1) / greedy.size();
        auto even = pack(fields, cap);
        return even.size() == greedy.size() ? even : greedy;
    }

    // The rows' total height.
    double height(const std::vector<WriteIn>& fields) const {
        double h = 0;
        for (const auto& row : rows(fields)) h += row_height(place(fields, row, row_room(row)));
        return h;
    }

    // Sets `fields` on rows appended to `b`.
    void set(const std::vector<WriteIn>& fields, Block& b) const {
        const PageStyle& s = pen_.style();
        bool first_row = true;
        for (const auto& row : rows(fields)) {
            const auto placed = place(fields, row, row_room(row));
            Row r;
            r.height = row_height(placed);
            const double base = -(r.height - pen_.lead(size_) + size_);  // the last label line's
            for (std::size_t k = 0; k < row.size(); ++k) {
                const Placed& p = placed[k];
                const auto n = p.label.size();
                for (std::size_t i = 0; i < n; ++i)
                    r.items.push_back(text_run(p.x, base + static_cast<double>(n - 1 - i) * pen_.lead(size_),
                                               FontStyle::regular, size_, s.text_gray, p.label[i]));
                const double y = base - m::field_rule_drop;
                r.items.push_back(Rule{p.line_x, y, p.end, y, s.rule_width, s.rule_gray});
                written(r, p, fields[row[k]].written, base);
            }
            if (first_row && !total_.label.empty()) put_total(r, base);
            first_row = false;
            b.rows.push_back(std::move(r));
        }
    }

private:
    const Pen& pen_;
    const TextBox& box_;
    const double size_;
    const FieldTotal& total_;
    double total_w_ = 0;  // the total's width and the space before it

    double label_width(const WriteIn& f) const { return pen_.width(FontStyle::regular, f.label, size_); }
    // The shortest line a field gets: the first (the name) twice the others'.
    double least_line(std::size_t i) const { return size_ * m::field_least_line * (i == 0 ? 2 : 1); }
    double weight(std::size_t i) const { return i == 0 ? 2 : 1; }
    // The width a row's fields share: the first row leaves room for the total.
    double row_room(const std::vector<std::size_t>& row) const {
        return box_.width() - (!row.empty() && row.front() == 0 ? total_w_ : 0);
    }
    double least_width(const std::vector<WriteIn>& fields, std::size_t i) const {
        return label_width(fields[i]) + m::field_label_gap + least_line(i);
    }

    // Fields in order on rows of at most `cap`, each row as full as its
    // room allows (a field too wide for a row alone gets one).
    std::vector<std::vector<std::size_t>> pack(const std::vector<WriteIn>& fields, std::size_t cap) const {
        std::vector<std::vector<std::size_t>> out;
        std::vector<std::size_t> row;
        double used = 0;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            const double need = least_width(fields, i);
            const double room = box_.width() - (out.empty() ? total_w_ : 0);
            if (!row.empty() && (row.size() == cap || used + m::field_spacing + need > room)) {
                out.push_back(std::move(row));
                row.clear();
                used = 0;
            }
            used += (row.empty() ? 0 : m::field_spacing) + need;
            row.push_back(i);
        }
        if (!row.empty()) out.push_back(std::move(row));
        return out;
    }

    // The fields of `row` across `room`: each label, then a line; the lines
    // share what the labels leave, the first field's twice the others'.
    std::vector<Placed> place(const std::vector<WriteIn>& fields, const std::vector<std::size_t>& row,
                              double room) const {
        std::vector<Placed> out;
        double labels = 0, weights = 0;
        for (std::size_t i : row) {
            Placed p;
            // A label too long for the row beside its shortest line wraps (a field alone on its row).
            const double label_room = room - m::field_label_gap - least_line(i);
            p.label = label_width(fields[i]) <= label_room
                          ? std::vector<std::string>{fields[i].label}
                          : wrap_text(fields[i].label, pen_.fonts(), FontStyle::regular, size_, label_room);
            if (p.label.empty()) p.label.push_back("");
            labels += pen_.width(FontStyle::regular, p.label.back(), size_) + m::field_label_gap;
            weights += weight(i);
            out.push_back(std::move(p));
        }
        const double free = room - labels - m::field_spacing * static_cast<double>(row.size() - 1);
        double x = box_.left;
        for (std::size_t k = 0; k < row.size(); ++k) {
            Placed& p = out[k];
            p.x = x;
            p.line_x = x + pen_.width(FontStyle::regular, p.label.back(), size_) + m::field_label_gap;
            p.end = p.line_x + std::max(0.0, free) * weight(row[k]) / weights;
            x = p.end + m::field_spacing;
        }
        return out;
    }

    double row_height(const std::vector<Placed>& placed) const {
        std::size_t lines = 1;
        for (const Placed& p : placed) lines = std::max(lines, p.label.size());
        return static_cast<double>(lines) * pen_.lead(size_) + m::fields_extra;
    }

    // What is written on a field's line (a roster's name or class), fitted
    // to it: the last line on the rule, the others above it.
    void written(Row& r, const Placed& p, const std::string& text, double base) const {
        if (text.empty()) return;
        const double room = std::max(0.0, p.end - p.line_x - 2 * m::field_name_pad);
        const auto [lines, size] = written_lines(pen_, text, room, size_ + m::fields_extra);
        for (std::size_t k = 0; k < lines.size(); ++k) {
            const double y = base + static_cast<double>(lines.size() - 1 - k) * size * m::written_lead;
            r.items.push_back(
                text_run(p.line_x + m::field_name_pad, y, FontStyle::regular, size, pen_.style().text_gray, lines[k]));
        }
    }

    double total_width() const {
        return pen_.width(FontStyle::regular, total_.label, size_) + m::field_label_gap +
               m::total_line_scale * size_ + m::field_label_gap + pen_.width(FontStyle::regular, total_.of, size_);
    }

    // `Total: ____ / 20` ending at the right edge, the line as long as a
    // two-digit score needs.
    void put_total(Row& r, double base) const {
        const PageStyle& s = pen_.style();
        double x = box_.right - total_width();
        r.items.push_back(text_run(x, base, FontStyle::regular, size_, s.text_gray, total_.label));
        x += pen_.width(FontStyle::regular, total_.label, size_) + m::field_label_gap;
        const double line_w = m::total_line_scale * size_;
        r.items.push_back(
            Rule{x, base - m::field_rule_drop, x + line_w, base - m::field_rule_drop, s.rule_width, s.rule_gray});
        x += line_w + m::field_label_gap;
        r.items.push_back(text_run(x, base, FontStyle::regular, size_, s.text_gray, total_.of));
    }
};

}  // namespace

std::string ellipsized(std::string text, const FontSet& fonts, FontStyle font, double size, double width) {
    while (!text.empty() && fonts.width(font, text + "\u2026", size) > width) {
        text.erase(code_point_start(text, text.size() - 1));
    }
    return text + "\u2026";
}

std::pair<std::vector<std::string>, double> written_lines(const Pen& pen, const std::string& text, double room,
                                                          double height) {
    const double size = pen.style().body_size;
    const double w = pen.width(FontStyle::regular, text, size);
    if (w <= room) return {{text}, size};
    if (size * room / w >= size * m::written_min_scale) return {{text}, size * room / w};
    for (double s = size * m::written_min_scale;; s -= 0.25) {
        const bool floor = s <= m::written_floor_size;
        if (floor) s = m::written_floor_size;
        auto lines = wrap_text(text, pen.fonts(), FontStyle::regular, s, room);
        const double needed = static_cast<double>(lines.size() - 1) * s * m::written_lead + s * m::written_ascent;
        if (needed <= height) return {std::move(lines), s};
        if (floor) {
            const auto fit = static_cast<std::size_t>((height - s * m::written_ascent) / (s * m::written_lead)) + 1;
            lines.resize(std::max<std::size_t>(1, fit));
            lines.back() = ellipsized(std::move(lines.back()), pen.fonts(), FontStyle::regular, s, room);
            return {std::move(lines), s};
        }
    }
}

double field_rows_height(const Pen& pen, const TextBox& box, const std::vector<WriteIn>& fields,
                         const FieldTotal& total) {
    return FieldSetter(pen, box, total).height(fields);
}

void field_rows(const Pen& pen, const TextBox& box, const std::vector<WriteIn>& fields, const FieldTotal& total,
                Block& b) {
    FieldSetter(pen, box, total).set(fields, b);
}

}  // namespace handout::layout
