// Question bodies: a question's number and prompt, its picture, then one
// function per question type for its answer area. Every mark a student
// makes (bubble, tick box, answer box, writing line, gap) is tagged with its
// role, question and printed value.
#include "layout/parts.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "layout/marks.hpp"
#include "layout/metrics.hpp"

namespace handout::layout {

namespace {

namespace m = metrics;

/// A width no line reaches: text set on one line.
constexpr double unbounded = 1e9;
/// Rounding slack when punctuation glued to a gap is allowed past the edge.
constexpr double edge_slack = 0.01;

/// Sets one question in a text box.
class QuestionWriter {
public:
    QuestionWriter(const Pen& pen, const TextBox& box, const ImageMap* images, const VariantQuestion& q,
                   bool teacher_boxes, std::string aside, double gap_width)
        : pen_(pen), marker_(pen), style_(pen.style()), box_(box), images_(images), q_(q),
          teacher_boxes_(teacher_boxes), aside_(std::move(aside)), gap_width_(gap_width) {}

    Block block() const;

private:
    const Pen& pen_;
    const Marker marker_;
    const PageStyle& style_;
    const TextBox box_;
    const ImageMap* images_;
    const VariantQuestion& q_;
    const bool teacher_boxes_;
    const std::string aside_;  // right-aligned on the number line ("2 marks"), may be empty
    const double gap_width_;   // the worksheet's fill gap width

    // Where answer areas start: right of the question number.
    double x0() const { return box_.left + pen_.number_indent(); }
    double lead(double size) const { return pen_.lead(size); }
    Tag tag(Role role, std::string value) const { return Tag{role, q_.source_index, q_.number, std::move(value)}; }
    double bubble_room() const { return marker_.room(); }

    double aside_room() const;
    void aside_row(Block& b, double baseline) const;
    void image_rows(Block& b) const;
    void hint_row(Block& b, const std::string& hint) const;
    void teacher_rows(Block& b) const;

