// The history file (handout/history.hpp): SQLite, the only place handout
// includes sqlite3.h. One table of items (how to show each) and one of
// answers (a row per class, sheet and item); the figures are computed
// from the answers when asked, so a class marked again replaces its rows.
#include "handout/history.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "handout/diagnostic.hpp"

namespace handout {

namespace {

constexpr double group_share = 0.27;      ///< Kelley's upper and lower groups, as `mark --analysis`
constexpr std::size_t min_for_index = 6;  ///< fewer answers: no discrimination index
constexpr const char* format_version = "1";

const char* const schema = R"sql(
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS items (
  item TEXT PRIMARY KEY, type TEXT NOT NULL, prompt TEXT NOT NULL, options TEXT NOT NULL, answer TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS answers (
  class TEXT NOT NULL, sheet TEXT NOT NULL, item TEXT NOT NULL, worksheet TEXT NOT NULL, question INTEGER NOT NULL,
  vars TEXT NOT NULL, chosen TEXT NOT NULL, points REAL NOT NULL, max REAL NOT NULL, sheet_share REAL NOT NULL,
  PRIMARY KEY (class, sheet, item));
CREATE INDEX IF NOT EXISTS answers_by_item ON answers (item);
)sql";

std::string joined(const std::vector<std::string>& parts, char sep) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? std::string(1, sep) : "") + parts[i];
    return out;
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    if (text.empty()) return out;
    std::size_t start = 0;
    for (std::size_t at; (at = text.find(sep, start)) != std::string::npos; start = at + 1)
        out.push_back(text.substr(start, at - start));
    out.push_back(text.substr(start));
    return out;
}

/// A prepared statement, finalized with the object.
class Statement {
public:
    Statement(sqlite3* db, const std::string& path, const char* sql) : db_(db), path_(path) {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail("cannot read");
    }
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& text(int i, const std::string& s) {
        sqlite3_bind_text(stmt_, i, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& number(int i, double d) {
        sqlite3_bind_double(stmt_, i, d);
        return *this;
    }
    /// Runs a statement that returns no rows, ready to run again.
    void run() {
        if (sqlite3_step(stmt_) != SQLITE_DONE) fail("cannot write");
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }
    /// The next row; false at the end.
    bool row() {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc != SQLITE_DONE) fail("cannot read");
        return false;
    }
    std::string column_text(int i) const {
        const auto* p = sqlite3_column_text(stmt_, i);
        return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
    }
    double column_number(int i) const { return sqlite3_column_double(stmt_, i); }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw IoError(path_ + ": " + what + " the item history: " + sqlite3_errmsg(db_));
    }
    sqlite3* db_;
    const std::string& path_;
    sqlite3_stmt* stmt_ = nullptr;
};

/// One answer as read back, for the figures.
struct Row {
    std::string cls, vars;
    std::vector<std::string> chosen;
    bool right = false;
    double share = 0;
};

/// The index of option `name` ("2" → 1; "T" → 0, "F" → 1), or npos.
std::size_t option_index(const std::string& name) {
    if (name == "T") return 0;
    if (name == "F") return 1;
    std::size_t n = 0;
    for (char c : name) {
        if (c < '0' || c > '9') return std::string::npos;
        n = n * 10 + static_cast<std::size_t>(c - '0');
    }
    return n == 0 ? std::string::npos : n - 1;
}

ItemHistory figures_of(std::vector<Row>& rows, std::size_t options) {
    ItemHistory h;
    // Strongest first; ties in class and sheet order (the query's).
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.share > b.share; });
    std::set<std::string> classes;
    std::map<std::string, ItemHistory::ByVars> by_vars;
    h.chosen.assign(options, 0);
    h.chosen_by_strongest.assign(options, 0);
    const std::size_t n = rows.size();
    if (n >= min_for_index)
        h.strongest = std::max<std::size_t>(
            2, static_cast<std::size_t>(std::lround(group_share * static_cast<double>(n))));
    double top = 0, bottom = 0;
    for (std::size_t j = 0; j < n; ++j) {
        const Row& r = rows[j];
        ++h.answers;
        h.right += r.right ? 1 : 0;
        classes.insert(r.cls);
        for (const auto& c : r.chosen)
            if (const std::size_t k = option_index(c); k < options) {
                ++h.chosen[k];
                if (j < h.strongest) ++h.chosen_by_strongest[k];
            }
        if (j < h.strongest) top += r.right ? 1 : 0;
        if (h.strongest > 0 && j >= n - h.strongest) bottom += r.right ? 1 : 0;
        if (!r.vars.empty()) {
            auto& v = by_vars[r.vars];
            v.vars = r.vars;
            ++v.answers;
            v.right += r.right ? 1 : 0;
        }
    }
    h.classes = classes.size();
    if (h.strongest > 0) h.discrimination = (top - bottom) / static_cast<double>(h.strongest);
    for (auto& [vars, v] : by_vars) h.by_vars.push_back(std::move(v));
    return h;
}

}  // namespace

