// The files that follow the school's roster (docs/markbooks.md): results.csv
// in the roster's own format, the roster filled in, and the CSV files
// Moodle's and Canvas's grade imports accept.
#include <algorithm>

#include "handout/mark.hpp"
#include "mark/score_table.hpp"

namespace handout::mark {

namespace {

/// How a CSV file is written: its separator, decimal separator and line end.
struct CsvStyle {
    char separator = ',';
    char decimal = '.';
    std::string line_end = "\n";
};

/// A cell, quoted when it holds the separator, a quote, a line break or
/// surrounding spaces.
std::string quoted(const std::string& text, char separator) {
    const bool quote = (!text.empty() && text.front() == '\'') ||  // neutralised (formula_safe)
                       text.find_first_of(std::string{separator, '"', '\n', '\r'}) != std::string::npos ||
                       (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!quote) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

/// A number as the style writes it: at most two decimals (a share as a
/// percentage: 72.5), no trailing zeros, its decimal separator.
std::string number_text(double n, bool percent, char decimal) {
    std::string s = format_score(percent ? n * 100 : n);
    std::replace(s.begin(), s.end(), '.', decimal);
    return s;
}

std::string cell_text(const TableCell& c, const CsvStyle& style) {
    return quoted(c.number ? number_text(*c.number, c.percent, style.decimal) : formula_safe(c.text),
                  style.separator);
}

/// One record: the cells joined by the separator, without a line end.
std::string record(const std::vector<TableCell>& cells, const CsvStyle& style) {
    std::string out;
    for (std::size_t k = 0; k < cells.size(); ++k)
        out += (k ? std::string(1, style.separator) : "") + cell_text(cells[k], style);
    return out;
}

std::vector<TableCell> texts(const std::vector<std::string>& words) {
    std::vector<TableCell> cells;
    cells.reserve(words.size());
    for (const auto& w : words) cells.push_back({w, {}, false});
    return cells;
}

CsvStyle style_of(const RosterTable& roster) { return {roster.separator, roster.decimal, roster.line_end}; }

/// The sheet of roster row `row` (the first when several), or null.
const SheetResult* sheet_of_row(const Results& results, std::size_t row) {
    for (const auto& s : results.sheets)
        if (s.roster_row == static_cast<int>(row)) return &s;
    return nullptr;
}

/// Whether a sheet has a score a grade book can take: read, every answer decided.
bool decided(const SheetResult& s) { return s.scanned && s.undecided() == 0; }

/// The title of the grade column: the first worksheet's title, else "handout".
std::string grade_title(const Results& results) {
    return results.worksheets.empty() || results.worksheets.front().title.empty()
               ? "handout"
               : results.worksheets.front().title;
}

/// The error for a grade-book file whose roster cannot identify students.
void no_identity(const Results& results, const std::string& option, const std::string& needs,
                 Diagnostics& diags) {
    if (!results.roster) {
        diags.error({}, option + " needs --roster: the grade book finds each student by a column of it",
                    "give the roster the class set was printed from, with " + needs);
        return;
    }
    diags.error({results.roster->file, 1, 1}, "the roster has no column " + option + " can find students by",
                "add " + needs + " to the roster (docs/markbooks.md)");
}

}  // namespace

std::string roster_results_csv(const Results& results) {
    const CsvStyle style = style_of(*results.roster);
    const ScoreTable t = score_table(results);
    std::string out = results.roster->bom ? "\xEF\xBB\xBF" : "";
    out += record(texts(t.header), style) + style.line_end;
    for (const auto& row : t.rows) out += record(row, style) + style.line_end;
    return out;
}

std::string filled_roster(const Results& results) {
    const RosterTable& roster = *results.roster;
    const CsvStyle style = style_of(roster);
    const std::size_t questions = question_columns(results), width = roster.header.size();
    const std::string sep(1, style.separator);
    std::string out = roster.bom ? "\xEF\xBB\xBF" : "";
    for (std::size_t n = 0; n < roster.lines.size(); ++n) {
        const RosterTable::Line& line = roster.lines[n];
        std::string text = line.text;
        std::vector<TableCell> added;
        if (line.header) {
            added = texts(score_headings(questions));
            added.push_back({"sheet", {}, false});
        } else if (line.student >= 0) {
            const SheetResult* s = sheet_of_row(results, static_cast<std::size_t>(line.student));
            added = s ? score_cells(*s, questions) : std::vector<TableCell>(4 + questions);
            if (!s) added[3].text = "not scanned";
            added.push_back({s ? s->sheet : std::string(), {}, false});
        }
        if (!added.empty()) {
            // Short rows are padded to the header's width; the empty cells a
            // row has beyond it (a trailing separator) are dropped.
            std::size_t cells = line.cells;
            for (; cells < width; ++cells) text += sep;
            while (cells > width && !text.empty() && text.back() == style.separator) text.pop_back(), --cells;
            text += sep + record(added, style);
        }
        out += text;
        if (n + 1 < roster.lines.size() || roster.final_line_end) out += roster.line_end;
    }
    return out;
}

std::string moodle_csv(const Results& results, Diagnostics& diags) {
    const RosterTable* roster = results.roster.get();
    int id = -1;
    for (RosterColumn kind : {RosterColumn::email, RosterColumn::id, RosterColumn::username})
        if (id < 0 && roster) id = roster->find(kind);
    if (id < 0) {
        no_identity(results, "--moodle",
                    "a column of e-mail addresses ('Email'), ID numbers ('ID number') or usernames", diags);
        return {};
    }
    const CsvStyle style;  // Moodle's default: comma, full stop, UTF-8
    std::vector<std::size_t> columns{static_cast<std::size_t>(id)};
    for (std::size_t k = 0; k < roster->header.size(); ++k)
        if (roster->columns[k] == RosterColumn::name) columns.push_back(k);
    std::vector<TableCell> header;
    header.reserve(columns.size() + 1);
    for (std::size_t k : columns) header.push_back({roster->header[k], {}, false});
    header.push_back({grade_title(results), {}, false});
    std::string out = record(header, style) + "\n";
    for (const auto& s : results.sheets) {
        if (s.roster_row < 0 || !decided(s)) continue;
        std::vector<TableCell> row;
        row.reserve(columns.size() + 1);
        for (std::size_t k : columns)
            row.push_back({roster->cell(static_cast<std::size_t>(s.roster_row), k), {}, false});
        row.push_back(TableCell::of(s.points));
        out += record(row, style) + "\n";
    }
    return out;
}

std::string canvas_csv(const Results& results, Diagnostics& diags) {
    const RosterTable* roster = results.roster.get();
    // Canvas's own headings first (a roster exported from Canvas), then
    // what the roster's columns hold.
    const auto heading = [&](const char* title) {
        if (!roster) return -1;
        for (std::size_t k = 0; k < roster->header.size(); ++k)
            if (roster->header[k] == title) return static_cast<int>(k);
        return -1;
    };
    int sis_user = heading("SIS User ID"), sis_login = heading("SIS Login ID");
    const int canvas_id =
        sis_user >= 0 || sis_login >= 0 ? heading("ID") : -1;  // a roster exported from Canvas
    if (sis_user < 0 && roster && roster->find(RosterColumn::id) != canvas_id)
        sis_user = roster->find(RosterColumn::id);
    if (sis_login < 0 && roster) sis_login = roster->find(RosterColumn::email);
    if (sis_login < 0 && roster) sis_login = roster->find(RosterColumn::username);
    if (canvas_id < 0 && sis_user < 0 && sis_login < 0) {
        no_identity(
            results, "--canvas",
            "a column 'SIS User ID' (or a student number), 'SIS Login ID' (or e-mail addresses or logins) or "
            "Canvas's 'ID'",
            diags);
        return {};
    }
    const CsvStyle style;
    const int section = roster->find(RosterColumn::class_name);
    const auto cell = [&](const SheetResult& s, int k) {
        return TableCell{
            k < 0 ? std::string()
                  : roster->cell(static_cast<std::size_t>(s.roster_row), static_cast<std::size_t>(k)),
            {},
            false};
    };
    std::string out =
        record(texts({"Student", "ID", "SIS User ID", "SIS Login ID", "Section", grade_title(results)}),
               style) +
        "\n";
    const double max = results.worksheets.empty() ? 0 : [&] {
        Points p{0};
        for (const auto& q : results.worksheets.front().questions) p += q.max;
        return p.value();
    }();
    // As Canvas's own export writes it: unquoted, four spaces first.
    out += "    Points Possible,,,,," + number_text(max, false, '.') + "\n";
    for (const auto& s : results.sheets) {
        if (s.roster_row < 0 || !decided(s)) continue;
        out += record({TableCell{s.name, {}, false}, cell(s, canvas_id), cell(s, sis_user),
                       cell(s, sis_login), cell(s, section), TableCell::of(s.points)},
                      style) +
               "\n";
    }
    return out;
}

}  // namespace handout::mark
