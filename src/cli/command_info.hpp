// What `--help` says, as plain data: the program's commands and their
// options, read from the CLI11 App itself. The manual pages and the shell
// completions are written from it, so they say what --help says and follow
// every new command or option without a second copy.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace handout::cli {

/// What a shell completes after an option (or at a positional argument).
enum class ValueKind {
    none,       ///< a flag, or a value no list can offer (a seed, a sheet code)
    files,      ///< any file or folder
    worksheets, ///< .yaml files (and folders, to walk into)
    templates,  ///< page-style names (`handout --list-templates`) or .yaml files
    words,      ///< one of a fixed list (`words`)
};

/// One option or positional argument, as --help shows it.
struct OptionInfo {
    std::vector<std::string> names;  ///< "-o", "--output"; empty for a positional
    std::string positional;          ///< "FILE" for a positional, else ""
    std::string value_name;          ///< what --help writes after the names: "TEXT", "UINT", …
    std::string description;
    bool takes_value = false;
    bool repeatable = false;  ///< a list: the option may be given more than once
    bool required = false;
    ValueKind kind = ValueKind::none;
    std::vector<std::string> words;  ///< for ValueKind::words
};

/// One subcommand (or the program itself).
struct CommandInfo {
    std::string name;  ///< "render"; the program's own name for the top level
    std::string description;
    std::vector<OptionInfo> options;      ///< in the order --help lists them
    std::vector<OptionInfo> positionals;  ///< in order
};

/// The whole program.
struct ProgramInfo {
    CommandInfo top;                    ///< `handout` itself: --help, --version
    std::vector<CommandInfo> commands;  ///< its subcommands, in --help's order
};

/// Reads `app` (with its subcommands added) as --help would show it, naming
/// the program `program`; hidden options and commands are left out.
ProgramInfo describe(const CLI::App& app, const std::string& program);

}  // namespace handout::cli
