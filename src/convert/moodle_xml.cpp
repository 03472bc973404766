// Moodle XML to the worksheet model, read with pugixml. Categories become
// sections; each <question type="…"> maps to the nearest worksheet type;
// images embedded as base64 (<file> next to an <img src="@@PLUGINFILE@@/…">,
// or Moodle 1.9's <image_base64>) become files beside the YAML.
#include "handout/convert.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <set>

#include "convert/support.hpp"
#include "handout/text.hpp"
#include "text/utf8_path.hpp"

namespace handout {

using namespace convert;

namespace {

struct XmlAnswer {
    std::string text;
    double fraction = 0;
    std::string feedback;
    pugi::xml_node node;
};

class XmlReader {
public:
    XmlReader(std::string_view text, const std::string& file, std::string image_dir, Diagnostics& diags)
        : text_(text), map_(text, file), image_dir_(std::move(image_dir)), diags_(diags) {}
    Converted read();

private:
    Loc loc(pugi::xml_node n) const {
        const std::ptrdiff_t off = n.offset_debug();
        return off < 0 ? Loc{map_.file(), 1, 1} : map_.at(static_cast<std::size_t>(off));
    }
    std::string text_of(pugi::xml_node n, std::vector<std::string>& notes, std::vector<std::string>* images = nullptr) const;
    std::vector<XmlAnswer> answers(pugi::xml_node q, std::vector<std::string>& notes) const;
    void take_image(pugi::xml_node q, const std::vector<std::string>& srcs, ConvertedItem& item, Question& question,
                    Converted& out);
    bool read_choice(pugi::xml_node q, ConvertedItem& item, Question& question);
    void note_feedback(const XmlAnswer& a, bool right, ConvertedItem& item, Question& question) const;
    using List = std::vector<XmlAnswer>;
    bool read_multichoice(pugi::xml_node q, const List& list, ConvertedItem& item, Question& question);
    bool read_truefalse(pugi::xml_node q, const List& list, ConvertedItem& item, Question& question);
    bool read_short(pugi::xml_node q, const List& list, ConvertedItem& item, Question& question);
    bool read_numerical(pugi::xml_node q, const List& list, ConvertedItem& item, Question& question);
    bool read_matching(pugi::xml_node q, const List& list, ConvertedItem& item, Question& question);
    bool read_ordering(pugi::xml_node q, const List& list, ConvertedItem& item, Question& question);
    bool read_cloze(pugi::xml_node q, const std::string& html, ConvertedItem& item, Question& question);
    bool read_gaps(pugi::xml_node q, ConvertedItem& item, Question& question, const char* option_tag);
    void read_question(pugi::xml_node q, Converted& out);

