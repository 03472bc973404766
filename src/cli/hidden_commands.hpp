// The program's hidden commands, for its own build and for the shell
// completions; --help does not list them.
#pragma once

#include <optional>
#include <string>

namespace CLI {
class App;
}  // namespace CLI

namespace handout::cli {

/// Runs a hidden command when argv[1] names one, returning its exit code;
/// nullopt otherwise (then `app` parses argv as usual):
/// - `--list-templates`: the page-style names --template NAME finds in the
///   user's and the program's templates folders, one a line;
/// - `--write-manual DIR`: the manual pages of `app` into DIR;
/// - `--write-completion bash|zsh|fish [FILE]`: the completion script of
///   `app`, to FILE or standard output.
/// `app` must have all its subcommands; `version` goes into the manual.
std::optional<int> run_hidden_command(const CLI::App& app, int argc, char** argv, const std::string& version);

}  // namespace handout::cli