struct ItemHistoryFile::Db {
    sqlite3* db = nullptr;
    std::string path;
    ~Db() { sqlite3_close(db); }
    void exec(const char* sql) const {
        char* message = nullptr;
        if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
            const std::string why = message ? message : sqlite3_errmsg(db);
            sqlite3_free(message);
            throw IoError(path + ": cannot use the item history: " + why);
        }
    }
};

ItemHistoryFile::ItemHistoryFile(const std::string& path, bool create) : db_(std::make_unique<Db>()) {
    db_->path = path;
    const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path.c_str(), &db_->db, flags, nullptr) != SQLITE_OK)
        throw IoError(path + ": cannot open the item history: " +
                      (db_->db ? sqlite3_errmsg(db_->db) : "out of memory") +
                      (create ? "" : " (handout mark --history makes it)"));
    sqlite3_busy_timeout(db_->db, 5000);
    db_->exec(schema);
    {
        Statement get(db_->db, db_->path, "SELECT value FROM meta WHERE key = 'format'");
        if (get.row()) {
            if (get.column_text(0) != format_version)
                throw IoError(path + ": an item history of format " + get.column_text(0) +
                              ", which this handout does not know (it writes format " + format_version + ")");
            return;
        }
    }
    Statement put(db_->db, db_->path, "INSERT INTO meta (key, value) VALUES ('format', ?1)");
    put.text(1, format_version).run();
}

ItemHistoryFile::~ItemHistoryFile() = default;

void ItemHistoryFile::record_class(const std::string& label, const std::vector<ItemRecord>& items,
                                   const std::vector<ItemAnswer>& answers) {
    db_->exec("BEGIN IMMEDIATE");
    try {
        Statement clear(db_->db, db_->path, "DELETE FROM answers WHERE class = ?1");
        clear.text(1, label).run();
        Statement item(
            db_->db, db_->path,
            "INSERT OR REPLACE INTO items (item, type, prompt, options, answer) VALUES (?1, ?2, ?3, ?4, ?5)");
        for (const ItemRecord& r : items) {
            std::vector<std::string> key;
            for (std::size_t k : r.key) key.push_back(std::to_string(k + 1));
            item.text(1, r.item)
                .text(2, r.type)
                .text(3, r.prompt)
                .text(4, joined(r.options, '\x1f'))
                .text(5, joined(key, ';'))
                .run();
        }
        Statement add(
            db_->db, db_->path,
            "INSERT OR REPLACE INTO answers (class, sheet, item, worksheet, question, vars, chosen, points, "
            "max, sheet_share) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
        for (const ItemAnswer& a : answers)
            add.text(1, label)
                .text(2, a.sheet)
                .text(3, a.item)
                .text(4, a.worksheet)
                .number(5, a.question)
                .text(6, a.vars)
                .text(7, joined(a.chosen, ';'))
                .number(8, a.points)
                .number(9, a.max)
                .number(10, a.sheet_share)
                .run();
        db_->exec("COMMIT");
    } catch (...) {
        sqlite3_exec(db_->db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

std::optional<ItemHistory> ItemHistoryFile::history(const std::string& item, std::size_t options) const {
    Statement q(db_->db, db_->path,
                "SELECT class, vars, chosen, points, max, sheet_share FROM answers WHERE item = ?1 "
                "ORDER BY class, sheet");
    q.text(1, item);
    std::vector<Row> rows;
    while (q.row())
        rows.push_back({q.column_text(0), q.column_text(1), split(q.column_text(2), ';'),
                        q.column_number(3) >= q.column_number(4) - 1e-9, q.column_number(5)});
    if (rows.empty()) return std::nullopt;
    return figures_of(rows, options);
}

std::vector<std::string> ItemHistoryFile::classes() const {
    Statement q(db_->db, db_->path, "SELECT DISTINCT class FROM answers ORDER BY class");
    std::vector<std::string> out;
    while (q.row()) out.push_back(q.column_text(0));
    return out;
}

}  // namespace handout
