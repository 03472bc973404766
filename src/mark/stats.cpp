// `handout stats`: several classes' responses.csv read back onto their
// worksheets, and the item analysis of each question (known by its content)
// per class and over all of them (stats_output.cpp writes the tables).
#include "handout/stats.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include "handout/history.hpp"
#include "handout/io.hpp"
#include "handout/markup.hpp"
#include "handout/render.hpp"
#include "handout/roster.hpp"
#include "handout/variant.hpp"
#include "mark/answers.hpp"

namespace handout::mark {

namespace {

constexpr double group_share = 0.27;      ///< Kelley's upper and lower groups, as --analysis
constexpr std::size_t min_for_index = 6;  ///< fewer sheets: no discrimination index
const std::vector<std::string> responses_header{"sheet",  "page",    "question", "printed",
                                                "marked", "correct", "points",   "status"};

/// One question of one decided sheet.
struct Answer {
    bool right = false;
    std::vector<std::string> chosen;
};

/// A sheet of a class, fully decided.
struct Sheet {
    std::size_t cls = 0;
    double share = 0;                          ///< total of its maximum
    std::map<std::string, Answer> answers;     ///< by question id
    std::map<std::string, std::string> where;  ///< by question id: "worksheet:n"
};

/// What a question is, from its worksheet.
struct Known {
    const Question* q = nullptr;
    std::string id;
};

/// A worksheet's questions in source order with their ids; a second
/// question of the same content in one worksheet gets `#2` added.
std::vector<Known> known_of(const Worksheet& ws) {
    std::vector<Known> out;
    std::map<std::string, int> seen;
    for (const auto& section : ws.sections)
        for (const auto& q : section.questions) {
            std::string id = question_id(q);
            if (const int n = ++seen[id]; n > 1) id += "#" + std::to_string(n);
            out.push_back({&q, id});
        }
    return out;
}

/// The option ids of a question as chosen_of names them.
std::vector<std::string> option_ids(const Question& q) {
    if (q.type() == QuestionType::truefalse) return {"T", "F"};
    std::vector<std::string> ids;
    if (q.type() == QuestionType::choice || q.type() == QuestionType::multi)
        for (std::size_t i = 0; i < options_of(q).size(); ++i) ids.push_back(std::to_string(i + 1));
    return ids;
}

/// The rows of one sheet as read from a file, before they are checked whole.
struct Row {
    int question = 0;
    std::string marked, correct, points, status;
    Loc loc, marked_loc, correct_loc, points_loc;
};

/// Reads the classes' files and keeps the decided sheets.
class Reader {
public:
    Reader(const std::vector<std::string>& from, Diagnostics& diags) : index_(from), diags_(diags) {}

    void read(const std::string& path, std::size_t cls) {
        const auto rows = parse_csv(read_file(path), path, diags_);
        if (!rows) return;
        if (rows->empty() || !header_is(rows->front())) {
            diags_.error({path, rows->empty() ? 1 : rows->front().front().line, 1},
                         "this is not a responses.csv (its first line is not " + join(responses_header) + ")",
                         "give the responses.csv that handout mark wrote beside each class's results.csv");
            return;
        }
        std::map<std::string, std::vector<Row>> by_code;
        std::vector<std::string> order;
        for (std::size_t i = 1; i < rows->size(); ++i) {
            const CsvRow& r = (*rows)[i];
            if (r.size() != responses_header.size()) {
                diags_.error({path, r.front().line, r.front().column},
                             "a row of responses.csv has 8 cells, this one has " + std::to_string(r.size()),
                             "the file may have been edited; write it again with handout mark");
                continue;
            }
            const int q = number(r[2].text);
            if (q == 0) {
                diags_.error({path, r[2].line, r[2].column}, "'" + r[2].text + "' is not a question number",
                             "the question's number in the worksheet's source order");
                continue;
            }
            if (!by_code.count(r[0].text)) order.push_back(r[0].text);
            by_code[r[0].text].push_back({q,
                                          r[4].text,
                                          r[5].text,
                                          r[6].text,
                                          r[7].text,
                                          {path, r[0].line, r[0].column},
                                          {path, r[4].line, r[4].column},
                                          {path, r[5].line, r[5].column},
                                          {path, r[6].line, r[6].column}});
        }
        for (const auto& code : order) sheet(code, by_code[code], cls);
    }

