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
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "handout/io.hpp"
#include "handout/load.hpp"
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
    if (full >= 0) return {full};
    if (first >= 0 && last >= 0) return {first, last};
    if (word >= 0 && first >= 0 && roles[static_cast<std::size_t>(word)].beside == Role::last_name) return {first, word};
    if (word >= 0 && last >= 0 && roles[static_cast<std::size_t>(word)].beside == Role::first_name) return {word, last};
    if (word >= 0) return {word};
    if (first >= 0) return {first};
    if (last >= 0) return {last};
    return {};
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
    std::vector<std::string> norm(n);
    std::vector<roster::TitleRole> roles(n);
    std::vector<bool> usable(n, false);
    for (std::size_t k = 0; k < n; ++k) {
        const Cell& cell = record.cells[k];
        norm[k] = roster::normalise_title(trim(cell.text));
        if (norm[k].empty()) {
            header.columns[k] = Column::unnamed;
            continue;
        }
        const auto same = std::find(norm.begin(), norm.begin() + static_cast<std::ptrdiff_t>(k), norm[k]);
        if (same != norm.begin() + static_cast<std::ptrdiff_t>(k)) {
            const Cell& first = record.cells[static_cast<std::size_t>(same - norm.begin())];
            diags.error({file, cell.line, cell.column},
                        "duplicate column '" + std::string(trim(cell.text)) + "' (first at " +
                            std::to_string(first.line) + ":" + std::to_string(first.column) + ")",
                        "keep one '" + std::string(trim(cell.text)) + "' column and rename or delete the other");
            header.columns[k] = Column::duplicate;  // its cells are not read, and it is not noted again
            norm[k].clear();
            continue;
        }
        roles[k] = roster::role_of(norm[k]);
        usable[k] = true;
    }

    if (!options.name_columns.empty()) {
        std::vector<std::string_view> written;
        for (std::size_t k = 0; k < n; ++k)
            if (usable[k]) written.push_back(norm[k]);
        for (const std::string& wanted : options.name_columns) {
            const std::string key = roster::normalise_title(trim(wanted));
            const auto at = std::find(norm.begin(), norm.end(), key);
            if (key.empty() || at == norm.end()) {
                diags.error({file, record.cells[0].line, record.cells[0].column},
                            "the header row has no column '" + wanted + "' (--name-columns)" +
                                did_you_mean(key, written),
                            "give --name-columns the headings of the name's columns as the header row writes "
                            "them, in order, e.g. --name-columns \"First name,Last name\"");
                continue;
            }
            header.name.push_back(static_cast<int>(at - norm.begin()));
        }
        if (header.name.size() != options.name_columns.size()) header.name = {-2};  // reported above
    } else {
        header.name = name_cells(roles, usable);
    }
    for (int k : header.name)
        if (k >= 0) header.columns[static_cast<std::size_t>(k)] = Column::read, usable[static_cast<std::size_t>(k)] = false;

    // The other known columns: the first of each role is read.
    for (std::size_t k = 0; k < n; ++k) {
        if (!usable[k]) continue;
        int* index = roles[k].role == Role::seed         ? &header.seed
                     : roles[k].role == Role::class_name ? &header.class_name
                     : roles[k].role == Role::style      ? &header.style
                                                         : nullptr;
        if (index && *index < 0) {
            *index = static_cast<int>(k);
            header.columns[k] = Column::read;
        }
    }

    // One note for every column left alone, with a did-you-mean for typos.
    std::string left_alone;
    const Cell* first_left = nullptr;
    for (std::size_t k = 0; k < n; ++k) {
        if (header.columns[k] != Column::ignored || norm[k].empty()) continue;
        if (!first_left) first_left = &record.cells[k];
        else left_alone += ", ";
        left_alone += "'" + std::string(trim(record.cells[k].text)) + "'" +
                      (roles[k].role == Role::other ? did_you_mean(norm[k], roster::known_titles()) : "");
    }
    if (first_left)
        diags.warning({file, first_left->line, first_left->column}, "column(s) not read: " + left_alone,
                      "handout reads the name (one column, or first and last name), class, seed and style; "
                      "other columns are left alone");

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

