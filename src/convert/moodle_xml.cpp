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
    void read_one(pugi::xml_node q, Converted& out);

    /// Where a question's problems go: that question's own list while it is
    /// read (a bad question is left out, not the file), else the run's.
    Diagnostics& sink() const { return question_diags_ ? *question_diags_ : diags_; }

    std::string_view text_;
    LineMap map_;
    std::string image_dir_;
    Diagnostics& diags_;
    Diagnostics* question_diags_ = nullptr;
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
            sink().error(loc(it->second), "the embedded file " + quote_short(name) + " is not valid base64",
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

// An answer's feedback stays with that answer, as a note: only the general
// feedback is `explain`, which everyone sees.
void XmlReader::note_feedback(const XmlAnswer& a, bool right, ConvertedItem& item, Question&) const {
    if (a.feedback.empty()) return;
    item.notes.push_back("feedback for " + quote_short(a.text) + (right ? " (right)" : "") + ": " +
                         a.feedback);
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
        sink().error(loc(q), "no answer of this multiple-choice question has full credit",
                     "give the right answer fraction=\"100\"");
        return false;
    }
    if (!one) {
        std::vector<std::string> texts;
        std::vector<double> weights;
        for (const auto& a : list) texts.push_back(a.text), weights.push_back(a.fraction);
        if (const std::string note = multi_weights_note(texts, weights); !note.empty())
            item.notes.push_back(note);
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
            if (a.fraction >= 99.99)
                item.notes.push_back("also accepted: " + quote_short(a.text));
            else if (a.fraction > 0)
                item.notes.push_back("partial credit not carried over: " + format_decimal(a.fraction, 4) +
                                     "% for " + quote_short(a.text));
            else if (a.text != "*")
                item.notes.push_back("a wrong answer the source names: " + quote_short(a.text));
            note_feedback(a, false, item, question);
        }
    }
    if (body.model_answer.empty()) {
        sink().error(loc(q), "the short-answer question has no full-credit answer",
                     "give one answer fraction=\"100\"");
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
        sink().error(loc(q), "the numerical question has no full-credit number",
                     "give one answer fraction=\"100\"");
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

bool XmlReader::read_ordering(pugi::xml_node q, const List& list, ConvertedItem& item, Question& question) {
    Order& order = question.body.emplace<Order>();
    // Moodle writes each item's place in the right order as its fraction.
    std::vector<XmlAnswer> sorted = list;
    std::set<double> places;
    for (const auto& a : list) places.insert(a.fraction);
    if (places.size() == list.size())
        std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.fraction < b.fraction; });
    for (const auto& a : sorted) {
        order.items.push_back({a.text, loc(a.node)});
        if (!a.feedback.empty())
            item.notes.push_back("feedback for item " + quote_short(a.text) + ": " + a.feedback);
    }
    // As Moodle's XML reader settles them: RANDOM and 6 items when left out
    // (`logical` and `studentsee` in files of old versions), a count under 2 is 2.
    const pugi::xml_node select = q.child("selecttype") ? q.child("selecttype") : q.child("logical");
    const pugi::xml_node count = q.child("selecttype") ? q.child("selectcount") : q.child("studentsee");
    double shown = 6;
    if (count && !parse_number(trim_space(count.child_value()), shown)) shown = 2;
    ordering_notes(select ? trim_space(select.child_value()) : "RANDOM",
                   static_cast<int>(std::max(2.0, shown)), trim_space(q.child_value("gradingtype")),
                   order.items.size(), item.notes);
    return true;
}

