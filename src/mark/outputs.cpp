// results.csv and responses.csv (docs/marking.md): plain RFC 4180 CSV, one
// row per sheet and one per sheet question, in the sheets' order.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "handout/mark.hpp"
#include "mark/score_table.hpp"

namespace handout::mark {

namespace {

/// A cell, quoted when it holds a separator, a quote, a line break or
/// surrounding spaces; never a formula (formula_safe).
std::string cell(const std::string& written) {
    std::string text = formula_safe(written);
    const bool quote = text.find_first_of(",;\"\n\r") != std::string::npos || text != written ||
                       (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!quote) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

/// A decimal number as a spreadsheet reads one: a sign, digits, at most
/// one '.' or ',' between digits.
bool plain_number(std::string_view text) {
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
    if (text.empty()) return false;
    bool point = false, digit_before = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            digit_before = true;
        } else if ((c == '.' || c == ',') && !point && digit_before && i + 1 < text.size()) {
            point = true;
            digit_before = false;
        } else {
            return false;
        }
    }
    return digit_before;
}

}  // namespace

std::string formula_safe(const std::string& text) {
    if (text.empty() || std::string_view("=+-@\t\r").find(text.front()) == std::string_view::npos)
        return text;
    if (plain_number(text) || text == "-" || text.starts_with("-;")) return text;
    return "'" + text;
}

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
            if (!q.drawn) continue;  // not on this sheet: an empty cell
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
            if (!q.drawn) continue;
            out += cell(s.sheet) + "," + cell(q.page) + "," + std::to_string(q.question) + "," +
                   std::to_string(q.printed) + "," + cell(q.marked) + "," + cell(q.correct) + "," +
                   (q.points ? format_score(*q.points) : "") + "," + std::string(to_string(q.status)) + "\n";
        }
    }
    return out;
}

std::string tags_csv(const Results& results) {
    const ScoreTable t = tag_table(results);
    if (t.rows.empty()) return {};
    std::string out;
    for (std::size_t i = 0; i < t.header.size(); ++i) out += (i ? "," : "") + t.header[i];
    out += "\n";
    for (const auto& row : t.rows) {
        for (std::size_t i = 0; i < row.size(); ++i) {
            const TableCell& c = row[i];
            out += i ? "," : "";
            if (!c.number)
                out += cell(c.text);
            else if (c.percent) {
                char buf[32];
                std::snprintf(buf, sizeof buf, "%.1f", *c.number * 100);
                out += buf;
            } else {
                out += format_score(*c.number);
            }
        }
        out += "\n";
    }
    return out;
}

}  // namespace handout::mark
