// The part of review.html where a teacher finishes the marking: the static
// HTML of what needs a person (readable without the script, and printable),
// and the data review.js builds the answer buttons, the progress and the
// corrections file from. Everything that comes from a scan or a file (QR
// text, file names, roster names, worksheet texts) is escaped: HTML text with
// escape_html, script data as JSON (nlohmann-json) with script_safe_json.
#include "mark/review_page.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>

#include "handout/math.hpp"
#include "handout/text.hpp"
#include "handout/variant.hpp"
#include "mark/review_assets.hpp"

namespace handout::mark {

namespace {

/// The width of a PNG (its IHDR), 0 when the bytes are not one.
unsigned png_width(const std::string& png) {
    if (png.size() < 24 || png.compare(12, 4, "IHDR") != 0) return 0;
    unsigned w = 0;
    for (std::size_t i = 16; i < 20; ++i) w = (w << 8) | static_cast<unsigned char>(png[i]);
    return w;
}

/// A picture inline; shown at `zoom` times its pixels (crops are cut at
/// 110 dpi: twice that is about twice the paper's size on a screen), never
/// wider than its column.
std::string img(const std::string& png, const std::string& alt, unsigned zoom = 1) {
    if (png.empty()) return "";
    const unsigned w = png_width(png);
    return "<img src=\"data:image/png;base64," + base64(png) + "\" alt=\"" + escape_html(alt) + "\"" +
           (w ? " width=\"" + std::to_string(w * zoom) + "\"" : "") + ">";
}

std::string code(const std::string& text) { return "<code>" + escape_html(text) + "</code>"; }

/// A worksheet text as HTML: escaped, its formulas (`$…$`) as MathML, as the
/// quiz page shows them.
std::string maths_html(const std::string& text) {
    return map_math(
        text, [](const std::string& t) { return escape_html(t); }, math_to_mathml);
}

/// The prompt of each worksheet's questions, by worksheet id.
std::map<std::string, const WorksheetInfo*> by_id(const Results& results) {
    std::map<std::string, const WorksheetInfo*> out;
    for (const auto& ws : results.worksheets) out.try_emplace(ws.id, &ws);
    return out;
}

std::string prompt_of(const std::map<std::string, const WorksheetInfo*>& worksheets, const SheetResult& s,
                      const QuestionResult& q) {
    const auto ws = worksheets.find(s.worksheet);
    if (ws == worksheets.end() || q.question < 1 ||
        static_cast<std::size_t>(q.question) > ws->second->questions.size())
        return "";
    return ws->second->questions[static_cast<std::size_t>(q.question - 1)].prompt;
}

/// An unread page or sheet: its picture and the reason (for information:
/// nothing to decide here, the page is scanned again or its answers fixed).
std::string page_item(const PageProblem& p) {
    std::string out =
        "<li class=\"item page\">" + img(p.thumbnail_png, "the page as scanned") + "<div class=\"what\">";
    out += "<p class=\"head\"><span class=\"status s-page\">page</span> ";
    if (!p.source.empty()) out += escape_html(shown_escaped(p.source)) + ", page " + std::to_string(p.index);
    if (!p.sheet.empty()) out += std::string(p.source.empty() ? "" : " · ") + "sheet " + code(p.sheet);
    if (!p.page.empty()) out += " page " + escape_html(p.page);
    return out + "</p><p class=\"reason\">" + escape_html(shown_escaped(p.reason)) + "</p></div></li>\n";
}

/// An undecided question: the picture of its marks, what was read and why
/// a person must look; review.js puts the answer buttons in `.decide`.
std::string question_item(std::size_t sheet_index, const SheetResult& s, std::size_t index,
                          const QuestionResult& q, const std::string& prompt) {
    const std::string label =
        "question " + std::to_string(q.question) + " of " + (s.name.empty() ? s.sheet : s.name);
    std::string out = "<li class=\"item flag\" tabindex=\"0\" data-s=\"" + std::to_string(sheet_index) +
                      "\" data-q=\"" + std::to_string(index) + "\" aria-label=\"" + escape_html(label) +
                      "\">";
    // No picture when the page was not read: the text takes the width.
    if (!q.crop_png.empty())
        out += "<div class=\"crop\">" +
               img(q.crop_png, "the marks of question " + std::to_string(q.printed), 2) + "</div>";
    out += "<div class=\"what\"><p class=\"head\"><span class=\"status s-" +
           std::string(to_string(q.status)) + "\">" + std::string(to_string(q.status)) + "</span> <b>Q" +
           std::to_string(q.question) + "</b> <span class=\"muted\">" + "(printed as " +
           std::to_string(q.printed) + (q.page.empty() ? "" : ", page " + escape_html(q.page)) +
           ")</span> · " +
           (s.name.empty() ? "" : "<span class=\"name\">" + escape_html(s.name) + "</span> ") +
           code(s.sheet) + "</p>";
    if (!prompt.empty()) out += "<p class=\"prompt\">" + maths_html(prompt) + "</p>";
    out += "<p class=\"reason\">" + escape_html(q.reason) + "</p><p class=\"read\">";
    if (!q.marked.empty()) out += "read " + code(q.marked) + " · ";
    out += "key " + code(q.correct) + "</p><div class=\"decide\"></div>";
    out += "<p class=\"fallback\">correction: " + code(s.sheet + "," + std::to_string(q.question) + ",…") +
           "</p>";
    return out + "</div></li>\n";
}

/// The run's identity: what was read and the corrections it started from,
/// hashed. The page keeps its decisions under it, so a reload (or the same
/// command run again) finds them and a run with new corrections starts anew.
std::string run_id(const Results& results) {
    std::string all;
    for (const auto& s : results.sheets) {
        all += s.sheet + "\n";
        for (const auto& q : s.questions)
            all +=
                std::to_string(q.question) + "," + q.marked + "," + std::string(to_string(q.status)) + "\n";
    }
    for (const auto& c : results.corrections)
        all += c.sheet + "," + std::to_string(c.question) + "," + c.marked + "\n";
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash64(all)));
    return hex;
}