    std::string_view text_;
    LineMap map_;
    std::string image_dir_;
    Diagnostics& diags_;
    std::set<std::string> written_;
};

// The text of a <questiontext>, <feedback>, <answer>… element as markup, by its format.
std::string XmlReader::text_of(pugi::xml_node n, std::vector<std::string>& notes, std::vector<std::string>* images) const {
    if (!n) return {};
    const std::string format = n.attribute("format").as_string("moodle_auto_format");
    std::string text = trim_space(n.child("text") ? n.child("text").child_value() : n.child_value());
    if (format == "markdown") return text;
    if (format == "html" || (format == "moodle_auto_format" && looks_like_html(text)))
        return html_to_markup(text, notes, images);
    return plain_to_markup(text);
}

std::vector<XmlAnswer> XmlReader::answers(pugi::xml_node q, std::vector<std::string>& notes) const {
    std::vector<XmlAnswer> out;
    for (auto a : q.children("answer")) {
        XmlAnswer x;
        x.node = a;
        x.text = text_of(a, notes);
        x.fraction = a.attribute("fraction").as_double(0);
        x.feedback = text_of(a.child("feedback"), notes);
        out.push_back(x);
    }
    return out;
}

// The question's picture: the first <img> of its text whose file is embedded.
void XmlReader::take_image(pugi::xml_node q, const std::vector<std::string>& srcs, ConvertedItem& item,
                           Question& question, Converted& out) {
    std::vector<std::pair<std::string, pugi::xml_node>> files;
    for (auto f : q.child("questiontext").children("file")) files.push_back({f.attribute("name").as_string(), f});
    if (q.child("image_base64")) files.push_back({q.child_value("image"), q.child("image_base64")});
    std::vector<std::string> wanted;
    for (const auto& src : srcs) {
        std::string name = src.rfind("@@PLUGINFILE@@/", 0) == 0 ? src.substr(15) : "";
        std::string decoded;
        for (std::size_t i = 0; i < name.size(); ++i) {
            const auto hex = [](char c) {
                return std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                       : (c >= 'a' && c <= 'f')                    ? c - 'a' + 10
                       : (c >= 'A' && c <= 'F')                    ? c - 'A' + 10
                                                                   : -1;
            };
            if (name[i] == '%' && i + 2 < name.size() && hex(name[i + 1]) >= 0 && hex(name[i + 2]) >= 0) {
                decoded += static_cast<char>(hex(name[i + 1]) * 16 + hex(name[i + 2]));
                i += 2;
            } else {
                decoded += name[i];
            }
        }
        wanted.push_back(decoded.empty() ? src : decoded);
    }
    if (srcs.empty() && q.child("image_base64")) wanted.push_back(q.child_value("image"));
    for (const auto& name : wanted) {
        const auto it = std::find_if(files.begin(), files.end(), [&](const auto& f) { return f.first == name; });
        const std::string ext = ascii_lower(utf8_path(name).extension().string());
        const bool picture = ext == ".png" || ext == ".jpg" || ext == ".jpeg";
        if (it == files.end() || !picture || !question.image.empty()) {
            item.notes.push_back("image " + quote_short(name) + " not carried over" +
                                 std::string(it == files.end() ? " (its file is not in the XML)"
                                             : !picture       ? " (only PNG and JPEG print)"
                                                              : " (a question has one picture)"));
            continue;
        }
        bool ok = false;
        const std::string bytes = base64_decode(it->second.child_value(), ok);
        if (!ok || bytes.empty()) {
            diags_.error(loc(it->second), "the embedded file " + quote_short(name) + " is not valid base64",
                         "export the question again from Moodle");
            continue;
        }
        std::string safe;
        for (char c : utf8_path(name).filename().string())
            safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_') ? c : '-';
        std::string path = image_dir_ + "/" + safe;
        // The same picture used again is written once.
        const auto same = std::find_if(out.files.begin(), out.files.end(), [&](const ConvertedFile& f) {
            return f.bytes == bytes &&
                   utf8_path(f.path).filename().string().rfind(utf8_path(safe).stem().string(), 0) == 0;
        });
        if (same != out.files.end()) {
            question.image = {same->path, item.loc};
            continue;
        }
        for (int n = 2; written_.count(path); ++n)
            path = image_dir_ + "/" + utf8_path(safe).stem().string() + "-" + std::to_string(n) + ext;
        written_.insert(path);
        out.files.push_back({path, bytes});
        question.image = {path, item.loc};
    }
}

// What the right answer's feedback becomes: `explain` when it is free, else a note.
void XmlReader::note_feedback(const XmlAnswer& a, bool right, ConvertedItem& item, Question& question) const {
    if (a.feedback.empty()) return;
    if (right && question.explain.empty()) question.explain.text = a.feedback;
    else item.notes.push_back("feedback for " + quote_short(a.text) + ": " + a.feedback);
}

// multichoice, truefalse, shortanswer, numerical, matching, ordering: each by its own reader.
bool XmlReader::read_choice(pugi::xml_node q, ConvertedItem& item, Question& question) {
    const std::string type = q.attribute("type").as_string();
    const auto list = answers(q, item.notes);
    const std::string shuffle = q.child_value("shuffleanswers");
    if (shuffle == "0" || shuffle == "false") question.shuffle_options = false;
    if (type == "multichoice") return read_multichoice(q, list, item, question);
    if (type == "truefalse") return read_truefalse(q, list, item, question);
    if (type == "shortanswer") return read_short(q, list, item, question);
    if (type == "numerical") return read_numerical(q, list, item, question);
    if (type == "matching") return read_matching(q, list, item, question);
    return read_ordering(q, list, item, question);
}

bool XmlReader::read_multichoice(pugi::xml_node q, const List& list, ConvertedItem& item, Question& question) {
    const std::string single = q.child_value("single");
    const bool one = single != "false" && single != "0";
    std::vector<Option> options;
    std::size_t answer = 0;
    std::vector<std::size_t> answers;
    for (const auto& a : list) {
        const bool right = one ? a.fraction >= 99.99 : a.fraction > 0;
        if (right) (one ? answer : answers.emplace_back()) = options.size();
        else if (one && a.fraction != 0)
            item.notes.push_back("partial credit not carried over: " + format_decimal(a.fraction, 4) + "% for " +
                                 quote_short(a.text));
        options.push_back({a.text, false, loc(a.node)});
        note_feedback(a, right, item, question);
    }
    const bool any = one ? std::any_of(list.begin(), list.end(), [](auto& a) { return a.fraction >= 99.99; })
                         : !answers.empty();
    if (!any) {
        diags_.error(loc(q), "no answer of this multiple-choice question has full credit",
                     "give the right answer fraction=\"100\"");
        return false;
    }
    if (one) question.body = Choice{std::move(options), answer};
    else question.body = Multi{std::move(options), std::move(answers)};
    // Moodle scores a multiple-answer question tick by tick, as `partial` does.
    if (!one) question.scoring = Scoring::partial;
    return true;
}

bool XmlReader::read_truefalse(pugi::xml_node, const List& list, ConvertedItem& item, Question& question) {
    TrueFalse& tf = question.body.emplace<TrueFalse>();
    for (const auto& a : list) {
        const bool is_true = a.text == "true" || a.text == "True";
        if (a.fraction >= 99.99) tf.truth = is_true;
    }
    for (const auto& a : list) note_feedback(a, a.fraction >= 99.99, item, question);
    return true;
}

bool XmlReader::read_short(pugi::xml_node q, const List& list, ConvertedItem& item, Question& question) {
    ShortAnswer& body = question.body.emplace<ShortAnswer>();
    for (const auto& a : list) {
        if (a.fraction >= 99.99 && body.model_answer.empty() && a.text != "*") {
            body.model_answer = {a.text, loc(a.node)};
            note_feedback(a, true, item, question);
        } else {
            item.notes.push_back((a.fraction >= 99.99 ? "also accepted: " : "partial credit not carried over: " +
                                  format_decimal(a.fraction, 4) + "% for ") + quote_short(a.text));
            note_feedback(a, false, item, question);
        }
    }
    if (body.model_answer.empty()) {
        diags_.error(loc(q), "the short-answer question has no full-credit answer", "give one answer fraction=\"100\"");
        return false;
    }
    return true;
}

bool XmlReader::read_numerical(pugi::xml_node q, const List& list, ConvertedItem& item, Question& question) {
    Numeric& body = question.body.emplace<Numeric>();
    bool found = false;
    for (const auto& a : list) {
        const std::string value = trim_space(a.node.child_value("text"));
        const std::string tol = trim_space(a.node.child_value("tolerance"));
        double v = 0, t = 0;
        if (!found && a.fraction >= 99.99 && parse_number(value, v)) {
            found = true;
            body.value = v;
            body.value_text = value;
            if (!tol.empty() && parse_number(tol, t) && t > 0) {
                body.tolerance = t;
                body.tolerance_text = format_decimal(t, 12);
            }
            note_feedback(a, true, item, question);
        } else {
            item.notes.push_back("answer not carried over: " + value + (tol.empty() || tol == "0" ? "" : " ± " + tol) +
                                 " (" + format_decimal(a.fraction, 4) + "%)" + (a.feedback.empty() ? "" : ": " + a.feedback));
        }
    }
    if (!found) {
        diags_.error(loc(q), "the numerical question has no full-credit number", "give one answer fraction=\"100\"");
        return false;
    }
    for (auto u : q.child("units").children("unit")) {
        const std::string name = trim_space(u.child_value("unit_name"));
        if (body.unit.empty() && u.child("multiplier").text().as_double(1) == 1) body.unit = {name, loc(u)};
        else item.notes.push_back("unit not carried over: " + name + " × " + u.child_value("multiplier"));
    }
    return true;
}

bool XmlReader::read_matching(pugi::xml_node q, const List&, ConvertedItem& item, Question& question) {
    Match& match = question.body.emplace<Match>();
    for (auto s : q.children("subquestion")) {
        const std::string left = text_of(s, item.notes);
        const std::string right = plain_to_markup(trim_space(s.child("answer").child_value("text")));
        if (left.empty()) item.notes.push_back("extra right-hand item " + quote_short(right) + " (it matches nothing) not carried over");
        else match.pairs.push_back({{left, loc(s)}, {right, loc(s)}});
    }
    return true;
}

bool XmlReader::read_ordering(pugi::xml_node, const List& list, ConvertedItem&, Question& question) {
    Order& order = question.body.emplace<Order>();
    // Moodle writes each item's place in the right order as its fraction.
    std::vector<XmlAnswer> sorted = list;
    std::set<double> places;
    for (const auto& a : list) places.insert(a.fraction);
    if (places.size() == list.size())
        std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.fraction < b.fraction; });
    for (const auto& a : sorted) order.items.push_back({a.text, loc(a.node)});
    return true;
}

