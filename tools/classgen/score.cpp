// classgen: the scorer (score.hpp).
#include "score.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "handout/roster.hpp"
#include "students.hpp"

namespace classgen {

namespace fs = std::filesystem;

namespace {

/// A CSV file's rows by column name.
struct Table {
    std::vector<std::map<std::string, std::string>> rows;
};

Table read_table(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::stringstream text;
    text << in.rdbuf();
    handout::Diagnostics diags;
    const auto rows = handout::parse_csv(text.str(), path.string(), diags);
    if (!rows) throw std::runtime_error(diags.format());
    Table t;
    for (std::size_t r = 1; r < rows->size(); ++r) {
        std::map<std::string, std::string> row;
        for (std::size_t c = 0; c < (*rows)[0].size() && c < (*rows)[r].size(); ++c)
            row[(*rows)[0][c].text] = (*rows)[r][c].text;
        t.rows.push_back(std::move(row));
    }
    return t;
}

/// Runs `args` with its output in `log`; returns how it ended ("exit 4", "killed by signal 11").
std::string run(const std::vector<std::string>& args, const fs::path& log, bool& finished) {
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const std::string log_path = log.string();
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("cannot start " + args[0]);
    if (pid == 0) {
        const int fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    finished = WIFEXITED(status) && WEXITSTATUS(status) != 127 && WEXITSTATUS(status) != 3;
    if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
    return "exit " + std::to_string(WEXITSTATUS(status));
}

struct Tally {
    int right = 0, flagged = 0, wrong = 0, unread = 0;
    /// Of the flagged, those only a person can decide: two answers filled
    /// (the truth's `ambiguous`), digits written with no bubble filled.
    int person = 0;
    int total() const { return right + flagged + wrong + unread; }
};

/// How one scan was read.
struct ScanResult {
    std::string label, how;
    int pages = 0, read = 0;
    int students = 0, rows = 0;  ///< students in the truth, and how many of them have a row in results.csv
    Tally all;
    std::map<std::string, Tally> by_style;
    std::vector<std::string> wrong;  ///< the wrong answers, described
};

using Key = std::pair<std::string, std::string>;  // sheet, page or question

/// The pile's answer pages scanned, and the one missing.
void read_pile(const fs::path& dir, std::set<Key>& scanned, Key& missing) {
    for (const auto& row : read_table(dir / "pile.csv").rows) {
        if (row.at("event") == "missing")
            missing = {row.at("sheet"), row.at("page")};
        else if (!row.at("sheet").empty())
            scanned.insert({row.at("sheet"), row.at("page")});
    }
}

ScanResult score_scan(const ScoreOptions& o, const std::string& name, const std::string& label,
                      const Table& truth) {
    const fs::path dir(o.dir), out = dir / ("read-" + name);
    fs::create_directories(out);
    ScanResult r;
    r.label = label;
    bool finished = false;
    r.how = run({o.handout, "mark", (dir / (name == "phone" ? "phone" : name + ".pdf")).string(), "--from",
                 o.worksheet, "--roster", o.roster, "-o", (out / "results.csv").string()},
                out / "mark.log", finished);
    std::set<Key> scanned;
    Key missing;
    read_pile(dir, scanned, missing);
    // Only pages with questions on them: whether one was read shows in responses.csv.
    std::set<Key> asked;
    for (const auto& t : truth.rows) asked.insert({t.at("sheet"), t.at("page")});
    for (auto it = scanned.begin(); it != scanned.end();)
        it = asked.count(*it) ? std::next(it) : scanned.erase(it);
    r.pages = static_cast<int>(scanned.size());
    std::map<Key, std::map<std::string, std::string>> responses;
    std::set<Key> read_pages;
    if (finished && fs::exists(out / "responses.csv"))
        for (auto& row : read_table(out / "responses.csv").rows) {
            if (row["status"] != "unreadable" && !row["page"].empty())
                read_pages.insert({row["sheet"], row["page"]});
            responses[{row["sheet"], row["question"]}] = std::move(row);
        }
    for (const Key& p : scanned) r.read += read_pages.count(p) ? 1 : 0;
    // Every student should have a row in results.csv, read or not (issue 27, item 6).
    std::set<std::string> names, named;
    for (const auto& t : truth.rows) names.insert(t.at("name"));
    if (finished && fs::exists(out / "results.csv"))
        for (const auto& row : read_table(out / "results.csv").rows)
            if (row.count("name") && names.count(row.at("name"))) named.insert(row.at("name"));
    r.students = static_cast<int>(names.size());
    r.rows = static_cast<int>(named.size());
    for (const auto& t : truth.rows) {
        if (Key{t.at("sheet"), t.at("page")} == missing) continue;  // never scanned: not an answer to read
        Tally& style = r.by_style[t.at("mark_style")];
        const auto found = responses.find({t.at("sheet"), t.at("question")});
        int Tally::*bucket = &Tally::unread;
        if (found != responses.end()) {
            const auto& got = found->second;
            const std::string& status = got.at("status");
            // No points: a person must decide (a teacher box left unmarked).
            if (status == "unclear" || status == "multiple" || got.at("points") == "?" ||
                got.at("points").empty())
                bucket = &Tally::flagged;
            else if (status == "ok" || status == "blank")
                bucket = got.at("marked") == t.at("marked") ? &Tally::right : &Tally::wrong;
            if (bucket == &Tally::wrong)
                r.wrong.push_back(t.at("sheet") + " Q" + t.at("question") + " (" + t.at("mark_style") +
                                  "): meant '" + t.at("marked") + "', read '" + got.at("marked") + "' (" +
                                  status + ")");
        }
        ++(style.*bucket);
        ++(r.all.*bucket);
        if (bucket == &Tally::flagged && (t.at("ambiguous") == "1" || t.at("mark_style") == "digits only"))
            ++r.all.person;
    }
    return r;
}

std::string cell(const Tally& t) {
    if (t.total() == 0) return "";
    std::string s = std::to_string(t.right) + " / " + std::to_string(t.flagged) + " / " +
                    (t.wrong ? "**" + std::to_string(t.wrong) + "**" : "0");
    if (t.unread) s += " (+" + std::to_string(t.unread) + " not read)";
    return s;
}

/// "12 (4.6 %)".
std::string with_share(int n, int total) {
    char share[32];
    std::snprintf(share, sizeof share, " (%.1f %%)", total ? 100.0 * n / total : 0.0);
    return std::to_string(n) + share;
}

void print_tables(const std::vector<ScanResult>& results, std::ostream& out) {
    out << "| scan | pages with questions | read | refused | students with a row | `handout mark` | answers "
           "| right | "
           "flagged | of them, only a person can decide | wrong, no flag | not read |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const auto& r : results)
        out << "| " << r.label << " | " << r.pages << " | " << r.read << " | " << r.pages - r.read << " | "
            << r.rows << " of " << r.students << " | " << r.how << " | " << r.all.total() << " | "
            << with_share(r.all.right, r.all.total()) << " | " << with_share(r.all.flagged, r.all.total())
            << " | " << with_share(r.all.person, r.all.total()) << " | "
            << with_share(r.all.wrong, r.all.total()) << " | " << with_share(r.all.unread, r.all.total())
            << " |\n";
    out << "\n| mark style | answers |";
    for (const auto& r : results) out << ' ' << r.label << " |";
    out << "\n|---|---|";
    for (std::size_t i = 0; i < results.size(); ++i) out << "---|";
    out << "\n";
    for (Style s : all_styles()) {
        const std::string name(to_string(s));
        const auto first = results.front().by_style.find(name);
        if (first == results.front().by_style.end()) continue;
        out << "| " << name << " | " << first->second.total() << " |";
        for (const auto& r : results)
            out << ' ' << cell(r.by_style.count(name) ? r.by_style.at(name) : Tally{}) << " |";
        out << '\n';
    }
    out << "\nCells: right / flagged / wrong without a flag.\n";
    for (const auto& r : results) {
        if (r.wrong.empty()) continue;
        out << "\nWrong without a flag, " << r.label << " (" << r.wrong.size() << "):\n";
        for (std::size_t i = 0; i < r.wrong.size() && i < 12; ++i) out << "- " << r.wrong[i] << '\n';
        if (r.wrong.size() > 12) out << "- …\n";
    }
}

}  // namespace

int score(const ScoreOptions& o, std::ostream& out) {
    const Table truth = read_table(fs::path(o.dir) / "truth.csv");
    std::vector<ScanResult> results;
    for (const auto& [name, label] : std::vector<std::pair<std::string, std::string>>{
             {"copier", "copier (gray)"}, {"bw", "copier (1-bit)"}, {"phone", "phone photos"}}) {
        if (fs::exists(fs::path(o.dir) / (name == "phone" ? "phone" : name + ".pdf")))
            results.push_back(score_scan(o, name, label, truth));
    }
    if (results.empty()) throw std::runtime_error(o.dir + " holds no scan (copier.pdf, bw.pdf, phone/)");
    print_tables(results, out);
    bool bad = false;
    for (const auto& r : results)
        bad = bad || r.all.wrong > 0 || r.all.unread > 0 || (r.how != "exit 0" && r.how != "exit 4");
    return bad ? 1 : 0;
}

}  // namespace classgen
