// The manual pages (roff, man(7)): one for `handout` and one per command,
// written from what --help says (command_info.hpp) and the few paragraphs
// of prose in manual_prose.cpp.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/command_info.hpp"

namespace handout::cli {

/// One command line of an EXAMPLES section and what it does.
struct ManualExample {
    std::string_view command, comment;
};

/// The prose of a page that --help does not hold.
struct ManualProse {
    std::string_view description;  ///< paragraphs, separated by "\n\n"
    std::vector<ManualExample> examples;
};

/// The prose for `command` ("" = the program's own page); an empty
/// description for a command the manual has no words for yet (its page
/// then says what --help says).
ManualProse manual_prose(std::string_view command);

/// The program page's FILES, ENVIRONMENT and EXIT STATUS: pairs of a term
/// and what it means.
std::vector<std::pair<std::string_view, std::string_view>> manual_files();
std::vector<std::pair<std::string_view, std::string_view>> manual_environment();
std::vector<std::pair<int, std::string_view>> manual_exit_status();

/// Every page, as (file name, roff text): `handout.1`, then
/// `handout-<command>.1` per command; `version` goes into each page's title.
std::vector<std::pair<std::string, std::string>> manual_pages(const ProgramInfo& program, const std::string& version);

/// `text` as roff running text: backslashes, leading dots and apostrophes
/// escaped, hyphens of options as \-, other characters as \[uXXXX].
std::string roff_escape(std::string_view text);

}  // namespace handout::cli
