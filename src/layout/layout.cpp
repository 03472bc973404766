// Layout of a variant: measured rows grouped into blocks that never split
// across pages, then paginated and framed with a footer on every page.
#include "handout/layout.hpp"

#include "handout/markup.hpp"

#include <algorithm>
#include <cmath>

namespace handout {

namespace {

// A horizontal strip of the page: its height and its items, with y measured
// upward from the strip's top edge (so item y values are zero or negative).
struct Row {
    double height = 0;
    std::vector<Item> items;
};

// Rows that stay together on one page (a question, or a heading with its
// first question), preceded by `space_before` unless it opens a page.
struct Block {
    double space_before = 0;
    bool in_column = false;  // laid out at column width (two-column styles)
    std::vector<Row> rows;
    double height() const {
        double h = 0;
        for (const auto& r : rows) h += r.height;
        return h;
    }
};

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

// Length of the UTF-8 sequence starting with byte `c` (1 for stray bytes).
std::size_t utf8_length(unsigned char c) {
    if (c >= 0xF0) return 4;
    if (c >= 0xE0) return 3;
    if (c >= 0xC0) return 2;
    return 1;
}

// The layout of one variant: knows the style, the fonts and the page frame.
class Layouter {
public:
    Layouter(const Variant& v, const PageStyle& s, const FontSet& f, const LayoutOptions& o)
        : v_(v), ws_(*v.worksheet), style_(s), fonts_(f), opts_(o) {
        left_ = s.margin_left;
        right_ = s.page_width - s.margin_right;
        width_ = right_ - left_;
    }

    void run(Document& doc) {
        doc.width = style_.page_width;
        doc.height = style_.page_height;
        doc.fonts = fonts_.files();
        if (doc.title.empty()) doc.title = ws_.title.text;
        if (opts_.key != KeyMode::only) {
            const std::size_t first = doc.pages.size();
            std::string mark = opts_.bookmark;
            if (mark.empty()) mark = opts_.student_name.empty() ? v_.code : opts_.student_name + " \u00b7 " + v_.code;
            doc.bookmarks.push_back({mark, first});
            // Every variant of a worksheet should print on as many pages as
            // its best-packed one: when this order needs more, the space
            // between questions tightens step by step until it fits.
            const auto blocks = student_blocks();
            std::vector<Page> pages;
            for (double scale : {1.0, 0.85, 0.7, 0.55, 0.4}) {
                auto attempt = paginate(blocks, scale);
                const bool fits = opts_.fit_pages == 0 || attempt.size() <= opts_.fit_pages;
                if (pages.empty() || fits) pages = std::move(attempt);
                if (fits) break;
            }
            frame(std::move(pages), doc, "");
        }
        if (opts_.key != KeyMode::off) {
            // With --duplex the key starts on a fresh sheet of paper.
            if (opts_.duplex && doc.pages.size() % 2 == 1) doc.pages.push_back(blank_page());
            doc.bookmarks.push_back({ws_.key_title.text + " \u00b7 " + v_.code, doc.pages.size()});
            frame(paginate(key_blocks(), 1.0), doc, ws_.key_title.text);
        }
        if (opts_.duplex && doc.pages.size() % 2 == 1) doc.pages.push_back(blank_page());
    }

private:
    const Variant& v_;
    const Worksheet& ws_;
    const PageStyle& style_;
    const FontSet& fonts_;
    const LayoutOptions& opts_;
    // The box text is set in: the page between its margins, or while laying
    // out questions of a two-column style, the first column.
    mutable double left_, right_, width_;

    bool two_columns() const { return style_.columns == 2; }
    double column_width() const {
        return (style_.page_width - style_.margin_left - style_.margin_right - style_.column_gap) / 2;
    }
    // Sets the text box to the page (false) or to the first column (true).
    void use_column(bool column) const {
        right_ = column ? left_ + column_width() : style_.page_width - style_.margin_right;
        width_ = right_ - left_;
    }

    double lead(double size) const { return size * style_.line_gap; }

    // The tag of a printed item of question `q`.
    Tag tag_for(const VariantQuestion& q, Role role, std::string value) const {
        return Tag{role, q.source_index, q.number, std::move(value)};
    }

    TextRun text(double x, double y, FontStyle font, double size, double gray, std::string s) const {
        return TextRun{x, y, font, size, gray, std::move(s)};
    }

    // Cap height used to centre bubbles on a line of text of `size`.
    static double mid_line(double size) { return 0.34 * size; }

