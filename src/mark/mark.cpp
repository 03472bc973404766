// `handout mark`: the pages read (read.cpp) put together into sheets, each
// question read (answers.cpp), corrected by the teacher's fixes and scored.
#include "handout/mark.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "handout/io.hpp"
#include "handout/markup.hpp"
#include "handout/roster.hpp"
#include "mark/adjust.hpp"
#include "mark/answers.hpp"
#include "mark/catalog.hpp"
#include "mark/fixes.hpp"
#include "mark/read.hpp"
#include "mark/reads_file.hpp"

namespace handout::mark {

namespace {

/// The roster row of a sheet: by seed, or by sheet number for a booklet
/// copy; roster.size() when none.
std::size_t roster_row(const std::vector<Student>& roster, const SheetLayout& s) {
    if (!s.copy.empty()) {
        const std::size_t n = static_cast<std::size_t>(std::stoul(s.copy));
        return n >= 1 && n <= roster.size() ? n - 1 : roster.size();
    }
    for (std::size_t i = 0; i < roster.size(); ++i)
        if (roster[i].seed == s.variant.seed) return i;
    return roster.size();
}

/// Where each question's marks are: page id, per source index.
std::map<int, std::string> pages_of_questions(const SheetLayout& s) {
    std::map<int, std::string> where;
    for (const auto& [id, g] : s.pages)
        for (const auto& t : g.targets)
            if (t.kind != scan::TargetKind::student_id) where.try_emplace(t.question, id);
    return where;
}

/// What a person may answer to `vq` on sheet `s` (QuestionResult::choices
/// and the texts and rows beside them): the letters, rows and items as this
/// sheet prints them, and for a question the teacher marks the values of its
/// printed teacher box (every half point when it has none on this sheet).
void fill_choices(const VariantQuestion& vq, const SheetLayout& s, QuestionResult& q) {
    const Question& source = *vq.source;
    const auto letters = [&](std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) q.choices.emplace_back(1, static_cast<char>('A' + k));
    };
    if (marked_by_teacher(source)) {
        for (const auto& [id, g] : s.pages)
            for (const auto& t : g.targets)
                if (t.kind == scan::TargetKind::teacher_box && t.question == vq.source_index)
                    q.choices.push_back(t.value);
        if (q.choices.empty())
            for (int h = 0; h <= source.points.halves; ++h) q.choices.push_back(format_score(h / 2.0));
        q.choice_texts.assign(q.choices.size(), "");
        return;
    }
    switch (source.type()) {
        case QuestionType::choice:
        case QuestionType::multi: {
            const auto& options =
                source.type() == QuestionType::choice ? source.as<Choice>().options : source.as<Multi>().options;
            letters(vq.option_order().size());
            for (std::size_t i : vq.option_order()) q.choice_texts.push_back(plain_text(options[i].text));
            return;
        }
        case QuestionType::truefalse:
            q.choices = {"T", "F"};
            q.choice_texts = {"True", "False"};
            return;
        case QuestionType::match: {
            const auto& pairs = source.as<Match>().pairs;
            const std::vector<std::size_t> rights = source.as<Match>().right_items();
            const auto& order = vq.drawn<MatchDraw>().right_order;
            letters(order.size());
            for (std::size_t k : order) q.choice_texts.push_back(plain_text(pairs[rights[k]].right.text));
            for (const auto& p : pairs) q.rows.push_back(plain_text(p.left.text));
            return;
        }
        case QuestionType::order: {
            const auto& items = source.as<Order>().items;
            const auto& order = vq.drawn<OrderDraw>().item_order;
            for (std::size_t k = 1; k <= order.size(); ++k) q.choices.push_back(std::to_string(k));
            q.choice_texts.assign(order.size(), "");
            for (std::size_t i : order) q.rows.push_back(plain_text(items[i].text));
            return;
        }
        default: return;  // numeric with a grid: a number is typed
    }
}

/// Scores a question whose `marked` and `status` are settled.
void score_question(const VariantQuestion& vq, QuestionResult& r) {
    r.points.reset();
    if (r.status != Status::ok && r.status != Status::blank) return;
    if (r.status == Status::blank && marked_by_teacher(*vq.source) && !r.fixed) return;
    std::string error;
    const auto response = response_of(vq, r.marked, error);
    if (!response) {
        r.status = Status::unclear;
        r.reason = error;
        return;
    }
    r.chosen = chosen_of(vq, *response);
    r.points = r.status == Status::blank ? 0.0 : score(*vq.source, *response);
}

class Assembler {
public:
    Assembler(const std::vector<Student>& roster, std::vector<Fix>& fixes, Adjuster& adjuster,
              Diagnostics& diags)
        : roster_(roster), fixes_(fixes), adjuster_(adjuster), diags_(diags) {}