    std::vector<Sheet> sheets;
    std::vector<std::string> question_order;               ///< ids, first met first
    std::map<std::string, const Question*> questions;      ///< by id: the first worksheet's
    std::map<std::string, std::vector<std::string>> keys;  ///< by id: the first decided sheet's key
    std::shared_ptr<const Prepared> first;                 ///< the first worksheet met

private:
    static std::string join(const std::vector<std::string>& v) {
        std::string s;
        for (const auto& x : v) s += (s.empty() ? "" : ",") + x;
        return s;
    }
    static bool header_is(const CsvRow& row) {
        if (row.size() != responses_header.size()) return false;
        for (std::size_t i = 0; i < row.size(); ++i)
            if (row[i].text != responses_header[i]) return false;
        return true;
    }
    static int number(const std::string& s) {
        if (s.empty() || s.size() > 4 || s.find_first_not_of("0123456789") != std::string::npos) return 0;
        return std::stoi(s);
    }

    /// The worksheet that printed `code` (a booklet copy's "/07" dropped), or an error at `loc`.
    std::shared_ptr<const Prepared> worksheet(const std::string& code, const Loc& loc, std::uint32_t& seed) {
        const std::string bare = code.substr(0, code.find('/'));
        ParsedCode parsed;
        if (!parse_sheet_code(bare, parsed)) {
            diags_.error(loc, "'" + code + "' is not a sheet code",
                         "the sheet column as handout mark wrote it");
            return nullptr;
        }
        seed = parsed.seed;
        const auto m = index_.find(parsed);
        if (m.printed) return m.printed;
        if (m.edited)
            diags_.error(loc,
                         "worksheet '" + m.edited->worksheet.id.text + "' (" + m.edited->worksheet.file +
                             ") was edited since sheet " + code + " was printed",
                         "pass the printed version with --from");
        else
            diags_.error(loc, "no worksheet in " + index_.searched() + " printed sheet " + code,
                         "pass its file or folder with --from");
        return nullptr;
    }

    const Variant& variant_of(const std::shared_ptr<const Prepared>& p, std::uint32_t seed) {
        const auto key = std::make_pair(p.get(), seed);
        auto it = variants_.find(key);
        if (it == variants_.end()) it = variants_.emplace(key, make_variant(p->worksheet, seed)).first;
        return it->second;
    }

    const std::vector<Known>& known(const std::shared_ptr<const Prepared>& p) {
        auto it = known_.find(p.get());
        if (it == known_.end()) it = known_.emplace(p.get(), known_of(p->worksheet)).first;
        return it->second;
    }

    /// The source options of `marked` on this sheet, or an error at `loc`.
    std::optional<std::vector<std::string>> chosen(const VariantQuestion& vq, const std::string& marked,
                                                   const Loc& loc) {
        if (marked.empty()) return std::vector<std::string>{};
        std::string error;
        const auto r = response_of(vq, marked, error);
        if (!r) {
            diags_.error(loc,
                         "'" + marked + "' is not an answer to question " + std::to_string(vq.source_index) +
                             " on this sheet: " + error,
                         "the file may have been edited; write it again with handout mark");
            return std::nullopt;
        }
        return chosen_of(vq, *r);
    }

    void sheet(const std::string& code, const std::vector<Row>& rows, std::size_t cls);