    // Text with inline markup (**bold**, *italic*, `code`) on a `base` face,
    // wrapped to `width`: each line a list of runs placed from the line start.
    std::vector<std::vector<PlacedRun>> rich(const std::string& s, FontStyle base, double size,
                                             double width) const {
        return wrap_spans(parse_markup(s, base), fonts_, size, width);
    }

    // Width of text with markup set on one line.
    double rich_width(const std::string& s, FontStyle base, double size) const {
        double w = 0;
        for (const auto& span : parse_markup(s, base)) w += fonts_.width(span.font, span.text, size);
        return w;
    }

    // Puts one line of runs on row `r` at (x, y).
    void put(Row& r, double x, double y, const std::vector<PlacedRun>& line, double size, double gray) const {
        for (const auto& run : line) r.items.push_back(text(x + run.x, y, run.font, size, gray, run.text));
    }

    // A paragraph (with markup) wrapped to `width` at `x`: one row per line.
    void paragraph(Block& b, const std::string& s, double x, double width, FontStyle font,
                   double size, double gray) const {
        for (const auto& line : rich(s, font, size, width)) {
            Row r;
            r.height = lead(size);
            put(r, x, -size, line, size, gray);
            b.rows.push_back(std::move(r));
        }
    }

    Row spacer(double h) const {
        Row r;
        r.height = h;
        return r;
    }

    // ---- student pages -------------------------------------------------

    std::vector<Block> student_blocks() const {
        std::vector<Block> blocks;
        blocks.push_back(header_block(ws_.title.text, ws_.subtitle.text, true));
        use_column(two_columns());
        bool first_in_section = true;
        for (const auto& section : v_.sections) {
            Block heading;
            heading.space_before = style_.question_gap * 1.4;
            if (!section.source->title.empty()) {
                paragraph(heading, section.source->title.text, left_, width_, FontStyle::bold,
                          style_.subtitle_size, style_.text_gray);
                heading.rows.push_back(spacer(2));
            }
            if (!section.source->instructions.empty()) {
                paragraph(heading, section.source->instructions.text, left_, width_, FontStyle::italic,
                          style_.body_size, style_.text_gray);
                heading.rows.push_back(spacer(3));
            }
            first_in_section = true;
            for (const auto& q : section.questions) {
                Block qb = question_block(q);
                if (first_in_section && !heading.rows.empty()) {
                    // A heading stays with its first question.
                    qb.rows.insert(qb.rows.begin(), heading.rows.begin(), heading.rows.end());
                    qb.space_before = heading.space_before;
                }
                first_in_section = false;
                qb.in_column = two_columns();
                blocks.push_back(std::move(qb));
            }
        }
        use_column(false);
        return blocks;
    }

    // Title, subtitle, meta line, write-in fields and instructions.
    Block header_block(const std::string& title, const std::string& subtitle, bool student) const {
        Block b;
        // Size alone sets the title apart: a light face keeps the sheet's ink low.
        paragraph(b, title, left_, width_, FontStyle::regular, style_.title_size, style_.text_gray);
        if (!subtitle.empty()) {
            b.rows.push_back(spacer(1));
            paragraph(b, subtitle, left_, width_, FontStyle::italic, style_.subtitle_size, style_.text_gray);
        }
        std::string meta;
        for (const Text* part : {&ws_.subject, &ws_.topic}) {
            if (part->empty()) continue;
            if (!meta.empty()) meta += " \u00b7 ";
            meta += part->text;
        }
        if (!ws_.ages.empty()) meta += (meta.empty() ? "ages " : " \u00b7 ages ") + ws_.ages.text;
        if (!meta.empty()) {
            b.rows.push_back(spacer(2));
            paragraph(b, meta, left_, width_, FontStyle::regular, style_.meta_size, style_.muted_gray);
        }
        if (student && !ws_.fields.empty()) {
            b.rows.push_back(spacer(8));
            b.rows.push_back(fields_row());
        }
        if (student && !ws_.instructions.empty()) {
            b.rows.push_back(spacer(8));
            paragraph(b, ws_.instructions.text, left_, width_, FontStyle::italic, style_.body_size,
                      style_.text_gray);
        }
        return b;
    }

