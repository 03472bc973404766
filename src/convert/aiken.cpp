// Aiken: a question's text, its options `A. …` or `A) …`, then `ANSWER: X`.
// Every Aiken question is a single-answer multiple choice.
#include "convert/support.hpp"
#include "handout/convert.hpp"

namespace handout {

using namespace convert;

namespace {

struct Pending {
    std::string prompt;
    std::vector<std::pair<char, std::string>> options;
    Loc loc;
    bool open = false;
};

// Reads line by line; a question with a problem is written commented out,
// with the reason (and a warning), and the others are still read, as Moodle
// reads them.
class AikenReader {
public:
    AikenReader(const std::string& file, Converted& out, Diagnostics& diags)
        : file_(file), out_(out), diags_(diags) {}

    void line(const std::string& line, const Loc& at) {
        // `A. text`, `A) text`, and as Moodle reads it, `A)text`.
        const bool option = line.size() >= 3 && line[0] >= 'A' && line[0] <= 'Z' &&
                            (line[1] == '.' || line[1] == ')') &&
                            (line[1] == ')' || line[2] == ' ' || line[2] == '\t');
        if (line.empty()) {
            // blank lines separate questions but mean nothing more
        } else if (line.rfind("ANSWER:", 0) == 0) {
            answer(trim_space(line.substr(7)), at);
            q_ = Pending{};
        } else if (option && q_.open) {
            q_.options.emplace_back(line[0], trim_space(line.substr(2)));
        } else if (q_.open && q_.options.empty()) {
            q_.prompt += "\n" + line;
        } else {
            finish();
            q_.open = true;
            q_.loc = at;
            q_.prompt = line;
        }
    }

    // The end of the file, or a new question: one left open has no ANSWER: line.
    void finish() {
        if (q_.open)
            left_out(q_.loc, "this question has no 'ANSWER:' line",
                     "end each question with a line such as 'ANSWER: B'");
        q_ = Pending{};
    }

private:
    void left_out(const Loc& at, const std::string& why, const std::string& hint) {
        diags_.warning(at, why + "; the question is written commented out", hint);
        ConvertedItem item;
        item.loc = at;
        item.notes.push_back("Not carried over (line " + std::to_string(at.line) + "): " + why);
        if (!q_.prompt.empty()) item.commented.push_back("prompt: " + plain_to_markup(q_.prompt));
        for (const auto& [l, t] : q_.options) item.notes.push_back(std::string(1, l) + ") " + t);
        out_.sections.back().items.push_back(std::move(item));
    }

    void answer(const std::string& letter, const Loc& at) {
        if (!q_.open || q_.options.empty()) {
            left_out(at, "'ANSWER:' with no question and options before it",
                     "write the question, then its options 'A. …', then 'ANSWER: A'");
            return;
        }
        if (q_.options.size() < 2) {
            left_out(q_.loc, "an Aiken question needs at least two options", "add options 'B. …'");
            return;
        }
        std::size_t right = q_.options.size();
        for (std::size_t i = 0; i < q_.options.size(); ++i)
            if (letter.size() == 1 && q_.options[i].first == letter[0]) right = i;
        if (right == q_.options.size()) {
            left_out(
                {file_, at.line, at.column + 7}, "'" + letter + "' is not the letter of an option",
                "write the letter of the right option, from A to " + std::string(1, q_.options.back().first));
            return;
        }
        ConvertedItem item;
        item.loc = q_.loc;
        Question question;
        question.loc = q_.loc;
        question.prompt = {plain_to_markup(q_.prompt), q_.loc};
        Choice& choice = question.body.emplace<Choice>();
        for (const auto& [l, t] : q_.options) choice.options.push_back({plain_to_markup(t), false, q_.loc});
        choice.answer = right;
        item.question = std::move(question);
        out_.sections.back().items.push_back(std::move(item));
    }

    const std::string& file_;
    Converted& out_;
    Diagnostics& diags_;
    Pending q_;
};

}  // namespace

Converted import_aiken(std::string_view text, const std::string& file, Diagnostics& diags) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    const LineMap map(text, file);
    Converted out;
    out.source_format = "Aiken";
    name_after_file(out, file);
    out.sections.push_back({});
    AikenReader reader(file, out, diags);
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view raw = text.substr(pos, end - pos);
        const std::size_t indent = raw.find_first_not_of(" \t");
        reader.line(trim_space(raw), map.at(pos + (indent == std::string_view::npos ? 0 : indent)));
        if (end == text.size()) break;
        pos = end + 1;
    }
    reader.finish();
    return out;
}

}  // namespace handout
