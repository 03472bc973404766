// `mark --analysis analysis.pdf`: one page per worksheet that shows how the
// class did: the distribution of totals as a histogram, then per question
// (grouped by section) the share right as a bar, the discrimination index
// (share right in the top 27 % minus the bottom 27 %) and how often each
// option was chosen (the key's number boxed). Black outlines and solid black fills only, so that it
// prints in black and white and survives a photocopy.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "handout/mark.hpp"
#include "handout/pdf.hpp"
#include "mark/pdf_canvas.hpp"
#include "mark/score_table.hpp"

namespace handout::mark {

namespace {

constexpr double margin = 50;
constexpr double group_share = 0.27;      ///< Kelley's upper and lower groups
constexpr std::size_t min_for_index = 6;  ///< fewer decided sheets: no discrimination index

std::string percent(double share) {
    return std::to_string(static_cast<int>(std::lround(share * 100))) + " %";
}

std::string signed_two(double d) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%+.2f", d);
    return buf;
}

/// The totals histogram: one bar per whole point up to 20 points, else ten
/// equal bins; the count above each bar, the points below.
double histogram(Canvas& c, double y, const std::vector<double>& totals, double max) {
    const int bins = max <= 20 ? static_cast<int>(std::ceil(max)) + 1 : 10;
    const double step = max <= 20 ? 1 : max / 10;
    std::vector<int> count(static_cast<std::size_t>(bins), 0);
    for (double t : totals) {
        int b = max <= 20 ? static_cast<int>(std::floor(t + 1e-9))
                          : static_cast<int>(std::floor(t / step + 1e-9));
        b = std::clamp(b, 0, bins - 1);
        ++count[static_cast<std::size_t>(b)];
    }
    const int most = std::max(1, *std::max_element(count.begin(), count.end()));
    const double left = margin + 10, width = 595.0 - 2 * margin - 10, height = 110, bar = width / bins;
    const double base = y + height;
    for (int b = 0; b < bins; ++b) {
        const double h = height * count[static_cast<std::size_t>(b)] / most;
        const double x = left + b * bar;
        c.fill(x + bar * 0.15, base - h, bar * 0.7, h);
        if (count[static_cast<std::size_t>(b)] > 0)
            c.text(x + bar / 2 - c.width(std::to_string(count[static_cast<std::size_t>(b)]), 8) / 2,
                   base - h - 3, std::to_string(count[static_cast<std::size_t>(b)]), 8);
        const std::string label = max <= 20 ? format_score(b) : format_score(b * step) + "–";
        c.text(x + bar / 2 - c.width(label, 8) / 2, base + 11, label, 8);
    }
    c.rule(left, base, left + width, base);
    return base + 26;
}

/// The sheets fully decided of one worksheet, strongest first.
struct Class {
    std::vector<const SheetResult*> decided;
    std::size_t group = 0;  ///< size of the upper and lower groups (0: too few sheets)

