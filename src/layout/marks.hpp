// The marks a student or teacher fills, drawn alike on question pages and
// answer sheets: bubbles (a light label inside, a thin black outline), square
// tick boxes, rows of bubbles, digit grids and teacher boxes, each tagged with
// its role and value (document.hpp). Private to src/layout.
#pragma once

#include <string>
#include <vector>

#include "layout/pen.hpp"

namespace handout::layout {

/// The labels of a row of `n` bubbles: "A", "B", … (options, match letters)
/// and "1", "2", … (order places).
std::vector<std::string> letter_labels(std::size_t n);
std::vector<std::string> number_labels(std::size_t n);

class Marker {
public:
    explicit Marker(const Pen& pen) : pen_(pen) {}

    /// A bubble's radius: in proportion to the text, never under 3.7 mm across.
    double radius() const;
    /// From a bubble's left edge to the text after it.
    double room() const;
    /// Width of a row of `n` bubbles side by side.
    double row_width(std::size_t n) const;
    /// From one bubble of a row to the next.
    double step() const;
    /// How many of `n` bubbles of a row fit from x to `right` (at least one):
    /// a longer row is wrapped onto more lines, never past the column.
    std::size_t fitting(double x, double right, std::size_t n) const;
    /// The space between neighbouring bubbles: `least`, or more for large
    /// bubbles (see metrics' bubble_clearance).
    double gap(double least) const;

    /// A bubble whose left edge is at x, centred on the middle of a text line
    /// with its baseline at y, `label` inside in light gray.
    void bubble(Row& r, double x, double y, const std::string& label, Tag tag) const;
    /// A tick box of a bubble's size, centred where a bubble at x would be.
    void tick_box(Row& r, double x, double y, const std::string& label, Tag tag) const;
    /// A square of side `side` from x, centred on the line's middle; an optional label inside.
    void square(Row& r, double x, double y, double side, const std::string& label, Tag tag) const;
    /// Bubbles from x labelled `labels`, tagged like `base` with values "row:label".
    void bubble_row(Row& r, double x, double y, const std::vector<std::string>& labels, const std::string& row,
                    const Tag& base) const;

    /// A digit grid of `columns` from x: a write-in box per column, then a
    /// row of bubbles each for the minus sign (first column) and the decimal
    /// point when `sign_and_point`, and 0–9; tagged like `base` (its role:
    /// digit or student_id), values "column:character". `after` is printed
    /// right of the write-in boxes when it fits before `right` on one line,
    /// else under the grid, wrapped to end at `right`.
    void digit_grid(Block& b, double x, int columns, const Tag& base, const std::string& after,
                    bool sign_and_point, double right) const;

    /// A teacher box: "Teacher" then bubbles 0, ½, 1 … up to `halves` half
    /// points (whole steps only past 6 points), ending at `right`; tagged like
    /// `base` with role teacher_box and the points as decimals ("1.5").
    void teacher_row(Row& r, double right, double y, int halves, const Tag& base) const;
    /// The teacher row's width for `halves` half points.
    double teacher_row_width(int halves) const;

private:
    std::vector<int> teacher_values(int halves) const;

    const Pen& pen_;
};

/// Plain `text` (no markup) at the body size, wrapped to run from `x` to
/// `right`, one row per line (a unit too long to stand beside its box).
void text_rows(const Pen& pen, Block& b, const std::string& text, double x, double right);

}  // namespace handout::layout
