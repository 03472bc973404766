// A worksheet as Moodle XML, the structure Moodle's question import reads:
// <quiz>, a category question per section, then each question with <name>,
// <questiontext format="html"> (its picture embedded as a base64 <file>),
// <generalfeedback> for `explain`, <defaultgrade> for points and the
// type's own elements.
#include "handout/convert.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "handout/image.hpp"
#include "handout/io.hpp"
#include "convert/support.hpp"
#include "handout/markup.hpp"
#include "text/utf8_path.hpp"

namespace handout {

using namespace convert;

namespace {

// <name format="html"><text>…</text></name>
pugi::xml_node add_text(pugi::xml_node parent, const char* name, const std::string& text, const char* format = "html") {
    auto n = parent.append_child(name);
    if (format) n.append_attribute("format") = format;
    n.append_child("text").text() = text.c_str();
    return n;
}

void add_value(pugi::xml_node parent, const char* name, const std::string& value) {
    parent.append_child(name).text() = value.c_str();
}

std::string cloze_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '}' || c == '~' || c == '#' || c == '\\' || c == '"' || c == '/') out += '\\';
        out += c;
    }
    return out;
}

std::string fraction(double percent) { return format_decimal(percent, 5); }

void answer(pugi::xml_node q, double percent, const std::string& text, const char* format = "html") {
    auto a = q.append_child("answer");
    a.append_attribute("fraction") = fraction(percent).c_str();
    if (format) a.append_attribute("format") = format;
    a.append_child("text").text() = text.c_str();
    add_text(a, "feedback", "");
}

const char* moodle_type(QuestionType type) {
    switch (type) {
    case QuestionType::choice:
    case QuestionType::multi: return "multichoice";
    case QuestionType::truefalse: return "truefalse";
    case QuestionType::short_answer: return "shortanswer";
    case QuestionType::fill: return "cloze";
    case QuestionType::match: return "matching";
    case QuestionType::order: return "ordering";
    case QuestionType::numeric: return "numerical";
    }
    return "multichoice";
}

// A fill question's text as Moodle cloze: each gap {1:SHORTANSWER:=…}, or
// with a word bank {1:MULTICHOICE:…} offering every gap's answer and the
// distractors.
std::string cloze_text(const Fill& fill) {
    std::vector<std::string> bank;
    for (const auto& p : fill.parts)
        if (p.gap) bank.push_back(p.text);
    for (const auto& d : fill.distractors) bank.push_back(d.text);
    std::string body;
    for (const auto& p : fill.parts) {
        if (!p.gap) {
            body += markup_to_html(p.text);
            continue;
        }
        if (!fill.bank) {
            body += "{1:SHORTANSWER:=" + cloze_escape(p.text) + "}";
            continue;
        }
        body += "{1:MULTICHOICE:";
        bool first = true;
        for (const auto& b : bank) {
            body += (first ? "" : "~") + std::string(b == p.text ? "=" : "") + cloze_escape(b);
            first = false;
        }
        body += "}";
    }
    return body;
}

// <questiontext>: the prompt (a fill question's cloze text after it) and
// its picture, embedded as a base64 <file>.
void write_question_text(pugi::xml_node x, const Question& q, Diagnostics& w) {
    std::string html = markup_to_html(q.prompt.text);
    if (q.type() == QuestionType::fill) {
        if (!q.prompt.empty())
            w.warning(q.loc, "a Moodle cloze question has one text: the prompt is put before it",
                      "it reads back as part of the gap text");
        const std::string body = cloze_text(q.as<Fill>());
        html = html.empty() ? body : "<p>" + html + "</p><p>" + body + "</p>";
    }
    auto qt = add_text(x, "questiontext", "");
    if (!q.image.empty()) {
        const std::string name = utf8_path(q.image.text).filename().string();
        html += "<p><img src=\"@@PLUGINFILE@@/" + name + "\" alt=\"\"></p>";
        auto f = qt.append_child("file");
        f.append_attribute("name") = name.c_str();
        f.append_attribute("path") = "/";
        f.append_attribute("encoding") = "base64";
        f.text() = base64_encode(read_file(q.image.text, max_image_file_bytes)).c_str();
    }
    qt.child("text").text() = html.c_str();
}

// choice and multi: one <answer> per option, a multi's right ticks sharing
// 100 % and its wrong ones taking as much off.
void write_choices(pugi::xml_node x, const Question& q, bool shuffle, Diagnostics& w) {
    const bool single = q.type() == QuestionType::choice;
    add_value(x, "single", single ? "true" : "false");
    add_value(x, "shuffleanswers", shuffle ? "true" : "false");
    add_value(x, "answernumbering", "abc");
    if (!single && q.scoring == Scoring::all_or_nothing)
        w.warning(q.loc, "Moodle scores a multi-answer question tick by tick, not all-or-nothing",
                  "Moodle gives a share for each right tick; write 'scoring: partial' on the question to print "
                  "and mark it the same way");
    const std::vector<Option>& options = options_of(q);
    const std::vector<std::size_t> answers = single ? std::vector<std::size_t>{q.as<Choice>().answer}
                                                    : q.as<Multi>().answers;
    const double k = static_cast<double>(std::max<std::size_t>(1, single ? 0 : answers.size()));
    for (std::size_t i = 0; i < options.size(); ++i) {
        const bool right = std::find(answers.begin(), answers.end(), i) != answers.end();
        answer(x, single ? (right ? 100 : 0) : (right ? 100 / k : -100 / k), markup_to_html(options[i].text));
        if (options[i].pin) w.warning(options[i].loc, "Moodle XML cannot pin one option", "all options shuffle or none");
    }
}

