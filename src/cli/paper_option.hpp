// `--paper NAME`: the one reading of the option for every command that lays
// out pages (render, layout, batch, mark).
#pragma once

#include <string>

#include "handout/diagnostic.hpp"
#include "handout/paper.hpp"
#include "handout/text.hpp"

namespace handout::cli {

inline constexpr const char* paper_help =
    "Print on this paper: A4, A3 or letter; the page style is scaled to it (default: the style's own)";

/// The paper `name` names, nullptr for "" (the page style's own); throws
/// UsageError for a name that is no paper.
inline const PaperSize* parse_paper(const std::string& name) {
    if (name.empty()) return nullptr;
    if (const PaperSize* p = find_paper(name)) return p;
    throw UsageError("--paper takes A4, A3 or letter, not '" + name + "'" +
                     did_you_mean(name, std::vector<std::string_view>{"A4", "A3", "letter"}));
}

}  // namespace handout::cli
