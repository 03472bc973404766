// Reading the CLI11 App into plain data (command_info.hpp), and the one table
// of what a shell offers after each option; and the options of `handout new`,
// `handout watch` and `handout bank` (their runs live in new_command.cpp,
// watch_command.cpp and bank_command.cpp). CLI11 is header-only in Debian 12 and costs about ten
// seconds of compile time in every file that includes it, so it stays out of
// the headers: in handout only main.cpp, this file and mark_command.cpp
// (compiled once for both programs) include it.
#include "cli/command_info.hpp"

#include <CLI/CLI.hpp>

#include <string_view>

#include "cli/bank_command.hpp"
#include "cli/new_command.hpp"
#include "cli/paper_option.hpp"
#include "cli/watch_command.hpp"

namespace handout::cli {
namespace {

/// What a shell completes for an option or positional named `name` of
/// `command` ("*" = any command). The first rule that matches wins; an option
/// without a rule completes files, unless its value is a number.
struct CompletionRule {
    std::string_view command, name;
    ValueKind kind;
    std::string_view words;  ///< space-separated, for ValueKind::words
};

constexpr CompletionRule completion_rules[] = {
    {"*", "--template", ValueKind::templates, ""},
    {"*", "--key", ValueKind::words, "on off only"},
    {"*", "--to", ValueKind::words, "moodle-xml gift qti"},
    {"*", "--paper", ValueKind::words, "A4 A3 letter"},
    {"*", "--seed", ValueKind::none, ""},
    {"*", "--first-seed", ValueKind::none, ""},
    {"*", "--copies", ValueKind::none, ""},
    {"*", "--name-columns", ValueKind::none, ""},
    {"*", "--from", ValueKind::worksheets, ""},
    {"new", "--type", ValueKind::words, "choice truefalse multi short fill match order numeric"},
    {"key", "CODE", ValueKind::none, ""},
    {"import", "FILE", ValueKind::files, ""},
    {"*", "FILE", ValueKind::worksheets, ""},
};

std::vector<std::string> split_words(std::string_view text) {
    std::vector<std::string> words;
    while (!text.empty()) {
        const auto space = text.find(' ');
        if (space != 0) words.emplace_back(text.substr(0, space));
        if (space == std::string_view::npos) break;
        text.remove_prefix(space + 1);
    }
    return words;
}

bool numeric(const std::string& type_name) {
    for (std::string_view t : {"INT", "UINT", "FLOAT", "NUMBER"})
        if (type_name.rfind(t, 0) == 0 && (type_name.size() == t.size() || type_name[t.size()] == ':')) return true;
    return false;
}

void classify(const std::string& command, OptionInfo& o) {
    if (!o.takes_value) return;
    const std::string& name = o.positional.empty() ? o.names.back() : o.positional;
    for (const auto& rule : completion_rules) {
        if ((rule.command == "*" || rule.command == command) && rule.name == name) {
            o.kind = rule.kind;
            o.words = split_words(rule.words);
            return;
        }
    }
    o.kind = numeric(o.value_name) ? ValueKind::none : ValueKind::files;
}

OptionInfo read_option(const CLI::Option& opt) {
    OptionInfo o;
    for (const auto& s : opt.get_snames()) o.names.push_back("-" + s);
    for (const auto& l : opt.get_lnames()) o.names.push_back("--" + l);
    if (!opt.nonpositional()) o.positional = opt.get_name(/*positional=*/true);
    o.value_name = opt.get_type_name();
    o.description = opt.get_description();
    o.takes_value = opt.get_items_expected_max() > 0;  // a flag expects none
    o.repeatable = opt.get_items_expected_max() > 1;
    o.required = opt.get_required();
    return o;
}

CommandInfo read_command(const CLI::App& app, const std::string& name) {
    CommandInfo c;
    c.name = name;
    c.description = app.get_description();
    for (const CLI::Option* opt : app.get_options()) {
        if (opt->get_group().empty()) continue;  // hidden
        OptionInfo o = read_option(*opt);
        classify(name, o);
        (o.positional.empty() ? c.options : c.positionals).push_back(std::move(o));
    }
    return c;
}

}  // namespace

ProgramInfo describe(const CLI::App& app, const std::string& program) {
    ProgramInfo p;
    p.top = read_command(app, program);
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }))
        p.commands.push_back(read_command(*sub, sub->get_name()));
    return p;
}

CLI::App* add_new_command(CLI::App& app, NewArgs& a) {
    auto* cmd = app.add_subcommand(
        "new", "Write a commented starter worksheet that passes check, to change into yours");
    cmd->add_option(
           "--type", a.types,
           "Question types to give an example of, in order: choice, truefalse, multi, short, fill, match, "
           "order, numeric (repeatable or comma-separated; default: choice, truefalse, multi, fill, short)")
        ->delimiter(',');
    cmd->add_option("-o,--output", a.output,
                    "Output YAML file (default worksheet.yaml; - writes standard output)");
    cmd->add_flag("--force", a.force, "Replace the output file if it exists");
    return cmd;
}

CLI::App* add_watch_command(CLI::App& app, WatchArgs& a) {
    auto* cmd = app.add_subcommand("watch",
                                   "Render one variant, then again on every save of the worksheet (its "
                                   "style, its pictures) until Ctrl-C");
    cmd->add_option("FILE", a.file, "Worksheet YAML file")->required();
    cmd->add_option("--seed", a.seed, "Variant seed, 0 = master copy (default 1)");
    cmd->add_option("-o,--output", a.output,
                    "Output PDF (default <id>-s<seed>.pdf), replaced only by a good render");
    cmd->add_option("--key", a.key, "Answer key: on, off or only (default on)");
    cmd->add_flag("--duplex", a.duplex, "Start the key on a new sheet of paper (two-sided printing)");
    cmd->add_flag("--answer-sheet", a.answer_sheet, "Add a bubble sheet for scanning");
    cmd->add_option("--template", a.template_name,
                    "Page style: a name or a path to a .yaml file (as for render)");
    cmd->add_option("--paper", a.paper, paper_help);
    return cmd;
}

CLI::App* add_bank_command(CLI::App& app, BankArgs& a) {
    auto* bank =
        app.add_subcommand("bank", "List a bank's questions with their identity, tags and item history");
    bank->add_option("BANK", a.paths, "Bank files (a list of questions, or questions:) or folders of them")
        ->required();
    bank->add_option("--history", a.history, "The item history that handout mark --history keeps (SQLite)");
    return bank;
}

}  // namespace handout::cli
