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

}  // namespace

Converted import_aiken(std::string_view text, const std::string& file, Diagnostics& diags) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    const LineMap map(text, file);
    Converted out;
    out.source_format = "Aiken";
    name_after_file(out, file);
    out.sections.push_back({});
    Pending q;
    // A question with a problem is written commented out, with the reason
    // (and a warning); the others are still read, as Moodle reads them.
    const auto left_out = [&](const Loc& at, const std::string& why, const std::string& hint) {
        diags.warning(at, why + "; the question is written commented out", hint);
        ConvertedItem item;
        item.loc = at;
        item.notes.push_back("Not carried over (line " + std::to_string(at.line) + "): " + why);
        if (!q.prompt.empty()) item.commented.push_back("prompt: " + plain_to_markup(q.prompt));
        for (const auto& [l, t] : q.options) item.notes.push_back(std::string(1, l) + ") " + t);
        out.sections.back().items.push_back(std::move(item));
    };
    const auto unfinished = [&] {
        if (q.open)
            left_out(q.loc, "this question has no 'ANSWER:' line", "end each question with a line such as 'ANSWER: B'");
        q = Pending{};
    };
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string line = trim_space(text.substr(pos, end - pos));
        const Loc at = map.at(pos + (text.substr(pos, end - pos).find_first_not_of(" \t") == std::string_view::npos
                                         ? 0
                                         : text.substr(pos, end - pos).find_first_not_of(" \t")));
        // `A. text`, `A) text`, and as Moodle reads it, `A)text`.
        const bool option = line.size() >= 3 && line[0] >= 'A' && line[0] <= 'Z' && (line[1] == '.' || line[1] == ')') &&
                            (line[1] == ')' || line[2] == ' ' || line[2] == '\t');
        if (line.empty()) {
            // blank lines separate questions but mean nothing more
        } else if (line.rfind("ANSWER:", 0) == 0) {
            const std::string letter = trim_space(line.substr(7));
            if (!q.open || q.options.empty()) {
                left_out(at, "'ANSWER:' with no question and options before it",
                         "write the question, then its options 'A. …', then 'ANSWER: A'");
            } else if (q.options.size() < 2) {
                left_out(q.loc, "an Aiken question needs at least two options", "add options 'B. …'");
            } else {
                std::size_t right = q.options.size();
                for (std::size_t i = 0; i < q.options.size(); ++i)
                    if (letter.size() == 1 && q.options[i].first == letter[0]) right = i;
                if (right == q.options.size()) {
                    left_out({file, at.line, at.column + 7}, "'" + letter + "' is not the letter of an option",
                             "write the letter of the right option, from A to " +
                                 std::string(1, q.options.back().first));
                } else {
                    ConvertedItem item;
                    item.loc = q.loc;
                    Question question;
                    question.loc = q.loc;
                    question.prompt = {plain_to_markup(q.prompt), q.loc};
                    Choice& choice = question.body.emplace<Choice>();
                    for (const auto& [l, t] : q.options) choice.options.push_back({plain_to_markup(t), false, q.loc});
                    choice.answer = right;
                    item.question = std::move(question);
                    out.sections.back().items.push_back(std::move(item));
                }
            }
            q = Pending{};
        } else if (option && q.open) {
            q.options.push_back({line[0], trim_space(line.substr(2))});
        } else if (!q.options.empty()) {
            unfinished();
            q.open = true;
            q.loc = at;
            q.prompt = line;
        } else if (q.open) {
            q.prompt += "\n" + line;
        } else {
            q.open = true;
            q.loc = at;
            q.prompt = line;
        }
        if (end == text.size()) break;
        pos = end + 1;
    }
    unfinished();
    return out;
}

}  // namespace handout
