// The marking grid: one row per sheet, one column per question number as
// printed, the correct answer in each cell; then where each question's
// correct letter falls across the class.
#include "handout/layout.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <set>

#include "handout/points.hpp"
#include "layout/metrics.hpp"
#include "layout/parts.hpp"

namespace handout {

namespace {

// True when some choice or multi question of `ws` prints an option letter
// that is also the True or False letter (F in English and French), so that
// a grid cell "F" could mean that option as well as False.
bool letters_clash(const Worksheet& ws, const Labels& labels) {
    const auto clashes = [](const std::string& letter, std::size_t options) {
        return letter.size() == 1 && letter[0] >= 'A' && static_cast<std::size_t>(letter[0] - 'A') < options;
    };
    for (const auto& section : ws.sections)
        for (const auto& q : section.questions)
            if (clashes(labels.true_letter, options_of(q).size()) || clashes(labels.false_letter, options_of(q).size()))
                return true;
    return false;
}

}  // namespace

namespace {

/// Appends `text` behind its length (LEB128: seven bits a byte).
void pack_text(std::string& out, std::string_view text) {
    std::size_t n = text.size();
    do {
        const auto low = static_cast<unsigned char>(n & 0x7Fu);
        n >>= 7;
        out += static_cast<char>(n != 0 ? (low | 0x80u) : low);
    } while (n != 0);
    out += text;
}

/// The next text of `in` from `at` (as pack_text wrote it).
std::string unpack_text(const std::string& in, std::size_t& at) {
    std::size_t n = 0;
    for (unsigned shift = 0;; shift += 7) {
        const auto byte = static_cast<unsigned char>(in.at(at++));
        n |= static_cast<std::size_t>(byte & 0x7Fu) << shift;
        if ((byte & 0x80u) == 0) break;
    }
    std::string text = in.substr(at, n);
    at += n;
    return text;
}

std::string pack_row(const GridRow& row) {
    std::string out;
    out.reserve(8 + row.number.size() + row.name.size() + row.code.size() + 4 * row.answers.size());
    pack_text(out, row.number);
    pack_text(out, row.name);
    pack_text(out, row.code);
    for (const std::string& answer : row.answers) pack_text(out, answer);
    return out;
}

}  // namespace

GridRow GridRows::operator[](std::size_t i) const {
    const std::string packed = store_->read(spans_.at(i));
    GridRow row;
    if (packed.empty()) return row;  // a row never set
    std::size_t at = 0;
    row.number = unpack_text(packed, at);
    row.name = unpack_text(packed, at);
    row.code = unpack_text(packed, at);
    while (at < packed.size()) row.answers.push_back(unpack_text(packed, at));
    return row;
}

void GridRows::set(std::size_t i, const GridRow& row) { spans_.at(i) = store_->append(pack_row(row)); }

void GridRows::push_back(const GridRow& row) { spans_.push_back(store_->append(pack_row(row))); }

MarkingGridBuilder::MarkingGridBuilder(const Worksheet& ws, std::size_t sheets, Labels labels)
    : ws_(ws), labels_(std::move(labels)), option_f_(letters_clash(ws, labels_)), rows_(sheets) {}

void MarkingGridBuilder::set(std::size_t i, const Variant& v, const std::string& name) {
    GridRow row;
    const std::size_t width = std::max<std::size_t>(2, std::to_string(rows_.size()).size());
    row.number = std::to_string(i + 1);
    row.number.insert(0, width - row.number.size(), '0');
    row.name = name;
    row.code = v.code;
    std::vector<std::string> points;
    std::vector<Points> values;
    std::vector<bool> counted;
    for (const auto& section : v.sections)
        for (const auto& q : section.questions) {
            // The True and False letters, unless an option has the same
            // letter: then the words. A sentence's answer is on the key page.
            std::string cell = q.answer().cell;
            if (q.source->type() == QuestionType::truefalse) {
                const bool truth = cell == "T";
                cell = option_f_ ? (truth ? labels_.true_word : labels_.false_word)
                                 : (truth ? labels_.true_letter : labels_.false_letter);
            } else if (q.source->type() == QuestionType::short_answer) {
                cell = labels_.see_key;
            }
            row.answers.push_back(std::move(cell));
            values.push_back(q.source->points);
            points.push_back(format_points(q.source->points));
            // Position balance matters where a student picks one letter.
            counted.push_back(q.source->type() == QuestionType::choice ||
                              q.source->type() == QuestionType::truefalse);
        }
    {
        std::lock_guard lock(mutex_);
        const std::size_t n = row.answers.size();
        counts_.resize(std::max(counts_.size(), n));
        points_.resize(std::max(points_.size(), n));
        for (std::size_t q = 0; q < n; ++q) {
            points_[q].insert(values[q]);
            if (counted[q]) ++counts_[q][row.answers[q]];
        }
    }
    // The points of each answer ride after the answers until finish.
    row.answers.insert(row.answers.end(), points.begin(), points.end());
    rows_.set(i, row);
}

MarkingGrid MarkingGridBuilder::finish() && {
    MarkingGrid grid;
    grid.title = ws_.title.text;
    grid.total = format_points(ws_.points());
    grid.labels = labels_;
    grid.right_to_left = ws_.right_to_left();
    // A question number whose points differ between sheets shows them in each cell.
    for (const auto& points : points_) grid.points.push_back(points.size() == 1 ? format_points(*points.begin()) : "");
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        GridRow row = rows_[i];
        const std::size_t n = row.answers.size() / 2;
        for (std::size_t q = 0; q < n; ++q)
            if (grid.points[q].empty()) row.answers[q] += " (" + row.answers[n + q] + ")";
        row.answers.resize(n);
        rows_.set(i, row);
    }
    for (std::size_t q = 0; q < counts_.size(); ++q) {
        if (counts_[q].empty()) continue;
        std::string line = std::to_string(q + 1) + ":";
        // A false letter that is itself the sign of the count (× in Chinese,
        // Japanese and Korean) is bracketed: "(×) × 2", not "× × 2".
        for (const auto& [answer, n] : counts_[q])
            line += "  " + (answer.find("\u00d7") == std::string::npos ? answer : "(" + answer + ")") +
                    " \u00d7 " + std::to_string(n);
        grid.summary.push_back(std::move(line));
    }
    grid.rows = std::move(rows_);
    return grid;
}

