// The loader: the only part of handout that knows YAML. Turns a worksheet or
// page-style file into the validated model, collecting every error of the
// file (located, with a hint) instead of stopping at the first.
#pragma once

#include <optional>
#include <string>
#include <vector>
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

/// Whether any text `ws` prints holds a formula (`$…$`).
bool prints_math(const Worksheet& ws);

/// Where formula `source` (between `$`, or `$$` when `display`) is first
/// written among the texts `ws` prints: at its `$` on a text of one line,
/// as the loader places a formula's problems; the worksheet's file (no
/// line) when no text holds it as written (a value of `vars:` went into it).
Loc formula_loc(const Worksheet& ws, std::string_view source, bool display);

/// Parses a page-style YAML `text` (templates/<name>.yaml). Keys left out keep
/// the defaults of PageStyle.
std::optional<PageStyle> parse_style(std::string_view text, const std::string& file,
                                     Diagnostics& diags);

/// Whether a `--template` or `template:` value is a file path (it holds a `/`
/// or ends in `.yaml`) rather than a style's name.
bool is_template_path(const std::string& name);

/// The folders a style's name is looked up in, nearest first: the worksheet's
/// own folder and the `templates` folder in it (not for `-`, standard input),
/// `$XDG_CONFIG_HOME/handout/templates` (`~/.config/handout/templates` when
/// that is unset), then the program's `<data_dir>/templates`.
std::vector<std::string> template_folders(const std::string& worksheet, const std::string& data_dir);

/// The names of every page style found in template_folders("", data_dir),
/// sorted, each once ("classic", "large-print", …).
std::vector<std::string> template_names(const std::string& data_dir);

/// The page-style file `name` means for `worksheet`: a path as given
/// (relative ones from the worksheet's folder), or `<name>.yaml` in the
/// first of template_folders that has it. Throws IoError when there is none,
/// naming the folders searched and the program's styles.
std::string find_template(const std::string& name, const std::string& worksheet, const std::string& data_dir);

/// Reads a page-style file; the style's name is the file name without `.yaml`.
std::optional<PageStyle> load_style_file(const std::string& path, Diagnostics& diags);

/// Reads `<templates_dir>/<name>.yaml`. Throws IoError when it is missing,
/// naming the templates that exist.
std::optional<PageStyle> load_style(const std::string& templates_dir, const std::string& name,
                                    Diagnostics& diags);

}  // namespace handout
