// The layout's fixed measures, named. Lengths in points, "scale"s are
// multiples of the body size (or of the size named). What a page style can
// change (sizes, margins, gaps, grays) lives in PageStyle instead.
#pragma once

#include <cstddef>

namespace handout::metrics {

// ---- markers: bubbles, tick boxes and answer boxes ---------------------------
/// The middle of a line of text above its baseline (about half the cap
/// height): bubbles and boxes are centred on it.
inline constexpr double mid_line = 0.34;
/// Radius of a choice bubble, in body sizes and at least (3.7 mm across:
/// the scan reader needs 3.5 mm or more).
inline constexpr double bubble_radius = 0.48;
inline constexpr double bubble_radius_min = 5.25;
/// Space between the bubbles of a row (match, order, digit grids), at least.
inline constexpr double bubble_row_gap = 3.5;
/// ... and at least this many radii plus half the rule: the scanner looks
/// for the strokes of a crossed-out mark up to 1.5 radii from a bubble's
/// centre, so a neighbour's outline must start past that (with 0.1 radius to
/// spare for registration). Large bubbles (large print, A3) need the room.
inline constexpr double bubble_clearance = 0.6;
/// A digit grid: space between its rows; its write-in boxes' height (in
/// bubble diameters) and how far they reach past a bubble on each side.
inline constexpr double digit_row_gap = 3.5;
inline constexpr double digit_column_gap = 6;
inline constexpr double digit_box_height = 1.5;
inline constexpr double digit_box_pad = 1.5;
/// A teacher box: the gap after its label (Labels::teacher), and up to how many half
/// points it offers every half (past that, whole points only).
inline constexpr double teacher_label_gap = 5;
inline constexpr int teacher_half_steps_up_to = 12;
inline constexpr int teacher_bubbles_max = 13;
inline constexpr double teacher_row_extra = 4;
/// The answer sheet: space before each question's entry (in question gaps),
/// and the gap from a row's widest label ("item 3") to its bubbles.
inline constexpr double answer_entry_gap = 0.5;
inline constexpr double answer_row_label_gap = 8;
/// A label inside a bubble fits this share of its diameter.
inline constexpr double label_fit = 0.75;
/// Room from a bubble's left edge to its option's text: the bubble, then a gap.
inline constexpr double bubble_text_gap = 6;
/// Letter inside a bubble or tick box.
inline constexpr double label_scale = 0.62;
/// A label's baseline below the marker's middle, in label sizes.
inline constexpr double label_drop = 0.35;
/// Side of a multi tick box, in bubble diameters (it is centred where a
/// bubble would be).
inline constexpr double tick_box = 0.95;
/// Gap from an order item's bubbles to its text.
inline constexpr double answer_box_text_gap = 8;
inline constexpr double match_number_pad = 4;
/// Extra space under the last line of a match or order item.
inline constexpr double item_gap_extra = 3;

// ---- question parts --------------------------------------------------------------
/// Room for the widest question number ("10."), at least this much.
inline constexpr double number_indent_min = 18;
inline constexpr double number_indent_pad = 6;
/// Least space between a prompt and the points beside it ("2 marks").
inline constexpr double aside_gap = 10;
/// Space under a prompt, and under a hint line ("Tick all that apply.").
inline constexpr double prompt_space = 4;
inline constexpr double hint_space = 2;
/// Options side by side: the space between two.
inline constexpr double option_spacing = 22;
/// A question's picture: width when the worksheet gives none (mm), space
/// around it.
inline constexpr double image_width_mm = 60;
inline constexpr double points_per_inch = 72;
inline constexpr double mm_per_inch = 25.4;
inline constexpr double image_top = 2;
inline constexpr double image_room = 6;
/// The most of the text area's height a picture takes: a taller one (a
/// phone screenshot) is scaled down to it, leaving room for its prompt and
/// answers on the same page.
inline constexpr double image_max_page_share = 2.0 / 3;
/// `short`: a handwriting line apart, at least this much; lines a little
/// thinner than rules; the space under the last line.
inline constexpr double writing_pitch_min = 22;
inline constexpr double writing_pitch = 2.0;
inline constexpr double writing_rule_lift = 2;
inline constexpr double thin_rule = 0.8;
inline constexpr double writing_space = 4;
/// `fill`: line pitch (room above a blank for handwriting), baseline lift,
/// blank widths in steps of about three letters (36 pt at a body size of
/// 11 pt, scaled with it), at least
/// two steps, a little wider than the answer; the gap label's gap to its
/// blank and the blank's drop below the baseline.
inline constexpr double fill_pitch = 1.35;
inline constexpr double fill_baseline_lift = 4;
inline constexpr double blank_step = 36;
inline constexpr double blank_step_size = 11;
inline constexpr double blank_min_steps = 2;
inline constexpr double blank_slack = 1.15;
inline constexpr double gap_label_gap = 3;
inline constexpr double blank_drop = 1.5;
/// `space: grid …`: squares of 5 mm, lines this share of a thin rule, in at
/// least this gray.
inline constexpr double grid_cell_mm = 5;
inline constexpr double grid_line = 0.6;
inline constexpr double grid_gray = 0.5;
/// The word bank: padding inside its frame, space above it.
inline constexpr double bank_pad = 6;
inline constexpr double bank_space = 6;
inline constexpr double bank_frame_extra = 2;
/// `match`: the gutter between the two columns; from a left item's text to
/// its bubbles; from a right item's letter to its text.
inline constexpr double match_gutter = 18;
/// A match column sized to its widest item gets this much more (rounding).
inline constexpr double match_fit_slack = 1;
/// The share of a match question's room its right column keeps, at least,
/// when the left items ask for more than half (or what its items need, if less).
inline constexpr double match_right_least = 0.4;
inline constexpr double match_bubble_gap = 8;
/// A match row's left item keeps at least this many body sizes of room beside
/// its bubbles (or what its widest item needs, if less); with less, the
/// bubbles go under it (issue 33: 12 pairs in a
/// narrow column squeezed a word to a letter a line and pushed the bubbles
/// off the page).
inline constexpr double match_left_least = 4;
inline constexpr double match_letter_gap = 5;
/// `numeric`: the answer box's height and least width (also in body sizes),
/// its gaps to the label and the unit, the label's baseline drop.
inline constexpr double numeric_box_height = 2.0;
inline constexpr double numeric_box_min_width = 110;
inline constexpr double numeric_box_width = 10;
inline constexpr double numeric_label_gap = 8;
inline constexpr double numeric_unit_gap = 6;
inline constexpr double numeric_label_drop = 0.35;
inline constexpr double numeric_box_top = 2;
inline constexpr double numeric_room = 4;

// ---- header ----------------------------------------------------------------------
/// Spaces between the header's parts.
inline constexpr double subtitle_space = 1;
inline constexpr double meta_space = 2;
inline constexpr double fields_space = 8;
/// Write-in fields: extra row height and baseline drop, space between
/// fields, label to line, line below the baseline, name written on the line.
inline constexpr double fields_extra = 8;
inline constexpr double field_spacing = 18;
inline constexpr double field_label_gap = 5;
inline constexpr double field_rule_drop = 2;
inline constexpr double field_name_pad = 4;
/// The shortest line of a write-in field, in body sizes (the first field's,
/// the name, is twice as long): room for a handwritten date. Fields that
/// would get less go on another row.
inline constexpr double field_least_line = 4.5;
/// A name or class written on a field shrinks to this share of the body
/// size on one line before it wraps; wrapped lines shrink down to the
/// floor size (pt), their baselines `written_lead` sizes apart.
inline constexpr double written_min_scale = 0.75;
inline constexpr double written_floor_size = 4.5;
inline constexpr double written_lead = 1.1;
inline constexpr double written_ascent = 0.8;
/// The line of `Total: ____ / 20`, in body sizes: room for a handwritten "17½".
inline constexpr double total_line_scale = 4;
/// A section heading: space before (in question gaps), under title and
/// instructions.
inline constexpr double section_space = 1.4;
inline constexpr double section_title_space = 2;
inline constexpr double section_instructions_space = 3;
/// Space under a section's reading passage, before its first question.
inline constexpr double section_passage_space = 8;

// ---- key ---------------------------------------------------------------------------
/// Space between key lines (in question gaps); gap after the bold letters;
/// explanation size (in key sizes); spaces in the key's heading.
inline constexpr double key_line_space = 0.6;
inline constexpr double key_letters_gap = 8;
inline constexpr double explain_scale = 0.92;
inline constexpr double key_note_space = 2;
inline constexpr double key_title_space = 6;
inline constexpr double key_heading_space = 4;

// ---- pages -------------------------------------------------------------------------
/// The footer's room above the bottom margin, in footer sizes.
inline constexpr double footer_room = 2.5;
/// The marking note above the footer of a machine-readable first page: its
/// baseline this many footer sizes above the footer's, its least size.
inline constexpr double marking_note_lift = 1.5;
inline constexpr double marking_note_min_size = 7;
/// Space between the footer's right-hand text and the QR page code.
inline constexpr double footer_qr_gap = 8;
/// Spacings tried, in turn, to fit a variant to its page count: each scales
/// the space between questions and between options. A worksheet's page count
/// is the most pages any of a sample of its variants needs at `fit_planned` (the
/// tightest but two); the last two, tighter still, are in reserve for an order
/// outside the sample that needs more (about one order in 200 of a long,
/// lumpy worksheet: measured on generated worksheets at seeds 1-1000).
inline constexpr double fit_spacings[] = {1.0, 0.85, 0.7, 0.55, 0.4, 0.2, 0.0};
inline constexpr double fit_planned = 0.4;
/// Steps of the bisection that spreads a variant over its page count.
inline constexpr int fill_bisections = 16;

// ---- marking grid ----------------------------------------------------------------
/// Cell text size (pt) and row pitch; a row's text sits `grid_row_drop`
/// below the row's top rule.
inline constexpr double grid_text_size = 9;
inline constexpr double grid_row_pitch = 14;
inline constexpr double grid_row_drop = 3;
/// Room added to a column's widest text: the sheet number's, every other
/// column's, the total's (room to write a score); the name column's widest.
inline constexpr double grid_number_pad = 8;
inline constexpr double grid_cell_pad = 10;
inline constexpr double grid_total_pad = 16;
inline constexpr double grid_name_max = 150;
/// When the question columns at full width need more than one band, an
/// answer wider than this (pt, padding included: "DABC" fits) prints as a
/// key, "[1]", explained under the grid, when its column has at most
/// `grid_legend_per_column` such answers (more: the column widens instead).
inline constexpr double grid_cell_max = 40;
inline constexpr std::size_t grid_legend_per_column = 6;
/// Space under the title, after each group of columns, under the summary
/// heading; the footer's room above the bottom margin, in footer sizes.
inline constexpr double grid_title_space = 8;
inline constexpr double grid_group_space = 12;
inline constexpr double grid_summary_space = 2;
inline constexpr double grid_footer_room = 2.5;
/// A group starts on a new page unless its header and two rows fit.
inline constexpr double grid_group_least_rows = 4;
/// Rules: width as a share of the style's; every row a lighter one (gray
/// lifted), every fifth the style's rule gray.
inline constexpr double grid_rule_scale = 0.8;
inline constexpr double grid_light_rule_lift = 0.25;
inline constexpr std::size_t grid_dark_rule_every = 5;

}  // namespace handout::metrics
