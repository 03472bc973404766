// Private to src/mark: the scores as one table of cells, each a text or a
// number, that results.csv in the roster's format, the spreadsheet and the
// grade-book files are written from (school.cpp, xlsx.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "handout/mark.hpp"

namespace handout::mark {

/// One cell: a number (points, a share shown as a percentage) or a text.
struct TableCell {
    std::string text;  ///< when not a number ("done", "?", a name; "" for an empty cell)
    std::optional<double> number;
    bool percent = false;  ///< the number is a share (0.725), shown as a percentage

    static TableCell of(double n) { return {{}, n, false}; }
    static TableCell share(double n) { return {{}, n, true}; }
};

/// The scores: a header and one row per sheet, in results' order.
struct ScoreTable {
    std::vector<std::string> header;
    std::vector<std::vector<TableCell>> rows;
};

/// results.csv's table with a percentage after `max`: with a roster its
/// name, class and id columns first, then `sheet,seed,points,max,percent,
/// status,Q1,…`; without one `sheet,seed,name,points,max,percent,status,Q1,…`.
ScoreTable score_table(const Results& results);

/// The per-question analysis as a table: one row per question of each
/// worksheet (worksheet, question, type, prompt, max, sheets, mean, share
/// of points, share right, blank, how often each option was chosen).
ScoreTable question_table(const Results& results);

/// Scores per tag: per worksheet and tag, a row per fully decided sheet
/// (`worksheet, tag, sheet, name, questions, points, max, percent`, the
/// questions being those of the sheet that carry the tag), then the class's
/// row (`sheet` is `all`: the sums over those sheets). No rows without tags.
ScoreTable tag_table(const Results& results);

/// The most questions of any sheet (the number of Q columns).
std::size_t question_columns(const Results& results);

/// A sheet's score cells: points, max, percent, status, then one per
/// question up to `questions` (empty for a sheet not scanned; "?" where a
/// person must decide).
std::vector<TableCell> score_cells(const SheetResult& s, std::size_t questions);

/// `text` as a CSV cell a spreadsheet never runs as a formula (OWASP's
/// advice on CSV injection): a text that starts with = + - @, a tab or a
/// carriage return gets a ' before it, unless it is a plain number ("-2.5")
/// or a marked answer that starts with a row left blank ("-;A;C"), which no
/// spreadsheet takes for a formula.
std::string formula_safe(const std::string& text);

/// results.csv in the roster's format (school.cpp); results.roster must be set.
std::string roster_results_csv(const Results& results);

/// The headings of score_cells.
std::vector<std::string> score_headings(std::size_t questions);

}  // namespace handout::mark
