// Private to src/scan: which answer group a target belongs to, shared by the
// judge (a lone mark in its group) and summarize().
#pragma once

#include <string>

namespace handout::scan::detail {

/// The "row" of a "row:x" value (match/order rows, digit and id columns: each
/// its own answer group), or "" for a plain value.
inline std::string group_of(const std::string& value) {
    const auto colon = value.find(':');
    return colon == std::string::npos ? std::string() : value.substr(0, colon);
}

}  // namespace handout::scan::detail
