// The roster reader: the class lists teachers and school offices export from
// spreadsheets. Three steps: check the UTF-8, split the text into records of
// located cells (csv.hpp), then read the header (its headings in many
// spellings and languages: columns.cpp) and the student rows, collecting
// every error before giving up.
#include "handout/roster.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "handout/io.hpp"
#include "handout/text.hpp"
#include "roster/columns.hpp"
#include "roster/csv.hpp"

namespace handout {

using roster::Cell;
using roster::CsvReader;
using roster::Record;
using roster::find_separator;
using roster::is_blank_record;

namespace {

constexpr std::string_view bom = "\xEF\xBB\xBF";

// Limits of a roster (docs/format.md "Limits"), so that a wrong file (a
// database export, a binary) fails fast with a located error.
/// Largest roster file, in bytes, checked before any parsing.
constexpr std::size_t max_roster_bytes = 1'000'000;
/// Most student rows.
constexpr std::size_t max_students = 10'000;
/// Longest name or class, in bytes (it must fit the Name field of a sheet).
constexpr std::size_t max_name_bytes = 200;

/// The error for a roster file of `size` bytes (in words) over the limit.
void report_size(const std::string& file, const std::string& size, Diagnostics& diags) {
    diags.error({file, 1, 1},
                "the roster is " + size + " bytes; the limit is " + with_commas(max_roster_bytes) +
                    " bytes (1 MB)",
                "a roster has one short row per student: check that this is the right file");
}

/// How to fix a CSV file that is not UTF-8.
const std::string utf8_hint = "save the roster as UTF-8 (in the spreadsheet: Save As → CSV UTF-8)";

const char* const columns_hint =
    "the header row names the columns: 'name' (or 'first name' and 'last name', in English, German, French, "
    "Spanish, Italian, Portuguese, Dutch, Polish, Russian or Greek), and optionally 'class', 'seed' and 'style' "
    "(or 'needs'); other columns are left alone";

// ---------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------

/// What becomes of a header cell's column.
enum class Column { read, unnamed, duplicate, ignored };

/// The columns of the header row, in order, and where the read ones are.
struct Header {
    std::vector<Column> columns;
    std::vector<int> name;  ///< the cells joined (with a space) into the name, in order
    int seed = -1, class_name = -1, style = -1;  ///< index of each known column, -1 when absent
};

/// The cells of the name: those `--name-columns` names, else a full-name
/// column, else first and last name columns, else a lone name word or part.
std::vector<int> name_cells(const std::vector<roster::TitleRole>& roles, const std::vector<bool>& usable) {
    using roster::Role;
    const auto first_of = [&](auto wanted) {
        for (std::size_t k = 0; k < roles.size(); ++k)
            if (usable[k] && wanted(roles[k])) return static_cast<int>(k);
        return -1;
    };
    const auto is = [&](Role role) { return [role](const roster::TitleRole& r) { return r.role == role; }; };
    const int full = first_of(is(Role::full_name));
    const int first = first_of(is(Role::first_name));
    const int last = first_of(is(Role::last_name));
    const int word = first_of(is(Role::name_word));
    // A Dutch particle goes before the surname, a Spanish second surname after it.
    const int particle = first_of(is(Role::particle)), second = first_of(is(Role::second_last_name));
    const auto parts = [&](int given, int surname) {
        std::vector<int> out{given};
        if (particle >= 0) out.push_back(particle);
        out.push_back(surname);
        if (second >= 0) out.push_back(second);
        return out;
    };
    if (full >= 0) return {full};
    if (first >= 0 && last >= 0) return parts(first, last);
    if (word >= 0 && first >= 0 && roles[static_cast<std::size_t>(word)].beside == Role::last_name)
        return parts(first, word);
    if (word >= 0 && last >= 0 && roles[static_cast<std::size_t>(word)].beside == Role::first_name)
        return parts(word, last);
    if (word >= 0) return {word};
    if (first >= 0) return {first};
    if (last >= 0) return {last};
    return {};
}

/// The header cells normalised (roster/columns.cpp), with the role each
/// names; a cell is usable when it is named and not a duplicate.
struct Titles {
    std::vector<std::string> norm;
    std::vector<roster::TitleRole> roles;
    std::vector<bool> usable;
};

/// Normalises the header cells, marking the unnamed ones and reporting a
/// heading written twice (its column is not read, and not noted again).
Titles read_titles(const Record& record, Header& header, const std::string& file, Diagnostics& diags) {
    const std::size_t n = record.cells.size();
    Titles t{std::vector<std::string>(n), std::vector<roster::TitleRole>(n), std::vector<bool>(n, false)};
    for (std::size_t k = 0; k < n; ++k) {
        const Cell& cell = record.cells[k];
        t.norm[k] = roster::normalise_title(trim(cell.text));
        if (t.norm[k].empty()) {
            header.columns[k] = Column::unnamed;
            continue;
        }
        const auto same = std::find(t.norm.begin(), t.norm.begin() + static_cast<std::ptrdiff_t>(k), t.norm[k]);
        if (same != t.norm.begin() + static_cast<std::ptrdiff_t>(k)) {
            const Cell& first = record.cells[static_cast<std::size_t>(same - t.norm.begin())];
            diags.error({file, cell.line, cell.column},
                        "duplicate column '" + std::string(trim(cell.text)) + "' (first at " +
                            std::to_string(first.line) + ":" + std::to_string(first.column) + ")",
                        "keep one '" + std::string(trim(cell.text)) + "' column and rename or delete the other");
            header.columns[k] = Column::duplicate;
            t.norm[k].clear();
            continue;
        }
        t.roles[k] = roster::role_of(t.norm[k]);
        t.usable[k] = true;
    }
    return t;
}

/// The name's cells as `--name-columns` names them, in order; {-2} when one
/// of them is not in the header (reported here).
std::vector<int> named_name_cells(const Record& record, const RosterOptions& options, const Titles& t,
                                  const std::string& file, Diagnostics& diags) {
    std::vector<std::string_view> written;
    for (std::size_t k = 0; k < t.norm.size(); ++k)
        if (t.usable[k]) written.push_back(t.norm[k]);
    std::vector<int> name;
    for (const std::string& wanted : options.name_columns) {
        const std::string key = roster::normalise_title(trim(wanted));
        const auto at = std::find(t.norm.begin(), t.norm.end(), key);
        if (key.empty() || at == t.norm.end()) {
            diags.error({file, record.cells[0].line, record.cells[0].column},
                        "the header row has no column '" + wanted + "' (--name-columns)" +
                            did_you_mean(key, written),
                        "give --name-columns the headings of the name's columns as the header row writes "
                        "them, in order, e.g. --name-columns \"First name,Last name\"");
            continue;
        }
        name.push_back(static_cast<int>(at - t.norm.begin()));
    }
    if (name.size() != options.name_columns.size()) name = {-2};
    return name;
}

/// One note for every column left alone, with a did-you-mean for typos.
void note_left_alone(const Record& record, const Header& header, const Titles& t, const std::string& file,
                     Diagnostics& diags) {
    std::string left_alone;
    const Cell* first_left = nullptr;
    for (std::size_t k = 0; k < record.cells.size(); ++k) {
        if (header.columns[k] != Column::ignored || t.norm[k].empty()) continue;
        if (roster::is_identity_title(t.norm[k])) continue;  // kept by mark's results and grade-book files
        if (!first_left) first_left = &record.cells[k];
        else left_alone += ", ";
        left_alone += "'" + std::string(trim(record.cells[k].text)) + "'" +
                      (t.roles[k].role == roster::Role::other ? did_you_mean(t.norm[k], roster::known_titles()) : "");
    }
    if (first_left)
        diags.warning(
            {file, first_left->line, first_left->column}, "column(s) not read: " + left_alone,
            "handout reads the name (one column, or first and last name), class, seed and style, and "
            "repeats id and e-mail columns in mark's results; other columns are left alone");
}

/// Reads the header record: each cell names a column handout reads (in the
/// spellings of roster/columns.cpp), is empty (an unnamed column), or is
/// left alone with one note listing such columns. A heading written twice
/// is an error; a second column of a role already read is left alone too.
Header read_header(const Record& record, const RosterOptions& options, const std::string& file,
                   Diagnostics& diags) {
    using roster::Role;
    const std::size_t n = record.cells.size();
    Header header;
    header.columns.assign(n, Column::ignored);
    Titles t = read_titles(record, header, file, diags);
    header.name = options.name_columns.empty() ? name_cells(t.roles, t.usable)
                                               : named_name_cells(record, options, t, file, diags);
    for (int k : header.name)
        if (k >= 0) header.columns[static_cast<std::size_t>(k)] = Column::read, t.usable[static_cast<std::size_t>(k)] = false;

    // The other known columns: the first of each role is read.
    for (std::size_t k = 0; k < n; ++k) {
        if (!t.usable[k]) continue;
        int* index = t.roles[k].role == Role::seed         ? &header.seed
                     : t.roles[k].role == Role::class_name ? &header.class_name
                     : t.roles[k].role == Role::style      ? &header.style
                                                           : nullptr;
        if (index && *index < 0) {
            *index = static_cast<int>(k);
            header.columns[k] = Column::read;
        }
    }
    note_left_alone(record, header, t, file, diags);

    if (header.name.empty() && n > 0)
        diags.error({file, record.cells[0].line, record.cells[0].column}, "the header row has no name column",
                    "add a column headed 'name' with the students' names (or 'first name' and 'last name'), "
                    "or choose the columns with --name-columns; " + std::string(columns_hint));
    if (header.name == std::vector<int>{-2}) header.name.clear();
    return header;
}

// ---------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------

/// Parses a seed cell: a whole number 0..4294967295 in decimal digits.
std::optional<std::uint32_t> parse_seed(const std::string& text) {
    if (text.empty() || text.size() > 20) return std::nullopt;
    std::uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
        if (value > 0xFFFFFFFFull) return std::nullopt;
    }
    return static_cast<std::uint32_t>(value);
}

/// The page style a `style` (or `needs`) cell asks for: "" for the class's
/// own (an empty cell, `standard`, `none`), `modified-large-print` for
/// `large` (and `mlp`), `dyslexia` for `dyslexia` (and
/// `dyslexic`), else the name of a page style as written (lower case;
/// whether it exists is for the caller to check). Nothing when the cell
/// cannot name a page style.
std::optional<std::string> style_of_need(const std::string& cell) {
    std::string word = ascii_lower(trim(cell));
    std::replace(word.begin(), word.end(), ' ', '-');
    std::replace(word.begin(), word.end(), '_', '-');
    if (word.empty() || word == "standard" || word == "none") return std::string();
    if (word == "large" || word == "mlp")
        return std::string("modified-large-print");
    if (word == "dyslexia" || word == "dyslexic") return std::string("dyslexia");
    // A page style's file name: letters, digits and dashes.
    const bool name_like = word.size() <= 60 && std::all_of(word.begin(), word.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
    if (!name_like) return std::nullopt;
    return word;
}

/// A student row as read, before unpinned seeds are assigned.
struct Row {
    Student student;
    bool pinned = false;
    Loc seed_loc;  ///< the seed cell, when pinned
};

/// Checks the cells beyond the header (fine when empty: a trailing
/// separator) and those under a column with no heading; false on an error.
bool check_row_cells(const Record& record, const Header& header, const std::string& file, Diagnostics& diags) {
    bool ok = true;
    for (std::size_t k = header.columns.size(); k < record.cells.size(); ++k) {
        const Cell& cell = record.cells[k];
        if (cell.quoted || !trim(cell.text).empty()) {
            diags.error({file, cell.line, cell.column},
                        "this row has " + std::to_string(record.cells.size()) +
                            " cells but the header has " +
                            std::to_string(header.columns.size()) + " columns",
                        "put a name that contains the separator in double quotes, e.g. "
                        "\"Smith, Ann\"");
            ok = false;
            break;
        }
    }
    for (std::size_t k = 0; k < std::min(header.columns.size(), record.cells.size()); ++k) {
        const Cell& cell = record.cells[k];
        if (header.columns[k] == Column::unnamed && (cell.quoted || !trim(cell.text).empty())) {
            diags.error({file, cell.line, cell.column},
                        "this cell is under a column with no heading",
                        "name the column in the header row, or clear the cell");
            ok = false;
        }
    }
    return ok;
}

/// The name: required, one line; the cells of its parts joined by a space.
bool read_name(const Record& record, const Header& header, const std::string& file, Diagnostics& diags,
               Student& student) {
    const auto name_index = static_cast<std::size_t>(header.name.front());
    if (name_index >= record.cells.size()) {
        diags.error({file, record.end_line, record.end_column}, "this row has no name cell",
                    "write the student's name in the name column, or delete the row");
        return false;
    }
    const Cell& cell = record.cells[name_index];
    for (int part : header.name) {
        const auto k = static_cast<std::size_t>(part);
        const std::string_view text = k < record.cells.size() ? trim(record.cells[k].text) : "";
        if (text.empty()) continue;
        if (!student.name.empty()) student.name += ' ';
        student.name += text;
    }
    student.name_loc = {file, cell.line, cell.column};
    if (student.name.empty()) {
        diags.error({file, cell.line, cell.column}, "the name is empty",
                    "write the student's name, or delete the row");
        return false;
    }
    if (student.name.size() > max_name_bytes) {
        diags.error({file, cell.line, cell.column},
                    "the name is " + std::to_string(student.name.size()) +
                        " bytes long; the limit is " + std::to_string(max_name_bytes),
                    "shorten the name so that it fits the Name field, or check the "
                    "quoting of this row");
        return false;
    }
    if (student.name.find('\n') != std::string::npos) {
        diags.error({file, cell.line, cell.column}, "a name must fit on one line",
                    "remove the line break inside the quoted name");
        return false;
    }
    if (const auto bad = find_unprintable(student.name)) {
        diags.error({file, cell.line, cell.column}, "the name " + bad->what, bad->hint);
        return false;
    }
    return true;
}

/// The cell of column `index` (-1 when the header has none), or null when
/// there is no such column or the row is shorter.
const Cell* cell_of(const Record& record, int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= record.cells.size()) return nullptr;
    return &record.cells[static_cast<std::size_t>(index)];
}

/// The class: optional, one line.
bool read_class(const Cell* cell, const std::string& file, Diagnostics& diags, Student& student) {
    if (!cell) return true;
    student.class_name = std::string(trim(cell->text));
    if (student.class_name.size() > max_name_bytes) {
        diags.error({file, cell->line, cell->column},
                    "the class is " + std::to_string(student.class_name.size()) +
                        " bytes long; the limit is " + std::to_string(max_name_bytes),
                    "shorten the class name, or check the quoting of this row");
        return false;
    }
    if (student.class_name.find('\n') != std::string::npos) {
        diags.error({file, cell->line, cell->column}, "a class must fit on one line",
                    "remove the line break inside the quoted class");
        return false;
    }
    return true;
}

/// The page style: optional; a need or a page style's name.
bool read_style(const Cell* cell, const std::string& file, Diagnostics& diags, Student& student) {
    if (!cell) return true;
    student.style_loc = {file, cell->line, cell->column};
    if (const auto style = style_of_need(cell->text)) {
        student.style = *style;
        return true;
    }
    diags.error({file, cell->line, cell->column}, "'" + std::string(trim(cell->text)) + "' is not a page style",
                "write large (modified large print), dyslexia, the name of a page style of the "
                "templates folder, or leave the cell empty for the class's style");
    return false;
}

/// The seed: optional; a whole number when written.
bool read_seed(const Cell* cell, const std::string& file, Diagnostics& diags, Row& row) {
    if (!cell) return true;
    const std::string text(trim(cell->text));
    if (text.empty()) return true;
    if (const auto seed = parse_seed(text)) {
        row.student.seed = *seed;
        row.pinned = true;
        row.seed_loc = {file, cell->line, cell->column};
        return true;
    }
    diags.error({file, cell->line, cell->column},
                "seed '" + text + "' is not a whole number from 0 to 4294967295",
                "write digits only, or leave the cell empty to have a seed "
                "assigned");
    return false;
}

/// Reads one student row against the header, reporting its errors; returns
/// nothing when the row has one.
std::optional<Row> read_row(const Record& record, const Header& header, const std::string& file,
                            Diagnostics& diags) {
    const Cell& first = record.cells.front();
    Row row;
    row.student.loc = {file, first.line, first.column};
    // Every check runs, so that each error of the row is reported.
    bool ok = check_row_cells(record, header, file, diags);
    ok = read_name(record, header, file, diags, row.student) && ok;
    ok = read_class(cell_of(record, header.class_name), file, diags, row.student) && ok;
    ok = read_style(cell_of(record, header.style), file, diags, row.student) && ok;
    ok = read_seed(cell_of(record, header.seed), file, diags, row) && ok;
    if (!ok) return std::nullopt;
    return row;
}

/// Reports students pinned to a seed another student already has, at the
/// later one's seed cell.
void check_pinned_seeds(const std::vector<Row>& rows, Diagnostics& diags) {
    for (std::size_t k = 0; k < rows.size(); ++k) {
        if (!rows[k].pinned) continue;
        for (std::size_t j = 0; j < k; ++j) {
            if (!rows[j].pinned || rows[j].student.seed != rows[k].student.seed) continue;
            diags.error(rows[k].seed_loc,
                        "seed " + std::to_string(rows[k].student.seed) +
                            " is already pinned to " + rows[j].student.name + " on line " +
                            std::to_string(rows[j].student.loc.line),
                        "each student needs a distinct seed: change one, or clear it to have "
                        "one assigned");
            break;
        }
    }
}

/// Warns of two students with the same name (and class), at the later one's
/// name cell, naming both rows: each keeps their own sheet number, seed and
/// code in every output, but the printed names cannot tell them apart.
void check_duplicate_names(const std::vector<Row>& rows, Diagnostics& diags) {
    std::map<std::pair<std::string, std::string>, const Student*> seen;
    for (const Row& row : rows) {
        const Student& s = row.student;
        const auto [at, added] = seen.emplace(std::pair{s.name, s.class_name}, &s);
        if (added) continue;
        diags.warning(s.name_loc,
                      "'" + s.name + "' on line " + std::to_string(s.loc.line) + " has the same name as line " +
                          std::to_string(at->second->loc.line) +
                          ": both get their own sheet, seed and code (sheet numbers, bookmarks, keys, the marking "
                          "grid and marks keep them apart), but their printed names are the same",
                      "add what tells them apart to one of the names (a middle initial, the class), so each finds "
                      "their own sheet");
    }
}

/// Gives every unpinned student, in row order, the smallest seed from 1 up
/// that no student has.
void assign_seeds(std::vector<Row>& rows) {
    std::set<std::uint32_t> taken;
    for (const Row& row : rows)
        if (row.pinned) taken.insert(row.student.seed);
    std::uint32_t next = 1;
    for (Row& row : rows) {
        if (row.pinned) continue;
        while (taken.count(next)) ++next;
        row.student.seed = next;
        taken.insert(next);
    }
}

}  // namespace