    void add(PageRead&& page, Results& out) {
        if (page.blank) {
            ++out.pages_blank;
            return;
        }
        if (!page.ok()) {
            out.problems.push_back({page.source, page.index, page.code.sheet, page.code.page, page.reason,
                                    std::move(page.thumbnail)});
            return;
        }
        if (const auto other = other_student(page)) {
            out.problems.push_back({page.source, page.index, page.sheet->key, page.code.page, *other,
                                    std::move(page.thumbnail)});
            return;
        }
        ++out.pages_read;
        auto& pages = sheets_[page.sheet];
        if (auto it = pages.find(page.code.page); it != pages.end()) {
            out.problems.push_back({page.source, page.index, page.sheet->key, page.code.page,
                                    "page " + page.code.page + " of this sheet was scanned twice (first as page " +
                                        std::to_string(it->second.index) + " of " + it->second.source +
                                        "): the first scan is used",
                                    {}});
            return;
        }
        if (std::find(order_.begin(), order_.end(), page.sheet) == order_.end()) order_.push_back(page.sheet);
        pages.emplace(page.code.page, std::move(page));
    }

    void finish(Results& out) {
        for (const SheetLayout* s : order_) out.sheets.push_back(sheet(*s, sheets_[s], out));
        // Roster order, then by worksheet, seed and booklet copy.
        std::vector<std::size_t> order(out.sheets.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        auto key = [&](std::size_t i) {
            const SheetResult& s = out.sheets[i];
            const SheetLayout& layout = *order_[i];
            return std::make_tuple(roster_row(roster_, layout), s.worksheet, s.seed,
                                   layout.copy.empty() ? 0UL : std::stoul(layout.copy));
        };
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
        std::vector<SheetResult> sorted;
        sorted.reserve(order.size());
        for (std::size_t i : order) sorted.push_back(std::move(out.sheets[i]));
        // Students of the roster with no sheet at all keep their row, so a
        // column pasted into a markbook never shifts.
        std::vector<bool> seen(roster_.size(), false);
        for (const SheetLayout* s : order_)
            if (const std::size_t row = roster_row(roster_, *s); row < roster_.size()) seen[row] = true;
        out.sheets.clear();
        std::size_t next = 0;
        const auto absent_until = [&](std::size_t row) {
            for (; next < std::min(row, roster_.size()); ++next) {
                if (seen[next]) continue;
                out.problems.push_back({"", 0, "", "", "no page of " + roster_[next].name + "'s sheet (row " +
                                                           std::to_string(next + 1) + " of the roster) was read", {}});
                out.sheets.push_back(absent(next));
            }
        };
        for (std::size_t i = 0; i < sorted.size(); ++i) {
            absent_until(roster_row(roster_, *order_[order[i]]));
            out.sheets.push_back(std::move(sorted[i]));
        }
        absent_until(roster_.size());
    }

    /// The worksheets of the sheets read, in order of first appearance.
    std::vector<std::shared_ptr<const Prepared>> worksheets() const {
        std::vector<std::shared_ptr<const Prepared>> out;
        for (const SheetLayout* s : order_)
            if (std::find(out.begin(), out.end(), s->prepared) == out.end()) out.push_back(s->prepared);
        return out;
    }

private:
    /// Why page `page` belongs to another student than its sheet's (a page of
    /// another class set of the same worksheet, which shares its seeds and
    /// sheet codes): its student tag is not the roster student's, or not
    /// the one the sheet's other pages carry; nullopt when it fits.
    std::optional<std::string> other_student(const PageRead& page) {
        const std::string& tag = page.code.student;
        if (tag.empty()) return std::nullopt;
        const std::string hint =
            ": pages of two class sets printed from one worksheet are mixed in this pile (their sheets share "
            "seeds "
            "and codes); mark each class on its own, with the roster it was printed from (--roster)";
        if (const std::size_t row = roster_row(roster_, *page.sheet); row < roster_.size()) {
            const Student& s = roster_[row];
            const std::string expected = scan::student_tag(s.name, s.class_name);
            if (tag != expected)
                return "page " + page.code.page + " of sheet " + page.sheet->key +
                       " was printed for another student (" + tag + ") than " + s.name +
                       (s.class_name.empty() ? "" : " of class " + s.class_name) + " (row " +
                       std::to_string(row + 1) + " of the roster, " + expected + ")" + hint +
                       "; or this row's name or class was changed after printing: mark with the roster as "
                       "it was printed (the name on the page), then correct the name in results.csv";
        }
        const auto [first, fresh] =
            students_.try_emplace(page.sheet, tag, page.source + " page " + std::to_string(page.index));
        if (fresh || first->second.first == tag) return std::nullopt;
        return "page " + page.code.page + " of sheet " + page.sheet->key + " was printed for student " + tag +
               ", the sheet's first page read (" + first->second.second + ") for student " +
               first->second.first + hint;
    }

    /// The row of roster student `row`, none of whose pages was read: its
    /// sheet code when the class's worksheet is known (the one its other
    /// sheets were printed from; a booklet's copies have none of their own).
    SheetResult absent(std::size_t row) const {
        SheetResult r;
        r.scanned = false;
        r.name = roster_[row].name;
        r.roster_row = static_cast<int>(row);
        r.seed = roster_[row].seed;
        for (const SheetLayout* s : order_) {
            if (roster_row(roster_, *s) >= roster_.size()) continue;
            const Worksheet& ws = s->prepared->worksheet;
            r.worksheet = ws.id.text;
            r.title = ws.title.text;
            r.max = ws.points();
            if (s->copy.empty()) r.sheet = sheet_code(ws, r.seed);
            else r.seed = 0;
            break;
        }
        return r;
    }

    SheetResult sheet(const SheetLayout& s, std::map<std::string, PageRead>& pages, Results& out) {
        SheetResult r;
        r.sheet = s.key;
        r.seed = s.variant.seed;
        r.worksheet = s.prepared->worksheet.id.text;
        r.title = s.prepared->worksheet.title.text;
        r.style = s.style;
        if (!s.style.empty()) r.styled = s.styled;
        r.max = s.prepared->worksheet.points();
        for (const auto& [id, g] : s.pages) {
            (void)g;
            if (pages.contains(id)) {
                r.pages_read.push_back(id);
            } else {
                r.pages_missing.push_back(id);
                out.problems.push_back({"", 0, s.key, id, "page " + id + " of sheet " + s.key + " was not scanned", {}});
            }
        }
        read_student_id(s, pages, r);
        if (const std::size_t row = roster_row(roster_, s); row < roster_.size()) {
            r.name = roster_[row].name;
            r.roster_row = static_cast<int>(row);
        }
        if (r.name.empty()) r.name = r.student_id;

        const auto where = pages_of_questions(s);
        const int count = static_cast<int>(s.prepared->worksheet.question_count());
        for (int i = 1; i <= count; ++i) {
            const VariantQuestion* drawn = s.question(i);
            if (!drawn) {  // a pool's question this sheet did not draw
                QuestionResult none;
                none.question = i;
                none.drawn = false;
                none.status = Status::blank;
                none.max = Points{0};
                r.questions.push_back(std::move(none));
                continue;
            }
            const VariantQuestion& vq = *drawn;
            QuestionResult q = question(vq, where, pages);
            fill_choices(vq, s, q);
            apply_fix(r.sheet, q, out);
            score_question(vq, q);
            adjuster_.question(r.worksheet, vq, q, diags_);
            if (q.points) r.points += *q.points;
            r.questions.push_back(std::move(q));
        }
        if (!adjuster_.empty()) {
            r.max = Points{0};
            for (const auto& q : r.questions) r.max += q.max;
            r.bonus = adjuster_.bonus(r.worksheet, r.sheet);
            r.points += r.bonus;
        }
        return r;
    }

    static QuestionResult question(const VariantQuestion& vq,
                                   const std::map<int, std::string>& where, std::map<std::string, PageRead>& pages) {
        QuestionResult q;
        q.question = vq.source_index;
        q.printed = vq.number;
        q.type = type_name(vq.source->type());
        q.max = vq.source->points;
        q.correct = correct_of(vq);
        const auto page_id = where.find(vq.source_index);
        if (page_id == where.end()) {
            q.status = Status::unreadable;
            q.reason = "this question has no marks a machine reads on this sheet";
            return q;
        }
        q.page = page_id->second;
        const auto page = pages.find(q.page);
        if (page == pages.end()) {
            q.status = Status::unreadable;
            q.reason = "page " + q.page + " was not scanned";
            return q;
        }
        std::vector<scan::Answer> groups;
        for (const auto& a : page->second.answers)
            if (a.question == vq.source_index && a.kind != scan::TargetKind::student_id) groups.push_back(a);
        const Reading reading = read_question(vq, groups);
        q.marked = reading.marked;
        q.status = reading.status;
        q.reason = reading.reason;
        if (auto crop = page->second.crops.find(vq.source_index); crop != page->second.crops.end())
            q.crop_png = crop->second;
        return q;
    }

    static void read_student_id(const SheetLayout& s, std::map<std::string, PageRead>& pages, SheetResult& r) {
        const int digits = s.prepared->worksheet.id_digits;
        if (digits == 0) return;
        for (const auto& [id, page] : pages) {
            std::vector<scan::Answer> groups;
            for (const auto& a : page.answers)
                if (a.kind == scan::TargetKind::student_id) groups.push_back(a);
            if (groups.empty()) continue;
            const DigitColumns c = read_columns(groups, digits, '?');
            if (c.every_column) r.student_id = c.text;
        }
    }

    void apply_fix(const std::string& sheet, QuestionResult& q, Results& out) {
        for (auto& f : fixes_) {
            if (f.sheet != sheet || f.question != q.question) continue;
            f.used = true;
            q.marked = f.marked;
            q.status = f.marked.empty() ? Status::blank : Status::ok;
            q.reason.clear();
            q.fixed = true;
            ++out.fixes_applied;
        }
    }

    const std::vector<Student>& roster_;
    std::vector<Fix>& fixes_;
    Adjuster& adjuster_;
    Diagnostics& diags_;
    std::map<const SheetLayout*, std::map<std::string, PageRead>> sheets_;
    std::vector<const SheetLayout*> order_;
    /// The student tag of each sheet's first page read, and where it was read.
    std::map<const SheetLayout*, std::pair<std::string, std::string>> students_;
};

WorksheetInfo info_of(const std::shared_ptr<const Prepared>& prepared) {
    const Worksheet& ws = prepared->worksheet;
    WorksheetInfo info{ws.id.text, plain_text(ws.title.text), {}, prepared};
    for (const auto& section : ws.sections) {
        for (const auto& q : section.questions) {
            QuestionInfo qi;
            qi.prompt = plain_text(q.prompt.text);
            if (q.type() == QuestionType::fill) {
                std::string text;
                for (const auto& part : q.as<Fill>().parts) text += part.gap ? "____" : plain_text(part.text);
                qi.prompt += (qi.prompt.empty() ? "" : " ") + text;
            }
            qi.type = type_name(q.type());
            qi.max = q.points;
            for (const Text& t : q.tags) qi.tags.push_back(t.text);
            if (q.type() == QuestionType::choice || q.type() == QuestionType::multi) {
                const auto& options = q.type() == QuestionType::choice ? q.as<Choice>().options : q.as<Multi>().options;
                for (const auto& o : options) qi.options.push_back(plain_text(o.text));
                if (q.type() == QuestionType::choice) qi.correct.push_back(std::to_string(q.as<Choice>().answer + 1));
                else
                    for (std::size_t i : q.as<Multi>().answers) qi.correct.push_back(std::to_string(i + 1));
            } else if (q.type() == QuestionType::truefalse) {
                qi.options = {"True", "False"};
                qi.correct.push_back(q.as<TrueFalse>().truth ? "T" : "F");
            }
            info.questions.push_back(std::move(qi));
        }
    }
    return info;
}

/// The pages of the scans: with a reads file, as pages_with_reads gives them.
std::vector<PageRead> pages_of(const Options& options, Catalog& catalog, Results& out) {
    if (options.reads.empty()) return read_pages(options, catalog);
    return pages_with_reads(options, catalog, out.reads, out.reads_reused);
}

}  // namespace

std::string_view to_string(Status status) noexcept {
    switch (status) {
        case Status::ok: return "ok";
        case Status::blank: return "blank";
        case Status::multiple: return "multiple";
        case Status::unclear: return "unclear";
        case Status::unreadable: return "unreadable";
    }
    return "?";
}

std::string_view SheetResult::status() const {
    if (!scanned) return "not scanned";
    if (!pages_missing.empty()) return "pages missing";
    if (undecided() > 0) return "needs a person";
    return "done";
}

std::size_t SheetResult::undecided() const {
    return static_cast<std::size_t>(std::count_if(
        questions.begin(), questions.end(), [](const QuestionResult& q) { return q.drawn && !q.points; }));
}

bool Results::needs_review() const {
    if (!problems.empty()) return true;
    return std::any_of(sheets.begin(), sheets.end(), [](const SheetResult& s) { return s.undecided() > 0; });
}

Results mark(const Options& options, Diagnostics& diags) {
    std::vector<Student> roster;
    std::shared_ptr<RosterTable> table;
    if (!options.roster.empty()) {
        RosterOptions read;
        read.name_columns = options.roster_name_columns;
        std::string text;
        if (auto students = load_roster(options.roster, diags, read, &text)) {
            roster = std::move(*students);
            table = std::make_shared<RosterTable>(roster_table(text, read));
            table->file = input_name(options.roster);
            if (options.decimal) table->decimal = options.decimal;
        }
    }
    std::vector<Fix> fixes;
    if (!options.fixes.empty()) fixes = load_fixes(options.fixes, diags);
    std::vector<Adjustment> adjustments;
    if (!options.adjust.empty())
        if (auto read = load_adjustments(options.adjust, diags)) adjustments = std::move(*read);
    if (diags.has_errors()) return {};
    Adjuster adjuster(std::move(adjustments));

    Results out;
    out.roster = table;
    for (const auto& f : fixes) out.corrections.push_back({f.sheet, f.question, f.marked});
    Catalog catalog(options.from.empty() ? std::vector<std::string>{"worksheets"} : options.from, options.template_name,
                    options.paper, roster);
    std::vector<PageRead> pages = pages_of(options, catalog, out);
    out.pages_scanned = pages.size();
    Assembler assembler(roster, fixes, adjuster, diags);
    for (auto& p : pages) assembler.add(std::move(p), out);
    assembler.finish(out);
    std::set<std::string> seen;
    for (const auto& p : assembler.worksheets())
        if (seen.insert(p->worksheet.id.text + "\n" + p->worksheet.file).second) out.worksheets.push_back(info_of(p));
    for (auto& ws : out.worksheets) adjuster.info(ws);
    adjuster.check(out, diags);
    // A roster student with no sheet: the maximum after the adjustments too.
    for (auto& sheet : out.sheets)
        for (const auto& ws : out.worksheets)
            if (!sheet.scanned && !adjuster.empty() && sheet.worksheet == ws.id) {
                sheet.max = Points{0};
                for (const auto& q : ws.questions) sheet.max += q.max;
            }

    for (const auto& f : fixes) {
        if (f.used) continue;
        diags.warning(f.loc, "no sheet " + f.sheet + " with question " + std::to_string(f.question) + " was read",
                      "check the sheet code and the question number against results.csv");
    }
    for (const auto& sheet : out.sheets)
        for (const auto& q : sheet.questions)
            if (q.fixed && q.status == Status::unclear)
                for (const auto& f : fixes)
                    if (f.sheet == sheet.sheet && f.question == q.question)
                        diags.error(f.loc, q.reason, "write the answer as responses.csv's `marked` column does");
    if (diags.has_errors()) return {};
    return out;
}

}  // namespace handout::mark
