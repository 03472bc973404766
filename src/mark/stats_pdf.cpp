// `handout stats --pdf`: the figures of several classes on one A4 page, in
// the style of `mark --analysis` (black outlines and solid black only): the
// totals of every sheet as a share of its maximum, then per question the
// share right over all classes, the discrimination index, the options
// chosen (the key boxed) and a line with each class's share right.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "handout/mark.hpp"
#include "handout/pdf.hpp"
#include "handout/stats.hpp"
#include "mark/pdf_canvas.hpp"

namespace handout::mark {

namespace {

constexpr double margin = 50, page_w = 595, page_h = 842;

std::string percent(double share) {
    return std::to_string(static_cast<int>(std::lround(share * 100))) + " %";
}

std::string share_of(const ClassFigures& f) {
    return f.sheets ? percent(static_cast<double>(f.right) / static_cast<double>(f.sheets)) : "—";
}

std::string signed_two(const std::optional<double>& d) {
    if (!d) return "—";
    char buf[16];
    std::snprintf(buf, sizeof buf, "%+.2f", *d);
    return buf;
}

/// Every sheet's total in ten bins of its maximum (0–9 %, …, 90–100 %).
double histogram(Canvas& c, double y, const Stats& stats) {
    std::vector<int> count(10, 0);
    for (const auto& cls : stats.totals)
        for (double t : cls)
            ++count[static_cast<std::size_t>(std::clamp(static_cast<int>(std::floor(t * 10 + 1e-9)), 0, 9))];
    const int most = std::max(1, *std::max_element(count.begin(), count.end()));
    const double left = margin + 10, width = page_w - 2 * margin - 10, height = 90, bar = width / 10;
    const double base = y + height;
    for (std::size_t b = 0; b < 10; ++b) {
        const double h = height * count[b] / most;
        const double x = left + static_cast<double>(b) * bar;
        c.fill(x + bar * 0.15, base - h, bar * 0.7, h);
        if (count[b] > 0)
            c.text(x + bar / 2 - c.width(std::to_string(count[b]), 8) / 2, base - h - 3,
                   std::to_string(count[b]), 8);
        const std::string label =
            std::to_string(b * 10) + "–" + (b == 9 ? "100" : std::to_string(b * 10 + 9)) + " %";
        c.text(x + bar / 2 - c.width(label, 8) / 2, base + 11, label, 8);
    }
    c.rule(left, base, left + width, base);
    return base + 26;
}

/// One question: the overall figures on a row, each class's on a line under it.
void question_rows(Canvas& c, double y, std::size_t i, const QuestionStats& q) {
    const double size = 8.5;
    const ClassFigures& all = q.all;
    c.text(margin, y + 9, std::to_string(i + 1), size, FontStyle::bold);
    const double right = all.sheets ? static_cast<double>(all.right) / static_cast<double>(all.sheets) : 0;
    c.box(margin + 22, y + 2, 80, 8);
    c.fill(margin + 22, y + 2, 80 * right, 8);
    c.text(margin + 106, y + 9, share_of(all), size);
    c.text_right(margin + 182, y + 9, signed_two(all.discrimination), size);
    if (q.options.empty()) {
        c.text(margin + 196, y + 9, q.type, size, FontStyle::italic);
    } else {
        double x = margin + 196;
        for (std::size_t k = 0; k < q.options.size() && k < all.chosen.size(); ++k) {
            const std::string id = q.type == "truefalse" ? (k == 0 ? "T" : "F") : std::to_string(k + 1);
            const bool key = std::find(q.key.begin(), q.key.end(), id) != q.key.end();
            const double share =
                all.sheets ? static_cast<double>(all.chosen[k]) / static_cast<double>(all.sheets) : 0;
            c.text(x + 2, y + 9, id, size, key ? FontStyle::bold : FontStyle::regular);
            if (key) c.box(x, y + 0.5, c.width(id, size, FontStyle::bold) + 4, 11);
            c.box(x + 16, y + 2, 30, 8);
            c.fill(x + 16, y + 2, 30 * share, 8);
            c.text(x + 49, y + 9, std::to_string(all.chosen[k]), 7.5);
            x += 62;
            if (x > page_w - margin - 60) break;
        }
    }
    std::string line = q.id + " · " + all.where;
    for (const auto& f : q.classes)
        line += " · " + f.label + " " + share_of(f) + " (" + signed_two(f.discrimination) + ")";
    std::string prompt = q.prompt.size() > 70 ? q.prompt.substr(0, 67) + "..." : q.prompt;
    c.text(margin + 22, y + 19, line, 7);
    c.text(margin + 22, y + 27, prompt, 7, FontStyle::italic);
}

}  // namespace

std::string stats_pdf(const Stats& stats) {
    if (stats.questions.empty() || !stats.fonts) return {};
    Document doc;
    doc.title = "Item analysis across classes";
    doc.fonts = stats.fonts->fonts.files();
    doc.pages.emplace_back();
    Canvas c(doc.pages.back(), stats.fonts->fonts, doc.height);
    std::size_t sheets = 0;
    for (std::size_t n : stats.sheets) sheets += n;
    double y = margin;
    c.text(margin, y + 14,
           "Across classes — " + std::to_string(stats.classes.size()) + " classes, " +
               std::to_string(sheets) + " sheets fully marked",
           15, FontStyle::bold);
    y += 32;
    std::string line;
    for (std::size_t k = 0; k < stats.classes.size(); ++k) {
        double sum = 0;
        for (double t : stats.totals[k]) sum += t;
        line += (line.empty() ? "" : " · ") + stats.classes[k] + ": " + std::to_string(stats.sheets[k]) +
                " sheets" +
                (stats.totals[k].empty()
                     ? ""
                     : ", mean " + percent(sum / static_cast<double>(stats.totals[k].size())));
    }
    c.text(margin, y, line, 9.5);
    y += 14;
    c.text(margin, y + 10, "Totals (every class, per cent of the maximum)", 11, FontStyle::bold);
    y = histogram(c, y + 28, stats);
    c.text(margin, y + 10, "Questions (known by their content; all classes together, then each class)", 11,
           FontStyle::bold);
    y += 18;
    y = question_table_heading(c, margin, y);
    std::size_t shown = 0;
    for (std::size_t i = 0; i < stats.questions.size() && y <= page_h - margin - 34; ++i, ++shown, y += 32)
        question_rows(c, y, i, stats.questions[i]);
    if (shown < stats.questions.size())
        c.text(margin, y + 8,
               std::to_string(stats.questions.size() - shown) + " more questions: see the CSV table (-o)", 8,
               FontStyle::italic);
    c.rule(margin, page_h - margin + 6, page_w - margin, page_h - margin + 6, 0.4);
    c.text(margin, page_h - margin + 18,
           "discrimination: share right in the top 27 % of totals minus the bottom 27 % (from 6 sheets); in "
           "brackets "
           "each class's own",
           7);
    return paint_pdf(doc);
}

}  // namespace handout::mark
