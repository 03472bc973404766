// `handout bank BANK… [--history FILE]` (issue 35): what a teacher looks at
// before writing the next worksheet from a bank (its options are declared in
// command_info.cpp, with CLI11).
#include "cli/bank_command.hpp"

#include <filesystem>
#include <iostream>
#include <optional>
#include <system_error>

#include "handout/load.hpp"
#include "handout/markup.hpp"

namespace handout::cli {

namespace {

/// The options a question's history counts (choice, multi: its options;
/// truefalse: True and False), for history_sentence.
ItemRecord record_of(const Question& q) {
    ItemRecord r{item_id(q), type_name(q.type()), plain_text(q.prompt.text), {}, {}};
    if (q.type() == QuestionType::truefalse) {
        r.options = {"True", "False"};
        r.key = {q.as<TrueFalse>().truth ? std::size_t{0} : std::size_t{1}};
    }
    for (const Option& o : options_of(q)) r.options.push_back(plain_text(o.text));
    if (q.type() == QuestionType::choice) r.key = {q.as<Choice>().answer};
    if (q.type() == QuestionType::multi) r.key = q.as<Multi>().answers;
    return r;
}

/// `text` in single quotes for YAML.
std::string yaml_quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

}  // namespace

std::string item_report(const Worksheet& ws, const ItemHistoryFile* history) {
    std::string out;
    for (const Section& section : ws.sections)
        for (const Question& q : section.questions) {
            const ItemRecord r = record_of(q);
            out += q.loc.file + ":" + std::to_string(q.loc.line) + ":" + std::to_string(q.loc.column) + ": " +
                   r.item + " " + r.prompt;
            std::string tags;
            for (const Text& t : q.tags) tags += (tags.empty() ? "" : ", ") + t.text;
            out += (tags.empty() ? "" : " [" + tags + "]") + "\n";
            if (!history) continue;
            const auto h = history->history(r.item, r.options.size());
            if (!h) {
                out += "  no history yet\n";
                continue;
            }
            out += "  " + history_sentence(r, *h) + "\n";
            if (h->by_vars.empty()) continue;
            std::string line;
            for (const auto& v : h->by_vars)
                line += (line.empty() ? "" : "; ") + v.vars + ": " + std::to_string(v.right) + " of " +
                        std::to_string(v.answers) + " right";
            out += "  by vars: " + line + "\n";
        }
    return out;
}

int run_bank(const BankArgs& a) {
    std::optional<ItemHistoryFile> history;
    if (!a.history.empty()) history.emplace(a.history, false);
    int worst = exit_code::ok;
    for (const std::string& path : a.paths) {
        if (std::error_code ec; !std::filesystem::exists(path, ec))
            throw IoError(path + ": no such bank file or folder");
        // The bank as a worksheet of one section that includes it, read
        // from the current folder (so the questions' places are as given).
        const std::string text =
            "id: bank\ntitle: Bank\nsections:\n  - title: Bank\n    include: " + yaml_quoted(path) + "\n";
        Diagnostics diags;
        const auto ws = parse_worksheet(text, "handout bank", diags);
        if (!diags.items().empty()) std::cerr << diags.format();
        if (!ws) {
            std::cerr << path << ": the bank has errors\n";
            worst = exit_code::input_error;
            continue;
        }
        std::cout << item_report(*ws, history ? &*history : nullptr);
    }
    return worst;
}

}  // namespace handout::cli
