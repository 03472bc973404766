// The marks a student or teacher fills (marks.hpp).
#include "layout/marks.hpp"

#include <algorithm>

#include "handout/points.hpp"
#include "handout/fonts.hpp"
#include "handout/layout.hpp"
#include "layout/metrics.hpp"

namespace handout::layout {

namespace m = metrics;

namespace {

/// Characters (code points) in UTF-8 `text`.
double letters_in(const std::string& text) {
    return static_cast<double>(count_code_points(text));
}

Tag with(const Tag& base, Role role, std::string value) {
    Tag t = base;
    t.role = role;
    t.value = std::move(value);
    return t;
}

/// `h` half points as printed in a teacher bubble ("0", "½", "1½") and as a value ("0", "0.5", "1.5").
std::string half_label(int h) { return format_points(Points{h}); }
std::string half_value(int h) { return points_decimal(Points{h}); }

}  // namespace

std::vector<std::string> letter_labels(std::size_t n) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i) out.emplace_back(1, static_cast<char>('A' + i));
    return out;
}

std::vector<std::string> number_labels(std::size_t n) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i) out.push_back(std::to_string(i + 1));
    return out;
}

double Marker::radius() const {
    return std::max(pen_.style().body_size * m::bubble_radius * pen_.style().mark_scale, m::bubble_radius_min);
}

double Marker::room() const { return 2 * radius() + m::bubble_text_gap; }

double Marker::gap(double least) const {
    return std::max(least, radius() * m::bubble_clearance + pen_.style().rule_width / 2);
}

double Marker::step() const { return 2 * radius() + gap(m::bubble_row_gap); }

std::size_t Marker::fitting(double x, double right, std::size_t n) const {
    std::size_t k = 1;
    while (k < n && row_width(k + 1) <= right - x + 0.005) ++k;
    return k;
}

double Marker::row_width(std::size_t n) const {
    return n == 0 ? 0 : static_cast<double>(n) * step() - gap(m::bubble_row_gap);
}

void Marker::bubble(Row& r, double x, double y, const std::string& label, Tag tag) const {
    const PageStyle& style = pen_.style();
    const double size = style.body_size;
    const double cx = x + radius(), cy = y + m::mid_line * size;
    r.items.push_back(Circle{cx, cy, radius(), style.rule_width, style.rule_gray, std::move(tag)});
    const double ls = std::min(size * m::label_scale * style.mark_scale,
                               radius() * m::label_fit * 2 / std::max(1.0, letters_in(label)));
    const double lw = pen_.width(FontStyle::bold, label, ls);
    r.items.push_back(text_run(cx - lw / 2, cy - ls * m::label_drop, FontStyle::bold, ls, style.text_gray, label));
}

void Marker::tick_box(Row& r, double x, double y, const std::string& label, Tag tag) const {
    const double side = 2 * radius() * m::tick_box;
    square(r, x + radius() - side / 2, y, side, label, std::move(tag));
}

void Marker::square(Row& r, double x, double y, double side, const std::string& label, Tag tag) const {
    const PageStyle& style = pen_.style();
    const double size = style.body_size;
    const double cy = y + m::mid_line * size;
    r.items.push_back(Box{x, cy - side / 2, side, side, style.rule_width, style.rule_gray, std::move(tag)});
    if (label.empty()) return;
    const double ls = size * m::label_scale * style.mark_scale;
    const double lw = pen_.width(FontStyle::bold, label, ls);
    r.items.push_back(text_run(x + (side - lw) / 2, cy - ls * m::label_drop, FontStyle::bold, ls, style.text_gray, label));
}

void Marker::bubble_row(Row& r, double x, double y, const std::vector<std::string>& labels, const std::string& row,
                        const Tag& base) const {
    for (const auto& label : labels) {
        std::string value = row;
        value += ':';
        value += label;
        bubble(r, x, y, label, with(base, Role::bubble, value));
        x += step();
    }
}

