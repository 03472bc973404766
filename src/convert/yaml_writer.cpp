// An imported bank as worksheet YAML a teacher can read and edit: plain
// scalars where YAML allows, quotes where it does not, and `#` comments for
// everything the source had that the worksheet cannot hold.
#include "handout/convert.hpp"

#include <algorithm>
#include <cctype>

#include "convert/support.hpp"
#include "handout/text.hpp"

namespace handout {

using namespace convert;

std::size_t Converted::question_count() const {
    std::size_t n = 0;
    for (const auto& s : sections)
        for (const auto& i : s.items) n += i.question.has_value() && !i.comment_out;
    return n;
}

std::size_t Converted::commented_count() const {
    std::size_t n = 0;
    for (const auto& s : sections)
        for (const auto& i : s.items) n += !i.question.has_value() || i.comment_out;
    return n;
}

namespace {

// `flow`: the scalar stands inside a flow sequence (`[a, b]`), where a
// plain scalar may hold none of the flow indicators , [ ] { }.
bool needs_quotes(const std::string& s, bool flow) {
    if (s.empty()) return true;
    // In a flow sequence yaml-cpp also stumbles on `?` and `:` (`[a, b ?]`).
    if (flow && s.find_first_of(",[]{}?:") != std::string::npos) return true;
    static const std::string first_bad = "-?:,[]{}#&*!|>'\"%@`\\ \t";
    if (first_bad.find(s[0]) != std::string::npos) return true;
    if (s.back() == ' ' || s.back() == ':' || s.back() == '\t') return true;
    if (s.find(": ") != std::string::npos || s.find(" #") != std::string::npos) return true;
    for (char c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return true;
    const std::string lower = ascii_lower(s);
    static const char* reserved[] = {"true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"};
    for (const char* r : reserved)
        if (lower == r) return true;
    if (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '.' || s[0] == '+') return true;
    return false;
}

}  // namespace

namespace convert {

/// A YAML scalar for `s`: plain, 'single-quoted' or "double-quoted".
std::string yaml_scalar(const std::string& s, bool flow) {
    if (!needs_quotes(s, flow)) return s;
    bool single_ok = true;
    for (char c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) single_ok = false;
    if (single_ok) {
        std::string out = "'";
        for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
        return out + "'";
    }
    std::string out = "\"";
    for (char c : s) {
        if (c == '\\') out += "\\\\";
        else if (c == '"') out += "\\\"";
        else if (c == '\n') out += "\\n";
        else if (c == '\t') out += "\\t";
        else if (static_cast<unsigned char>(c) < 0x20) out += ' ';
        else out += c;
    }
    return out + "\"";
}

}  // namespace convert

namespace {

class Writer {
public:
    Writer(bool with_images, std::vector<YamlLine>* lines) : images_(with_images), lines_(lines) {}
    std::string write(const Converted& bank);

private:
    void line(const std::string& indent, const std::string& text) {
        out_ += indent + text + "\n";
        ++line_;
    }
    void comment(const std::string& indent, const std::string& text) {
        std::size_t pos = 0;
        while (true) {
            const std::size_t nl = text.find('\n', pos);
            const std::string part = text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
            line(indent, "#" + std::string(part.empty() ? "" : " ") + part);
            if (nl == std::string::npos) break;
            pos = nl + 1;
        }
    }
    void key(const std::string& indent, const std::string& k, const std::string& v) {
        line(indent, k + ": " + yaml_scalar(v));
    }
    void list(const std::string& indent, const std::string& k, const std::vector<std::string>& items) {
        line(indent, k + ":");
        for (const auto& i : items) line(indent + "  ", "- " + yaml_scalar(i));
    }
    void item(const std::string& indent, const ConvertedItem& it);
    void question(const std::string& indent, const Question& q);
    void section(const std::string& indent, const ConvertedSection& s, const std::string& fallback_title);

