// Class rosters: the CSV a teacher exports from a spreadsheet, read into
// students with a name and a distinct seed each.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handout/diagnostic.hpp"

namespace handout {

/// One student of a roster.
struct Student {
    std::string name;        ///< printed in the Name field
    std::string class_name;  ///< the optional class column ("" when absent), printed in a Class field
    /// The page style of this student's sheet, from the optional `style` (or
    /// `needs`) column: "" for the class's, else a page style's name
    /// (`large` reads as modified-large-print).
    std::string style;
    Loc style_loc;           ///< the style cell, when there is one
    std::uint32_t seed = 0;  ///< their variant: pinned by a `seed` column, else assigned
    Loc loc;                 ///< the row (line; column of the row's first cell)
    Loc name_loc;            ///< the name cell
};

/// How to read a roster's columns.
struct RosterOptions {
    /// The headings of the columns the name is made of, joined by a space in
    /// this order (`--name-columns "Vorname,Nachname"`); empty: found from
    /// the headings.
    std::vector<std::string> name_columns;
};

/// Parses a roster CSV: UTF-8 (a BOM is skipped), a header row naming the
/// columns in common spellings and languages (a name column, or first and
/// last name columns, required; `seed`, `class` and `style` or `needs`
/// optional; any other column is left alone, with one warning naming them),
/// `,`, `;` or a tab as separator (whichever the header uses), RFC 4180
/// quoting, blank lines skipped. Students without a `seed` get the smallest
/// seeds from 1 up that no other student has, in row order. Every bad row is
/// a located error (`class.csv:7:…`), all reported at once; returns nothing
/// when there are errors.
std::optional<std::vector<Student>> parse_roster(std::string_view text, const std::string& file,
                                                 Diagnostics& diags, const RosterOptions& options = {});

/// Reads and parses a roster file; throws IoError when it cannot be read.
/// `text`, when given, receives the file's text as read (a stream is read
/// once), for roster_table.
std::optional<std::vector<Student>> load_roster(const std::string& path, Diagnostics& diags,
                                                const RosterOptions& options = {},
                                                std::string* text = nullptr);

/// What a roster column holds, as the files that follow the roster need to
/// know (`mark`'s results in the school's own format, grade-book imports).
enum class RosterColumn {
    name,  ///< a part of the name (full name, first name, surname)
    class_name,
    id,        ///< a student number or id ("ID", "Student ID", "ID number", "Matrikelnummer", "SIS User ID")
    email,     ///< "Email", "E-Mail", "Mail", "Email address"
    username,  ///< "Username", "Login", "SIS Login ID"
    other,     ///< anything else (seed, style, a date of birth): not repeated
};

/// A roster file as written, for the files that follow it: its separator,
/// BOM and line ends, its headings and cells, and its records as written.
struct RosterTable {
    std::string file;  ///< as messages name it (set by the caller)
    char separator = ',';
    bool bom = false;
    std::string line_end = "\n";  ///< the first line break's ("\r\n" from Windows)
    bool final_line_end = true;   ///< whether the last record ends with a line break
    /// The decimal separator of numbers written for this roster: `,` when
    /// it is `;`-separated (as spreadsheets in decimal-comma locales save
    /// CSV), else `.`.
    char decimal = '.';
    std::vector<std::string> header;             ///< the headings, trimmed
    std::vector<RosterColumn> columns;           ///< what each heading's column holds
    std::vector<std::vector<std::string>> rows;  ///< each student row's cells, trimmed; parse_roster's order
    /// One record of the file as written (without its line break): the
    /// header, a student (its index in rows) or a blank line.
    struct Line {
        std::string text;
        std::size_t cells = 0;
        int student = -1;  ///< index in rows; -1 for the header and blank lines
        bool header = false;
    };
    std::vector<Line> lines;

    /// The first column holding `kind`, or -1.
    int find(RosterColumn kind) const;
    /// A student row's cell of column `k` ("" when the row is shorter).
    const std::string& cell(std::size_t row, std::size_t k) const;
};

/// The table of roster text that parse_roster accepted (BOM and separator
/// as it found them; the name columns as `options` chooses them).
RosterTable roster_table(std::string_view text, const RosterOptions& options = {});

/// Whether `heading` names a class, as a roster column or a worksheet's
/// write-in field does (`Class`, `Form`, `Group`, `Klasse`, `Classe`,
/// `Clase`, `Класс` …: any case, spaces and a trailing colon ignored).
bool is_class_heading(std::string_view heading);

/// One cell of a CSV row: its text (unquoted, surrounding blanks trimmed) and where it starts.
struct CsvCell {
    std::string text;
    int line = 0, column = 0;
};
using CsvRow = std::vector<CsvCell>;

/// A CSV file as rosters are read (UTF-8 checked, BOM skipped, `,`, `;` or
/// a tab as the first line uses, RFC 4180 quoting, blank rows skipped), for the
/// other CSV files handout reads (`mark --fix`). Errors are located; returns
/// nothing when there are any.
std::optional<std::vector<CsvRow>> parse_csv(std::string_view text, const std::string& file, Diagnostics& diags);

}  // namespace handout