    // `Name ______   Date ____`: the first field gets twice the room of the
    // others; a roster name is written on the Name line.
    Row fields_row() const {
        Row r;
        const double size = style_.body_size;
        r.height = lead(size) + 8;
        const double gap = 18;
        const double n = static_cast<double>(ws_.fields.size());
        const double unit = (width_ - gap * (n - 1)) / (n + 1);
        double x = left_;
        const double base = -(size + 8);
        for (std::size_t i = 0; i < ws_.fields.size(); ++i) {
            const double w = unit * (i == 0 ? 2 : 1);
            const std::string& label = ws_.fields[i].text;
            r.items.push_back(text(x, base, FontStyle::regular, size, style_.text_gray, label));
            const double line_x = x + fonts_.width(FontStyle::regular, label, size) + 5;
            r.items.push_back(Rule{line_x, base - 2, x + w, base - 2, style_.rule_width, style_.rule_gray});
            if (i == 0 && !opts_.student_name.empty())
                r.items.push_back(text(line_x + 4, base, FontStyle::regular, size, style_.text_gray,
                                       opts_.student_name));
            x += w + gap;
        }
        return r;
    }

    // Number and prompt, then the answer area of the question's type.
    Block question_block(const VariantQuestion& q) const {
        Block b;
        b.space_before = style_.question_gap;
        const double size = style_.body_size;
        const double indent = number_indent();
        const std::string number = std::to_string(q.number) + ".";
        std::vector<std::vector<PlacedRun>> prompt;
        if (!q.source->prompt.empty()) prompt = rich(q.source->prompt.text, FontStyle::regular, size, width_ - indent);
        for (std::size_t i = 0; i < prompt.size(); ++i) {
            Row r;
            r.height = lead(size);
            if (i == 0) r.items.push_back(text(left_, -size, FontStyle::regular, size, style_.text_gray, number));
            put(r, left_ + indent, -size, prompt[i], size, style_.text_gray);
            b.rows.push_back(std::move(r));
        }
        if (!prompt.empty()) b.rows.push_back(spacer(4));
        image_rows(b, q);
        std::visit(Overloaded{
                       [&](const Choice& c) { choice_rows(b, q, c.options, false); },
                       [&](const Multi& m) {
                           hint_row(b, "Tick all that apply.");
                           choice_rows(b, q, m.options, true);
                       },
                       [&](const TrueFalse&) { truefalse_rows(b); },
                       [&](const ShortAnswer& s) { writing_lines(b, q, s); },
                       [&](const Fill& f) { fill_rows(b, q, f, prompt.empty() ? number : std::string()); },
                       [&](const Match& m) { match_rows(b, q, m); },
                       [&](const Order& o) { order_rows(b, q, o); },
                       [&](const Numeric& n) { numeric_rows(b, n, q); },
                   },
                   q.source->body);
        return b;
    }

    // The question's picture under its prompt, `image_width` mm wide (60 mm
    // when not given), never wider than the text, in its own row.
    void image_rows(Block& b, const VariantQuestion& q) const {
        if (q.source->image.empty() || !opts_.images) return;
        const auto it = opts_.images->find(q.source->image.text);
        if (it == opts_.images->end() || !it->second || it->second->width == 0) return;
        const double x0 = left_ + number_indent();
        const double mm = q.source->image_width_mm > 0 ? q.source->image_width_mm : 60;
        const double w = std::min(mm * 72 / 25.4, right_ - x0);
        const double h = w * static_cast<double>(it->second->height) / static_cast<double>(it->second->width);
        Row r;
        r.height = h + 6;
        r.items.push_back(Picture{x0, -h - 2, w, h, it->second});
        b.rows.push_back(std::move(r));
    }

    // A muted italic line under the prompt ("Tick all that apply.").
    void hint_row(Block& b, const std::string& hint) const {
        paragraph(b, hint, left_ + number_indent(), width_ - number_indent(), FontStyle::italic,
                  style_.body_size, style_.muted_gray);
        b.rows.push_back(spacer(2));
    }

    // A square box of side `side` whose middle sits on the middle of a text
    // line with its baseline at y; an optional small label inside.
    void square(Row& r, double x, double y, double side, const std::string& label, Tag tag) const {
        const double size = style_.body_size;
        const double cy = y + mid_line(size);
        r.items.push_back(Box{x, cy - side / 2, side, side, style_.rule_width, style_.rule_gray, std::move(tag)});
        if (label.empty()) return;
        const double ls = size * 0.62;
        const double lw = fonts_.width(FontStyle::regular, label, ls);
        r.items.push_back(text(x + (side - lw) / 2, cy - ls * 0.35, FontStyle::regular, ls, style_.muted_gray, label));
    }

