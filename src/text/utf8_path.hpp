// A UTF-8 string (a worksheet's image path, a file name from the command
// line) as a filesystem path. std::filesystem::u8path did this until C++20
// deprecated it (GCC 14 warns); a path made from a u8string is the C++20 way.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace handout {

inline std::filesystem::path utf8_path(std::string_view text) {
    return std::filesystem::path(std::u8string(text.begin(), text.end()));
}

}  // namespace handout