// The answers of a cloze gap's `inner` text from `from` on (after its
// `1:KIND:`), split at unescaped '~': the first full-credit one ('=' or
// %100%) as the right answer, the others (feedback after '#' and other
// percentages dropped, '*' left out) after it.
std::pair<std::string, std::vector<std::string>> cloze_answers(const std::string& inner, std::size_t from) {
    std::string right;
    std::vector<std::string> others;
    std::string part;
    const auto take = [&] {
        std::string p = part;
        const std::size_t hash = p.find('#');
        if (hash != std::string::npos) p = p.substr(0, hash);
        p = trim_space(p);
        bool full = false;
        if (!p.empty() && p[0] == '=') full = true, p = p.substr(1);
        if (p.rfind("%100%", 0) == 0) full = true, p = p.substr(5);
        else if (!p.empty() && p[0] == '%') p = p.substr(std::min(p.size(), p.find('%', 1) + 1));
        std::string u;
        for (std::size_t k = 0; k < p.size(); ++k) u += (p[k] == '\\' && k + 1 < p.size()) ? p[++k] : p[k];
        u = trim_space(u);
        if (full && right.empty()) right = u;
        else if (!u.empty() && u != "*") others.push_back(u);
        part.clear();
    };
    for (std::size_t k = from; k < inner.size(); ++k) {
        if (inner[k] == '~' && inner[k - 1] != '\\') take();
        else part += inner[k];
    }
    take();
    return {right, others};
}