    // `short`: ruled lines to write on, thin and gray, a handwriting line apart.
    void writing_lines(Block& b, const VariantQuestion& q, const ShortAnswer& body) const {
        const double x0 = left_ + number_indent();
        const double pitch = std::max(22.0, style_.body_size * 2.0);
        for (int i = 0; i < body.lines; ++i) {
            Row r;
            r.height = pitch;
            r.items.push_back(Rule{x0, -pitch + 2, right_, -pitch + 2, style_.rule_width * 0.8, style_.rule_gray,
                                   tag_for(q, Role::write_line, std::to_string(i + 1))});
            b.rows.push_back(std::move(r));
        }
        b.rows.push_back(spacer(4));
    }

    // The width of a fill blank: the answer's width rounded up to a step of
    // about three letters (36 pt at 11 pt), at least twice that, so the blank
    // hints at a word, never its exact length.
    double blank_width(const std::string& answer) const {
        const double step = style_.body_size * 36.0 / 11.0;
        const double w = fonts_.width(FontStyle::regular, plain_text(answer), style_.body_size) * 1.15;
        return std::max(2 * step, std::ceil(w / step) * step);
    }

    // `fill`: the text flowed with numbered blanks `(1) ______`; then the word
    // bank, when asked for, in a light box.
    void fill_rows(Block& b, const VariantQuestion& q, const Fill& fill, const std::string& number) const {
        const double size = style_.body_size;
        const double x0 = left_ + number_indent();
        const double space = fonts_.width(FontStyle::regular, " ", size);
        // Tokens: words, or gaps (label + blank) that never break.
        struct Token {
            std::string word;  // empty for a gap
            int gap = 0;
            double width = 0;
            double blank = 0;
        };
        std::vector<Token> tokens;
        int gap_number = 0;
        for (const auto& part : fill.parts) {
            if (part.gap) {
                Token t;
                t.gap = ++gap_number;
                const std::string label = "(" + std::to_string(t.gap) + ")";
                t.word = label;
                t.blank = blank_width(part.text);
                t.width = fonts_.width(FontStyle::regular, label, size) + 3 + t.blank;
                tokens.push_back(t);
                continue;
            }
            for (const auto& w : wrap_text(plain_text(part.text), fonts_, FontStyle::regular, size, 1e9)) {
                std::string word;
                for (char c : w + " ") {
                    if (c != ' ') { word += c; continue; }
                    if (word.empty()) continue;
                    tokens.push_back({word, 0, fonts_.width(FontStyle::regular, word, size), 0});
                    word.clear();
                }
            }
        }
        // Flow the tokens into lines; punctuation right after a gap stays with it.
        const double pitch = lead(size) * 1.35;  // room above a blank for handwriting
        Row r;
        r.height = pitch;
        if (!number.empty())  // no prompt: the question number starts the text
            r.items.push_back(text(left_, -pitch + 4, FontStyle::regular, size, style_.text_gray, number));
        double x = x0;
        for (const auto& t : tokens) {
            const bool glued = !t.gap && !t.word.empty() && std::string(",.;:!?)").find(t.word[0]) != std::string::npos;
            double w = t.width;
            if (x > x0 && !glued) w += space;
            if (x > x0 && x + w > right_ && !(glued && x + t.width <= right_ + 0.01)) {
                b.rows.push_back(std::move(r));
                r = Row{};
                r.height = pitch;
                x = x0;
                w = t.width;
            } else if (x > x0 && !glued) {
                x += space;
            }
            const double base = -pitch + 4;
            if (t.gap) {
                const double lw = fonts_.width(FontStyle::regular, t.word, size);
                r.items.push_back(text(x, base, FontStyle::regular, size, style_.muted_gray, t.word));
                r.items.push_back(Rule{x + lw + 3, base - 1.5, x + lw + 3 + t.blank, base - 1.5, style_.rule_width,
                                       style_.rule_gray, tag_for(q, Role::gap, std::to_string(t.gap))});
            } else {
                r.items.push_back(text(x, base, FontStyle::regular, size, style_.text_gray, t.word));
            }
            x += t.width;
        }
        if (!r.items.empty()) b.rows.push_back(std::move(r));
        if (!fill.bank) return;
        // Word bank: shuffled answers and distractors in a light box.
        const auto words = q.bank_words();
        std::string bank;
        for (std::size_t k : q.drawn<FillDraw>().bank_order) bank += (bank.empty() ? "" : "   \u00b7   ") + plain_text(words[k]);
        const double pad = 6;
        auto lines = wrap_text(bank, fonts_, FontStyle::regular, size, right_ - x0 - 2 * pad);
        b.rows.push_back(spacer(6));
        Row top;
        top.height = pad;
        const double box_h = pad * 2 + lead(size) * static_cast<double>(lines.size()) - (lead(size) - size) + 2;
        top.items.push_back(Box{x0, -box_h, right_ - x0, box_h, style_.rule_width * 0.8,
                                std::min(1.0, style_.rule_gray + 0.15)});
        b.rows.push_back(std::move(top));
        for (auto& line : lines) {
            Row lr;
            lr.height = lead(size);
            lr.items.push_back(text(x0 + pad, -size, FontStyle::regular, size, style_.text_gray, std::move(line)));
            b.rows.push_back(std::move(lr));
        }
        b.rows.push_back(spacer(pad));
    }

