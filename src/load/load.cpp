// The worksheet loader's entry points (handout/load.hpp): YAML text or a
// file → validated Worksheet model. Every problem of a file becomes a
// located diagnostic with a hint, and reading goes on after each one so that
// a teacher sees all of them in one run.
#include "handout/load.hpp"

#include "handout/io.hpp"
#include "handout/markup.hpp"
#include "load/worksheet_reader.hpp"
#include "load/yaml_support.hpp"

namespace handout {

std::optional<Worksheet> parse_worksheet(std::string_view text, const std::string& file,
                                         Diagnostics& diags) {
    std::optional<Worksheet> sheet;
    const auto read = [&](const load::Source& source, const YAML::Node& root, Diagnostics& found) {
        sheet = load::WorksheetReader(source, found).read(root);
        check_markup(*sheet, found);
    };
    if (!load::parse_file(text, file, "worksheet", diags, read)) return std::nullopt;
    return sheet;
}

std::optional<Worksheet> load_worksheet(const std::string& path, Diagnostics& diags) {
    const auto text = load::read_yaml_file(path, diags);
    if (!text) return std::nullopt;
    return parse_worksheet(*text, input_name(path), diags);
}

}  // namespace handout
