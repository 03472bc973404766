// `handout new`: writes a commented starter worksheet, kept out of main.cpp.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace handout::cli {

struct NewArgs {
    std::vector<std::string> types;  ///< question types, in order; empty = the default mix
    std::string output = "worksheet.yaml";
    bool force = false;
};

/// Adds the `new` subcommand to `app`, filling `args` (in command_info.cpp,
/// with the other code that includes CLI11).
CLI::App* add_new_command(CLI::App& app, NewArgs& args);

/// The starter worksheet: a schema modeline, commented top-level keys and
/// one example question of each of `types` (the default mix when empty), with
/// `id` as its id. Throws UsageError for an unknown type.
std::string starter_worksheet(const std::vector<std::string>& types, const std::string& id);

/// Writes it to args.output (standard output for "-"), never over an
/// existing file unless args.force; nothing is written on error.
int run_new(const NewArgs& args);

}  // namespace handout::cli