    // `match`: left items numbered in order, each with a box for a letter;
    // right items lettered in shuffled order; rows aligned across.
    void match_rows(Block& b, const VariantQuestion& q, const Match& match) const {
        const double size = style_.body_size;
        const double x0 = left_ + number_indent();
        const double gutter = 18;
        const double col = (right_ - x0 - gutter) / 2;
        const double box = size * 1.3;
        const double num_w = fonts_.width(FontStyle::regular, "00.", size) + 4;
        const auto& pairs = match.pairs;
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            const std::string num = std::to_string(i + 1) + ".";
            const auto left_lines = rich(pairs[i].left.text, FontStyle::regular, size, col - num_w - box - 8);
            const std::size_t ri = q.drawn<MatchDraw>().right_order[i];
            const std::string letter(1, static_cast<char>('A' + i));
            const auto right_lines = rich(pairs[ri].right.text, FontStyle::regular, size, col - bubble_room());
            const std::size_t n = std::max(left_lines.size(), right_lines.size());
            for (std::size_t k = 0; k < n; ++k) {
                Row r;
                r.height = lead(size) + (k + 1 == n ? style_.option_gap + 3 : 0);
                if (k == 0) {
                    square(r, x0, -size, box, "", tag_for(q, Role::answer_box, std::to_string(i + 1)));
                    r.items.push_back(text(x0 + box + 6, -size, FontStyle::regular, size, style_.muted_gray, num));
                    bubble(r, x0 + col + gutter, -size, letter[0], Tag{});  // a label, not a mark
                }
                if (k < left_lines.size()) put(r, x0 + box + 6 + num_w, -size, left_lines[k], size, style_.text_gray);
                if (k < right_lines.size())
                    put(r, x0 + col + gutter + bubble_room(), -size, right_lines[k], size, style_.text_gray);
                b.rows.push_back(std::move(r));
            }
        }
    }

    // `order`: the items shuffled, each with a box to write its position.
    void order_rows(Block& b, const VariantQuestion& q, const Order& order) const {
        const double size = style_.body_size;
        const double x0 = left_ + number_indent();
        const double box = size * 1.3;
        hint_row(b, "Write 1, 2, 3 \u2026 in the boxes to put them in order.");
        const auto& item_order = q.drawn<OrderDraw>().item_order;
        for (std::size_t pos = 0; pos < item_order.size(); ++pos) {
            const std::size_t idx = item_order[pos];
            const auto lines = rich(order.items[idx].text, FontStyle::regular, size, right_ - x0 - box - 8);
            for (std::size_t k = 0; k < lines.size(); ++k) {
                Row r;
                r.height = lead(size) + (k + 1 == lines.size() ? style_.option_gap + 3 : 0);
                if (k == 0) square(r, x0, -size, box, "", tag_for(q, Role::answer_box, std::to_string(pos + 1)));
                put(r, x0 + box + 8, -size, lines[k], size, style_.text_gray);
                b.rows.push_back(std::move(r));
            }
        }
    }

