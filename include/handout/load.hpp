// The loader: the only part of handout that knows YAML. Turns a worksheet or
// page-style file into the validated model, collecting every error of the
// file (located, with a hint) instead of stopping at the first.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "handout/diagnostic.hpp"
#include "handout/model.hpp"
#include "handout/style.hpp"

namespace handout {

/// Parses worksheet YAML `text`, reported as coming from `file`. Appends every
/// error and warning to `diags`; returns the worksheet only when there are no
/// errors. Image paths (later) resolve relative to `file`'s folder.
std::optional<Worksheet> parse_worksheet(std::string_view text, const std::string& file,
                                         Diagnostics& diags);

/// Reads and parses a worksheet file ("-": standard input, named `<stdin>` in
/// diagnostics). Throws IoError when it cannot be read.
std::optional<Worksheet> load_worksheet(const std::string& path, Diagnostics& diags);

/// Parses a page-style YAML `text` (templates/<name>.yaml). Keys left out keep
/// the defaults of PageStyle.
std::optional<PageStyle> parse_style(std::string_view text, const std::string& file,
                                     Diagnostics& diags);

/// Reads `<templates_dir>/<name>.yaml`. Throws IoError when it is missing,
/// naming the templates that exist.
std::optional<PageStyle> load_style(const std::string& templates_dir, const std::string& name,
                                    Diagnostics& diags);

}  // namespace handout