    void choice_rows(Block& b, const std::vector<Option>& options, bool squares) const;
    void option_marker(Row& r, double x, double y, std::size_t pos, bool squares) const;
    void truefalse_rows(Block& b) const;
    void writing_lines(Block& b, const ShortAnswer& body) const;
    void fill_rows(Block& b, const Fill& fill, const std::string& number) const;
    /// A word, or a gap (its label, its blank's width), of a fill text.
    struct FillToken {
        std::string word;  // the gap's label for a gap
        int gap = 0;
        double width = 0;
        double blank = 0;
        int breaks = 0;  // line breaks written before it
        bool joined = false;  // follows the word before with no space (Chinese or Japanese text)
    };
    std::vector<FillToken> fill_tokens(const Fill& fill) const;
    void word_bank(Block& b) const;
    double blank_width(const Fill& fill, int gap, double label_width) const;
    void work_space_rows(Block& b) const;
    void match_rows(Block& b, const Match& match) const;
    double match_left_width(const Match& match, double room, double fixed_left, double fixed_right) const;
    void order_rows(Block& b, const Order& order) const;
    void numeric_rows(Block& b, const Numeric& numeric) const;
};

// Number and prompt, then the answer area of the question's type.
Block QuestionWriter::block() const {
    Block b;
    b.space_before = style_.question_gap;
    const double size = style_.body_size;
    const double indent = pen_.number_indent();
    const std::string number = std::to_string(q_.number) + ".";
    const Question& src = *q_.source;
    std::vector<std::vector<PlacedRun>> prompt;
    // The prompt's first line keeps clear of the aside.
    if (!src.prompt.empty())
        prompt = pen_.rich(src.prompt.text, FontStyle::regular, size, box_.width() - indent,
                           box_.width() - indent - aside_room());
    for (std::size_t i = 0; i < prompt.size(); ++i) {
        Row r;
        r.height = lead(size);
        if (i == 0) {
            aside_row(b, -size);
            r.items.push_back(text_run(box_.left, -size, FontStyle::regular, size, style_.text_gray, number));
        }
        pen_.put(r, box_.left + indent, -size, prompt[i], size, style_.text_gray);
        b.rows.push_back(std::move(r));
    }
    if (!prompt.empty()) b.rows.push_back(spacer(m::prompt_space));
    image_rows(b);
    std::visit(Overloaded{
                   [&](const Choice& c) { choice_rows(b, c.options, false); },
                   [&](const Multi& multi) {
                       hint_row(b, pen_.labels().multi_hint);
                       choice_rows(b, multi.options, true);
                   },
                   [&](const TrueFalse&) { truefalse_rows(b); },
                   [&](const ShortAnswer& s) { writing_lines(b, s); },
                   [&](const Fill& f) { fill_rows(b, f, prompt.empty() ? number : std::string()); },
                   [&](const Match& match) { match_rows(b, match); },
                   [&](const Order& order) { order_rows(b, order); },
                   [&](const Numeric& numeric) { numeric_rows(b, numeric); },
               },
               src.body);
    work_space_rows(b);
    if (teacher_boxes_) teacher_rows(b);
    return b;
}

// Room the aside takes from the number line: its width and a gap (0 without one).
double QuestionWriter::aside_room() const {
    if (aside_.empty()) return 0;
    return pen_.width(FontStyle::regular, aside_, style_.meta_size) + m::aside_gap;
}

// The aside, small and muted, ending at the box's right edge on the
// baseline of the number line (the row after it), in a row of no height:
// its text comes before the question's in the page's reading order, so a
// prompt copied from the PDF stays in one piece.
void QuestionWriter::aside_row(Block& b, double baseline) const {
    if (aside_.empty()) return;
    const double w = pen_.width(FontStyle::regular, aside_, style_.meta_size);
    Row r;
    r.items.push_back(text_run(box_.right - w, baseline, FontStyle::regular, style_.meta_size, style_.muted_gray, aside_));
    b.rows.push_back(std::move(r));
}

// The question's picture under its prompt, `image_width` mm wide (60 mm
// when not given) times the style's image_scale, never wider than the text
// nor taller than two thirds of the text area (scaled down whole to fit),
// in its own row.
void QuestionWriter::image_rows(Block& b) const {
    const Question& src = *q_.source;
    if (src.image.empty() || !images_) return;
    const auto it = images_->find(src.image.text);
    if (it == images_->end() || !it->second || it->second->width == 0 || it->second->height == 0) return;
    const double mm = src.image_width_mm > 0 ? src.image_width_mm : m::image_width_mm;
    const double aspect = static_cast<double>(it->second->height) / static_cast<double>(it->second->width);
    const double area = style_.page_height - style_.margin_top - style_.margin_bottom -
                        style_.footer_size * m::footer_room;
    const double max_h = area * m::image_max_page_share;
    double w = std::min(mm * style_.image_scale * m::points_per_inch / m::mm_per_inch, box_.right - x0());
    if (w * aspect > max_h) w = max_h / aspect;
    const double h = w * aspect;
    Row r;
    r.height = h + m::image_room;
    r.items.push_back(Picture{x0(), -h - m::image_top, w, h, it->second});
    b.rows.push_back(std::move(r));
}

// A teacher box under the answer area, at the right edge, for a question a
// person marks (short, fill, numeric without a digit grid): the teacher
// fills the points given and a scanner reads them.
void QuestionWriter::teacher_rows(Block& b) const {
    if (!marked_by_teacher(*q_.source)) return;
    Row r;
    r.height = lead(style_.body_size) + m::teacher_row_extra;
    marker_.teacher_row(r, box_.right, -style_.body_size, q_.source->points.halves, tag(Role::teacher_box, ""));
    b.rows.push_back(std::move(r));
}

// An italic line under the prompt ("Fill the box of every answer …"), dark
// enough to survive a copier.
void QuestionWriter::hint_row(Block& b, const std::string& hint) const {
    pen_.paragraph(b, hint, x0(), box_.width() - pen_.number_indent(), FontStyle::italic, style_.body_size,
                   style_.cue_gray());
    b.rows.push_back(spacer(m::hint_space));
}

// A bubble for one answer (choice), a square tick box for `multi`, tagged
// with the letter printed in it.
void QuestionWriter::option_marker(Row& r, double x, double y, std::size_t pos, bool squares) const {
    const char letter = static_cast<char>('A' + pos);
    const std::string printed(1, letter);
    if (squares)
        marker_.tick_box(r, x, y, printed, tag(Role::tick_box, printed));
    else
        marker_.bubble(r, x, y, printed, tag(Role::bubble, printed));
}

// Options on one row when they all fit; else a two-column grid when each
// fits half the width; else one per line. The choice looks only at the
// set of options, never their order, so every variant lays out alike.
void QuestionWriter::choice_rows(Block& b, const std::vector<Option>& options, bool squares) const {
    const double size = style_.body_size;
    const double avail = box_.right - x0();
    const double gap = m::option_spacing;
    const auto& order = q_.option_order();
    std::vector<double> widths;
    double total = 0, widest = 0;
    for (std::size_t idx : order) {
        const double w = bubble_room() + pen_.rich_width(options[idx].text, FontStyle::regular, size);
        widths.push_back(w);
        total += w;
        widest = std::max(widest, w);
    }
    total += gap * static_cast<double>(widths.size() - 1);
    const auto option_line = [&](std::size_t pos) {
        return pen_.rich(options[order[pos]].text, FontStyle::regular, size, unbounded).front();
    };
    if (total <= avail) {
        Row r;
        r.height = lead(size) + style_.option_gap;
        double x = x0();
        for (std::size_t pos = 0; pos < widths.size(); ++pos) {
            option_marker(r, x, -size, pos, squares);
            pen_.put(r, x + bubble_room(), -size, option_line(pos), size, style_.text_gray);
            x += widths[pos] + gap;
        }
        b.rows.push_back(std::move(r));
        return;
    }
    const double column = (avail - gap) / 2;
    if (widest <= column && widths.size() > 2) {
        // Row-major grid: letters read left to right, like the text.
        const std::size_t rows = (widths.size() + 1) / 2;
        for (std::size_t i = 0; i < rows; ++i) {
            Row r;
            r.height = lead(size) + style_.option_gap;
            for (std::size_t c = 0; c < 2; ++c) {
                const std::size_t pos = i * 2 + c;
                if (pos >= widths.size()) continue;
                const double x = x0() + static_cast<double>(c) * (column + gap);
                option_marker(r, x, -size, pos, squares);
                pen_.put(r, x + bubble_room(), -size, option_line(pos), size, style_.text_gray);
            }
            b.rows.push_back(std::move(r));
        }
        return;
    }
    for (std::size_t pos = 0; pos < widths.size(); ++pos) {
        auto lines = pen_.rich(options[order[pos]].text, FontStyle::regular, size, avail - bubble_room());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            Row r;
            r.height = lead(size) + (i + 1 == lines.size() ? style_.option_gap : 0);
            if (i == 0) option_marker(r, x0(), -size, pos, squares);
            pen_.put(r, x0() + bubble_room(), -size, lines[i], size, style_.text_gray);
            b.rows.push_back(std::move(r));
        }
    }
}

// `(T) True   (F) False`: two bubbles a scanner can judge.
void QuestionWriter::truefalse_rows(Block& b) const {
    const double size = style_.body_size;
    Row r;
    r.height = lead(size) + style_.option_gap;
    double x = x0();
    // The letters in the bubbles are the language's; the tags stay T and F.
    const Labels& words = pen_.labels();
    for (const auto& [value, letter, word] :
         {std::tuple{"T", &words.true_letter, &words.true_word}, std::tuple{"F", &words.false_letter, &words.false_word}}) {
        marker_.bubble(r, x, -size, *letter, tag(Role::bubble, value));
        r.items.push_back(text_run(x + bubble_room(), -size, FontStyle::regular, size, style_.text_gray, *word));
        x += bubble_room() + pen_.width(FontStyle::regular, *word, size) + m::option_spacing;
    }
    b.rows.push_back(std::move(r));
}

// `short`: ruled lines to write on, thin and gray, a handwriting line apart.
void QuestionWriter::writing_lines(Block& b, const ShortAnswer& body) const {
    const double pitch = std::max(m::writing_pitch_min, style_.body_size * m::writing_pitch);
    const double y = -pitch + m::writing_rule_lift;
    for (int i = 0; i < body.lines; ++i) {
        Row r;
        r.height = pitch;
        r.items.push_back(Rule{x0(), y, box_.right, y, style_.rule_width * m::thin_rule, style_.rule_gray,
                               tag(Role::write_line, std::to_string(i + 1))});
        b.rows.push_back(std::move(r));
    }
    b.rows.push_back(spacer(m::writing_space));
}

// The width of fill blank `gap` (1-based): the question's own `width` (its
// entry for the gap when it lists one per gap), else the worksheet's; never
// wider than a line beside its label.
double QuestionWriter::blank_width(const Fill& fill, int gap, double label_width) const {
    const auto index = static_cast<std::size_t>(gap - 1);
    const double mm = index < fill.gap_widths_mm.size() ? fill.gap_widths_mm[index] : fill.width_mm;
    const double w = mm > 0 ? mm * m::points_per_inch / m::mm_per_inch : gap_width_;
    return std::min(w, box_.right - x0() - label_width - m::gap_label_gap);
}

// `space`: ruled writing lines, a squared grid or blank room under the
// answer area, in writing lines or millimetres; untagged (no scanner reads it).
void QuestionWriter::work_space_rows(Block& b) const {
    const WorkSpace& space = q_.source->space;
    if (space.kind == WorkSpace::Kind::none) return;
    const double pitch = std::max(m::writing_pitch_min, style_.body_size * m::writing_pitch);
    const double height =
        space.mm > 0 ? space.mm * m::points_per_inch / m::mm_per_inch : pitch * static_cast<double>(space.lines);
    Row r;
    r.height = height + m::writing_space;
    const double thin = style_.rule_width * m::thin_rule;
    if (space.kind == WorkSpace::Kind::lines) {
        for (double y = -pitch + m::writing_rule_lift; y >= -height; y -= pitch)
            r.items.push_back(Rule{x0(), y, box_.right, y, thin, style_.rule_gray});
    } else if (space.kind == WorkSpace::Kind::grid) {
        // Squares of 5 mm, in a light gray a copier may drop: only working.
        const double cell = m::grid_cell_mm * m::points_per_inch / m::mm_per_inch;
        const double rows = std::floor(height / cell), columns = std::floor((box_.right - x0()) / cell);
        const double gray = std::max(style_.rule_gray, m::grid_gray);
        for (double i = 0; i <= rows; ++i)
            r.items.push_back(Rule{x0(), -i * cell, x0() + columns * cell, -i * cell, thin * m::grid_line, gray});
        for (double i = 0; i <= columns; ++i)
            r.items.push_back(Rule{x0() + i * cell, 0, x0() + i * cell, -rows * cell, thin * m::grid_line, gray});
    }
    b.rows.push_back(std::move(r));
}

// The tokens of a fill question's text: words (a number with its unit as
// one, `12 m`; a word wider than a line cut into pieces that fit) and gaps
// (label + blank) that never break; `breaks` counts the line breaks the
// teacher wrote before each (YAML's `|`).
std::vector<QuestionWriter::FillToken> QuestionWriter::fill_tokens(const Fill& fill) const {
    const double size = style_.body_size;
    std::vector<FillToken> tokens;
    int gap_number = 0, breaks = 0;
    const auto add_word = [&](const std::string& word) {
        if (breaks == 0 && !tokens.empty() && !tokens.back().gap && keeps_with_number(tokens.back().word, word)) {
            tokens.back().word += " " + word;
            tokens.back().width = pen_.width(FontStyle::regular, tokens.back().word, size);
            return;
        }
        // Chinese and Japanese text breaks between characters (UAX #14).
        std::size_t from = 0;
        std::vector<std::size_t> cuts = line_breaks_in_word(word);
        cuts.push_back(word.size());
        for (const std::size_t cut : cuts) {
            bool joined = from > 0;
            for (const auto& piece : wrap_text(word.substr(from, cut - from), pen_.fonts(),
                                               FontStyle::regular, size, box_.right - x0())) {
                tokens.push_back({piece, 0, pen_.width(FontStyle::regular, piece, size), 0, breaks, joined});
                breaks = 0;
                joined = false;
            }
            from = cut;
        }
    };
    for (const auto& part : fill.parts) {
        if (part.gap) {
            FillToken t;
            t.gap = ++gap_number;
            t.word = "(" + std::to_string(t.gap) + ")";
            t.blank = blank_width(fill, t.gap, pen_.width(FontStyle::regular, t.word, size));
            t.width = pen_.width(FontStyle::regular, t.word, size) + m::gap_label_gap + t.blank;
            t.breaks = breaks;
            breaks = 0;
            tokens.push_back(t);
            continue;
        }
        std::string word;
        for (const char c : plain_text(part.text) + " ") {
            if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
                word += c;
                continue;
            }
            if (!word.empty()) add_word(word);
            word.clear();
            breaks += c == '\n';
        }
    }
    return tokens;
}