void Marker::digit_grid(Block& b, double x, int columns, const Tag& base, const std::string& after,
                        bool sign_and_point, double right) const {
    const PageStyle& style = pen_.style();
    const double size = style.body_size;
    const double column = 2 * radius() + gap(m::digit_column_gap);
    const double box_h = 2 * radius() * m::digit_box_height;
    Row boxes;
    boxes.height = box_h + gap(m::digit_row_gap);
    for (int c = 0; c < columns; ++c)
        boxes.items.push_back(Box{x + c * column - m::digit_box_pad, -box_h,
                                  2 * radius() + 2 * m::digit_box_pad, box_h, style.rule_width,
                                  style.rule_gray, with(base, Role::answer_box, std::to_string(c + 1))});
    // A number is written left to right in every script: on a mirrored page
    // the grid moves to the right, its columns in their order (keep_order);
    // the unit beside it goes to its left.
    const double grid_right = x + (columns - 1) * column + 2 * radius();
    const auto keep_columns = [&](Row& row) {
        if (pen_.rtl()) keep_order(row.items, 0, x, grid_right, pen_.fonts());
    };
    keep_columns(boxes);
    // The unit right of the boxes when it fits there on one line; else
    // under the grid, wrapped to end at `right`.
    const double ux = x + columns * column + m::numeric_unit_gap;
    const bool beside = after.empty() || pen_.width(FontStyle::regular, after, size) <= right - ux;
    if (!after.empty() && beside)
        boxes.items.push_back(text_run(ux, -box_h / 2 - size * m::numeric_label_drop, FontStyle::regular, size,
                                       style.text_gray, after));
    b.rows.push_back(std::move(boxes));
    const std::string minus = "\u2212";
    for (const char* character : {"\u2212", ".", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}) {
        const std::string ch = character;
        if (!sign_and_point && (ch == minus || ch == ".")) continue;
        Row r;
        r.height = 2 * radius() + gap(m::digit_row_gap);
        for (int c = 0; c < columns; ++c) {
            if (ch == minus && c > 0) continue;  // a sign goes first
            bubble(r, x + c * column, -size, ch, with(base, base.role, std::to_string(c + 1) + ":" + (ch == minus ? "-" : ch)));
        }
        keep_columns(r);
        b.rows.push_back(std::move(r));
    }
    if (!beside) text_rows(pen_, b, after, x, right);
}

void text_rows(const Pen& pen, Block& b, const std::string& text, double x, double right) {
    const PageStyle& style = pen.style();
    const double size = style.body_size;
    for (const auto& line : wrap_text(text, pen.fonts(), FontStyle::regular, size, std::max(right - x, size))) {
        Row r;
        r.height = pen.lead(size);
        r.items.push_back(text_run(x, -size, FontStyle::regular, size, style.text_gray, line));
        b.rows.push_back(std::move(r));
    }
}

// Half points up to 6 points, whole points up to 12; past that the smallest
// step of 2, 5, 10, 20 or 50 points that keeps the row at 13 bubbles or fewer
// (a 100-point question offers 0, 10, 20 … 100), always ending at the top.
std::vector<int> Marker::teacher_values(int halves) const {
    int step_halves = halves <= m::teacher_half_steps_up_to ? 1 : 2;
    for (int points : {2, 5, 10, 20, 50}) {
        if (halves / step_halves + 1 <= m::teacher_bubbles_max) break;
        step_halves = 2 * points;
    }
    std::vector<int> values;
    for (int h = 0; h < halves; h += step_halves) values.push_back(h);
    values.push_back(halves);
    return values;
}

double Marker::teacher_row_width(int halves) const {
    const PageStyle& style = pen_.style();
    return pen_.width(FontStyle::italic, pen_.labels().teacher, style.meta_size) + m::teacher_label_gap +
           row_width(teacher_values(halves).size());
}

void Marker::teacher_row(Row& r, double right, double y, int halves, const Tag& base) const {
    const PageStyle& style = pen_.style();
    const auto values = teacher_values(halves);
    double x = right - teacher_row_width(halves);
    r.items.push_back(text_run(x, y, FontStyle::italic, style.meta_size, style.muted_gray, pen_.labels().teacher));
    x += pen_.width(FontStyle::italic, pen_.labels().teacher, style.meta_size) + m::teacher_label_gap;
    for (int h : values) {
        bubble(r, x, y, half_label(h), with(base, Role::teacher_box, half_value(h)));
        x += step();
    }
}

}  // namespace handout::layout

namespace handout {

// Lighter than this, the thin strokes of small print come out of a 150 dpi
// scan lighter still (each pixel partly paper) and fall under a 50 %
// threshold: classic's gray 0.55 gap numbers and hints vanish whole, and at
// 0.35 they still break up (Layout.CuesSurviveAFiftyPercentCut).
constexpr double cue_gray_max = 0.15;

double PageStyle::cue_gray() const { return std::min(muted_gray, cue_gray_max); }

}  // namespace handout
