// `handout stats`' tables: CSV (a row per question and class, then the
// question's `all` row) and the same as aligned text for a terminal.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "handout/mark.hpp"
#include "handout/stats.hpp"
#include "mark/score_table.hpp"

namespace handout::mark {

namespace {

std::string cell(const std::string& text) {
    std::string s = formula_safe(text);
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string two(double d) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.2f", d);
    return buf;
}

std::string signed_two(const std::optional<double>& d) {
    if (!d) return "";
    char buf[16];
    std::snprintf(buf, sizeof buf, "%+.2f", *d);
    return buf;
}

std::string join(const std::vector<std::string>& v, const char* sep) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
    return s;
}

std::string counts(const std::vector<std::size_t>& chosen) {
    std::vector<std::string> v;
    v.reserve(chosen.size());
    for (std::size_t n : chosen) v.push_back(std::to_string(n));
    return join(v, ";");
}

/// The cells of one row, in stats_csv's order.
std::vector<std::string> cells(const QuestionStats& q, const ClassFigures& f) {
    return {q.id,
            q.type,
            f.label,
            f.where,
            std::to_string(f.sheets),
            std::to_string(f.right),
            f.sheets ? two(static_cast<double>(f.right) / static_cast<double>(f.sheets)) : "",
            signed_two(f.discrimination),
            join(q.key, ";"),
            counts(f.chosen),
            q.prompt};
}

const std::vector<std::string> headings{"question",    "type",           "class", "where",  "sheets", "right",
                                        "share_right", "discrimination", "key",   "chosen", "prompt"};

}  // namespace

std::string stats_csv(const Stats& stats) {
    std::string out = join(headings, ",") + "\n";
    for (const auto& q : stats.questions) {
        std::vector<const ClassFigures*> rows;
        for (const auto& f : q.classes) rows.push_back(&f);
        rows.push_back(&q.all);
        for (const ClassFigures* f : rows) {
            std::string line;
            for (const auto& c : cells(q, *f)) line += (line.empty() ? "" : ",") + cell(c);
            out += line + "\n";
        }
    }
    return out;
}

std::string stats_text(const Stats& stats) {
    std::string out;
    for (std::size_t c = 0; c < stats.classes.size(); ++c)
        out +=
            "class " + stats.classes[c] + ": " + std::to_string(stats.sheets[c]) + " sheets fully marked\n";
    std::size_t number = 0;
    for (const auto& q : stats.questions) {
        std::string prompt = q.prompt.size() > 60 ? q.prompt.substr(0, 57) + "..." : q.prompt;
        out += "\n" + std::to_string(++number) + ". " + q.id + " (" + q.type + ") " + prompt + "\n";
        std::vector<const ClassFigures*> rows;
        for (const auto& f : q.classes) rows.push_back(&f);
        rows.push_back(&q.all);
        std::size_t width = 5;
        for (const ClassFigures* f : rows) width = std::max(width, f->label.size());
        for (const ClassFigures* f : rows) {
            std::string line = "   " + f->label + std::string(width - f->label.size() + 2, ' ');
            const std::string right = std::to_string(f->right) + "/" + std::to_string(f->sheets);
            line += right + std::string(right.size() < 8 ? 8 - right.size() : 1, ' ');
            const std::string share = f->sheets
                                          ? std::to_string(std::lround(100.0 * static_cast<double>(f->right) /
                                                                       static_cast<double>(f->sheets)))
                                          : std::string("-");
            line += std::string(share.size() < 3 ? 3 - share.size() : 0, ' ') + share + " % right";
            line +=
                "  discrimination " + (f->discrimination ? signed_two(f->discrimination) : std::string("-"));
            if (!f->chosen.empty())
                line += "  chosen " + counts(f->chosen) +
                        (q.key.empty() ? "" : " (key " + join(q.key, ";") + ")");
            out += line + "  [" + f->where + "]\n";
        }
    }
    return out;
}

}  // namespace handout::mark