    bool images_;
    std::vector<YamlLine>* lines_;
    std::string out_;
    int line_ = 1;
};

void Writer::item(const std::string& indent, const ConvertedItem& it) {
    for (std::size_t i = 0; i < it.notes.size(); ++i) {
        if (i == it.source_comments && !it.name.empty()) comment(indent, "name: " + it.name);
        comment(indent, it.notes[i]);
    }
    if (it.source_comments >= it.notes.size() && !it.name.empty()) comment(indent, "name: " + it.name);
    if (!it.question) {
        bool first = true;
        for (const auto& c : it.commented) {
            const std::size_t colon = c.find(": ");
            const std::string k = c.substr(0, colon);
            const std::string text = colon == std::string::npos || k == "type" || k == "lines" || k == "answer"
                                         ? c
                                         : c.substr(0, colon + 2) + yaml_scalar(c.substr(colon + 2));
            comment(indent, (first ? "- " : "  ") + text);
            first = false;
        }
        return;
    }
    if (it.comment_out) {
        // A question the worksheet would refuse: written, commented out.
        Writer inner(images_, nullptr);
        inner.question("", *it.question);
        for (std::size_t pos = 0; pos < inner.out_.size();) {
            const std::size_t nl = inner.out_.find('\n', pos);
            line(indent, "# " + inner.out_.substr(pos, nl - pos));
            pos = nl + 1;
        }
        return;
    }
    if (lines_) lines_->push_back({line_, &it});
    question(indent, *it.question);
}

void Writer::question(const std::string& indent, const Question& q) {
    const std::string in = indent + "  ";
    bool first = true;
    const auto k = [&](const std::string& name, const std::string& value) {
        line(first ? indent : in, (first ? "- " : "") + name + ": " + value);
        first = false;
    };
    if (q.type() != QuestionType::choice) k("type", type_name(q.type()));
    if (!q.prompt.empty()) k("prompt", yaml_scalar(q.prompt.text));
    switch (q.type()) {
    case QuestionType::choice:
    case QuestionType::multi: {
        std::vector<std::string> options;
        for (const auto& o : options_of(q)) options.push_back(o.text);
        line(first ? indent : in, std::string(first ? "- " : "") + "options:");
        first = false;
        for (const auto& o : options) line(in + "  ", "- " + yaml_scalar(o));
        if (q.type() == QuestionType::choice) {
            k("answer", yaml_scalar(options[q.as<Choice>().answer]));
        } else {
            std::vector<std::string> right;
            for (std::size_t i : q.as<Multi>().answers) right.push_back(options[i]);
            list(in, "answers", right);
        }
        break;
    }
    case QuestionType::truefalse: k("answer", q.as<TrueFalse>().truth ? "true" : "false"); break;
    case QuestionType::short_answer: {
        const ShortAnswer& body = q.as<ShortAnswer>();
        k("answer", yaml_scalar(body.model_answer.text));
        if (body.lines != 2) k("lines", std::to_string(body.lines));
        break;
    }
    case QuestionType::fill: {
        const Fill& fill = q.as<Fill>();
        std::string text;
        for (const auto& p : fill.parts) text += p.gap ? "[[" + p.text + "]]" : p.text;
        k("text", yaml_scalar(text));
        if (fill.bank) k("bank", "true");
        if (!fill.distractors.empty()) {
            std::vector<std::string> d;
            for (const auto& t : fill.distractors) d.push_back(t.text);
            list(in, "distractors", d);
        }
        break;
    }
    case QuestionType::match:
        line(in, "pairs:");
        for (const auto& p : q.as<Match>().pairs) line(in + "  ", "- [" + yaml_scalar(p.left.text, true) + ", " + yaml_scalar(p.right.text, true) + "]");
        break;
    case QuestionType::order: {
        std::vector<std::string> items;
        for (const auto& t : q.as<Order>().items) items.push_back(t.text);
        line(first ? indent : in, std::string(first ? "- " : "") + "items:");
        first = false;
        for (const auto& i : items) line(in + "  ", "- " + yaml_scalar(i));
        break;
    }
    case QuestionType::numeric: {
        const Numeric& num = q.as<Numeric>();
        k("answer", num.value_text);
        if (!num.tolerance_text.empty() && num.tolerance_text != "0") k("tolerance", num.tolerance_text);
        if (!num.unit.empty()) k("unit", yaml_scalar(num.unit.text));
        break;
    }
    }
    if (!q.shuffle_options) k("shuffle", "false");
    if (!q.image.empty() && images_) k("image", yaml_scalar(q.image.text));
    if (!q.explain.empty()) k("explain", yaml_scalar(q.explain.text));
    if (q.points != Points{}) k("points", points_decimal(q.points));
    if (!q.tags.empty()) {
        std::string tags;
        for (const Text& t : q.tags) tags += (tags.empty() ? "" : ", ") + yaml_scalar(t.text, true);
        k("tags", "[" + tags + "]");
    }
    if (q.type() == QuestionType::multi && q.scoring != Scoring::all_or_nothing) k("scoring", scoring_name(q.scoring));
}

void Writer::section(const std::string& indent, const ConvertedSection& s, const std::string& fallback_title) {
    const bool any = std::any_of(s.items.begin(), s.items.end(),
                                 [](const auto& i) { return i.question && !i.comment_out; });
    for (const auto& n : s.notes) comment(indent, n);
    if (s.items.empty()) return;
    if (!any) {
        comment(indent, "Section " + quote_short(s.title.empty() ? fallback_title : s.title) +
                            " left out: none of its items could be carried over.");
        for (const auto& it : s.items) {
            Writer inner(false, nullptr);
            inner.item("", it);
            std::size_t pos = 0;
            const std::string& text = inner.out_;
            while (pos < text.size()) {
                const std::size_t nl = text.find('\n', pos);
                line(indent, text.substr(pos, nl - pos));
                pos = nl + 1;
            }
        }
        return;
    }
    key(indent + "- ", "title", s.title.empty() ? fallback_title : s.title);
    if (!s.instructions.empty()) key(indent + "  ", "instructions", s.instructions);
    line(indent + "  ", "questions:");
    for (const auto& it : s.items) item(indent + "    ", it);
}

std::string Writer::write(const Converted& bank) {
    comment("", "Imported by `handout import` from " + bank.source_file + " (" + bank.source_format + ").");
    comment("", "Comments (#) mark what the source had that a worksheet cannot hold: read them, then delete them.");
    for (const auto& n : bank.notes) comment("", n);
    key("", "id", bank.id);
    key("", "title", bank.title);
    out_ += "\n";
    ++line_;
    std::size_t titled = 0;
    for (const auto& s : bank.sections) titled += !s.title.empty() && !s.items.empty();
    if (titled == 0) {
        line("", "questions:");
        for (const auto& s : bank.sections) {
            for (const auto& n : s.notes) comment("  ", n);
            if (!s.instructions.empty()) comment("  ", "instructions: " + s.instructions);
            for (const auto& it : s.items) item("  ", it);
        }
    } else {
        line("", "sections:");
        for (const auto& s : bank.sections)
            if (!s.items.empty() || !s.notes.empty()) section("  ", s, bank.title);
    }
    return out_;
}

}  // namespace

namespace convert {
std::string write_yaml(const Converted& bank, bool with_images, std::vector<YamlLine>* lines) {
    Writer w(with_images, lines);
    return w.write(bank);
}
}  // namespace convert

std::string write_worksheet_yaml(const Converted& bank, bool with_images) {
    return convert::write_yaml(bank, with_images, nullptr);
}

}  // namespace handout