/// The page's data: objects keep their keys in the order written.
using Json = nlohmann::ordered_json;

/// The prompt, choices and rows as HTML with MathML, for the texts that hold
/// a formula (nothing when none does: the page then shows the plain texts).
void add_maths(Json& out, const std::string& prompt, const QuestionResult& q) {
    bool any = has_math(prompt);
    for (const auto* list : {&q.choice_texts, &q.rows})
        for (const auto& t : *list) any = any || has_math(t);
    if (!any) return;
    const auto html_list = [](const std::vector<std::string>& texts) {
        Json list = Json::array();
        for (const auto& t : texts) list.push_back(maths_html(t));
        return list;
    };
    out["promptHtml"] = maths_html(prompt);
    out["textsHtml"] = html_list(q.choice_texts);
    out["rowsHtml"] = html_list(q.rows);
}

Json question_json(const QuestionResult& q, const std::string& prompt) {
    Json out = {{"q", q.question},
                {"n", q.printed},
                {"type", q.type},
                {"page", q.page},
                {"read", q.marked},
                {"status", std::string(to_string(q.status))},
                {"fixed", q.fixed},
                {"key", q.correct},
                {"points", q.points ? Json(format_score(*q.points)) : Json(nullptr)},
                {"max", format_score(q.max.value())},
                {"prompt", prompt},
                {"choices", q.choices},
                {"texts", q.choice_texts},
                {"rows", q.rows}};
    add_maths(out, prompt, q);
    return out;
}

}  // namespace

std::string review_style() { return std::string("<style>\n") + review_assets::css + "</style>\n"; }

std::string review_toolbar() {
    return "<div class=\"toolbar\" id=\"toolbar\" role=\"region\" aria-label=\"progress and saving\" hidden>"
           "<div class=\"progress\"><span id=\"progress\" role=\"status\" aria-live=\"polite\"></span>"
           "<progress id=\"progress-bar\" max=\"1\" value=\"0\"></progress></div>"
           "<div class=\"save\"><button type=\"button\" id=\"download\">Download corrections.csv</button>"
           "<button type=\"button\" id=\"copy\">Copy all</button>"
           "<span id=\"saved\" role=\"status\" aria-live=\"polite\"></span></div></div>\n";
}