/// Reads one student row against the header, reporting its errors; returns
/// nothing when the row has one.
std::optional<Row> read_row(const Record& record, const Header& header, const std::string& file,
                            Diagnostics& diags) {
    bool ok = true;
    const Cell& first = record.cells.front();
    Row row;
    row.student.loc = {file, first.line, first.column};

    // Cells beyond the header: fine when empty (a trailing separator).
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

    // Non-empty cells under a column with no heading.
    for (std::size_t k = 0; k < std::min(header.columns.size(), record.cells.size()); ++k) {
        const Cell& cell = record.cells[k];
        if (header.columns[k] == Column::unnamed && (cell.quoted || !trim(cell.text).empty())) {
            diags.error({file, cell.line, cell.column},
                        "this cell is under a column with no heading",
                        "name the column in the header row, or clear the cell");
            ok = false;
        }
    }

    // The name: required, one line; the cells of its parts joined by a space.
    const auto name_index = static_cast<std::size_t>(header.name.front());
    if (name_index >= record.cells.size()) {
        diags.error({file, record.end_line, record.end_column}, "this row has no name cell",
                    "write the student's name in the name column, or delete the row");
        ok = false;
    } else {
        const Cell& cell = record.cells[name_index];
        for (int part : header.name) {
            const auto k = static_cast<std::size_t>(part);
            const std::string_view text = k < record.cells.size() ? trim(record.cells[k].text) : "";
            if (text.empty()) continue;
            if (!row.student.name.empty()) row.student.name += ' ';
            row.student.name += text;
        }
        row.student.name_loc = {file, cell.line, cell.column};
        if (row.student.name.empty()) {
            diags.error({file, cell.line, cell.column}, "the name is empty",
                        "write the student's name, or delete the row");
            ok = false;
        } else if (row.student.name.size() > max_name_bytes) {
            diags.error({file, cell.line, cell.column},
                        "the name is " + std::to_string(row.student.name.size()) +
                            " bytes long; the limit is " + std::to_string(max_name_bytes),
                        "shorten the name so that it fits the Name field, or check the "
                        "quoting of this row");
            ok = false;
        } else if (row.student.name.find('\n') != std::string::npos) {
            diags.error({file, cell.line, cell.column}, "a name must fit on one line",
                        "remove the line break inside the quoted name");
            ok = false;
        } else if (const auto bad = find_unprintable(row.student.name)) {
            diags.error({file, cell.line, cell.column}, "the name " + bad->what, bad->hint);
            ok = false;
        }
    }

    // The class: optional, one line.
    if (header.class_name >= 0 &&
        static_cast<std::size_t>(header.class_name) < record.cells.size()) {
        const Cell& cell = record.cells[static_cast<std::size_t>(header.class_name)];
        row.student.class_name = std::string(trim(cell.text));
        if (row.student.class_name.size() > max_name_bytes) {
            diags.error({file, cell.line, cell.column},
                        "the class is " + std::to_string(row.student.class_name.size()) +
                            " bytes long; the limit is " + std::to_string(max_name_bytes),
                        "shorten the class name, or check the quoting of this row");
            ok = false;
        } else if (row.student.class_name.find('\n') != std::string::npos) {
            diags.error({file, cell.line, cell.column}, "a class must fit on one line",
                        "remove the line break inside the quoted class");
            ok = false;
        }
    }

    // The page style: optional; a need or a page style's name.
    if (header.style >= 0 && static_cast<std::size_t>(header.style) < record.cells.size()) {
        const Cell& cell = record.cells[static_cast<std::size_t>(header.style)];
        row.student.style_loc = {file, cell.line, cell.column};
        if (const auto style = style_of_need(cell.text)) {
            row.student.style = *style;
        } else {
            diags.error({file, cell.line, cell.column}, "'" + std::string(trim(cell.text)) + "' is not a page style",
                        "write large (modified large print), dyslexia, the name of a page style of the "
                        "templates folder, or leave the cell empty for the class's style");
            ok = false;
        }
    }

    // The seed: optional; a whole number when written.
    if (header.seed >= 0 && static_cast<std::size_t>(header.seed) < record.cells.size()) {
        const Cell& cell = record.cells[static_cast<std::size_t>(header.seed)];
        const std::string text(trim(cell.text));
        if (!text.empty()) {
            if (const auto seed = parse_seed(text)) {
                row.student.seed = *seed;
                row.pinned = true;
                row.seed_loc = {file, cell.line, cell.column};
            } else {
                diags.error({file, cell.line, cell.column},
                            "seed '" + text + "' is not a whole number from 0 to 4294967295",
                            "write digits only, or leave the cell empty to have a seed "
                            "assigned");
                ok = false;
            }
        }
    }
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

    diags.append_file(found);
    if (found.has_errors()) return std::nullopt;
    assign_seeds(rows);
    std::vector<Student> students;
    students.reserve(rows.size());
    for (Row& row : rows) students.push_back(std::move(row.student));
    return students;
}

std::optional<std::vector<Student>> load_roster(const std::string& path, Diagnostics& diags,
                                                const RosterOptions& options) {
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
    return parse_roster(text, shown, diags, options);
}

}  // namespace handout
