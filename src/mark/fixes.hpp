// Private to src/mark: the corrections file (`mark --fix`), one line per
// answer a person decided: `sheet,question,marked`, a header row first.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "handout/diagnostic.hpp"

namespace handout::mark {

/// One correction as read, with where its answer is written.
struct Fix {
    std::string sheet, marked;
    int question = 0;
    Loc loc;
    bool used = false;  ///< set when a sheet read has the question
};

/// The corrections of `text` (the file `path`); a located error in `diags`
/// for each row that is not `sheet,question,marked` with a question number.
std::vector<Fix> parse_fixes(std::string_view text, const std::string& path, Diagnostics& diags);

/// parse_fixes of the file `path` (IoError when it cannot be read).
std::vector<Fix> load_fixes(const std::string& path, Diagnostics& diags);

}  // namespace handout::mark