    double share_right(std::size_t q, std::size_t from, std::size_t to) const {
        std::size_t k = 0, had = 0;
        for (std::size_t j = from; j < to; ++j) {
            const QuestionResult& r = decided[j]->questions[q];
            if (!r.drawn) continue;  // a pool's question the sheet did not draw
            ++had;
            k += r.points && *r.points >= r.max.value() - 1e-9 ? 1 : 0;
        }
        return had ? static_cast<double>(k) / static_cast<double>(had) : 0;
    }
};

Class class_of(const Results& results, const WorksheetInfo& ws) {
    Class c;
    for (const auto& s : results.sheets)
        if (s.scanned && s.worksheet == ws.id && s.undecided() == 0 &&
            s.questions.size() == ws.questions.size())
            c.decided.push_back(&s);
    std::stable_sort(c.decided.begin(), c.decided.end(),
                     [](const SheetResult* a, const SheetResult* b) { return a->points > b->points; });
    if (c.decided.size() >= min_for_index)
        c.group = std::max<std::size_t>(
            2, static_cast<std::size_t>(std::lround(group_share * static_cast<double>(c.decided.size()))));
    return c;
}

/// The sheets of `cls` that printed question `q` (all of them but for a
/// pool's question), with their own groups.
Class drew(const Class& cls, std::size_t q) {
    Class c;
    for (const SheetResult* s : cls.decided)
        if (s->questions[q].drawn) c.decided.push_back(s);
    if (c.decided.size() == cls.decided.size()) return cls;
    if (c.decided.size() >= min_for_index)
        c.group = std::max<std::size_t>(
            2, static_cast<std::size_t>(std::lround(group_share * static_cast<double>(c.decided.size()))));
    return c;
}

/// One question's row: number, share right as a bar, the index, and a small
/// bar per option (the key's marked ✓).
void question_row(Canvas& c, double y, std::size_t i, const QuestionInfo& qi, const Class& cls) {
    const double size = 8.5;
    c.text(margin, y + 9, std::to_string(i + 1), size, FontStyle::bold);
    const std::size_t n = cls.decided.size();
    const double right = n ? cls.share_right(i, 0, n) : 0;
    c.box(margin + 22, y + 2, 80, 8);
    c.fill(margin + 22, y + 2, 80 * right, 8);
    c.text(margin + 106, y + 9, n ? percent(right) : "—", size);
    c.text_right(
        margin + 182, y + 9,
        cls.group ? signed_two(cls.share_right(i, 0, cls.group) - cls.share_right(i, n - cls.group, n)) : "—",
        size);
    if (qi.options.empty()) {
        c.text(margin + 196, y + 9, qi.type, size, FontStyle::italic);
        return;
    }
    std::map<std::string, std::size_t> chosen;
    for (const SheetResult* s : cls.decided)
        for (const auto& ch : s->questions[i].chosen) ++chosen[ch];
    double x = margin + 196;
    for (std::size_t k = 0; k < qi.options.size(); ++k) {
        const std::string id = qi.type == "truefalse" ? (k == 0 ? "T" : "F") : std::to_string(k + 1);
        const bool key = std::find(qi.correct.begin(), qi.correct.end(), id) != qi.correct.end();
        const double share = n ? static_cast<double>(chosen[id]) / static_cast<double>(n) : 0;
        // The key's label boxed and bold (a glyph such as ✓ may be missing from the font).
        c.text(x + 2, y + 9, id, size, key ? FontStyle::bold : FontStyle::regular);
        if (key) c.box(x, y + 0.5, c.width(id, size, FontStyle::bold) + 4, 11);
        const double bx = x + 16;
        c.box(bx, y + 2, 30, 8);
        c.fill(bx, y + 2, 30 * share, 8);
        c.text(bx + 33, y + 9, std::to_string(chosen[id]), 7.5);
        x += 62;
        if (x > 595 - margin - 60) break;
    }
}

/// The class's share of points per tag (tag_table's `all` rows), a bar
/// each; nothing when the worksheet tags no question. Returns the new y.
double tags_block(Canvas& c, double y, const Results& results, const WorksheetInfo& ws) {
    std::vector<std::vector<TableCell>> rows;
    for (auto& row : tag_table(results).rows)
        if (row[0].text == ws.id && row[2].text == "all") rows.push_back(std::move(row));
    if (rows.empty()) return y;
    c.text(margin, y + 10, "Tags (share of points, sheets fully marked)", 11, FontStyle::bold);
    y += 18;
    for (std::size_t i = 0; i < rows.size() && i < 12; ++i, y += 13) {
        const double share = rows[i][7].number.value_or(0);
        c.text(margin, y + 9, rows[i][1].text, 8.5, FontStyle::bold);
        c.box(margin + 130, y + 2, 80, 8);
        c.fill(margin + 130, y + 2, 80 * share, 8);
        c.text(margin + 216, y + 9,
               percent(share) + " · " + format_score(rows[i][4].number.value_or(0)) + " answers", 8.5);
    }
    return y + 8;
}

void worksheet_page(Document& doc, const Results& results, const WorksheetInfo& ws) {
    const Prepared& p = *ws.prepared;
    doc.pages.emplace_back();
    Canvas c(doc.pages.back(), p.fonts, doc.height);
    const Class cls = class_of(results, ws);
    std::vector<double> totals;
    double max = 0, sum = 0;
    for (const SheetResult* s : cls.decided) totals.push_back(s->points), sum += s->points;
    for (const auto& q : ws.questions) max += q.max.value();
    // With pools a sheet prints some of the questions: a sheet's own maximum.
    const bool pools = std::any_of(p.worksheet.sections.begin(), p.worksheet.sections.end(),
                                   [](const Section& section) { return section.is_pool(); });
    if (pools) max = cls.decided.empty() ? p.worksheet.points().value() : cls.decided.front()->max.value();
    double y = margin;
    c.text(margin, y + 14, ws.title + " — how the class did", 15, FontStyle::bold);
    y += 32;
    std::string line = std::to_string(cls.decided.size()) + " sheets fully marked";
    if (!totals.empty()) {
        std::vector<double> sorted = totals;
        std::sort(sorted.begin(), sorted.end());
        const std::size_t m = sorted.size();
        const double median = m % 2 ? sorted[m / 2] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2;
        line += " · mean " + format_score(sum / static_cast<double>(m)) + " · median " +
                format_score(median) + " · lowest " + format_score(sorted.front()) + " · highest " +
                format_score(sorted.back()) + " · of " + format_score(max);
    }
    c.text(margin, y, line, 9.5);
    y += 14;
    c.text(margin, y + 10, "Totals", 11, FontStyle::bold);
    y = histogram(c, y + 18, totals, max);

    y = tags_block(c, y, results, ws);
    c.text(margin, y + 10, "Questions", 11, FontStyle::bold);
    y += 18;
    y = question_table_heading(c, margin, y);
    std::size_t i = 0;
    for (const auto& section : p.worksheet.sections) {
        if (!section.title.text.empty() && y < 842 - margin - 30) {
            c.text(margin, y + 10, section.title.text, 9, FontStyle::bold);
            y += 14;
        }
        for (std::size_t k = 0; k < section.questions.size() && i < ws.questions.size(); ++k, ++i) {
            if (y > 842 - margin - 14) continue;  // one page: the rest would not fit
            question_row(c, y, i, ws.questions[i], drew(cls, i));
            y += 14;
        }
    }
    c.rule(margin, 842 - margin + 6, 595 - margin, 842 - margin + 6, 0.4);
    c.text(margin, 842 - margin + 18,
           "discrimination: share right in the top 27 % of totals minus the bottom 27 % (from 6 sheets); "
           "near 0 or "
           "below: the question does not tell strong from weak",
           7);
}

}  // namespace

std::string analysis_pdf(const Results& results) {
    Document doc;
    doc.title = "Class analysis";
    for (const auto& ws : results.worksheets) {
        if (!ws.prepared) continue;
        if (doc.pages.empty()) doc.fonts = ws.prepared->fonts.files();
        worksheet_page(doc, results, ws);
    }
    if (doc.pages.empty()) return {};
    return paint_pdf(doc);
}

}  // namespace handout::mark
