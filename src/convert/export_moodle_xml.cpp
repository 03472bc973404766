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

// A gap's answer as Moodle's cloze reader takes it back: `}`, `#` and `~`
// escaped, the rest as HTML text (the reader decodes entities).
std::string cloze_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '}' || c == '~' || c == '#') out += '\\';
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else
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
    case QuestionType::short_answer: return "essay";
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
std::string cloze_text(const Fill& fill, const std::string& weight) {
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
            body += "{" + weight + ":SHORTANSWER:=" + cloze_escape(plain_text(p.text)) + "}";
            continue;
        }
        body += "{" + weight + ":MULTICHOICE:";
        bool first = true;
        for (const auto& b : bank) {
            body += (first ? "" : "~") + std::string(b == p.text ? "=" : "") + cloze_escape(plain_text(b));
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
        // Moodle gives a cloze question the sum of its gaps' weights as its
        // mark: each gap weighs points ÷ gaps when that is whole.
        std::size_t gaps = 0;
        for (const auto& p : q.as<Fill>().parts) gaps += p.gap;
        const int halves = q.points.halves;
        std::string weight = "1";
        if (gaps > 0 && halves % 2 == 0 && static_cast<std::size_t>(halves / 2) % gaps == 0)
            weight = std::to_string(static_cast<std::size_t>(halves / 2) / gaps);
        else
            w.warning(q.loc,
                      "Moodle gives a cloze question one mark per gap weight: this one is worth " +
                          std::to_string(gaps) + " in Moodle, not " + points_decimal(q.points),
                      "give it points that its " + std::to_string(gaps) +
                          " gaps share evenly, or set its mark in "
                          "the Moodle quiz");
        const std::string body = cloze_text(q.as<Fill>(), weight);
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
    const std::vector<double> weights = single ? std::vector<double>{} : moodle_multi_weights(q, w);
    if (!single && weights.empty()) {
        w.error(q.loc, "Moodle's grades cannot share 100 % among more than 20 right options",
                "give the question 20 right options or fewer");
        return;
    }
    for (std::size_t i = 0; i < options.size(); ++i) {
        const bool right = std::find(answers.begin(), answers.end(), i) != answers.end();
        answer(x, single ? (right ? 100 : 0) : weights[i], markup_to_html(options[i].text));
        if (options[i].pin) w.warning(options[i].loc, "Moodle XML cannot pin one option", "all options shuffle or none");
    }
}

// short: Moodle's essay, marked by the teacher; the model answer is the
// information for graders.
void write_short_answer(pugi::xml_node x, const Question& q) {
    const ShortAnswer& body = q.as<ShortAnswer>();
    add_value(x, "responseformat", "editor");
    add_value(x, "responserequired", "1");
    add_value(x, "responsefieldlines", std::to_string(body.lines));
    add_value(x, "minwordlimit", "");
    add_value(x, "maxwordlimit", "");
    add_value(x, "attachments", "0");
    add_value(x, "attachmentsrequired", "0");
    add_value(x, "maxbytes", "0");
    add_value(x, "filetypeslist", "");
    add_text(x, "graderinfo", markup_to_html(body.model_answer.text));
    add_text(x, "responsetemplate", "");
}

void write_numeric(pugi::xml_node x, const Numeric& num) {
    // The number the worksheet means (`70,000` is 70000), as Moodle writes it.
    auto a = x.append_child("answer");
    a.append_attribute("fraction") = "100";
    a.append_child("text").text() = number_text(num.value).c_str();
    add_value(a, "tolerance", number_text(num.tolerance));
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
    add_value(x, "gradingtype", "ALL_OR_NOTHING");  // as the worksheet marks it
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
    add_value(x, "penalty",
              q.type() == QuestionType::truefalse      ? "1"
              : q.type() == QuestionType::short_answer ? "0"
                                                       : "0.3333333");
    add_value(x, "hidden", "0");
    // `tags`, as Moodle's own tags of the question.
    if (!q.tags.empty()) {
        auto tags = x.append_child("tags");
        for (const Text& t : q.tags) tags.append_child("tag").append_child("text").text() = t.text.c_str();
    }
    const bool shuffle = q.shuffle_options && sheet.shuffle_options;
    if (q.pin) w.warning(q.loc, "Moodle XML cannot hold 'pin'", "the quiz's own settings place questions");

    switch (q.type()) {
    case QuestionType::choice:
    case QuestionType::multi: write_choices(x, q, shuffle, w); break;
    case QuestionType::truefalse:
        answer(x, q.as<TrueFalse>().truth ? 100 : 0, "true", "moodle_auto_format");
        answer(x, q.as<TrueFalse>().truth ? 0 : 100, "false", "moodle_auto_format");
        break;
    case QuestionType::short_answer: write_short_answer(x, q); break;
    case QuestionType::numeric: write_numeric(x, q.as<Numeric>()); break;
    case QuestionType::match:
        w.warning(q.loc, "Moodle marks a matching question pair by pair (a share for each right pair)",
                  "the worksheet gives its points only when every pair is right");
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
    if (!vars_drawn(sheet, warnings)) return {};
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
            if (s.is_pool())
                warnings.warning(
                    s.pick_loc, "Moodle XML has no 'pick': the pool's questions are exported in its category",
                    "in the Moodle quiz, add " + std::to_string(s.pick) +
                        " random questions from category '" + title + "'");
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
