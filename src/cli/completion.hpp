// Shell completion scripts (bash, zsh, fish), written from what --help says
// (command_info.hpp): commands, options, the values of options, page-style
// names (asked of `handout --list-templates` as the user types) and .yaml
// files.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cli/command_info.hpp"

namespace handout::cli {

/// The completion script for `shell` ("bash", "zsh" or "fish"); nullopt for
/// any other shell.
std::optional<std::string> completion_script(const ProgramInfo& program, std::string_view shell);

}  // namespace handout::cli