    // `numeric`: `Answer: [        ] unit`.
    void numeric_rows(Block& b, const Numeric& numeric, const VariantQuestion& q) const {
        const double size = style_.body_size;
        const double x0 = left_ + number_indent();
        Row r;
        const double box_h = size * 2.0;
        r.height = box_h + 4;
        const std::string label = "Answer:";
        const double base = -(box_h / 2 + size * 0.35) - 2;
        r.items.push_back(text(x0, base, FontStyle::italic, size, style_.muted_gray, label));
        const double bx = x0 + fonts_.width(FontStyle::italic, label, size) + 8;
        const double bw = std::max(110.0, size * 10);
        r.items.push_back(Box{bx, -box_h - 2, bw, box_h, style_.rule_width, style_.rule_gray,
                              tag_for(q, Role::answer_box, "")});
        if (!numeric.unit.empty())
            r.items.push_back(text(bx + bw + 6, base, FontStyle::regular, size, style_.text_gray, numeric.unit.text));
        b.rows.push_back(std::move(r));
    }

    // Room for the widest question number a page will show ("10.").
    double number_indent() const {
        return std::max(18.0, fonts_.width(FontStyle::bold, "00.", style_.body_size) + 6);
    }

    // A bubble with its letter inside, centred on the middle of a text line
    // whose baseline is at y.
    void bubble(Row& r, double x, double y, char letter, Tag tag) const {
        const double size = style_.body_size;
        const double radius = size * 0.48;
        const double cx = x + radius, cy = y + mid_line(size);
        r.items.push_back(Circle{cx, cy, radius, style_.rule_width, style_.rule_gray, std::move(tag)});
        const std::string l(1, letter);
        const double ls = size * 0.62;
        const double lw = fonts_.width(FontStyle::regular, l, ls);
        r.items.push_back(text(cx - lw / 2, cy - ls * 0.35, FontStyle::regular, ls, style_.muted_gray, l));
    }

    double bubble_room() const { return style_.body_size * 0.96 + 6; }

    // Options on one row when they all fit; else a two-column grid when each
    // fits half the width; else one per line. The choice looks only at the
    // set of options, never their order, so every variant lays out alike.
    void choice_rows(Block& b, const VariantQuestion& q, const std::vector<Option>& options, bool squares) const {
        const double size = style_.body_size;
        const double x0 = left_ + number_indent();
        const double avail = right_ - x0;
        const double gap = 22;
        std::vector<double> widths;
        double total = 0, widest = 0;
        for (std::size_t idx : q.option_order()) {
            const double w = bubble_room() + rich_width(options[idx].text, FontStyle::regular, size);
            widths.push_back(w);
            total += w;
            widest = std::max(widest, w);
        }
        total += gap * static_cast<double>(widths.size() - 1);
        const auto option_text = [&](std::size_t pos) -> const std::string& {
            return options[q.option_order()[pos]].text;
        };
        const auto letter = [](std::size_t pos) { return static_cast<char>('A' + pos); };
        // A bubble for one answer, a square tick box for `multi`.
        const auto marker = [&](Row& r, double x, double y, std::size_t pos) {
            const std::string printed(1, letter(pos));
            if (squares) square(r, x + 0.5, y, style_.body_size * 0.9, printed, tag_for(q, Role::tick_box, printed));
            else bubble(r, x, y, letter(pos), tag_for(q, Role::bubble, printed));
        };
        if (total <= avail) {
            Row r;
            r.height = lead(size) + style_.option_gap;
            double x = x0;
            for (std::size_t pos = 0; pos < widths.size(); ++pos) {
                marker(r, x, -size, pos);
                put(r, x + bubble_room(), -size, rich(option_text(pos), FontStyle::regular, size, 1e9).front(), size,
                    style_.text_gray);
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
                    const double x = x0 + static_cast<double>(c) * (column + gap);
                    marker(r, x, -size, pos);
                    put(r, x + bubble_room(), -size, rich(option_text(pos), FontStyle::regular, size, 1e9).front(),
                        size, style_.text_gray);
                }
                b.rows.push_back(std::move(r));
            }
            return;
        }
        for (std::size_t pos = 0; pos < widths.size(); ++pos) {
            auto lines = rich(option_text(pos), FontStyle::regular, size, avail - bubble_room());
            for (std::size_t i = 0; i < lines.size(); ++i) {
                Row r;
                r.height = lead(size) + (i + 1 == lines.size() ? style_.option_gap : 0);
                if (i == 0) marker(r, x0, -size, pos);
                put(r, x0 + bubble_room(), -size, lines[i], size, style_.text_gray);
                b.rows.push_back(std::move(r));
            }
        }
    }

