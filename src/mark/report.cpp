// review.html: one self-contained page for the teacher. First what needs a
// person, where the teacher decides it and saves the corrections file
// (review_page.cpp, review.js), then for each worksheet the score
// distribution and the item analysis (share right, options chosen,
// discrimination, a warning when the strongest students agree on another
// answer than the key's).
#include <algorithm>
#include <cmath>
#include <map>

#include "handout/adjust.hpp"
#include "handout/mark.hpp"
#include "handout/markup.hpp"
#include "handout/text.hpp"
#include "mark/review_page.hpp"

namespace handout::mark {

namespace {

constexpr double group_share = 0.27;   ///< upper and lower groups of the discrimination index (Kelley)
constexpr std::size_t min_for_index = 6;  ///< fewer sheets give no discrimination index
constexpr int histogram_bins = 10;

std::string percent(double share) { return std::to_string(static_cast<int>(std::lround(share * 100))) + " %"; }

/// Bars of the share of points, in tenths.
std::string histogram(const std::vector<double>& shares) {
    std::array<int, histogram_bins> bins{};
    for (double s : shares) bins[static_cast<std::size_t>(std::clamp(static_cast<int>(s * histogram_bins), 0, histogram_bins - 1))]++;
    const int most = std::max(1, *std::max_element(bins.begin(), bins.end()));
    const int w = 36, h = 120, top = 16;
    std::string svg = "<svg role=\"img\" aria-label=\"score distribution\" width=\"" + std::to_string(histogram_bins * w + 20) +
                      "\" height=\"" + std::to_string(h + top + 40) + "\">";
    for (int i = 0; i < histogram_bins; ++i) {
        const int bh = bins[static_cast<std::size_t>(i)] * h / most;
        const int x = 10 + i * w;
        svg += "<rect x=\"" + std::to_string(x + 3) + "\" y=\"" + std::to_string(top + h + 10 - bh) + "\" width=\"" +
               std::to_string(w - 6) + "\" height=\"" + std::to_string(bh) + "\" fill=\"#444\"/>";
        if (bins[static_cast<std::size_t>(i)])
            svg += "<text x=\"" + std::to_string(x + w / 2) + "\" y=\"" + std::to_string(top + h + 6 - bh) +
                   "\" text-anchor=\"middle\">" + std::to_string(bins[static_cast<std::size_t>(i)]) + "</text>";
        svg += "<text x=\"" + std::to_string(x + w / 2) + "\" y=\"" + std::to_string(top + h + 26) + "\" text-anchor=\"middle\">" +
               std::to_string(i * 10) + "</text>";
    }
    return svg + "</svg><p>Share of the total, in steps of 10 %.</p>\n";
}

/// The worksheet's heading and its score distribution; `decided` gets the
/// sheets fully decided, strongest first (for the discrimination index).
std::string scores(const WorksheetInfo& ws, const std::vector<const SheetResult*>& sheets,
                   std::vector<const SheetResult*>& decided) {
    std::string out = "<h2>" + escape_html(ws.title.empty() ? ws.id : ws.title) + " <small>(" + escape_html(ws.id) +
                      ", " + std::to_string(sheets.size()) + (sheets.size() == 1 ? " sheet" : " sheets") + ")</small></h2>\n";
    std::vector<double> shares;
    for (const auto* s : sheets) {
        if (s->undecided() || s->max.halves == 0) continue;
        shares.push_back(s->points / s->max.value());
        decided.push_back(s);
    }
    out += "<h3>Scores</h3>\n";
    if (shares.empty()) out += "<p>No sheet is fully decided yet.</p>\n";
    else {
        double mean = 0;
        for (double s : shares) mean += s;
        mean /= static_cast<double>(shares.size());
        out += "<p class=\"summary\">" + std::to_string(shares.size()) + " sheets fully decided, mean " + percent(mean) +
               " of " + points_decimal(sheets.front()->max) + " points.</p>\n" + histogram(shares);
    }
    // Upper and lower groups by total score, for the discrimination index.
    std::stable_sort(decided.begin(), decided.end(), [](const SheetResult* a, const SheetResult* b) { return a->points > b->points; });
    return out;
}

/// The sheets fully decided, strongest first, and the size of the upper and
/// lower groups the discrimination index compares (0: too few sheets).
struct Groups {
    const std::vector<const SheetResult*>& decided;
    std::size_t size;