namespace {

namespace m = metrics;

// The grid set on pages: fixed columns (sheet number, name when any, sheet
// code), question columns in groups that fit beside them, the total column
// ending the last group; each group's rows under a header repeated on every
// page; then the summary. Pages go out one at a time.
class GridPages {
public:
    GridPages(const MarkingGrid& grid, const PageStyle& style, const FontSet& fonts)
        : grid_(grid), style_(style), fonts_(fonts), labels_(grid.labels), words_(grid.labels.points),
          left_(style.margin_left),
          right_(style.page_width - style.margin_right), top_(style.page_height - style.margin_top),
          bottom_(style.margin_bottom + style.footer_size * m::grid_footer_room) {
        measure_columns();
        group_columns();
    }

    // Sets the grid, handing each finished page to `out` with its footer
    // ("page n of `count`"; none when `count` is 0); returns the page count.
    std::size_t set(const std::function<void(Page&&)>& out, std::size_t count) {
        out_ = &out;
        count_ = count;
        done_ = 0;
        new_page();
        text(left_, FontStyle::bold, style_.title_size, style_.text_gray, labels_.marking_grid);
        y_ -= style_.title_size * style_.line_gap;
        for (const auto& line : wrap_text(grid_.title, fonts_, FontStyle::regular, style_.body_size, right_ - left_)) {
            text(left_, FontStyle::regular, style_.body_size, style_.text_gray, line);
            y_ -= style_.body_size * style_.line_gap;
        }
        if (!code_stem_.empty()) {
            // Right to left, the code a run of its own after its label, so
            // that its "-…" stays at its end ("…-W3-…" in one run).
            const std::string label = labels_.sheet_code + ": ", code = code_stem_ + "\u2026";
            if (!grid_.right_to_left) {
                text(left_, FontStyle::regular, m::grid_text_size, style_.text_gray, label + code);
            } else {
                text(left_, FontStyle::regular, m::grid_text_size, style_.text_gray, label);
                text(left_ + measure(FontStyle::regular, label), FontStyle::regular, m::grid_text_size,
                     style_.text_gray, code);
            }
            y_ -= m::grid_text_size * style_.line_gap;
        }
        y_ -= m::grid_title_space;
        for (const auto& group : groups_) set_group(group.first, group.second);
        set_legend();
        set_summary();
        finish_page();
        return done_;
    }

private:
    const MarkingGrid& grid_;
    const PageStyle& style_;
    const FontSet& fonts_;
    const Labels& labels_;
    const PointsWords& words_;
    const double left_, right_, top_, bottom_;
    bool has_names_ = false;
    std::size_t questions_ = 0;
    double number_w_ = 0, name_w_ = 0, code_w_ = 0, total_w_ = 0;
    std::vector<double> cell_w_;
    // The start every sheet code shares ("W3-V29V-YB59M47DG-"), printed once
    // under the title; the code column shows the rest ("17-5").
    std::string code_stem_;
    // Long answers as keys: text → key number, the texts in key order, and
    // the columns that use keys.
    std::map<std::string, std::size_t> legend_;
    std::vector<std::string> legend_texts_;
    std::vector<bool> keyed_;
    std::vector<std::pair<std::size_t, std::size_t>> groups_;  // [first, last) question columns
    // While setting:
    const std::function<void(Page&&)>* out_ = nullptr;
    std::size_t count_ = 0, done_ = 0;
    Page page_;
    bool open_ = false;
    double y_ = 0;