    // `Circle one:   True   False`.
    void truefalse_rows(Block& b) const {
        const double size = style_.body_size;
        Row r;
        r.height = lead(size) + style_.option_gap;
        double x = left_ + number_indent();
        const std::string label = "Circle one:";
        r.items.push_back(text(x, -size, FontStyle::italic, size, style_.muted_gray, label));
        x += fonts_.width(FontStyle::italic, label, size) + 24;
        for (const char* word : {"True", "False"}) {
            r.items.push_back(text(x, -size, FontStyle::regular, size, style_.text_gray, word));
            x += fonts_.width(FontStyle::regular, word, size) + 30;
        }
        b.rows.push_back(std::move(r));
    }

    // ---- key pages -----------------------------------------------------

    std::vector<Block> key_blocks() const {
        std::vector<Block> blocks;
        Block head;
        paragraph(head, ws_.key_title.text, left_, width_, FontStyle::bold, style_.title_size, style_.text_gray);
        if (!ws_.key_note.empty()) {
            head.rows.push_back(spacer(2));
            paragraph(head, ws_.key_note.text, left_, width_, FontStyle::italic, style_.body_size,
                      style_.muted_gray);
        }
        head.rows.push_back(spacer(6));
        paragraph(head, ws_.title.text + "  \u00b7  " + v_.code, left_, width_, FontStyle::bold,
                  style_.body_size, style_.text_gray);
        head.rows.push_back(spacer(4));
        blocks.push_back(std::move(head));
        for (const auto& section : v_.sections) {
            bool first = true;
            for (const auto& q : section.questions) {
                Block kb = key_block(q);
                if (first && !section.source->title.empty()) {
                    Block heading;
                    paragraph(heading, section.source->title.text, left_, width_, FontStyle::bold,
                              style_.key_size, style_.text_gray);
                    kb.rows.insert(kb.rows.begin(), heading.rows.begin(), heading.rows.end());
                    kb.space_before = style_.question_gap;
                }
                first = false;
                blocks.push_back(std::move(kb));
            }
        }
        return blocks;
    }

    // `1.  B  option text`, then the explanation in italic below.
    Block key_block(const VariantQuestion& q) const {
        Block b;
        b.space_before = style_.question_gap * 0.6;
        const double size = style_.key_size;
        const double indent = number_indent();
        const std::string number = std::to_string(q.number) + ".";
        const AnswerDisplay shown = q.answer();
        const std::string& lead_text = shown.letters;
        const std::string& answer_text = shown.text;
        double x = left_ + indent;
        double lead_w = 0;
        if (!lead_text.empty()) lead_w = fonts_.width(FontStyle::bold, lead_text, size) + 8;
        auto lines = rich(answer_text, FontStyle::regular, size, right_ - x - lead_w);
        for (std::size_t i = 0; i < lines.size(); ++i) {
            Row r;
            r.height = lead(size);
            if (i == 0) {
                r.items.push_back(text(left_, -size, FontStyle::bold, size, style_.text_gray, number));
                if (!lead_text.empty())
                    r.items.push_back(text(x, -size, FontStyle::bold, size, style_.text_gray, lead_text));
            }
            put(r, x + lead_w, -size, lines[i], size, style_.text_gray);
            b.rows.push_back(std::move(r));
        }
        if (ws_.key_explanations && !q.source->explain.empty())
            paragraph(b, q.source->explain.text, x + lead_w, right_ - x - lead_w, FontStyle::italic,
                      size * 0.92, 0.25);
        return b;
    }

    // ---- pages -----------------------------------------------------------

    Page blank_page() const {
        Page p;
        footer(p, "", 0, 0);
        return p;
    }

    // Brand and url on the left; part, sheet code and `page n of m` on the
    // right (n = 0: a blank back side, code only).
    void footer(Page& p, const std::string& part, std::size_t n, std::size_t m) const {
        const double size = style_.footer_size;
        const double y = style_.margin_bottom - size;
        std::string brand = ws_.brand.text;
        if (!ws_.url.empty()) brand += (brand.empty() ? "" : " \u00b7 ") + ws_.url.text;
        if (!brand.empty())
            p.items.push_back(text(left_, y, FontStyle::regular, size, style_.muted_gray, brand));
        std::string right = part.empty() ? "" : part + " \u00b7 ";
        right += v_.code;
        if (n > 0) right += " \u00b7 page " + std::to_string(n) + " of " + std::to_string(m);
        const double w = fonts_.width(FontStyle::regular, right, size);
        p.items.push_back(text(right_ - w, y, FontStyle::regular, size, style_.muted_gray, right));
    }

