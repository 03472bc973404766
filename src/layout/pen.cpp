// The pen: measuring and setting text with inline markup, and the text box.
#include "layout/pen.hpp"

#include <algorithm>

#include "layout/metrics.hpp"

namespace handout::layout {

double Block::height() const {
    double h = 0;
    for (const auto& r : rows) h += r.height;
    return h;
}

Row spacer(double h) {
    Row r;
    r.height = h;
    return r;
}

TextBox TextBox::page(const PageStyle& style) {
    return {style.margin_left, style.page_width - style.margin_right};
}

TextBox TextBox::column(const PageStyle& style) {
    if (style.columns != 2) return page(style);
    return {style.margin_left, style.margin_left + column_width(style)};
}

double column_width(const PageStyle& style) {
    return (style.page_width - style.margin_left - style.margin_right - style.column_gap) / 2;
}

double Pen::rich_width(const std::string& text, FontStyle base, double size) const {
    double w = 0;
    for (const auto& span : parse_markup(text, base)) w += fonts_.width(span.font, span.text, size);
    return w;
}

std::vector<std::vector<PlacedRun>> Pen::rich(const std::string& text, FontStyle base, double size, double width,
                                              double first_width) const {
    return wrap_spans(parse_markup(text, base), fonts_, size, width, first_width);
}

void Pen::put(Row& r, double x, double y, const std::vector<PlacedRun>& line, double size, double gray) const {
    for (const auto& run : line) r.items.push_back(text_run(x + run.x, y, run.font, size, gray, run.text));
}

void Pen::paragraph(Block& b, const std::string& text, double x, double width, FontStyle font, double size,
                    double gray) const {
    for (const auto& line : rich(text, font, size, width)) {
        Row r;
        r.height = lead(size);
        put(r, x, -size, line, size, gray);
        b.rows.push_back(std::move(r));
    }
}

double Pen::number_indent() const {
    return std::max(metrics::number_indent_min,
                    fonts_.width(FontStyle::bold, "00.", style_.body_size) + metrics::number_indent_pad);
}

}  // namespace handout::layout
