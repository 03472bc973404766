// The parts of a laid-out variant, each in its own file: question bodies
// (questions.cpp), the key (key.cpp) and pagination (paginate.cpp); layout.cpp
// puts them together. Private to src/layout.
#pragma once

#include <vector>

#include "handout/layout.hpp"
#include "handout/points.hpp"
#include "handout/sheet_geometry.hpp"
#include "layout/pen.hpp"

namespace handout::layout {

/// One question set in `box`: its number and prompt, its picture (from
/// `images`, may be null), then the answer area of its type, and a teacher
/// box when asked and a person marks the question. Answer areas are tagged
/// with their role (document.hpp). `aside` (its points, "2 marks"; may be
/// empty) is set small and muted at the box's right edge on the number
/// line, and the prompt keeps clear of it. Fill gaps are `gap_width` wide
/// (unless the question sets its own), its `space` follows the answer area.
Block question_block(const Pen& pen, const TextBox& box, const ImageMap* images, const VariantQuestion& q,
                     bool teacher_boxes, const std::string& aside, double gap_width);

/// The width of every fill gap of `ws` that sets none: its `gap_width`, else
/// the widest gap answer's width rounded up to a step of about three
/// letters (at least two steps), so no gap hints at its answer's length.
double worksheet_gap_width(const Pen& pen, const Worksheet& ws);

/// The answer sheet of `v`: `header` (full width), then one block per
/// question in printed order, set in `column` (the first column of a
/// two-column style) with its bubbles, tick boxes, rows, digit grid or
/// teacher box, tagged as on the question pages.
std::vector<Block> answer_sheet_blocks(const Pen& pen, const TextBox& column, const Variant& v, Block header);

/// "Student number", then a grid of `digits` columns of 0–9 bubbles
/// (role student_id, values "column:digit") from x.
void student_number_rows(const Pen& pen, Block& b, double x, int digits);

/// `v` with two decimals, never "-0.00": the one number format of golden
/// dumps and `handout layout --json`, stable across platforms.
std::string two_decimals(double v);

/// A write-in field of the header: its label and what is written on its
/// line (a roster's name or class; empty for none).
struct WriteIn {
    std::string label, written;
};

/// `Total: ____ / 20` after the fields: its label ("Total:") and what
/// follows the line ("/ 20"); no total when the label is empty.
struct FieldTotal {
    std::string label, of;
};

/// The write-in fields set as a form across `box` on rows appended to `b`:
/// each label then a line to write on, the first field's line twice as long
/// as the others', the total at the right of the first row. Fields go on
/// as many rows as give each line at least its shortest length, spread
/// evenly; a label too long for a row alone wraps.
void field_rows(const Pen& pen, const TextBox& box, const std::vector<WriteIn>& fields, const FieldTotal& total,
                Block& b);

/// The height field_rows gives `fields`.
double field_rows_height(const Pen& pen, const TextBox& box, const std::vector<WriteIn>& fields,
                         const FieldTotal& total);

/// `text` cut, whole characters at a time, until it and a closing "…" fit
/// `width` in `font` at `size`; returns it with the "…" (never empty
/// of the "…": a width too narrow for any character gives "…" alone).
std::string ellipsized(std::string text, const FontSet& fonts, FontStyle font, double size, double width);

/// The lines of `text` written on a field `room` wide, and their size: one
/// line at the body size, shrunk down to written_min_scale of it, then
/// wrapped at smaller sizes until the lines stand in `height` above the
/// baseline; at the floor size, what does not fit ends in "…". The row
/// never grows: `handout mark` lays sheets out without their names.
std::pair<std::vector<std::string>, double> written_lines(const Pen& pen, const std::string& text, double room,
                                                          double height);

/// The key of variant `v` set in `box`: its heading with the total points
/// (and the student's name, when not empty), then one block per question
/// (`1.  B  option text`, its points at the right edge, the explanation
/// below); section titles with their points. Its words are the pen's labels.
std::vector<Block> key_blocks(const Pen& pen, const TextBox& box, const Variant& v, const std::string& student);

/// Places blocks top-down between the margins of `style`, `gap_scale` times
/// their space before, each on a page (or column) whose text reaches below
/// `fill` of its height only for a block that opens it; returns the pages
/// (without footers) and, when asked, the page each block starts and ends on.
std::vector<Page> paginate(const std::vector<Block>& blocks, const PageStyle& style, double gap_scale,
                           double fill = 1, std::vector<std::size_t>* starts = nullptr,
                           std::vector<std::size_t>* ends = nullptr);

/// As paginate, but never the last block alone on the last page when it can
/// be avoided on as many pages: the block before it then goes with it
/// (marked keep_with_next in `blocks`). Blocks before `first` (a header)
/// never move.
std::vector<Page> paginate_without_widow(std::vector<Block>& blocks, const PageStyle& style, double gap_scale,
                                         double fill, std::size_t first);

/// The blocks spread evenly over `pages` pages when they take fewer (the
/// lowest fill that keeps them on `pages`), without a widow; when they take
/// more, as paginate_without_widow at full pages.
std::vector<Page> paginate_to(std::vector<Block>& blocks, const PageStyle& style, double gap_scale,
                              std::size_t pages, std::size_t first);

/// Where the QR page code sits on a page of `style` (its dark-module extent):
/// bottom right, level with the bottom corner marks, inside the right margin.
scan::Rect qr_area(const PageStyle& style);

/// `style` with its margins widened where needed so that text keeps clear
/// of the corner marks and the QR code (machine-readable pages).
PageStyle marked_style(const PageStyle& style);

/// The QR symbol of `text` over the square `area`, tagged with `tag` (its
/// value becomes the text).
Symbol qr_symbol(const std::string& text, const scan::Rect& area, Tag tag);

/// Adds the four corner marks and the QR code "HO1 <sheet> <page_name>
/// <layout tag>[ <student>]" (the layout tag of the page as it is: call it
/// once every target is placed); the QR code at the bottom left, where
/// qr_area is mirrored, on a `mirrored` page (right to left).
void add_page_marks(Page& page, const PageStyle& style, const std::string& sheet,
                    const std::string& page_name, const std::string& student, bool mirrored);

}  // namespace handout::layout