    // Places blocks top-down; a block that does not fit what is left of a
    // page (or column) moves to the next whole (a block taller than a whole
    // page is split between rows). Column blocks fill the first column, then
    // the second, from below the last full-width block on the page.
    std::vector<Page> paginate(const std::vector<Block>& blocks, double gap_scale) const {
        const double top = style_.page_height - style_.margin_top;
        const double bottom = style_.margin_bottom + style_.footer_size * 2.5;
        const double column_shift = column_width() + style_.column_gap;
        std::vector<Page> pages(1);
        double y = top;
        double column_top = top;  // where the columns of this page start
        int column = 0;
        auto next_area = [&](bool in_column) {
            if (in_column && column == 0) {
                column = 1;
                y = column_top;
                return;
            }
            pages.emplace_back();
            y = column_top = top;
            column = 0;
        };
        for (const auto& block : blocks) {
            if (!block.in_column && column == 1) next_area(false);  // full width after columns: new page
            const double h = block.height();
            const bool at_top = y == (block.in_column ? column_top : top);
            const double before = at_top ? 0 : block.space_before * gap_scale;
            if (!at_top && y - before - h < bottom) {
                next_area(block.in_column);
            } else {
                y -= before;
            }
            for (const auto& row : block.rows) {
                if (y - row.height < bottom && y != top && y != column_top) next_area(block.in_column);
                for (Item item : row.items) {
                    translate(item, block.in_column && column == 1 ? column_shift : 0, y);
                    pages.back().items.push_back(std::move(item));
                }
                y -= row.height;
            }
            // Columns start a question gap below the last full-width block.
            if (!block.in_column) column_top = two_columns() ? y - style_.question_gap : y;
        }
        return pages;
    }

    // Adds the footer (`page n of m` within `part`) to each page and moves the
    // pages into the document.
    void frame(std::vector<Page> pages, Document& doc, const std::string& part) const {
        for (std::size_t i = 0; i < pages.size(); ++i) {
            footer(pages[i], part, i + 1, pages.size());
            doc.pages.push_back(std::move(pages[i]));
        }
    }
};

}  // namespace

std::vector<std::string> wrap_text(const std::string& text, const FontSet& fonts, FontStyle font,
                                   double size, double width) {
    // Whitespace (spaces, tabs, newlines) separates words; runs collapse.
    std::vector<std::string> words;
    std::string word;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (!word.empty()) words.push_back(std::move(word)), word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) words.push_back(std::move(word));

    std::vector<std::string> lines;
    std::string line;
    const double space = fonts.width(font, " ", size);
    double line_w = 0;
    for (auto& w : words) {
        double ww = fonts.width(font, w, size);
        if (!line.empty() && line_w + space + ww <= width) {
            line += ' ';
            line += w;
            line_w += space + ww;
            continue;
        }
        if (!line.empty()) lines.push_back(std::move(line)), line.clear(), line_w = 0;
        // A word wider than a whole line is broken between characters.
        while (ww > width) {
            std::size_t cut = 0;
            double cw = 0;
            while (cut < w.size()) {
                const std::size_t n = std::min(utf8_length(static_cast<unsigned char>(w[cut])), w.size() - cut);
                const double chw = fonts.width(font, std::string_view(w).substr(cut, n), size);
                if (cut > 0 && cw + chw > width) break;
                cw += chw;
                cut += n;
            }
            if (cut >= w.size()) break;
            lines.push_back(w.substr(0, cut));
            w.erase(0, cut);
            ww = fonts.width(font, w, size);
        }
        line = std::move(w);
        line_w = ww;
    }
    if (!line.empty() || lines.empty()) lines.push_back(std::move(line));
    return lines;
}

void append(Document& doc, Document&& part) {
    const std::size_t offset = doc.pages.size();
    if (doc.title.empty()) doc.title = part.title;
    doc.width = part.width;
    doc.height = part.height;
    doc.fonts = std::move(part.fonts);
    for (auto& p : part.pages) doc.pages.push_back(std::move(p));
    for (auto& b : part.bookmarks) doc.bookmarks.push_back({std::move(b.title), b.page + offset});
    for (auto& l : part.labels) doc.labels.push_back({l.page + offset, std::move(l.prefix)});
}

void layout_variant(const Variant& variant, const PageStyle& style, const FontSet& fonts,
                    const LayoutOptions& options, Document& doc) {
    Layouter(variant, style, fonts, options).run(doc);
}

}  // namespace handout