    double measure(FontStyle f, const std::string& s) const { return fonts_.width(f, s, m::grid_text_size); }

    void measure_columns() {
        code_stem_ = shared_code_stem();
        number_w_ = measure(FontStyle::bold, "#") + m::grid_number_pad;
        code_w_ = measure(FontStyle::bold, labels_.sheet_code) + m::grid_cell_pad;
        // One pass over the rows (each unpacked once): the first row's
        // answers set the question columns, each as wide as its widest
        // answer that fits grid_cell_max; the wider ones are gathered.
        std::vector<double> long_w;
        std::vector<std::vector<std::string>> long_texts;
        for (std::size_t i = 0; i < grid_.rows.size(); ++i) {
            const GridRow r = grid_.rows[i];
            if (i == 0) {
                questions_ = r.answers.size();
                cell_w_.assign(questions_, measure(FontStyle::bold, "00") + m::grid_cell_pad);
                long_w.assign(questions_, 0);
                long_texts.resize(questions_);
            }
            has_names_ = has_names_ || !r.name.empty();
            number_w_ = std::max(number_w_, measure(FontStyle::regular, r.number) + m::grid_number_pad);
            name_w_ = std::max(name_w_, measure(FontStyle::regular, r.name) + m::grid_cell_pad);
            code_w_ = std::max(code_w_, measure(FontStyle::regular, shown_code(r.code)) + m::grid_cell_pad);
            for (std::size_t q = 0; q < r.answers.size() && q < questions_; ++q) {
                const double w = measure(FontStyle::regular, r.answers[q]) + m::grid_cell_pad;
                if (w <= m::grid_cell_max) {
                    cell_w_[q] = std::max(cell_w_[q], w);
                    continue;
                }
                long_w[q] = std::max(long_w[q], w);
                auto& texts = long_texts[q];
                if (texts.size() <= m::grid_legend_per_column &&
                    std::find(texts.begin(), texts.end(), r.answers[q]) == texts.end())
                    texts.push_back(r.answers[q]);
            }
        }
        if (has_names_) name_w_ = std::clamp(name_w_, measure(FontStyle::bold, labels_.name) + m::grid_cell_pad, m::grid_name_max);
        total_w_ = std::max(measure(FontStyle::bold, words_.total), measure(FontStyle::regular, grid_.total)) +
                   m::grid_total_pad;
        // Keys only where they are needed: when every column at full width
        // fits one band, none.
        double full = 0;
        for (std::size_t q = 0; q < questions_; ++q) full += std::max(cell_w_[q], long_w[q]);
        const bool one_band = full <= right_ - left_ - fixed_width() - total_w_;
        // Columns with few long answers print keys; others widen.
        keyed_.assign(questions_, false);
        for (std::size_t q = 0; q < questions_; ++q) {
            if (long_texts[q].empty()) continue;
            if (one_band || long_texts[q].size() > m::grid_legend_per_column) {
                cell_w_[q] = std::max(cell_w_[q], long_w[q]);
                continue;
            }
            keyed_[q] = true;
            for (const std::string& t : long_texts[q]) {
                const auto [at, added] = legend_.emplace(t, legend_texts_.size() + 1);
                if (added) legend_texts_.push_back(t);
                cell_w_[q] = std::max(cell_w_[q], measure(FontStyle::regular, key_of(at->second)) + m::grid_cell_pad);
            }
        }
    }

    static std::string key_of(std::size_t n) { return "[" + std::to_string(n) + "]"; }

    // The start of every row's code up to the dash before the seed, when
    // there are two rows or more and they share it.
    std::string shared_code_stem() const {
        if (grid_.rows.size() < 2) return {};
        std::string stem = grid_.rows[0].code;
        for (std::size_t i = 1; i < grid_.rows.size() && !stem.empty(); ++i) {
            const std::string code = grid_.rows[i].code;
            std::size_t n = 0;
            while (n < stem.size() && n < code.size() && stem[n] == code[n]) ++n;
            stem.resize(n);
        }
        // Up to the third dash ("W3-XXXX-XXXXXXXXX-"): never into the seed.
        std::size_t dashes = 0, end = 0;
        for (std::size_t i = 0; i < stem.size() && dashes < 3; ++i)
            if (stem[i] == '-') ++dashes, end = i + 1;
        return dashes == 3 ? stem.substr(0, end) : std::string();
    }