// `fill`: the text flowed with numbered blanks `(1) ______`, punctuation
// right after a gap kept with it, the teacher's line breaks kept (a blank
// line as a blank row); then the word bank, when asked for.
void QuestionWriter::fill_rows(Block& b, const Fill& fill, const std::string& number) const {
    const double size = style_.body_size;
    const double space = pen_.width(FontStyle::regular, " ", size);
    const std::vector<FillToken> tokens = fill_tokens(fill);
    const double pitch = lead(size) * m::fill_pitch;
    const double base = -pitch + m::fill_baseline_lift;
    const double x0 = this->x0();
    Row r;
    r.height = pitch;
    // No prompt: the question number starts the text, and its first line
    // keeps clear of the aside.
    double right = box_.right;
    if (!number.empty()) {
        aside_row(b, base);
        r.items.push_back(text_run(box_.left, base, FontStyle::regular, size, style_.text_gray, number));
        right -= aside_room();
    }
    double x = x0;
    const std::size_t first_row = b.rows.size();
    for (const auto& t : tokens) {
        if (t.breaks > 0 && !r.items.empty()) {
            right = box_.right;
            b.rows.push_back(std::move(r));
            if (t.breaks > 1) b.rows.push_back(spacer(pitch));
            r = Row{};
            r.height = pitch;
            x = x0;
        }
        const bool glued = !t.gap && starts_with_closing_punctuation(t.word);
        const bool spaced = !glued && !t.joined;
        double w = t.width;
        if (x > x0 && spaced) w += space;
        if (x > x0 && x + w > right && !(glued && x + t.width <= right + edge_slack)) {
            right = box_.right;
            b.rows.push_back(std::move(r));
            r = Row{};
            r.height = pitch;
            x = x0;
        } else if (x > x0 && spaced) {
            x += space;
        }
        if (t.gap) {
            const double lw = pen_.width(FontStyle::regular, t.word, size);
            r.items.push_back(text_run(x, base, FontStyle::regular, size, style_.cue_gray(), t.word));
            r.items.push_back(Rule{x + lw + m::gap_label_gap, base - m::blank_drop,
                                   x + lw + m::gap_label_gap + t.blank, base - m::blank_drop, style_.rule_width,
                                   style_.rule_gray, tag(Role::gap, std::to_string(t.gap))});
        } else {
            r.items.push_back(text_run(x, base, FontStyle::regular, size, style_.text_gray, t.word));
        }
        x += t.width;
    }
    if (!r.items.empty()) b.rows.push_back(std::move(r));
    // On a mirrored page each word moves on its own, so that right-to-left
    // text reads on from right to left; a text without a right-to-left
    // letter (English on an Arabic sheet) keeps its word order instead.
    std::string text;
    for (const FillPart& part : fill.parts) text += part.text;
    if (pen_.rtl() && !has_rtl_letter(text))
        keep_lines(b.rows, first_row, number.empty() ? 0 : 1, x0, pen_.fonts());
    if (fill.bank) word_bank(b);
}

