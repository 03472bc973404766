// The marking grid: one row per sheet, one column per question number as
// printed, the correct answer in each cell; then where each question's
// correct letter falls across the class.
#include "handout/layout.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "handout/points.hpp"

namespace handout {

namespace {

// True when some choice or multi question of `ws` prints an option F, so
// that a grid cell "F" could mean that option as well as False.
bool has_option_f(const Worksheet& ws) {
    for (const auto& section : ws.sections)
        for (const auto& q : section.questions)
            if (options_of(q).size() >= 6) return true;
    return false;
}

}  // namespace

MarkingGrid marking_grid(const std::vector<Variant>& variants, const std::vector<std::string>& names) {
    MarkingGrid grid;
    if (!variants.empty()) grid.title = variants.front().worksheet->title.text;
    const bool option_f = !variants.empty() && has_option_f(*variants.front().worksheet);
    const std::size_t width = std::max<std::size_t>(2, std::to_string(variants.size()).size());
    // counts[question number][answer] = how many sheets
    std::vector<std::map<std::string, int>> counts;
    // points[question number] on every sheet: one value when they agree.
    std::vector<std::set<Points>> points;
    for (std::size_t i = 0; i < variants.size(); ++i) {
        GridRow row;
        row.number = std::to_string(i + 1);
        row.number.insert(0, width - row.number.size(), '0');
        if (i < names.size()) row.name = names[i];
        row.code = variants[i].code;
        for (const auto& section : variants[i].sections)
            for (const auto& q : section.questions) {
                // T and F for true/false, unless an option F exists: then True and False.
                std::string cell = q.answer().cell;
                if (option_f && q.source->type() == QuestionType::truefalse) cell = cell == "T" ? "True" : "False";
                row.answers.push_back(std::move(cell));
                if (counts.size() < row.answers.size()) counts.resize(row.answers.size());
                if (points.size() < row.answers.size()) points.resize(row.answers.size());
                points[row.answers.size() - 1].insert(q.source->points);
                // Position balance matters where a student picks one letter.
                if (q.source->type() == QuestionType::choice || q.source->type() == QuestionType::truefalse)
                    ++counts[row.answers.size() - 1][row.answers.back()];
            }
        grid.rows.push_back(std::move(row));
    }
    // A question number whose points differ between sheets shows them in each cell.
    for (std::size_t q = 0; q < points.size(); ++q) {
        grid.points.push_back(points[q].size() == 1 ? format_points(*points[q].begin()) : "");
        if (points[q].size() == 1) continue;
        for (std::size_t i = 0; i < variants.size(); ++i) {
            std::size_t n = 0;
            for (const auto& section : variants[i].sections)
                for (const auto& vq : section.questions)
                    if (n++ == q) grid.rows[i].answers[q] += " (" + format_points(vq.source->points) + ")";
        }
    }
    if (!variants.empty()) grid.total = format_points(variants.front().worksheet->points());
    for (std::size_t q = 0; q < counts.size(); ++q) {
        if (counts[q].empty()) continue;
        std::string line = std::to_string(q + 1) + ":";
        for (const auto& [answer, n] : counts[q]) line += "  " + answer + " \u00d7 " + std::to_string(n);
        grid.summary.push_back(std::move(line));
    }
    return grid;
}

void layout_marking_grid(const MarkingGrid& grid, const PageStyle& style, const FontSet& fonts,
                         Document& doc) {
    const double size = 9;      // cell text
    const double row_h = 14;    // row pitch
    const double left = style.margin_left, right = style.page_width - style.margin_right;
    const double top = style.page_height - style.margin_top;
    const double bottom = style.margin_bottom + style.footer_size * 2.5;
    const bool has_names = std::any_of(grid.rows.begin(), grid.rows.end(), [](const GridRow& r) { return !r.name.empty(); });
    const std::size_t questions = grid.rows.empty() ? 0 : grid.rows.front().answers.size();

    // Fixed columns: sheet number, name (when any), sheet code.
    auto measure = [&](FontStyle f, const std::string& s) { return fonts.width(f, s, size); };
    double number_w = measure(FontStyle::bold, "#") + 8, name_w = 0, code_w = measure(FontStyle::bold, "Sheet code") + 10;
    for (const auto& r : grid.rows) {
        number_w = std::max(number_w, measure(FontStyle::regular, r.number) + 8);
        name_w = std::max(name_w, measure(FontStyle::regular, r.name) + 10);
        code_w = std::max(code_w, measure(FontStyle::regular, r.code) + 10);
    }
    if (has_names) name_w = std::clamp(name_w, measure(FontStyle::bold, "Name") + 10, 150.0);
    // Question columns: each as wide as its widest answer; groups of columns
    // that fit the width beside the fixed columns.
    std::vector<double> cell_w(questions, measure(FontStyle::bold, "00") + 10);
    for (const auto& r : grid.rows)
        for (std::size_t q = 0; q < r.answers.size() && q < questions; ++q)
            cell_w[q] = std::max(cell_w[q], measure(FontStyle::regular, r.answers[q]) + 10);
    // The total column ends the last group: empty cells to write each score in.
    const PointsWords words;
    const double total_w = std::max(measure(FontStyle::bold, words.total), measure(FontStyle::regular, grid.total)) + 16;
    const double fixed_w = number_w + (has_names ? name_w : 0) + code_w;
    const double room = right - left - fixed_w - total_w;
    std::vector<std::pair<std::size_t, std::size_t>> groups;  // [first, last)
    for (std::size_t q = 0; q < questions;) {
        std::size_t end = q;
        double used = 0;
        while (end < questions && (end == q || used + cell_w[end] <= room)) used += cell_w[end++];
        groups.push_back({q, end});
        q = end;
    }
    if (groups.empty()) groups.push_back({0, 0});

    std::vector<Page> pages;
    double y = 0;
    auto new_page = [&] {
        pages.emplace_back();
        y = top;
    };
    auto text = [&](double x, FontStyle f, double sz, double gray, std::string s) {
        pages.back().items.push_back(TextRun{x, y - sz, f, sz, gray, std::move(s)});
    };
    auto rule = [&](double gray) {
        pages.back().items.push_back(Rule{left, y, right, y, style.rule_width * 0.8, gray});
    };
    // Truncates a name to its column, with an ellipsis.
    auto fit = [&](std::string s, double w) {
        if (measure(FontStyle::regular, s) <= w) return s;
        while (!s.empty() && measure(FontStyle::regular, s + "\u2026") > w) {
            s.pop_back();
            while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
            if (!s.empty() && static_cast<unsigned char>(s.back()) >= 0xC0) s.pop_back();
        }
        return s + "\u2026";
    };

    new_page();
    text(left, FontStyle::bold, style.title_size, style.text_gray, "Marking grid");
    y -= style.title_size * style.line_gap;
    for (const auto& line : wrap_text(grid.title, fonts, FontStyle::regular, style.body_size, right - left)) {
        text(left, FontStyle::regular, style.body_size, style.text_gray, line);
        y -= style.body_size * style.line_gap;
    }
    y -= 8;

    for (const auto& group : groups) {
        const std::size_t first = group.first, last = group.second;
        auto header = [&] {
            double x = left;
            text(x, FontStyle::bold, size, style.text_gray, "#");
            x += number_w;
            if (has_names) text(x, FontStyle::bold, size, style.text_gray, "Name"), x += name_w;
            text(x, FontStyle::bold, size, style.text_gray, "Sheet code");
            x += code_w;
            for (std::size_t q = first; q < last; x += cell_w[q], ++q) {
                const std::string n = std::to_string(q + 1);
                text(x + (cell_w[q] - measure(FontStyle::bold, n)) / 2, FontStyle::bold, size, style.text_gray, n);
            }
            if (last == questions) text(x + (total_w - measure(FontStyle::bold, words.total)) / 2, FontStyle::bold, size,
                                        style.text_gray, words.total);
            y -= row_h;
            // Under the numbers, each question's points and the total.
            x = left + number_w + (has_names ? name_w : 0);
            text(x, FontStyle::regular, size, style.muted_gray, words.points);
            x += code_w;
            for (std::size_t q = first; q < last; x += cell_w[q], ++q) {
                const std::string p = q < grid.points.size() ? grid.points[q] : "";
                text(x + (cell_w[q] - measure(FontStyle::regular, p)) / 2, FontStyle::regular, size, style.muted_gray, p);
            }
            if (last == questions) text(x + (total_w - measure(FontStyle::regular, grid.total)) / 2, FontStyle::regular,
                                        size, style.muted_gray, grid.total);
            y -= row_h;
            rule(style.rule_gray);
        };
        if (y - 4 * row_h < bottom) new_page();
        header();
        for (std::size_t i = 0; i < grid.rows.size(); ++i) {
            const GridRow& r = grid.rows[i];
            if (y - row_h < bottom) {
                new_page();
                header();  // the header row repeats on every page
            }
            y -= 3;
            double x = left;
            text(x, FontStyle::regular, size, style.muted_gray, r.number);
            x += number_w;
            if (has_names) text(x, FontStyle::regular, size, style.text_gray, fit(r.name, name_w - 8)), x += name_w;
            text(x, FontStyle::regular, size, style.text_gray, r.code);
            x += code_w;
            for (std::size_t q = first; q < last && q < r.answers.size(); x += cell_w[q], ++q)
                text(x + (cell_w[q] - measure(FontStyle::regular, r.answers[q])) / 2, FontStyle::regular, size,
                     style.text_gray, r.answers[q]);
            y -= row_h - 3;
            // A light rule every row, a darker one every fifth, to guide the eye.
            rule((i + 1) % 5 == 0 ? style.rule_gray : std::min(1.0, style.rule_gray + 0.25));
        }
        y -= 12;
    }

    // Where each question's correct answer falls across the class.
    if (!grid.summary.empty()) {
        const double lead = style.body_size * style.line_gap;
        if (y - 2 * lead < bottom) new_page();
        text(left, FontStyle::bold, style.body_size, style.text_gray, "Where the correct answer falls, per question");
        y -= lead + 2;
        for (const auto& s : grid.summary) {
            if (y - size * style.line_gap < bottom) new_page();
            text(left, FontStyle::regular, size, style.text_gray, s);
            y -= size * style.line_gap;
        }
    }

    const std::size_t first_page = doc.pages.size();
    for (std::size_t i = 0; i < pages.size(); ++i) {
        const double fy = style.margin_bottom - style.footer_size;
        const std::string right_text =
            "Marking grid \u00b7 page " + std::to_string(i + 1) + " of " + std::to_string(pages.size());
        const double w = fonts.width(FontStyle::regular, right_text, style.footer_size);
        pages[i].items.push_back(
            TextRun{right - w, fy, FontStyle::regular, style.footer_size, style.muted_gray, right_text});
        doc.pages.push_back(std::move(pages[i]));
    }
    doc.bookmarks.push_back({"Marking grid", first_page});
    doc.width = style.page_width;
    doc.height = style.page_height;
    doc.fonts = fonts.files();
    if (doc.title.empty()) doc.title = grid.title;
}

}  // namespace handout