    std::string shown_code(const std::string& code) const {
        return code.starts_with(code_stem_) ? code.substr(code_stem_.size()) : code;
    }

    // An answer as its cell shows it: a long one as its key.
    std::string cell(std::size_t q, const std::string& answer) const {
        if (!keyed_[q]) return answer;
        const auto at = legend_.find(answer);
        return at == legend_.end() ? answer : key_of(at->second);
    }

    // Groups of question columns that fit the width beside the fixed columns.
    void group_columns() {
        const double room = right_ - left_ - fixed_width() - total_w_;
        for (std::size_t q = 0; q < questions_;) {
            std::size_t end = q;
            double used = 0;
            while (end < questions_ && (end == q || used + cell_w_[end] <= room)) used += cell_w_[end++];
            groups_.push_back({q, end});
            q = end;
        }
        if (groups_.empty()) groups_.push_back({0, 0});
    }

    double fixed_width() const { return number_w_ + (has_names_ ? name_w_ : 0) + code_w_; }

    void new_page() {
        finish_page();
        page_ = Page{};
        open_ = true;
        y_ = top_;
    }

    // Hands the page on, with its footer when the count is known.
    void finish_page() {
        if (!open_) return;
        ++done_;
        if (count_ > 0) {
            const std::string footer = labels_.marking_grid + " \u00b7 " + labels_.page_of(done_, count_);
            const double w = fonts_.width(FontStyle::regular, footer, style_.footer_size);
            page_.items.push_back(TextRun{right_ - w, style_.margin_bottom - style_.footer_size, FontStyle::regular,
                                          style_.footer_size, style_.muted_gray, footer});
        }
        // A grid that reads right to left is mirrored whole, as the sheets
        // are: the sheet number at the right, the questions leftward from it.
        if (grid_.right_to_left) layout::mirror_page(page_, style_.page_width, fonts_);
        (*out_)(std::move(page_));
        open_ = false;
    }

    void text(double x, FontStyle f, double size, double gray, std::string s) {
        page_.items.push_back(TextRun{x, y_ - size, f, size, gray, std::move(s)});
    }
    void rule(double gray) {
        page_.items.push_back(Rule{left_, y_, right_, y_, style_.rule_width * m::grid_rule_scale, gray});
    }
    // `s` centred in a column from x, `w` wide.
    void centred(double x, double w, FontStyle f, double gray, const std::string& s) {
        text(x + (w - measure(f, s)) / 2, f, m::grid_text_size, gray, s);
    }

    // A name cut to its column, with an ellipsis.
    std::string fit(std::string s, double w) const {
        if (measure(FontStyle::regular, s) <= w) return s;
        return layout::ellipsized(std::move(s), fonts_, FontStyle::regular, m::grid_text_size, w);
    }

    // The header of a group: question numbers, then each one's points.
    void header(std::size_t first, std::size_t last) {
        const double size = m::grid_text_size;
        double x = left_;
        text(x, FontStyle::bold, size, style_.text_gray, "#");
        x += number_w_;
        if (has_names_) text(x, FontStyle::bold, size, style_.text_gray, labels_.name), x += name_w_;
        text(x, FontStyle::bold, size, style_.text_gray, labels_.sheet_code);
        x += code_w_;
        for (std::size_t q = first; q < last; x += cell_w_[q], ++q)
            centred(x, cell_w_[q], FontStyle::bold, style_.text_gray, std::to_string(q + 1));
        if (last == questions_) centred(x, total_w_, FontStyle::bold, style_.text_gray, words_.total);
        y_ -= m::grid_row_pitch;
        x = left_ + number_w_ + (has_names_ ? name_w_ : 0);
        text(x, FontStyle::regular, size, style_.muted_gray, words_.points);
        x += code_w_;
        for (std::size_t q = first; q < last; x += cell_w_[q], ++q)
            centred(x, cell_w_[q], FontStyle::regular, style_.muted_gray, q < grid_.points.size() ? grid_.points[q] : "");
        if (last == questions_) centred(x, total_w_, FontStyle::regular, style_.muted_gray, grid_.total);
        y_ -= m::grid_row_pitch;
        rule(style_.rule_gray);
    }