void write_short_answer(pugi::xml_node x, const Question& q, Diagnostics& w) {
    const ShortAnswer& body = q.as<ShortAnswer>();
    add_value(x, "usecase", "0");
    if (body.lines != 2) w.warning(q.loc, "Moodle XML cannot hold 'lines' of a short answer", "it is left out");
    answer(x, 100, plain_text(body.model_answer.text), "moodle_auto_format");
    if (body.model_answer.text != plain_text(body.model_answer.text))
        w.warning(body.model_answer.loc, "a short answer is plain text in Moodle: its markup is left out", "");
}

void write_numeric(pugi::xml_node x, const Numeric& num) {
    auto a = x.append_child("answer");
    a.append_attribute("fraction") = "100";
    a.append_child("text").text() = num.value_text.c_str();
    add_value(a, "tolerance", num.tolerance_text.empty() ? "0" : num.tolerance_text);
    add_text(a, "feedback", "");
    if (!num.unit.empty()) {
        auto u = x.append_child("units").append_child("unit");
        add_value(u, "multiplier", "1");
        add_value(u, "unit_name", num.unit.text);
        add_value(x, "unitgradingtype", "0");
        add_value(x, "showunits", "0");
        add_value(x, "unitsleft", "0");
    }
}

void write_order(pugi::xml_node x, const Question& q, Diagnostics& w) {
    w.warning(q.loc, "an ordering question needs Moodle's 'ordering' question type (standard from Moodle 4.4)", "");
    add_value(x, "layouttype", "VERTICAL");
    add_value(x, "selecttype", "ALL");
    add_value(x, "selectcount", "0");
    add_value(x, "gradingtype", "ABSOLUTE_POSITION");
    for (std::size_t i = 0; i < q.as<Order>().items.size(); ++i)
        answer(x, static_cast<double>(i + 1), markup_to_html(q.as<Order>().items[i].text));
}

void write_question(pugi::xml_node quiz, const Worksheet& sheet, const Question& q, std::size_t n, Diagnostics& w) {
    auto x = quiz.append_child("question");
    x.append_attribute("type") = moodle_type(q.type());
    add_text(x, "name", question_name(q, n), nullptr);
    write_question_text(x, q, w);
    add_text(x, "generalfeedback", markup_to_html(q.explain.text));
    add_value(x, "defaultgrade", points_decimal(q.points));
    add_value(x, "penalty", q.type() == QuestionType::truefalse ? "1" : "0.3333333");
    add_value(x, "hidden", "0");
    const bool shuffle = q.shuffle_options && sheet.shuffle_options;
    if (q.pin) w.warning(q.loc, "Moodle XML cannot hold 'pin'", "the quiz's own settings place questions");

    switch (q.type()) {
    case QuestionType::choice:
    case QuestionType::multi: write_choices(x, q, shuffle, w); break;
    case QuestionType::truefalse:
        answer(x, q.as<TrueFalse>().truth ? 100 : 0, "true", "moodle_auto_format");
        answer(x, q.as<TrueFalse>().truth ? 0 : 100, "false", "moodle_auto_format");
        break;
    case QuestionType::short_answer: write_short_answer(x, q, w); break;
    case QuestionType::numeric: write_numeric(x, q.as<Numeric>()); break;
    case QuestionType::match:
        add_value(x, "shuffleanswers", shuffle ? "true" : "false");
        for (const auto& p : q.as<Match>().pairs) {
            auto s = add_text(x, "subquestion", markup_to_html(p.left.text));
            s.append_child("answer").append_child("text").text() = plain_text(p.right.text).c_str();
        }
        break;
    case QuestionType::order: write_order(x, q, w); break;
    case QuestionType::fill: break;
    }
}

}  // namespace

std::string export_moodle_xml(const Worksheet& sheet, Diagnostics& warnings) {
    pugi::xml_document doc;
    auto decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    auto quiz = doc.append_child("quiz");
    std::size_t n = 0;
    for (const auto& s : sheet.sections) {
        if (sheet.uses_sections) {
            auto c = quiz.append_child("question");
            c.append_attribute("type") = "category";
            std::string title = s.title.text;
            std::replace(title.begin(), title.end(), '/', '-');
            add_text(c, "category", "$course$/top/" + title, nullptr);
            add_text(c, "info", markup_to_html(s.instructions.text));
            if (!s.passage.empty())
                warnings.warning(s.passage.loc, "Moodle XML has no place for a section's passage", "it is left out");
        } else if (!s.instructions.empty()) {
            warnings.warning(s.loc, "Moodle XML has no place for instructions outside a category", "they are left out");
        }
        for (const auto& q : s.questions) write_question(quiz, sheet, q, ++n, warnings);
    }
    std::ostringstream out;
    doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
    return out.str();
}

}  // namespace handout