    /// The share of the sheets [from, to) of `decided` that got question `i` right.
    double share_right(std::size_t i, std::size_t from, std::size_t to) const {
        std::size_t k = 0, had = 0;
        for (std::size_t j = from; j < to; ++j) {
            const auto& q = decided[j]->questions[i];
            if (!q.drawn) continue;  // a pool's question the sheet did not draw
            ++had;
            k += q.points && *q.points >= q.max.value() - 1e-9;
        }
        return had ? static_cast<double>(k) / static_cast<double>(had) : 0;
    }
};

/// How often each option of question `i` was chosen (the key's in bold);
/// `warning` when most of the strongest students agree on another answer.
std::string options_chosen(const QuestionInfo& qi, std::size_t i, const std::map<std::string, std::size_t>& chosen,
                           const Groups& groups, std::string& warning) {
    std::string options;
    const auto is_right = [&](const std::string& name) {
        return std::find(qi.correct.begin(), qi.correct.end(), name) != qi.correct.end();
    };
    for (std::size_t k = 0; k < qi.options.size(); ++k) {
        const std::string name = qi.type == "truefalse" ? (k == 0 ? "T" : "F") : std::to_string(k + 1);
        const auto count = chosen.find(name);
        options += std::string(is_right(name) ? "<b>" : "") + escape_html(qi.options[k]) + (is_right(name) ? "</b>" : "") +
                   ": " + std::to_string(count == chosen.end() ? 0 : count->second) + "<br>";
    }
    if (groups.size > 0 && qi.type != "multi") {
        // What the strongest students chose.
        std::map<std::string, std::size_t> top;
        for (std::size_t j = 0; j < groups.size; ++j)
            for (const auto& c : groups.decided[j]->questions[i].chosen) ++top[c];
        for (const auto& [name, count] : top)
            if (!is_right(name) && 2 * count > groups.size) {
                warning = "key may be wrong: most of the strongest students chose " +
                          (qi.type == "truefalse" ? name : "option " + name);
                warning.append(". To accept it, add to the adjust file (--adjust): ")
                    .append(accept_line(static_cast<int>(i + 1), name))
                    .append(" (or key: " + name + " to make it the only right answer)");
            }
    }
    return options;
}

/// Question `i`'s row of the item analysis.
std::string question_row(const QuestionInfo& qi, std::size_t i, const std::vector<const SheetResult*>& sheets,
                         const Groups& groups) {
    std::size_t n = 0, right = 0;
    std::map<std::string, std::size_t> chosen;
    for (const auto* s : sheets) {
        if (i >= s->questions.size() || !s->questions[i].points) continue;
        const auto& q = s->questions[i];
        ++n;
        right += *q.points >= q.max.value() - 1e-9;
        for (const auto& c : q.chosen) ++chosen[c];
    }
    std::string warning;
    const std::string options = qi.options.empty() ? "" : options_chosen(qi, i, chosen, groups, warning);
    std::string index = "—";
    if (groups.size > 0) {
        const std::size_t all = groups.decided.size();
        const double d = groups.share_right(i, 0, groups.size) - groups.share_right(i, all - groups.size, all);
        char buf[16];
        std::snprintf(buf, sizeof buf, "%+.2f", d);
        index = buf;
        if (d < 0 && warning.empty()) warning = "weaker students did better here than stronger ones";
    }
    std::string adjusted;
    for (const auto& line : qi.adjusted)
        adjusted += "<br><span class=\"adj\">adjusted: " + escape_html(line) + "</span>";
    return "<tr><td class=\"n\">" + std::to_string(i + 1) + "</td><td>" + escape_html(qi.prompt) + adjusted +
           (warning.empty() ? "" : "<br><span class=\"warn\">" + escape_html(warning) + "</span>") +
           "</td><td class=\"n\">" +
           (n ? percent(static_cast<double>(right) / static_cast<double>(n)) : "—") + "</td><td>" + options +
           "</td><td class=\"n\">" + index + "</td></tr>\n";
}

std::string analysis(const WorksheetInfo& ws, const std::vector<const SheetResult*>& sheets) {
    std::vector<const SheetResult*> decided;
    std::string out = scores(ws, sheets, decided);
    const auto group_size = [](std::size_t n) {
        return n >= min_for_index
                   ? std::max<std::size_t>(
                         2, static_cast<std::size_t>(std::lround(group_share * static_cast<double>(n))))
                   : 0;
    };
    out += "<h3>Questions</h3>\n<table><tr><th>Q</th><th>question</th><th>right</th><th>options chosen</th>"
           "<th title=\"share right in the top 27 % minus the bottom 27 %\">discrimination</th></tr>\n";
    // By section, each titled section under its title.
    std::vector<std::pair<std::size_t, std::string>> titles;  // first question, title
    if (ws.prepared) {
        std::size_t first = 0;
        for (const auto& section : ws.prepared->worksheet.sections) {
            if (!section.title.text.empty()) titles.emplace_back(first, plain_text(section.title.text));
            first += section.questions.size();
        }
    }
    for (std::size_t i = 0; i < ws.questions.size(); ++i) {
        for (const auto& [first, title] : titles)
            if (first == i)
                out += "<tr><th colspan=\"5\" class=\"section\">" + escape_html(title) + "</th></tr>\n";
        // The sheets that printed it (all of them but for a pool's question), strongest first.
        std::vector<const SheetResult*> drew;
        for (const SheetResult* s : decided)
            if (s->questions[i].drawn) drew.push_back(s);
        out += question_row(ws.questions[i], i, sheets, Groups{drew, group_size(drew.size())});
    }
    return out + "</table>\n";
}

}  // namespace

std::string review_html(const Results& results) {
    std::string titles;
    for (const auto& ws : results.worksheets) titles += (titles.empty() ? "" : ", ") + (ws.title.empty() ? ws.id : ws.title);
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Marking review: " +
                      escape_html(titles) + "</title>\n" + review_style() + "</head>\n<body>\n<header class=\"top\">\n";
    out += "<h1>Marking review: " + escape_html(titles) + "</h1>\n";
    std::size_t undecided = 0, questions = 0, scanned = 0;
    for (const auto& s : results.sheets) {
        undecided += s.undecided();
        questions += s.questions.size();
        scanned += s.scanned ? 1 : 0;
    }
    out += "<p class=\"summary\">" + std::to_string(results.pages_scanned) + " pages scanned, " +
           std::to_string(results.pages_read) + " read; " + std::to_string(scanned) + " sheets; " +
           std::to_string(questions - undecided) + " of " + std::to_string(questions) + " answers decided" +
           (results.fixes_applied ? ", " + std::to_string(results.fixes_applied) + " by corrections" : "") + ".</p>\n";
    out += "</header>\n" + review_toolbar() + "<main>\n" + review_items(results);
    for (const auto& ws : results.worksheets) {
        std::vector<const SheetResult*> sheets;
        for (const auto& s : results.sheets)
            if (s.worksheet == ws.id && s.scanned) sheets.push_back(&s);
        out += analysis(ws, sheets);
    }
    return out + "</main>\n" + review_data_and_script(results) + "</body>\n</html>\n";
}

}  // namespace handout::mark