// The parts of a fill question from `text`, where \x01N\x02 stands for gap
// N's answer in `gaps`.
std::vector<FillPart> fill_parts(const std::string& text, const std::vector<std::string>& gaps, const Loc& at) {
    std::vector<FillPart> parts;
    std::size_t p = 0;
    while (p < text.size()) {
        const std::size_t a = text.find('\x01', p);
        const std::size_t b = a == std::string::npos ? a : text.find('\x02', a);
        parts.push_back({false, text.substr(p, a == std::string::npos ? std::string::npos : a - p), at});
        if (b == std::string::npos) break;
        const std::size_t n = static_cast<std::size_t>(std::atol(text.substr(a + 1, b - a - 1).c_str()));
        if (n < gaps.size()) parts.push_back({true, gaps[n], at});
        p = b + 1;
    }
    return parts;
}

// Cloze (multianswer): `{1:SHORTANSWER:=Paris}` and `{1:MULTICHOICE:=a~b}`
// become gaps; wrong choices go to the word bank.
bool XmlReader::read_cloze(pugi::xml_node q, const std::string& html, ConvertedItem& item, Question& question) {
    std::string marked;
    std::vector<std::string> gaps;
    std::vector<std::string> wrong;
    std::size_t i = 0;
    while (i < html.size()) {
        const std::size_t open = html.find('{', i);
        if (open == std::string::npos) break;
        std::size_t close = open + 1;
        while (close < html.size() && (html[close] != '}' || html[close - 1] == '\\')) ++close;
        const std::string inner = html.substr(open + 1, close - open - 1);
        const std::size_t c1 = inner.find(':'), c2 = c1 == std::string::npos ? c1 : inner.find(':', c1 + 1);
        if (c2 == std::string::npos || close >= html.size()) {
            marked += html.substr(i, open + 1 - i);
            i = open + 1;
            continue;
        }
        const std::string kind = inner.substr(c1 + 1, c2 - c1 - 1);
        const bool mc = kind.find("MULTICHOICE") != std::string::npos || kind == "MC" || kind == "MCV" ||
                        kind == "MCH" || kind == "MCS" || kind == "MCVS" || kind == "MCHS";
        auto [right, others] = cloze_answers(inner, c2 + 1);
        if (right.empty()) {
            diags_.error(loc(q), "a cloze gap has no full-credit answer: {" + quote_short(inner, 40) + "}",
                         "mark its right answer with '=' or %100%");
            return false;
        }
        if (mc) wrong.insert(wrong.end(), others.begin(), others.end());
        else if (!others.empty()) {
            std::string list;
            for (const auto& o : others) list += (list.empty() ? "" : ", ") + quote_short(o);
            item.notes.push_back("gap " + std::to_string(gaps.size() + 1) + ": also accepted or partly right: " + list);
        }
        marked += html.substr(i, open - i) + "\x01" + std::to_string(gaps.size()) + "\x02";
        gaps.push_back(right);
        i = close + 1;
    }
    marked += html.substr(std::min(i, html.size()));
    if (gaps.empty()) return false;
    const std::string format = q.child("questiontext").attribute("format").as_string("html");
    const std::string text = format == "markdown" ? marked
                             : format == "plain_text" ? plain_to_markup(marked)
                                                      : html_to_markup(marked, item.notes);
    Fill& fill = question.body.emplace<Fill>();
    question.prompt.text.clear();
    fill.parts = fill_parts(text, gaps, item.loc);
    if (!wrong.empty()) {
        fill.bank = true;
        std::set<std::string> seen(gaps.begin(), gaps.end());
        for (const auto& w : wrong)
            if (seen.insert(w).second) fill.distractors.push_back({w, item.loc});
        item.notes.push_back("the choices of the drop-down gaps are one word bank here");
    }
    return true;
}

