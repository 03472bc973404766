// Right-to-left pages (Worksheet::right_to_left): the page is laid out left
// to right, then mirrored whole (mirror_page), each item to the far side of
// the page at its own width, so that question numbers, bubbles and the
// first option go right and what follows them goes left. What must keep its
// own left-to-right order (a line of text, whose runs wrap_spans has put in
// the order they print; a digit grid, whose columns are written left to
// right in every script) is reflected once more where it is set
// (keep_order), so that the two reflections move it without turning it.
#include "layout/pen.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "handout/text.hpp"

namespace handout::layout {

double item_width(const Item& item, const FontSet& fonts) {
    return std::visit(
        Overloaded{[&](const TextRun& run) {
                       if (!run.glyphs.empty())
                           return std::accumulate(run.glyphs.begin(), run.glyphs.end(), 0.0,
                                                  [](double w, const Glyph& g) { return w + g.advance; }) /
                                  1000.0 * run.size;
                       // A formula's glyph (a maths slot) has no width here: it
                       // is always part of a line, which keep_order moves whole.
                       if (static_cast<std::size_t>(run.font) >= font_style_count) return 0.0;
                       return fonts.width(run.font, run.text, run.size);
                   },
                   [](const Rule& rule) { return std::abs(rule.x2 - rule.x1); },
                   [](const Circle&) { return 0.0; }, [](const Symbol& symbol) { return symbol.size; },
                   [](const auto& it) { return it.w; }},
        item);
}

void reflect(Item& item, double sum, const FontSet& fonts) {
    const double w = item_width(item, fonts);
    std::visit(Overloaded{[&](Rule& rule) {
                              rule.x1 = sum - rule.x1;
                              rule.x2 = sum - rule.x2;
                          },
                          [&](Circle& circle) { circle.cx = sum - circle.cx; },
                          [&](auto& it) { it.x = sum - it.x - w; }},
               item);
}

double items_right(const std::vector<Item>& items, std::size_t from, const FontSet& fonts) {
    double right = -std::numeric_limits<double>::infinity();
    for (std::size_t i = from; i < items.size(); ++i)
        right = std::max(right,
                         std::visit(Overloaded{[](const Rule& rule) { return std::max(rule.x1, rule.x2); },
                                               [](const Circle& circle) { return circle.cx + circle.r; },
                                               [&](const auto& it) { return it.x + item_width(it, fonts); }},
                                    items[i]));
    return right;
}

void keep_order(std::vector<Item>& items, std::size_t from, double left, double right, const FontSet& fonts) {
    for (std::size_t i = from; i < items.size(); ++i) reflect(items[i], left + right, fonts);
}

void keep_lines(std::vector<Row>& rows, std::size_t first_row, std::size_t skip, double left,
                const FontSet& fonts) {
    for (std::size_t i = first_row; i < rows.size(); ++i) {
        std::vector<Item>& items = rows[i].items;
        const std::size_t from = i == first_row ? std::min(skip, items.size()) : 0;
        keep_order(items, from, left, std::max(left, items_right(items, from, fonts)), fonts);
    }
}

bool has_rtl_letter(const std::string& text) {
    std::u32string chars;
    decode_utf8(text, chars);
    return std::any_of(chars.begin(), chars.end(), [](char32_t c) {
        return first_strong_rtl(std::u32string_view(&c, 1)).value_or(false);
    });
}

void mirror_page(Page& page, double width, const FontSet& fonts) {
    for (Item& item : page.items) reflect(item, width, fonts);
    page.right_to_left = true;
}

}  // namespace handout::layout