std::optional<std::vector<CsvRow>> parse_csv(std::string_view text, const std::string& file, Diagnostics& diags) {
    if (text.starts_with(bom)) text.remove_prefix(bom.size());
    Diagnostics found;
    if (!check_utf8(text, file, utf8_hint, found)) {
        diags.append_file(found);
        return std::nullopt;
    }
    CsvReader reader(text, find_separator(text), file, found);
    std::vector<CsvRow> rows;
    while (!reader.at_end() && !reader.broken()) {
        Record record = reader.next();
        if (is_blank_record(record)) continue;
        CsvRow row;
        for (auto& c : record.cells) row.push_back({std::string(trim(c.text)), c.line, c.column});
        rows.push_back(std::move(row));
    }
    const bool ok = !found.has_errors();
    diags.append_file(found);
    if (!ok) return std::nullopt;
    return rows;
}

std::optional<std::vector<Student>> parse_roster(std::string_view text, const std::string& file,
                                                 Diagnostics& diags, const RosterOptions& options) {
    if (text.starts_with(bom)) text.remove_prefix(bom.size());
    Diagnostics found;
    if (text.size() > max_roster_bytes) {
        report_size(file, with_commas(text.size()), diags);
        return std::nullopt;
    }
    if (!check_utf8(text, file, utf8_hint, found)) {
        diags.append_file(found);
        return std::nullopt;
    }

    // The header: the first record that is not blank.
    CsvReader reader(text, find_separator(text), file, found);
    Record header_record;
    while (!reader.at_end() && !reader.broken()) {
        header_record = reader.next();
        if (!is_blank_record(header_record)) break;
        header_record = {};
    }
    if (reader.broken()) {  // an unterminated quote swallowed the header
        diags.append_file(found);
        return std::nullopt;
    }
    if (header_record.cells.empty()) {
        found.error({file, 1, 1}, "the roster has no header row",
                    "start the file with a header row with a 'name' column, e.g. "
                    "'name,class,seed', then one row per student");
        diags.append_file(found);
        return std::nullopt;
    }
    const Header header = read_header(header_record, options, file, found);

    // The students: every row is checked, even after an error.
    std::vector<Row> rows;
    std::size_t row_count = 0;
    while (!reader.at_end() && !reader.broken()) {
        Record record = reader.next();
        if (reader.broken()) {
            ++row_count;  // a row, though unreadable
            break;
        }
        if (is_blank_record(record)) continue;
        ++row_count;
        if (row_count > max_students) {  // reported at the first row too many; the rest unread
            found.error({file, record.cells.front().line, record.cells.front().column},
                        "the roster has more than " + with_commas(max_students) + " students",
                        "split the class list into several rosters");
            break;
        }
        if (header.name.empty()) continue;
        if (auto row = read_row(record, header, file, found)) rows.push_back(std::move(*row));
    }
    if (row_count == 0 && !reader.broken())
        found.error({file, header_record.cells[0].line, header_record.cells[0].column},
                    "the roster has no students",
                    "add one row per student under the header row");
    check_pinned_seeds(rows, found);
    check_duplicate_names(rows, found);

    diags.append_file(found);
    if (found.has_errors()) return std::nullopt;
    assign_seeds(rows);
    std::vector<Student> students;
    students.reserve(rows.size());
    for (Row& row : rows) students.push_back(std::move(row.student));
    return students;
}

std::optional<std::vector<Student>> load_roster(const std::string& path, Diagnostics& diags,
                                                const RosterOptions& options, std::string* text_out) {
    // Never more than one byte over the limit is read (a regular file over
    // it is refused from its size, unread), so /dev/zero fails at once.
    const std::string shown = input_name(path);
    std::string text;
    try {
        text = read_file(path, max_roster_bytes, FileKinds::streams);
    } catch (const FileTooLarge& e) {
        report_size(shown, e.size(), diags);
        return std::nullopt;
    }
    auto students = parse_roster(text, shown, diags, options);
    if (text_out) *text_out = std::move(text);
    return students;
}

}  // namespace handout
