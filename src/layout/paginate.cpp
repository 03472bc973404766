// Pagination: places blocks of rows on pages, never splitting a block that
// fits a page, filling two columns where the page style has them.
#include "layout/parts.hpp"

#include <optional>

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
    Placer(const PageStyle& style, double fill)
        : style_(style),
          top_(style.page_height - style.margin_top),
          bottom_(style.margin_bottom + style.footer_size * metrics::footer_room),
          limit_(top_ - (top_ - bottom_) * fill),
          column_shift_(column_width(style) + style.column_gap),
          y_(top_),
          column_top_(top_) {}

    // Places one block: on what is left of this page (or column) above the
    // fill limit when it fits, else on the next whole; a block taller than a
    // whole page is split between rows.
    // `next` (may be null) is the block after it, kept on the same page when
    // `block` asks for it (it then must fit beside it, or both move on).
    void place(const Block& block, const Block* next, double gap_scale) {
        if (!block.in_column && column_ == 1) next_area(false);  // full width after columns: new page
        starts_.push_back(pages_.size() - 1);
        double h = block.height();
        if (block.keep_with_next && next) h += next->space_before * gap_scale + next->height();
        const bool opens_page = block.in_column ? column_ == 0 && y_ == column_top_ : y_ == top_;
        if (block.page_break && !opens_page) next_area(false, true);
        const bool at_top = y_ == (block.in_column ? column_top_ : top_);
        const double before = at_top ? 0 : block.space_before * gap_scale;
        // The block after one kept with it was placed with it: only the page ends it.
        const double floor = kept_ ? bottom_ : limit_;
        kept_ = block.keep_with_next && next;
        if (!at_top && y_ - before - h < floor) {
            next_area(block.in_column);
            starts_.back() = pages_.size() - 1;
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
        ends_.push_back(pages_.size() - 1);
        // Columns start a question gap below the last full-width block.
        if (!block.in_column) column_top_ = style_.columns == 2 ? y_ - style_.question_gap : y_;
    }

    std::vector<Page> take() { return std::move(pages_); }
    std::vector<std::size_t> starts() const { return starts_; }
    std::vector<std::size_t> ends() const { return ends_; }

private:
    // Moves to the second column of this page, or to a new page (always, when `page`).
    void next_area(bool in_column, bool page = false) {
        if (in_column && column_ == 0 && !page) {
            column_ = 1;
            y_ = column_top_;
            return;
        }
        pages_.emplace_back();
        y_ = column_top_ = top_;
        column_ = 0;
    }

    const PageStyle& style_;
    const double top_, bottom_, limit_, column_shift_;
    std::vector<Page> pages_ = std::vector<Page>(1);
    std::vector<std::size_t> starts_;  // the page each block starts on
    std::vector<std::size_t> ends_;    // the page each block ends on
    bool kept_ = false;                // the last block keeps with this one
    double y_;
    double column_top_;  // where the columns of this page start
    int column_ = 0;
};

}  // namespace

std::vector<Page> paginate(const std::vector<Block>& blocks, const PageStyle& style, double gap_scale, double fill,
                           std::vector<std::size_t>* starts, std::vector<std::size_t>* ends) {
    Placer placer(style, fill);
    for (std::size_t i = 0; i < blocks.size(); ++i)
        placer.place(blocks[i], i + 1 < blocks.size() ? &blocks[i + 1] : nullptr, gap_scale);
    if (starts) *starts = placer.starts();
    if (ends) *ends = placer.ends();
    return placer.take();
}

std::vector<Page> paginate_without_widow(std::vector<Block>& blocks, const PageStyle& style, double gap_scale,
                                         double fill, std::size_t first) {
    std::vector<std::size_t> starts, ends;
    auto pages = paginate(blocks, style, gap_scale, fill, &starts, &ends);
    const std::size_t n = blocks.size();
    // The last block alone on the last page, the one before it sharing its
    // page with (the end of) another, so moving it empties no page: the two
    // go together.
    if (pages.size() < 2 || n < first + 3 || starts[n - 1] != pages.size() - 1) return pages;
    if (starts[n - 2] == starts[n - 1] || ends[n - 3] != starts[n - 2]) return pages;
    // Kept together they may need the whole of the last page.
    blocks[n - 2].keep_with_next = true;
    for (double f : {fill, 1.0}) {
        auto kept = paginate(blocks, style, gap_scale, f);
        if (kept.size() == pages.size()) return kept;
    }
    blocks[n - 2].keep_with_next = false;
    return pages;
}

namespace {

// No fill gives exactly `pages` (the count jumps past it): the last two
// blocks together, or the last, or from the end backwards any one block
// start a page of their own; the first of these that gives `pages`.
std::optional<std::vector<Page>> break_to(std::vector<Block>& blocks, const PageStyle& style, double gap_scale,
                                          double high, std::size_t pages, std::size_t first) {
    const std::size_t n = blocks.size();
    if (n < first + 3) return std::nullopt;
    std::vector<std::size_t> tries = {n - 2, n - 1};
    for (std::size_t from = n - 3; from > first; --from) tries.push_back(from);
    for (std::size_t t = 0; t < tries.size(); ++t) {
        const std::size_t from = tries[t];
        const bool kept = blocks[from].keep_with_next;
        blocks[from].page_break = true;
        // The last two go together (the first try): no question alone.
        blocks[from].keep_with_next = t == 0 || (t > 1 && kept);
        for (double fill : {high, 1.0}) {
            auto broken = paginate(blocks, style, gap_scale, fill);
            if (broken.size() == pages) return broken;
        }
        blocks[from].page_break = false;
        blocks[from].keep_with_next = kept;
    }
    return std::nullopt;
}

}  // namespace

std::vector<Page> paginate_to(std::vector<Block>& blocks, const PageStyle& style, double gap_scale,
                              std::size_t pages, std::size_t first) {
    // The fewest pages the blocks take only grows as the fill limit drops:
    // bisect for the lowest limit that still gives no more than `pages`.
    const auto count = [&](double fill) { return paginate(blocks, style, gap_scale, fill).size(); };
    double low = 0, high = 1;
    if (count(high) < pages && count(low) > pages) {
        for (int i = 0; i < metrics::fill_bisections; ++i) {
            const double mid = (low + high) / 2;
            (count(mid) > pages ? low : high) = mid;
        }
    }
    auto spread = paginate_without_widow(blocks, style, gap_scale, high, first);
    if (spread.size() >= pages) return spread;
    if (auto broken = break_to(blocks, style, gap_scale, high, pages, first)) return std::move(*broken);
    // Nothing else gives `pages` (a rare order of tall blocks): blank pages
    // at the end, so that every copy of a class set has the same page count.
    spread.resize(pages);
    return spread;
}

}  // namespace handout::layout