// The word bank: shuffled answers and distractors in a light frame.
void QuestionWriter::word_bank(Block& b) const {
    const double size = style_.body_size;
    const double pad = m::bank_pad;
    const auto words = q_.bank_words();
    std::string bank;
    for (std::size_t k : q_.drawn<FillDraw>().bank_order)
        bank += (bank.empty() ? "" : "   \u00b7   ") + plain_text(words[k]);
    auto lines = wrap_text(bank, pen_.fonts(), FontStyle::regular, size, box_.right - x0() - 2 * pad);
    b.rows.push_back(spacer(m::bank_space));
    Row top;
    top.height = pad;
    const double box_h =
        pad * 2 + lead(size) * static_cast<double>(lines.size()) - (lead(size) - size) + m::bank_frame_extra;
    top.items.push_back(
        Box{x0(), -box_h, box_.right - x0(), box_h, style_.rule_width * m::thin_rule, style_.bank_gray()});
    b.rows.push_back(std::move(top));
    for (auto& line : lines) {
        Row lr;
        lr.height = lead(size);
        lr.items.push_back(text_run(x0() + pad, -size, FontStyle::regular, size, style_.text_gray, std::move(line)));
        b.rows.push_back(std::move(lr));
    }
    b.rows.push_back(spacer(pad));
}

