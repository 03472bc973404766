// A roster as a table (roster.hpp's RosterTable): how the school's file is
// written, so that `mark` can write its results the same way and fill in a
// copy of it, every row in its place.
#include <algorithm>
#include <set>

#include "handout/roster.hpp"
#include "handout/text.hpp"
#include "roster/columns.hpp"
#include "roster/csv.hpp"

namespace handout {

namespace {

constexpr std::string_view bom = "\xEF\xBB\xBF";

/// Normalised headings of student numbers, e-mail addresses and logins, in
/// the languages of roster/columns.cpp.
RosterColumn id_kind(const std::string& norm) {
    static const std::set<std::string, std::less<>> ids = {"id",
                                                           "studentid",
                                                           "studentnumber",
                                                           "idnumber",
                                                           "userid",
                                                           "sisuserid",
                                                           "pupilnumber",
                                                           "upn",
                                                           "candidatenumber",
                                                           "admissionnumber",
                                                           "matrikelnummer",
                                                           "schülernummer",
                                                           "schülerid",
                                                           "schuelernummer",
                                                           "numéro",
                                                           "numero",
                                                           "numérodélève",
                                                           "numeroeleve",
                                                           "numéroétudiant",
                                                           "numeroetudiant",
                                                           "ine",
                                                           "matricola",
                                                           "matrícula",
                                                           "matricula",
                                                           "leerlingnummer",
                                                           "numerlegitymacji",
                                                           "номер"};
    static const std::set<std::string, std::less<>> emails = {
        "email",    "emailaddress",     "mail",   "mailadresse",       "emailadresse",
        "courriel", "adressemail",      "correo", "correoelectrónico", "correoelectronico",
        "posta",    "postaelettronica", "почта"};
    static const std::set<std::string, std::less<>> logins = {
        "username", "login", "loginid", "sisloginid", "benutzername", "user", "identifiant"};
    if (ids.contains(norm)) return RosterColumn::id;
    if (emails.contains(norm)) return RosterColumn::email;
    if (logins.contains(norm)) return RosterColumn::username;
    return RosterColumn::other;
}

/// What the column headed `title` holds; `named` for one of --name-columns.
RosterColumn kind_of(const std::string& title, bool named) {
    using roster::Role;
    if (named) return RosterColumn::name;
    const std::string norm = roster::normalise_title(title);
    switch (roster::role_of(norm).role) {
        case Role::full_name:
        case Role::first_name:
        case Role::last_name:
        case Role::particle:
        case Role::second_last_name:
        case Role::name_word: return RosterColumn::name;
        case Role::class_name: return RosterColumn::class_name;
        case Role::seed:
        case Role::style: return RosterColumn::other;
        case Role::other: break;
    }
    return id_kind(norm);
}

/// The records of `text` as written: each up to its line break outside
/// quotes (`\n`, `\r\n` or a lone `\r`), without it.
void split_lines(std::string_view text, RosterTable& t) {
    bool quoted = false, seen_break = false;
    std::size_t start = 0, i = 0;
    t.final_line_end = false;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '"') quoted = !quoted;
        if (quoted || (c != '\n' && c != '\r')) {
            ++i;
            continue;
        }
        const std::size_t length = c == '\r' && i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
        if (!seen_break) t.line_end = std::string(text.substr(i, length)), seen_break = true;
        t.lines.push_back({std::string(text.substr(start, i - start)), 0, -1, false});
        i += length;
        start = i;
        t.final_line_end = i == text.size();
    }
    if (start < text.size()) t.lines.push_back({std::string(text.substr(start)), 0, -1, false});
}

/// The cells of one record, unquoted and trimmed.
std::vector<std::string> cells_of(const std::string& line, char separator) {
    Diagnostics ignored;
    const std::string file;
    roster::CsvReader reader(line, separator, file, ignored);
    std::vector<std::string> cells;
    if (reader.at_end()) return {""};
    for (auto& c : reader.next().cells) cells.emplace_back(trim(c.text));
    return cells;
}

}  // namespace

namespace roster {

bool is_identity_title(const std::string& normalised) { return id_kind(normalised) != RosterColumn::other; }

}  // namespace roster

int RosterTable::find(RosterColumn kind) const {
    const auto at = std::find(columns.begin(), columns.end(), kind);
    return at == columns.end() ? -1 : static_cast<int>(at - columns.begin());
}

const std::string& RosterTable::cell(std::size_t row, std::size_t k) const {
    static const std::string empty;
    return row < rows.size() && k < rows[row].size() ? rows[row][k] : empty;
}

RosterTable roster_table(std::string_view text, const RosterOptions& options) {
    RosterTable t;
    t.bom = text.starts_with(bom);
    if (t.bom) text.remove_prefix(bom.size());
    t.separator = roster::find_separator(text);
    t.decimal = t.separator == ';' ? ',' : '.';
    split_lines(text, t);
    std::set<std::string> named;
    for (const auto& n : options.name_columns) named.insert(roster::normalise_title(trim(n)));
    bool header_seen = false;
    for (auto& line : t.lines) {
        std::vector<std::string> cells = cells_of(line.text, t.separator);
        line.cells = cells.size();
        const bool blank =
            std::all_of(cells.begin(), cells.end(), [](const std::string& c) { return c.empty(); }) &&
            line.text.find('"') == std::string::npos;
        if (blank) continue;
        if (!header_seen) {
            header_seen = line.header = true;
            t.header = cells;
            for (const auto& h : t.header)
                t.columns.push_back(kind_of(h, named.contains(roster::normalise_title(h))));
            if (!named.empty())  // only the columns named make the name
                for (std::size_t k = 0; k < t.header.size(); ++k)
                    if (t.columns[k] == RosterColumn::name &&
                        !named.contains(roster::normalise_title(t.header[k])))
                        t.columns[k] = RosterColumn::other;
            continue;
        }
        line.student = static_cast<int>(t.rows.size());
        t.rows.push_back(std::move(cells));
    }
    return t;
}

}  // namespace handout
