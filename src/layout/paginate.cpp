// Pagination: places blocks of rows on pages, never splitting a block that
// fits a page, filling two columns where the page style has them.
#include "layout/parts.hpp"

#include "layout/metrics.hpp"

namespace handout::layout {

namespace {

// Moves an item by (dx, dy).
void translate(Item& item, double dx, double dy) {
    std::visit(
        [&](auto& it) {
            using T = std::decay_t<decltype(it)>;
            if constexpr (std::is_same_v<T, Rule>) {
                it.x1 += dx, it.x2 += dx, it.y1 += dy, it.y2 += dy;
            } else if constexpr (std::is_same_v<T, Circle>) {
                it.cx += dx, it.cy += dy;
            } else {
                it.x += dx, it.y += dy;
            }
        },
        item);
}

// Where the next row goes: the page being filled, the column on it, and the
// height reached.
class Placer {
public:
    Placer(const PageStyle& style)
        : style_(style),
          top_(style.page_height - style.margin_top),
          bottom_(style.margin_bottom + style.footer_size * metrics::footer_room),
          column_shift_(column_width(style) + style.column_gap),
          y_(top_),
          column_top_(top_) {}

    // Places one block: on what is left of this page (or column) when it
    // fits, else on the next whole; a block taller than a whole page is
    // split between rows.
    // `next` (may be null) is the block after it, kept on the same page when
    // `block` asks for it (it then must fit beside it, or both move on).
    void place(const Block& block, const Block* next, double gap_scale) {
        if (!block.in_column && column_ == 1) next_area(false);  // full width after columns: new page
        double h = block.height();
        if (block.keep_with_next && next) h += next->space_before * gap_scale + next->height();
        const bool at_top = y_ == (block.in_column ? column_top_ : top_);
        const double before = at_top ? 0 : block.space_before * gap_scale;
        if (!at_top && y_ - before - h < bottom_) {
            next_area(block.in_column);
        } else {
            y_ -= before;
        }
        for (const auto& row : block.rows) {
            if (y_ - row.height < bottom_ && y_ != top_ && y_ != column_top_) next_area(block.in_column);
            for (Item item : row.items) {
                translate(item, block.in_column && column_ == 1 ? column_shift_ : 0, y_);
                pages_.back().items.push_back(std::move(item));
            }
            y_ -= row.height;
        }
        // Columns start a question gap below the last full-width block.
        if (!block.in_column) column_top_ = style_.columns == 2 ? y_ - style_.question_gap : y_;
    }

    std::vector<Page> take() { return std::move(pages_); }

private:
    // Moves to the second column of this page, or to a new page.
    void next_area(bool in_column) {
        if (in_column && column_ == 0) {
            column_ = 1;
            y_ = column_top_;
            return;
        }
        pages_.emplace_back();
        y_ = column_top_ = top_;
        column_ = 0;
    }

    const PageStyle& style_;
    const double top_, bottom_, column_shift_;
    std::vector<Page> pages_ = std::vector<Page>(1);
    double y_;
    double column_top_;  // where the columns of this page start
    int column_ = 0;
};

}  // namespace

std::vector<Page> paginate(const std::vector<Block>& blocks, const PageStyle& style, double gap_scale) {
    Placer placer(style);
    for (std::size_t i = 0; i < blocks.size(); ++i)
        placer.place(blocks[i], i + 1 < blocks.size() ? &blocks[i + 1] : nullptr, gap_scale);
    return placer.take();
}

}  // namespace handout::layout
