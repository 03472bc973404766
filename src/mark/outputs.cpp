// results.csv and responses.csv (docs/marking.md): plain RFC 4180 CSV, one
// row per sheet and one per sheet question, in the sheets' order.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "handout/mark.hpp"
#include "mark/score_table.hpp"

namespace handout::mark {

namespace {

/// A cell, quoted when it holds a separator, a quote, a line break or
/// surrounding spaces.
std::string cell(const std::string& text) {
    const bool quote = text.find_first_of(",;\"\n\r") != std::string::npos ||
                       (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!quote) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace

std::string format_score(double points) {
    const double rounded = std::round(points * 100) / 100;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", rounded == 0 ? 0.0 : rounded);
    std::string s = buf;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

std::string results_csv(const Results& results) {
    if (results.roster) return roster_results_csv(results);
    std::size_t questions = 0;
    for (const auto& s : results.sheets) questions = std::max(questions, s.questions.size());
    std::string out = "sheet,seed,name,points,max,status";
    for (std::size_t i = 1; i <= questions; ++i) out += ",Q" + std::to_string(i);
    out += "\n";
    for (const auto& s : results.sheets) {
        out += cell(s.sheet) + "," + std::to_string(s.seed) + "," + cell(s.name) + ",";
        if (s.scanned) out += s.undecided() ? "?" : format_score(s.points);
        out += "," + (s.scanned || !s.worksheet.empty() ? points_decimal(s.max) : std::string()) + "," +
               std::string(s.status());
        for (const auto& q : s.questions) {
            out += ",";
            if (!q.points) out += "?";
            else if (q.status != Status::blank) out += format_score(*q.points);
        }
        for (std::size_t i = s.questions.size(); i < questions; ++i) out += ",";
        out += "\n";
    }
    return out;
}

std::string responses_csv(const Results& results) {
    std::string out = "sheet,page,question,printed,marked,correct,points,status\n";
    for (const auto& s : results.sheets) {
        for (const auto& q : s.questions) {
            out += cell(s.sheet) + "," + cell(q.page) + "," + std::to_string(q.question) + "," +
                   std::to_string(q.printed) + "," + cell(q.marked) + "," + cell(q.correct) + "," +
                   (q.points ? format_score(*q.points) : "") + "," + std::string(to_string(q.status)) + "\n";
        }
    }
    return out;
}

}  // namespace handout::mark
