// `--seed` and `--key`: the one reading of each for every command that takes
// them (render, watch, html, layout, batch).
#pragma once

#include <cstdint>
#include <string>

#include "handout/diagnostic.hpp"
#include "handout/layout.hpp"

namespace handout::cli {

/// A seed (or count) from 0 to 4294967295; throws UsageError naming `what`.
inline std::uint32_t parse_seed(const std::string& text, const char* what) {
    if (text.empty() || text.size() > 10 || text.find_first_not_of("0123456789") != std::string::npos)
        throw UsageError(std::string(what) + " must be a whole number from 0 to 4294967295, not '" + text + "'");
    const unsigned long long v = std::stoull(text);
    if (v > 0xFFFFFFFFULL)
        throw UsageError(std::string(what) + " must be a whole number from 0 to 4294967295, not '" + text + "'");
    return static_cast<std::uint32_t>(v);
}

/// `--key on|off|only`.
inline KeyMode parse_key_mode(const std::string& text) {
    if (text == "on") return KeyMode::on;
    if (text == "off") return KeyMode::off;
    if (text == "only") return KeyMode::only;
    throw UsageError("--key takes on, off or only, not '" + text + "'");
}

}  // namespace handout::cli