    void set_group(std::size_t first, std::size_t last) {
        if (y_ - m::grid_group_least_rows * m::grid_row_pitch < bottom_) new_page();
        header(first, last);
        for (std::size_t i = 0; i < grid_.rows.size(); ++i) {
            const GridRow r = grid_.rows[i];
            if (y_ - m::grid_row_pitch < bottom_) {
                new_page();
                header(first, last);  // the header row repeats on every page
            }
            y_ -= m::grid_row_drop;
            double x = left_;
            text(x, FontStyle::regular, m::grid_text_size, style_.muted_gray, r.number);
            x += number_w_;
            if (has_names_)
                text(x, FontStyle::regular, m::grid_text_size, style_.text_gray, fit(r.name, name_w_ - m::grid_number_pad)),
                    x += name_w_;
            text(x, FontStyle::regular, m::grid_text_size, style_.text_gray, shown_code(r.code));
            x += code_w_;
            for (std::size_t q = first; q < last && q < r.answers.size(); x += cell_w_[q], ++q)
                centred(x, cell_w_[q], FontStyle::regular, style_.text_gray, cell(q, r.answers[q]));
            y_ -= m::grid_row_pitch - m::grid_row_drop;
            // A light rule every row, a darker one every fifth, to guide the eye.
            rule((i + 1) % m::grid_dark_rule_every == 0 ? style_.rule_gray
                                                         : std::min(1.0, style_.rule_gray + m::grid_light_rule_lift));
        }
        y_ -= m::grid_group_space;
    }

    // What each key of a long answer stands for, one a line.
    void set_legend() {
        const double lead = m::grid_text_size * style_.line_gap;
        for (std::size_t k = 0; k < legend_texts_.size(); ++k)
            for (const auto& line : wrap_text(key_of(k + 1) + "  " + legend_texts_[k], fonts_, FontStyle::regular,
                                              m::grid_text_size, right_ - left_)) {
                if (y_ - lead < bottom_) new_page();
                text(left_, FontStyle::regular, m::grid_text_size, style_.text_gray, line);
                y_ -= lead;
            }
        if (!legend_texts_.empty()) y_ -= m::grid_group_space;
    }

    // Where each question's correct answer falls across the class.
    void set_summary() {
        if (grid_.summary.empty()) return;
        const double lead = style_.body_size * style_.line_gap;
        if (y_ - 2 * lead < bottom_) new_page();
        text(left_, FontStyle::bold, style_.body_size, style_.text_gray, labels_.answer_spread);
        y_ -= lead + m::grid_summary_space;
        for (const auto& s : grid_.summary) {
            if (y_ - m::grid_text_size * style_.line_gap < bottom_) new_page();
            text(left_, FontStyle::regular, m::grid_text_size, style_.text_gray, s);
            y_ -= m::grid_text_size * style_.line_gap;
        }
    }
};

}  // namespace

void layout_marking_grid(const MarkingGrid& grid, const PageStyle& style, const FontSet& fonts, std::size_t chunk,
                         const std::function<void(Document&&)>& sink) {
    GridPages pages(grid, style, fonts);
    // The first pass counts the pages ("page n of N"), the second hands them on.
    const std::size_t count = pages.set([](Page&&) {}, 0);
    Document part;
    std::size_t done = 0;
    const auto flush = [&] {
        if (part.pages.empty()) return;
        part.width = style.page_width;
        part.height = style.page_height;
        part.fonts = fonts.files();
        layout::finish_fonts(part, 0, fonts);
        part.title = grid.title;
        if (done == part.pages.size()) part.bookmarks.push_back({grid.labels.marking_grid, 0});
        sink(std::move(part));
        part = Document{};
    };
    pages.set(
        [&](Page&& page) {
            part.pages.push_back(std::move(page));
            ++done;
            if (part.pages.size() >= std::max<std::size_t>(1, chunk)) flush();
        },
        count);
    flush();
}

void layout_marking_grid(const MarkingGrid& grid, const PageStyle& style, const FontSet& fonts, Document& doc) {
    const std::size_t first_page = doc.pages.size();
    layout_marking_grid(grid, style, fonts, std::numeric_limits<std::size_t>::max(), [&](Document&& part) {
        for (Page& page : part.pages) doc.pages.push_back(std::move(page));
    });
    doc.bookmarks.push_back({grid.labels.marking_grid, first_page});
    doc.width = style.page_width;
    doc.height = style.page_height;
    doc.fonts = fonts.files();
    layout::finish_fonts(doc, first_page, fonts);
    if (doc.title.empty()) doc.title = grid.title;
}

}  // namespace handout