std::string review_items(const Results& results) {
    const auto worksheets = by_id(results);
    std::size_t undecided = 0;
    for (const auto& s : results.sheets) undecided += s.undecided();
    const std::size_t count = results.problems.size() + undecided;
    std::string out =
        "<section id=\"review\" aria-labelledby=\"review-title\"><h2 id=\"review-title\">Needs a person (" +
        std::to_string(count) + ")</h2>\n";
    if (count == 0) out += "<p class=\"ok\">Nothing: every page and every mark was decided.</p>\n";
    // What to do without the script (review.js puts the buttons and keys here).
    out +=
        "<div id=\"how\" class=\"how\"><p>Fix a question by adding a line <code>sheet,question,marked</code> "
        "to the corrections file and running the same command again with <code>--fix corrections.csv</code>."
        "</p></div>\n";
    if (!results.problems.empty()) {
        out += "<h3>Pages to look at (" + std::to_string(results.problems.size()) +
               ")</h3>\n<ul class=\"items pages\">\n";
        for (const auto& p : results.problems) out += page_item(p);
        out += "</ul>\n";
    }
    if (undecided > 0) {
        out += "<h3>Answers to decide (" + std::to_string(undecided) +
               ")</h3>\n<ol class=\"items flags\" id=\"flags\">\n";
        for (std::size_t si = 0; si < results.sheets.size(); ++si) {
            const SheetResult& s = results.sheets[si];
            // The page's data lists the questions the sheet has (a pool's
            // undrawn ones left out): `at` counts them.
            for (std::size_t qi = 0, at = 0; qi < s.questions.size(); ++qi) {
                if (!s.questions[qi].drawn) continue;
                if (!s.questions[qi].points)
                    out +=
                        question_item(si, s, at, s.questions[qi], prompt_of(worksheets, s, s.questions[qi]));
                ++at;
            }
        }
        out += "</ol>\n";
    }
    out += "</section>\n";
    if (!results.sheets.empty())
        out +=
            "<section id=\"all\" class=\"all\" hidden aria-labelledby=\"all-title\"><h2 id=\"all-title\">All "
            "answers</h2>"
            "<p>Any answer read can be changed here too. <label>Find a sheet: <input type=\"search\" "
            "id=\"find\" "
            "placeholder=\"name or sheet code\" autocomplete=\"off\"></label></p><ul class=\"sheets\" "
            "id=\"sheets\"></ul>"
            "</section>\n";
    return out;
}

std::string review_data_and_script(const Results& results) {
    const auto worksheets = by_id(results);
    Json sheets = Json::array();
    for (const SheetResult& s : results.sheets) {
        Json questions = Json::array();
        for (const QuestionResult& q : s.questions)
            if (q.drawn)
                questions.push_back(
                    question_json(q, prompt_of(worksheets, s, q)));  // not a pool's undrawn one
        sheets.push_back(
            {{"code", s.sheet},
             {"name", s.name},
             {"title", s.title.empty() ? s.worksheet : s.title},
             {"scanned", s.scanned},
             {"points", s.undecided() || !s.scanned ? Json(nullptr) : Json(format_score(s.points))},
             {"max", format_score(s.max.value())},
             {"questions", std::move(questions)}});
    }
    Json corrections = Json::array();
    for (const Correction& c : results.corrections)
        corrections.push_back(Json::array({c.sheet, c.question, c.marked}));
    const Json data = {
        {"run", run_id(results)}, {"sheets", std::move(sheets)}, {"corrections", std::move(corrections)}};
    return "<script type=\"application/json\" id=\"review-data\">" +
           script_safe_json(data.dump(-1, ' ', false, Json::error_handler_t::replace)) +
           "</script>\n<script>\n" + review_assets::js + "</script>\n";
}

}  // namespace handout::mark