// Drag-and-drop into text (ddwtos) and select missing words (gapselect):
// `[[1]]` in the text, choices listed in order; unused ones are distractors.
bool XmlReader::read_gaps(pugi::xml_node q, ConvertedItem& item, Question& question, const char* option_tag) {
    std::vector<std::string> choices;
    for (auto c : q.children(option_tag)) choices.push_back(plain_to_markup(trim_space(c.child_value("text"))));
    const std::string text = text_of(q.child("questiontext"), item.notes);
    std::vector<bool> used(choices.size());
    Fill& fill = question.body.emplace<Fill>();
    question.prompt.text.clear();
    std::size_t p = 0;
    while (true) {
        const std::size_t a = text.find("[[", p);
        const std::size_t b = a == std::string::npos ? a : text.find("]]", a);
        fill.parts.push_back({false, text.substr(p, a == std::string::npos ? std::string::npos : a - p), item.loc});
        if (b == std::string::npos) break;
        const std::size_t n = static_cast<std::size_t>(std::atoi(text.substr(a + 2, b - a - 2).c_str()));
        if (n < 1 || n > choices.size()) {
            diags_.error(loc(q), "gap [[" + text.substr(a + 2, b - a - 2) + "]] names no choice",
                         "number the gaps from 1 to the number of choices");
            return false;
        }
        used[n - 1] = true;
        fill.parts.push_back({true, choices[n - 1], item.loc});
        p = b + 2;
    }
    fill.bank = true;
    for (std::size_t i = 0; i < choices.size(); ++i)
        if (!used[i]) fill.distractors.push_back({choices[i], item.loc});
    if (q.child(option_tag).child("group")) item.notes.push_back("choice groups are one word bank here");
    return true;
}