    WorksheetIndex index_;
    Diagnostics& diags_;
    std::map<std::pair<const Prepared*, std::uint32_t>, Variant> variants_;
    std::map<const Prepared*, std::vector<Known>> known_;
    std::map<std::string, Loc> seen_;  ///< sheet code → where first read
};

void Reader::sheet(const std::string& code, const std::vector<Row>& rows, std::size_t cls) {
    if (const auto it = seen_.find(code); it != seen_.end()) {
        diags_.error(rows.front().loc,
                     "sheet " + code + " is also in " + it->second.file + " (line " +
                         std::to_string(it->second.line) + ")",
                     "give each class's responses.csv once");
        return;
    }
    seen_.emplace(code, rows.front().loc);
    std::uint32_t seed = 0;
    const auto p = worksheet(code, rows.front().loc, seed);
    if (!p) return;
    if (!first) first = p;
    const Variant& v = variant_of(p, seed);
    const auto& qs = known(p);
    Sheet s;
    s.cls = cls;
    double points = 0, max = 0;
    // Every question the sheet printed (a pool's draw, not all of it) has a row.
    std::size_t printed = 0;
    for (const auto& section : v.sections) printed += section.questions.size();
    bool decided = rows.size() == printed;
    for (const Row& row : rows) {
        if (row.question > static_cast<int>(qs.size())) {
            diags_.error(
                row.loc,
                "worksheet '" + p->worksheet.id.text + "' has no question " + std::to_string(row.question),
                "pass the version of the worksheet the sheet was printed from with --from");
            return;
        }
        const Known& k = qs[static_cast<std::size_t>(row.question - 1)];
        const VariantQuestion* vq = nullptr;
        for (const auto& section : v.sections)
            for (const auto& q : section.questions)
                if (q.source_index == row.question) vq = &q;
        if (!vq) return;
        Answer a;
        if (row.points.empty()) {
            decided = false;  // a person must still decide: not counted, as in --analysis
            continue;
        }
        char* end = nullptr;
        const double got = std::strtod(row.points.c_str(), &end);
        if (end != row.points.c_str() + row.points.size() || got < 0) {
            diags_.error(row.points_loc, "'" + row.points + "' is not a number of points",
                         "as handout mark wrote it: 1, 0.5");
            return;
        }
        const double worth = k.q->points.value();
        points += got;
        max += worth;
        a.right = got >= worth - 1e-9;
        if (!option_ids(*k.q).empty()) {
            const auto c =
                row.status == "ok" ? chosen(*vq, row.marked, row.marked_loc) : std::vector<std::string>{};
            if (!c) return;
            a.chosen = *c;
            if (!keys.count(k.id))
                if (const auto key = chosen(*vq, row.correct, row.correct_loc)) keys[k.id] = *key;
        }
        if (!questions.count(k.id)) {
            questions.emplace(k.id, k.q);
            question_order.push_back(k.id);
        }
        s.answers[k.id] = std::move(a);
        s.where[k.id] = p->worksheet.id.text + ":" + std::to_string(row.question);
    }
    if (!decided) return;
    s.share = max > 0 ? points / max : 0;
    sheets.push_back(std::move(s));
}

/// Share right in the top `group` minus the bottom `group` of `sheets` (strongest first).
std::optional<double> discrimination(const std::vector<const Answer*>& answers) {
    const std::size_t n = answers.size();
    if (n < min_for_index) return std::nullopt;
    const std::size_t group =
        std::max<std::size_t>(2, static_cast<std::size_t>(std::lround(group_share * static_cast<double>(n))));
    double top = 0, bottom = 0;
    for (std::size_t j = 0; j < group; ++j) {
        top += answers[j]->right ? 1 : 0;
        bottom += answers[n - 1 - j]->right ? 1 : 0;
    }
    return (top - bottom) / static_cast<double>(group);
}

/// The figures of question `id` over `sheets` (strongest first) of class `cls` (npos: every class).
ClassFigures figures(const std::vector<const Sheet*>& sheets, const std::string& id, std::size_t cls,
                     const std::vector<std::string>& ids) {
    ClassFigures f;
    f.chosen.assign(ids.size(), 0);
    std::vector<const Answer*> answers;
    std::set<std::string> where;
    std::vector<std::string> where_order;
    for (const Sheet* s : sheets) {
        if (cls != std::string::npos && s->cls != cls) continue;
        const auto it = s->answers.find(id);
        if (it == s->answers.end()) continue;
        answers.push_back(&it->second);
        if (where.insert(s->where.at(id)).second) where_order.push_back(s->where.at(id));
        f.right += it->second.right ? 1 : 0;
        for (const auto& c : it->second.chosen)
            if (const auto at = std::find(ids.begin(), ids.end(), c); at != ids.end())
                ++f.chosen[static_cast<std::size_t>(at - ids.begin())];
    }
    std::sort(where_order.begin(), where_order.end());
    for (const auto& w : where_order) f.where += (f.where.empty() ? "" : " ") + w;
    f.sheets = answers.size();
    f.discrimination = discrimination(answers);
    return f;
}

}  // namespace

// One identity for a question everywhere: the item history's.
std::string question_id(const Question& q) { return item_id(q); }

std::string class_label(const std::string& path) {
    namespace fs = std::filesystem;
    std::string stem = fs::path(path).stem().string();
    if (const auto at = stem.rfind("responses"); at != std::string::npos) stem.erase(at, 9);
    const auto sep = [](char c) { return c == '-' || c == '_' || c == '.' || c == ' '; };
    while (!stem.empty() && sep(stem.back())) stem.pop_back();
    while (!stem.empty() && sep(stem.front())) stem.erase(0, 1);
    if (stem.empty()) stem = fs::path(path).parent_path().filename().string();
    return stem.empty() ? path : stem;
}

Stats class_stats(const std::vector<std::string>& responses, const std::vector<std::string>& from,
                  Diagnostics& diags) {
    Reader reader(from, diags);
    Stats out;
    for (std::size_t c = 0; c < responses.size(); ++c) {
        std::string label = class_label(responses[c]);
        if (std::find(out.classes.begin(), out.classes.end(), label) != out.classes.end())
            label = responses[c];
        out.classes.push_back(label);
        reader.read(responses[c], c);
    }
    if (diags.has_errors()) return {};
    // Strongest first; equal totals in the order read (deterministic).
    std::vector<const Sheet*> sorted;
    for (const auto& s : reader.sheets) sorted.push_back(&s);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Sheet* a, const Sheet* b) { return a->share > b->share; });
    out.fonts = reader.first;
    out.sheets.assign(out.classes.size(), 0);
    out.totals.assign(out.classes.size(), {});
    for (const auto& s : reader.sheets) {
        ++out.sheets[s.cls];
        out.totals[s.cls].push_back(s.share);
    }
    for (const auto& id : reader.question_order) {
        const Question& q = *reader.questions.at(id);
        QuestionStats qs;
        qs.id = id;
        qs.type = type_name(q.type());
        qs.prompt = plain_text(q.prompt.text);
        if (q.type() == QuestionType::truefalse)
            qs.options = {"True", "False"};
        else if (q.type() == QuestionType::choice || q.type() == QuestionType::multi)
            for (const auto& o : options_of(q)) qs.options.push_back(plain_text(o.text));
        if (const auto it = reader.keys.find(id); it != reader.keys.end()) qs.key = it->second;
        const auto ids = option_ids(q);
        for (std::size_t c = 0; c < out.classes.size(); ++c) {
            ClassFigures f = figures(sorted, id, c, ids);
            f.label = out.classes[c];
            if (f.sheets) qs.classes.push_back(std::move(f));
        }
        qs.all = figures(sorted, id, std::string::npos, ids);
        qs.all.label = "all";
        out.questions.push_back(std::move(qs));
    }
    return out;
}

}  // namespace handout::mark