// Cloze (multianswer): read by read_cloze_text; a gap it cannot carry
// leaves the question out, with the reason.
bool XmlReader::read_cloze(pugi::xml_node q, const std::string& html, ConvertedItem& item, Question& question) {
    std::string problem;
    const std::string format = q.child("questiontext").attribute("format").as_string("html");
    if (read_cloze_text(html, format, item.loc, question, item.notes, problem)) return true;
    sink().error(loc(q), "a cloze question that cannot be carried over: " + problem,
                 "fix the gap in Moodle, or write the question as a worksheet 'fill' by hand");
    return false;
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
            sink().error(loc(q), "gap [[" + text.substr(a + 2, b - a - 2) + "]] names no choice",
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

// One question; when it has a problem, it is written commented out with the
// reason (and a warning), and the other questions are still read.
void XmlReader::read_question(pugi::xml_node q, Converted& out) {
    Diagnostics mine;
    question_diags_ = &mine;
    const std::size_t before = out.sections.back().items.size();
    const std::size_t sections = out.sections.size();
    read_one(q, out);
    question_diags_ = nullptr;
    if (!mine.has_errors()) {
        diags_.append(mine);
        return;
    }
    ConvertedItem item;
    item.loc = loc(q);
    item.name = trim_space(q.child("name").child_value("text"));
    std::string prompt;
    for (const auto& d : mine.items()) {
        if (d.severity != Severity::error) continue;
        item.notes.push_back("Not carried over (line " + std::to_string(d.loc.line) + "): " + d.message);
        diags_.warning(d.loc, d.message + "; the question is written commented out", d.hint);
    }
    std::vector<std::string> ignored;
    if (const std::string text = text_of(q.child("questiontext"), ignored); !text.empty())
        item.commented.push_back("prompt: " + text);
    if (out.sections.size() == sections && out.sections.back().items.size() > before)
        out.sections.back().items.resize(before);
    out.sections.back().items.push_back(std::move(item));
}

void XmlReader::read_one(pugi::xml_node q, Converted& out) {
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
    for (auto tag : q.child("tags").children("tag"))
        if (std::string t = trim_space(tag.child_value("text")); !t.empty())
            question.tags.push_back({t, item.loc});
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
    } else if (type == "cloze" || type == "multianswer") {
        ok = read_cloze(q, raw, item, question);
        srcs.clear();
        if (q.child("image_base64")) take_image(q, {}, item, question, out);
    } else if (type == "ddwtos" || type == "gapselect") {
        ok = read_gaps(q, item, question, type == "ddwtos" ? "dragbox" : "selectoption");
    } else if (type == "essay") {
        // Written, and marked by the teacher, as a `short` question is.
        ShortAnswer& body = question.body.emplace<ShortAnswer>();
        const std::string info = text_of(q.child("graderinfo"), item.notes);
        body.model_answer = {info.empty() ? std::string(no_model_answer) : info, item.loc};
        const int lines = q.child("responsefieldlines").text().as_int(15);
        body.lines = std::clamp(lines, 1, 30);
        if (lines != body.lines)
            item.notes.push_back(std::to_string(lines) + " response lines: at most 30 print");
        item.notes.push_back(
            info.empty() ? "an essay question, marked by the teacher; the source has no model answer: "
                           "write one in 'answer' for the person marking"
                         : "an essay question, marked by the teacher; its information for graders is "
                           "the model answer");
        if (const std::string tpl = trim_space(q.child("responsetemplate").child_value("text")); !tpl.empty())
            item.notes.push_back("response template not carried over: " + quote_short(tpl));
    } else {
        const bool cloze = type == "cloze" || type == "multianswer";
        const std::string kind = type == "description" ? "a description (text with no answers)"
                                 : cloze               ? "a cloze question"
                                                       : "a question of type '" + type + "'";
        item.notes.push_back("Not carried over: " + kind + " — " +
                             (cloze ? std::string("its text has no gap Moodle reads ({1:SHORTANSWER:=…})")
                                    : std::string("a worksheet has no type for it")));
        if (!question.prompt.empty()) item.commented.push_back("prompt: " + question.prompt.text);
        out.sections.back().items.push_back(std::move(item));
        return;
    }
    if (!ok) return;
    if (!srcs.empty()) take_image(q, srcs, item, question, out);
    else if (q.child("image_base64") && question.type() != QuestionType::fill)
        take_image(q, {}, item, question, out);
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
        sink().error(map_.at(static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, result.offset))),
                     std::string("not well-formed XML: ") + result.description(),
                     "export the questions again from Moodle, or fix the XML here");
        return out;
    }
    const auto quiz = doc.child("quiz");
    if (!quiz) {
        sink().error({map_.file(), 1, 1}, "not Moodle XML: the file has no <quiz> element",
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