void XmlReader::read_question(pugi::xml_node q, Converted& out) {
    const std::string type = q.attribute("type").as_string();
    if (type == "category") {
        ConvertedSection s;
        s.title = category_title(q.child("category").child_value("text"));
        s.loc = loc(q);
        std::vector<std::string> notes;
        s.instructions = text_of(q.child("info"), notes);
        s.notes = notes;
        if (out.sections.back().items.empty() && out.sections.back().title.empty()) out.sections.back() = s;
        else out.sections.push_back(s);
        return;
    }
    ConvertedItem item;
    item.loc = loc(q);
    item.name = trim_space(q.child("name").child_value("text"));
    Question question;
    question.loc = item.loc;
    std::vector<std::string> srcs;
    const std::string raw = trim_space(q.child("questiontext").child_value("text"));
    question.prompt = {text_of(q.child("questiontext"), item.notes, &srcs), item.loc};
    question.explain = {text_of(q.child("generalfeedback"), item.notes), item.loc};
    const double grade = q.child("defaultgrade").text().as_double(1);
    // Whole and half marks carry over (as the worksheet's `points` allows); others are noted.
    if (const double halves = grade * 2; std::fabs(halves - std::round(halves)) < 1e-9 && halves >= 1 &&
                                         halves <= Points::max_halves + 0.5)
        question.points = Points{static_cast<int>(std::round(halves))};
    else
        item.notes.push_back("mark " + format_decimal(grade, 4) +
                             " not carried over: points are whole or half numbers from 0.5 to 100");
    bool ok = true;
    if (type == "multichoice" || type == "truefalse" || type == "shortanswer" || type == "numerical" ||
        type == "matching" || type == "ordering") {
        ok = read_choice(q, item, question);
    } else if ((type == "cloze" || type == "multianswer") && read_cloze(q, raw, item, question)) {
        srcs.clear();
    } else if (type == "ddwtos" || type == "gapselect") {
        ok = read_gaps(q, item, question, type == "ddwtos" ? "dragbox" : "selectoption");
    } else if (type == "essay" && !trim_space(q.child("graderinfo").child_value("text")).empty()) {
        ShortAnswer& body = question.body.emplace<ShortAnswer>();
        body.model_answer = {text_of(q.child("graderinfo"), item.notes), item.loc};
        const int lines = q.child("responsefieldlines").text().as_int(8);
        body.lines = std::clamp(lines, 1, 30);
        item.notes.push_back("an essay question; its information for graders is the model answer");
    } else {
        const std::string kind = type == "essay" ? "an essay question"
                                 : type == "description" ? "a description (text with no answers)"
                                                         : "a question of type '" + type + "'";
        item.notes.push_back("Not carried over: " + kind + " — " +
                             (type == "essay" ? "it has no model answer; to keep it, uncomment it, write one and set 'lines'"
                                              : "a worksheet has no type for it"));
        if (type == "essay") item.commented.push_back("type: short");
        if (!question.prompt.empty()) item.commented.push_back("prompt: " + question.prompt.text);
        if (type == "essay") item.commented.push_back("answer: …");
        out.sections.back().items.push_back(std::move(item));
        return;
    }
    if (!ok) return;
    if (!srcs.empty()) take_image(q, srcs, item, question, out);
    else if (q.child("image_base64")) take_image(q, {}, item, question, out);
    if (question.type() != QuestionType::fill && question.prompt.empty())
        question.prompt.text = item.name.empty() ? "(no question text)" : item.name;
    item.question = std::move(question);
    out.sections.back().items.push_back(std::move(item));
}

Converted XmlReader::read() {
    Converted out;
    out.source_format = "Moodle XML";
    out.sections.push_back({});
    pugi::xml_document doc;
    const auto result = doc.load_buffer(text_.data(), text_.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!result) {
        diags_.error(map_.at(static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, result.offset))),
                     std::string("not well-formed XML: ") + result.description(),
                     "export the questions again from Moodle, or fix the XML here");
        return out;
    }
    const auto quiz = doc.child("quiz");
    if (!quiz) {
        diags_.error({map_.file(), 1, 1}, "not Moodle XML: the file has no <quiz> element",
                     "export the questions from Moodle's question bank as 'Moodle XML format'");
        return out;
    }
    for (auto q : quiz.children("question")) read_question(q, out);
    return out;
}

}  // namespace

Converted import_moodle_xml(std::string_view text, const std::string& file, const std::string& image_dir,
                            Diagnostics& diags) {
    XmlReader reader(text, file, image_dir, diags);
    Converted out = reader.read();
    name_after_file(out, file);
    return out;
}

}  // namespace handout
