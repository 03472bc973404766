// The hidden commands: what the build runs to write the manual pages and the
// completion scripts from the program's own --help, and what the completions
// run to list page styles.
#include "cli/hidden_commands.hpp"

#include <filesystem>
#include <iostream>
#include <set>
#include <string_view>

#include "cli/completion.hpp"
#include "cli/guarded.hpp"
#include "cli/manual.hpp"
#include "handout/io.hpp"
#include "handout/load.hpp"

namespace handout::cli {
namespace {

namespace fs = std::filesystem;

int list_templates() {
    for (const auto& n : template_names(data_dir())) std::cout << n << "\n";
    return exit_code::ok;
}

int write_manual(const ProgramInfo& program, const std::string& folder, const std::string& version) {
    fs::create_directories(folder);
    for (const auto& [name, text] : manual_pages(program, version))
        write_file_atomically((fs::path(folder) / name).string(), text);
    return exit_code::ok;
}

int write_completion(const ProgramInfo& program, const std::string& shell, const std::string& output) {
    const auto script = completion_script(program, shell);
    if (!script) throw UsageError("--write-completion takes bash, zsh or fish, not '" + shell + "'");
    if (output.empty())
        std::cout << *script;
    else
        write_file_atomically(output, *script);
    return exit_code::ok;
}

}  // namespace

std::optional<int> run_hidden_command(const CLI::App& app, int argc, char** argv, const std::string& version) {
    if (argc < 2) return std::nullopt;
    const std::string_view command = argv[1];
    if (command == "--list-templates" && argc == 2) return guarded(list_templates);
    const bool manual = command == "--write-manual" && argc == 3;
    const bool completion = command == "--write-completion" && (argc == 3 || argc == 4);
    if (!manual && !completion) return std::nullopt;
    const ProgramInfo program = describe(app, "handout");
    const std::string arg = argv[2], output = argc == 4 ? argv[3] : "";
    return guarded([&] {
        return manual ? write_manual(program, arg, version) : write_completion(program, arg, output);
    });
}

}  // namespace handout::cli
