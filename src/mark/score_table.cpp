// The scores and the per-question analysis as tables of text and number
// cells (score_table.hpp), for the files that follow the roster.
#include "mark/score_table.hpp"

#include <algorithm>
#include <map>

#include "handout/text.hpp"

namespace handout::mark {

std::size_t question_columns(const Results& results) {
    std::size_t questions = 0;
    for (const auto& s : results.sheets) questions = std::max(questions, s.questions.size());
    return questions;
}

std::vector<std::string> score_headings(std::size_t questions) {
    std::vector<std::string> h{"points", "max", "percent", "status"};
    for (std::size_t i = 1; i <= questions; ++i) h.push_back("Q" + std::to_string(i));
    return h;
}

std::vector<TableCell> score_cells(const SheetResult& s, std::size_t questions) {
    std::vector<TableCell> row;
    const bool known_max = s.scanned || !s.worksheet.empty();
    const double max = s.max.value();
    if (!s.scanned)
        row.push_back({});
    else if (s.undecided())
        row.push_back({"?", {}, false});
    else
        row.push_back(TableCell::of(s.points));
    row.push_back(known_max ? TableCell::of(max) : TableCell{});
    if (s.scanned && !s.undecided() && max > 0)
        row.push_back(TableCell::share(s.points / max));
    else
        row.push_back({});
    row.push_back({std::string(s.status()), {}, false});
    for (const auto& q : s.questions) {
        if (!q.points)
            row.push_back({"?", {}, false});
        else if (q.status == Status::blank)
            row.push_back({});
        else
            row.push_back(TableCell::of(*q.points));
    }
    row.resize(4 + questions);
    return row;
}

ScoreTable score_table(const Results& results) {
    ScoreTable t;
    const std::size_t questions = question_columns(results);
    const RosterTable* roster = results.roster.get();
    std::vector<std::size_t> kept;  // the roster's columns repeated
    if (roster)
        for (std::size_t k = 0; k < roster->header.size(); ++k)
            if (roster->columns[k] != RosterColumn::other) kept.push_back(k);
    for (std::size_t k : kept) t.header.push_back(roster->header[k]);
    t.header.insert(t.header.end(), {"sheet", "seed"});
    if (!roster) t.header.push_back("name");
    for (auto& h : score_headings(questions)) t.header.push_back(std::move(h));

    for (const auto& s : results.sheets) {
        std::vector<TableCell> row;
        for (std::size_t n = 0; n < kept.size(); ++n) {
            if (s.roster_row >= 0)
                row.push_back({roster->cell(static_cast<std::size_t>(s.roster_row), kept[n]), {}, false});
            else
                row.push_back({n == 0 ? s.name : std::string(), {}, false});  // a sheet of no roster student
        }
        row.push_back({s.sheet, {}, false});
        row.push_back(TableCell::of(s.seed));
        if (!roster) row.push_back({s.name, {}, false});
        for (auto& c : score_cells(s, questions)) row.push_back(std::move(c));
        t.rows.push_back(std::move(row));
    }
    return t;
}

namespace {

/// `text` cut to at most `n` characters, "…" ending a cut one.
std::string shortened(const std::string& text, std::size_t n) {
    std::size_t i = 0, count = 0;
    while (i < text.size() && count < n)
        i += std::max<std::size_t>(1, utf8_sequence_length(text, i)), ++count;
    return i >= text.size() ? text : text.substr(0, i) + "…";
}

/// How often each option of question `i` was chosen: "1. text: n", the
/// key's marked ✓, joined by " | "; "" for a question with no options.
std::string chosen_counts(const QuestionInfo& qi, std::size_t i,
                          const std::vector<const SheetResult*>& sheets) {
    if (qi.options.empty()) return {};
    std::map<std::string, std::size_t> chosen;
    for (const SheetResult* s : sheets)
        if (i < s->questions.size())
            for (const auto& c : s->questions[i].chosen) ++chosen[c];
    std::string out;
    for (std::size_t k = 0; k < qi.options.size(); ++k) {
        const std::string id = qi.type == "truefalse" ? (k == 0 ? "T" : "F") : std::to_string(k + 1);
        const bool key = std::find(qi.correct.begin(), qi.correct.end(), id) != qi.correct.end();
        const std::string text = shortened(qi.options[k], 30);
        if (!out.empty()) out += " | ";
        out.append(id)
            .append(". ")
            .append(text)
            .append(key ? " ✓" : "")
            .append(": ")
            .append(std::to_string(chosen[id]));
    }
    return out;
}

}  // namespace

ScoreTable question_table(const Results& results) {
    ScoreTable t;
    t.header = {"worksheet", "question",        "type",        "prompt", "max",    "sheets",
                "mean",      "share of points", "share right", "blank",  "chosen", "adjusted"};
    for (const auto& ws : results.worksheets) {
        std::vector<const SheetResult*> sheets;
        for (const auto& s : results.sheets)
            if (s.scanned && s.worksheet == ws.id) sheets.push_back(&s);
        for (std::size_t i = 0; i < ws.questions.size(); ++i) {
            const QuestionInfo& qi = ws.questions[i];
            std::size_t decided = 0, right = 0, blank = 0;
            double sum = 0;
            for (const SheetResult* s : sheets) {
                if (i >= s->questions.size() || !s->questions[i].points) continue;
                const QuestionResult& q = s->questions[i];
                ++decided;
                sum += *q.points;
                right += *q.points >= q.max.value() ? 1 : 0;
                blank += q.status == Status::blank ? 1 : 0;
            }
            const double max = qi.max.value();
            std::vector<TableCell> row{{ws.id, {}, false},   TableCell::of(static_cast<double>(i + 1)),
                                       {qi.type, {}, false}, {qi.prompt, {}, false},
                                       TableCell::of(max),   TableCell::of(static_cast<double>(decided))};
            if (decided) {
                const double mean = sum / static_cast<double>(decided);
                row.push_back(TableCell::of(mean));
                row.push_back(max > 0 ? TableCell::share(mean / max) : TableCell{});
                row.push_back(TableCell::share(static_cast<double>(right) / static_cast<double>(decided)));
            } else {
                row.insert(row.end(), 3, TableCell{});
            }
            row.push_back(TableCell::of(static_cast<double>(blank)));
            row.push_back({chosen_counts(qi, i, sheets), {}, false});
            std::string adjusted;
            for (const auto& line : qi.adjusted) adjusted += (adjusted.empty() ? "" : "; ") + line;
            row.push_back({adjusted, {}, false});
            t.rows.push_back(std::move(row));
        }
    }
    return t;
}

}  // namespace handout::mark