// The width of a match question's left column (its numbers, items and
// bubbles): half the room, or more when the left items need it to stay on
// one line (a narrow column, many bubbles), as long as the right column
// keeps what its items need or at least two fifths of the room.
double QuestionWriter::match_left_width(const Match& match, double room, double fixed_left, double fixed_right) const {
    const double size = style_.body_size;
    double widest_left = 0, widest_right = 0;
    for (const auto& pair : match.pairs) {
        widest_left = std::max(widest_left, pen_.width(FontStyle::regular, plain_text(pair.left.text), size));
        widest_right = std::max(widest_right, pen_.width(FontStyle::regular, plain_text(pair.right.text), size));
    }
    const double half = room / 2, want_left = fixed_left + widest_left + m::match_fit_slack;
    if (want_left <= half) return half;
    const double right_keeps = std::min(fixed_right + widest_right + m::match_fit_slack, room * m::match_right_least);
    return std::max(half, std::min(want_left, room - right_keeps));
}

// `match`: left items numbered in order, each with a row of bubbles, one
// per letter, at the end of its column (the column as wide as its items
// need, when half the room is too little); right items lettered in
// shuffled order, each once (pairs may share one, leaving the last rows of
// the right column empty); rows aligned across.
void QuestionWriter::match_rows(Block& b, const Match& match) const {
    const double size = style_.body_size;
    const double x0 = this->x0();
    const double gutter = m::match_gutter;
    const double num_w = pen_.width(FontStyle::regular, "00.", size) + m::match_number_pad;
    const auto& pairs = match.pairs;
    const auto& right_order = q_.drawn<MatchDraw>().right_order;
    const std::vector<std::size_t> rights = match.right_items();  // fewer than the pairs when they share
    const auto letters = letter_labels(right_order.size());
    const double bubbles = marker_.row_width(letters.size());
    const double letter_w = pen_.width(FontStyle::bold, "M", size) + m::match_letter_gap;
    const double room = box_.right - x0 - gutter;
    const double col = match_left_width(match, room, num_w + bubbles + m::match_bubble_gap, letter_w);
    // Bubbles that leave a left item too little room beside them (many
    // pairs, a narrow column) go under it instead, wrapped to its column.
    double widest_left = 0;
    for (const auto& pair : pairs)
        widest_left = std::max(widest_left, pen_.width(FontStyle::regular, plain_text(pair.left.text), size));
    const bool under =
        col - num_w - bubbles - m::match_bubble_gap < std::min(widest_left, size * m::match_left_least);
    const double left_w = under ? col - num_w : col - num_w - bubbles - m::match_bubble_gap;
    const std::size_t per_line = marker_.fitting(x0 + num_w, x0 + col, letters.size());
    const double item_gap = style_.option_gap + m::item_gap_extra;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const std::string num = std::to_string(i + 1) + ".";
        const auto left_lines =
            pen_.rich(pairs[i].left.text, FontStyle::regular, size, std::max(left_w, size));
        const bool lettered = i < right_order.size();
        const auto right_lines = lettered ? pen_.rich(pairs[rights[right_order[i]]].right.text,
                                                      FontStyle::regular, size, room - col - letter_w)
                                          : decltype(left_lines){};
        const std::size_t n = std::max(left_lines.size(), right_lines.size());
        for (std::size_t k = 0; k < n; ++k) {
            Row r;
            r.height = lead(size) + (k + 1 == n && !under ? item_gap : 0);
            if (k == 0) {
                r.items.push_back(text_run(x0, -size, FontStyle::regular, size, style_.cue_gray(), num));
                if (!under)
                    marker_.bubble_row(r, x0 + col - bubbles, -size, letters, std::to_string(i + 1),
                                       tag(Role::bubble, ""));
                if (lettered)
                    r.items.push_back(text_run(x0 + col + gutter, -size, FontStyle::bold, size,
                                               style_.text_gray, letters[i]));
            }
            if (k < left_lines.size()) pen_.put(r, x0 + num_w, -size, left_lines[k], size, style_.text_gray);
            if (k < right_lines.size())
                pen_.put(r, x0 + col + gutter + letter_w, -size, right_lines[k], size, style_.text_gray);
            b.rows.push_back(std::move(r));
        }
        for (std::size_t k = 0; under && k < letters.size(); k += per_line) {
            Row r;
            r.height = lead(size) + style_.option_gap + (k + per_line >= letters.size() ? item_gap : 0);
            const auto first = letters.begin() + static_cast<std::ptrdiff_t>(k);
            const auto end =
                letters.begin() + static_cast<std::ptrdiff_t>(std::min(k + per_line, letters.size()));
            marker_.bubble_row(r, x0 + num_w, -size, {first, end}, std::to_string(i + 1),
                               tag(Role::bubble, ""));
            b.rows.push_back(std::move(r));
        }
    }
}

