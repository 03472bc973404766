// The layout's working parts: rows and blocks (what pagination places), the
// text box a part is set in, and the pen that measures and sets text.
// Private to src/layout.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "handout/labels.hpp"
#include "handout/math.hpp"
#include "handout/document.hpp"
#include "handout/fonts.hpp"
#include "handout/markup.hpp"
#include "handout/wrap.hpp"
#include "handout/style.hpp"

namespace handout::layout {

/// A horizontal strip of the page: its height and its items, with y measured
/// upward from the strip's top edge (so item y values are zero or negative).
struct Row {
    double height = 0;
    std::vector<Item> items;
    double math_shift = 0;  ///< how far a tall formula has moved the row's items down (Pen::put)
};

/// Rows that stay together on one page (a question, or a heading with its
/// first question), preceded by `space_before` unless it opens a page.
struct Block {
    double space_before = 0;
    bool in_column = false;  ///< laid out at column width (two-column styles)
    bool keep_with_next = false;  ///< starts on the page (or column) where the next block starts
    bool page_break = false;      ///< starts a new page (unless it opens one)
    std::vector<Row> rows;

    double height() const;
};

/// A row of height `h` with nothing on it.
Row spacer(double h);

/// The horizontal extent text is set in: the page between its margins, or
/// the first column of a two-column style.
struct TextBox {
    double left = 0, right = 0;
    double width() const { return right - left; }

    /// The page between its margins.
    static TextBox page(const PageStyle& style);
    /// The first column of a two-column style (the page for one column).
    static TextBox column(const PageStyle& style);
};

/// Width of one column of a two-column style.
double column_width(const PageStyle& style);

/// Measures and sets text in a page style's faces, and knows the labels
/// (labels.hpp) printed around the teacher's text. Holds no position: every
/// call says where.
class Pen {
public:
    /// A pen for a page mirrored to read right to left when `rtl`
    /// (mirror_page): each line it sets keeps its order (keep_order).
    /// `shrunk`, when given, gets each formula put smaller than its size to
    /// fit its line (Document::shrunk_formulas).
    Pen(const PageStyle& style, const FontSet& fonts, const Labels& labels, bool rtl,
        std::vector<ShrunkFormula>* shrunk = nullptr)
        : style_(style), fonts_(fonts), labels_(labels), shrunk_(shrunk), rtl_(rtl) {}

    const PageStyle& style() const { return style_; }
    /// Whether its pages are mirrored (right to left).
    bool rtl() const { return rtl_; }
    const FontSet& fonts() const { return fonts_; }
    const Labels& labels() const { return labels_; }

    /// Baseline distance of text of `size`.
    double lead(double size) const { return size * style_.line_gap; }
    /// Width of plain `text` (no markup).
    double width(FontStyle font, const std::string& text, double size) const {
        return fonts_.width(font, text, size);
    }
    /// Width of text with markup set on one line.
    double rich_width(const std::string& text, FontStyle base, double size) const;
    /// Text with inline markup (**bold**, *italic*, `code`) on a `base` face,
    /// wrapped to `width` (the first line to `first_width` when that is not
    /// negative): each line a list of runs placed from the line start.
    std::vector<std::vector<PlacedRun>> rich(const std::string& text, FontStyle base, double size, double width,
                                             double first_width = -1) const;
    /// Puts one line of runs on row `r` at (x, y). A formula taller or
    /// deeper than the row has room for moves the row's items down and
    /// makes the row taller (Row::math_shift).
    void put(Row& r, double x, double y, const std::vector<PlacedRun>& line, double size, double gray) const;

    /// A paragraph (with markup) wrapped to `width` at `x`: one row per line.
    void paragraph(Block& b, const std::string& text, double x, double width, FontStyle font, double size,
                   double gray) const;
    /// A sheet code (or any text of Latin letters, digits and dashes) to
    /// follow `before` in a paragraph: on a mirrored page where `before`
    /// holds right-to-left letters, closed by a left-to-right mark (U+200E,
    /// which wrap_spans orders by and drops), so that the bidirectional
    /// algorithm keeps its closing "-*" at its end ("W3-…-1-*", not "*-W3-…-1").
    std::string code_after(const std::string& before, const std::string& code) const;
    /// Room for the widest question number a page will show ("10.").
    double number_indent() const;

private:
    /// The spans of `text` with its formulas typeset at `size`.
    std::vector<Span> spans(const std::string& text, FontStyle base, double size) const;
    /// The typeset formula a run stands for (`$src` or `$$src`), cached.
    const MathBox& formula(const std::string& key, double size) const;
    void put_formula(Row& r, double x, double y, const PlacedRun& run, double size, double gray) const;

    const PageStyle& style_;
    const FontSet& fonts_;
    const Labels& labels_;
    std::vector<ShrunkFormula>* shrunk_;
    bool rtl_;
    mutable std::map<std::pair<std::string, double>, const MathBox*> formulas_;  ///< by source and size
};

/// Finishes the fonts of `doc`'s pages from `first_page` on, once they are
/// complete (footers included): sets their CJK characters (cjk_character)
/// in the CJK faces (fonts.hpp's cjk_font_slot), a run of the page style's
/// faces that holds some being cut into runs of one face each, each placed
/// where the text before it ends (FontSet::width measures CJK characters in
/// their face, so the text reads as laid out), the first keeping the run's
/// tag; then names the file of every slot past the page style's faces that
/// a run is set in (the maths fonts, where a pen set a formula's glyphs, and
/// the CJK faces) in `doc.fonts`, so a PDF embeds only the faces it uses.
void finish_fonts(Document& doc, std::size_t first_page, const FontSet& fonts);

/// How wide `item` is along the page (a text run as its font measures it,
/// or its glyphs once shaped; a rule's extent; 0 for a circle's centre).
double item_width(const Item& item, const FontSet& fonts);

/// Reflects `item` in the vertical line x = sum / 2: what spanned x to
/// x + w spans sum − x − w to sum − x. A picture, QR symbol or text keeps
/// its own content unturned; only its place moves.
void reflect(Item& item, double sum, const FontSet& fonts);

/// Where the rightmost of `items` from `from` on ends (−∞ for none).
double items_right(const std::vector<Item>& items, std::size_t from, const FontSet& fonts);

/// Mirrors a page laid out left to right so that it reads right to left:
/// every item reflected in the page's middle (reflect); the page is marked
/// Page::right_to_left (its runs' paragraph direction, finish_fonts).
void mirror_page(Page& page, double width, const FontSet& fonts);

/// Reflects `items` from `from` on within `left`…`right` (their extent), so
/// that mirror_page then moves them as a whole to the mirrored extent
/// without turning them: a line of text whose runs are already in the
/// order they print, a digit grid whose columns read left to right.
void keep_order(std::vector<Item>& items, std::size_t from, double left, double right, const FontSet& fonts);

/// keep_order for each row of `rows` from `first_row` on (its items from
/// `left` to where they end), the first `skip` items of the first row
/// aside: lines of words placed one by one that keep their order.
void keep_lines(std::vector<Row>& rows, std::size_t first_row, std::size_t skip, double left,
                const FontSet& fonts);

/// Whether `text` holds a letter written right to left (Hebrew, Arabic …).
bool has_rtl_letter(const std::string& text);

/// A text run (untagged).
inline TextRun text_run(double x, double y, FontStyle font, double size, double gray, std::string text) {
    return TextRun{x, y, font, size, gray, std::move(text)};
}

}  // namespace handout::layout
