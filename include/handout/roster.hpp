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
std::optional<std::vector<Student>> load_roster(const std::string& path, Diagnostics& diags,
                                                const RosterOptions& options = {});

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