// `order`: the items shuffled, each with a row of place bubbles 1, 2, 3 …
// before it (values "item:place", item = its printed row, 1 = top).
void QuestionWriter::order_rows(Block& b, const Order& order) const {
    const double size = style_.body_size;
    const double x0 = this->x0();
    hint_row(b, pen_.labels().order_hint);
    const auto& item_order = q_.drawn<OrderDraw>().item_order;
    const auto places = number_labels(item_order.size());
    const double text_x = x0 + marker_.row_width(places.size()) + m::answer_box_text_gap;
    for (std::size_t pos = 0; pos < item_order.size(); ++pos) {
        const auto lines =
            pen_.rich(order.items[item_order[pos]].text, FontStyle::regular, size, std::max(box_.right - text_x, size));
        for (std::size_t k = 0; k < lines.size(); ++k) {
            Row r;
            r.height = lead(size) + (k + 1 == lines.size() ? style_.option_gap + m::item_gap_extra : 0);
            if (k == 0) marker_.bubble_row(r, x0, -size, places, std::to_string(pos + 1), tag(Role::bubble, ""));
            pen_.put(r, text_x, -size, lines[k], size, style_.text_gray);
            b.rows.push_back(std::move(r));
        }
    }
}

// `numeric`: `Answer: [        ] unit`, or a digit grid.
void QuestionWriter::numeric_rows(Block& b, const Numeric& numeric) const {
    if (numeric.grid > 0) {
        hint_row(b, pen_.labels().digits_hint);
        marker_.digit_grid(b, x0(), numeric.grid, tag(Role::digit, ""), numeric.unit.text, true, box_.right);
        b.rows.push_back(spacer(m::writing_space));
        return;
    }
    const double size = style_.body_size;
    Row r;
    const double box_h = size * m::numeric_box_height;
    r.height = box_h + m::numeric_room;
    const std::string& label = pen_.labels().answer;
    const double base = -(box_h / 2 + size * m::numeric_label_drop) - m::numeric_box_top;
    r.items.push_back(text_run(x0(), base, FontStyle::italic, size, style_.cue_gray(), label));
    const double bx = x0() + pen_.width(FontStyle::italic, label, size) + m::numeric_label_gap;
    const double bw = std::max(m::numeric_box_min_width, size * m::numeric_box_width);
    r.items.push_back(Box{bx, -box_h - m::numeric_box_top, bw, box_h, style_.rule_width, style_.rule_gray,
                          tag(Role::answer_box, "")});
    // The unit right of the box when it fits there on one line; else under
    // the box, wrapped to end at the margin.
    const double ux = bx + bw + m::numeric_unit_gap;
    const std::string& unit = numeric.unit.text;
    const bool beside = unit.empty() || pen_.width(FontStyle::regular, unit, size) <= box_.right - ux;
    if (!unit.empty() && beside)
        r.items.push_back(text_run(ux, base, FontStyle::regular, size, style_.text_gray, unit));
    b.rows.push_back(std::move(r));
    if (!beside) text_rows(pen_, b, unit, bx, box_.right);
}

}  // namespace

Block question_block(const Pen& pen, const TextBox& box, const ImageMap* images, const VariantQuestion& q,
                     bool teacher_boxes, const std::string& aside, double gap_width) {
    return QuestionWriter(pen, box, images, q, teacher_boxes, aside, gap_width).block();
}

double worksheet_gap_width(const Pen& pen, const Worksheet& ws) {
    if (ws.gap_width_mm > 0) return ws.gap_width_mm * m::points_per_inch / m::mm_per_inch;
    const double size = pen.style().body_size;
    const double step = size * m::blank_step / m::blank_step_size;
    double widest = 0;
    for (const auto& section : ws.sections)
        for (const auto& q : section.questions)
            if (const auto* fill = std::get_if<Fill>(&q.body))
                for (const auto& part : fill->parts)
                    if (part.gap) widest = std::max(widest, pen.width(FontStyle::regular, plain_text(part.text), size));
    return std::max(m::blank_min_steps * step, std::ceil(widest * m::blank_slack / step) * step);
}

}  // namespace handout::layout
