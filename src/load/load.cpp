// The worksheet loader's entry points (handout/load.hpp): YAML text or a
// file → validated Worksheet model. Every problem of a file becomes a
// located diagnostic with a hint, and reading goes on after each one so that
// a teacher sees all of them in one run.
#include "handout/load.hpp"

#include "handout/io.hpp"
#include "handout/markup.hpp"
#include "handout/math.hpp"
#include "handout/text.hpp"
#include "load/worksheet_reader.hpp"
#include "load/yaml_support.hpp"

namespace handout {

namespace {

/* Warns, for every text the worksheet prints, about its markup_problems:
   a star next to a digit that markup would swallow (`2*x + 3*y`), and
   markers that print literally although they look like markup.
   Each problem is a warning at the text's place; on a one-line text the
   column moves to the marker (best effort: quotes and escapes in the YAML
   source are not counted). */
void check_markup(const Worksheet& ws, Diagnostics& diags) {
    for_each_printed_text(ws, [&](const std::string& text, const Loc& loc, PrintedText) {
        for (const auto& [offset, message] : markup_problems(text)) {
            Loc at = loc.file.empty() ? Loc{ws.file, loc.line, loc.column} : loc;
            if (text.find('\n') == std::string::npos && at.line > 0 && at.column > 0)
                at.column += static_cast<int>(count_code_points(std::string_view(text).substr(0, offset)));
            // Every problem reads "what happens; what to do".
            const std::size_t cut = message.rfind("; ");
            diags.warning(at, message.substr(0, cut),
                          cut == std::string::npos ? "" : message.substr(cut + 2));
        }
    });
}

/* Reports the problems of every formula the worksheet prints (math.hpp):
   errors for what cannot be typeset, all at once, and warnings where a `$`
   prints literally but looks meant as maths. Placed as check_markup places
   its warnings. */
void check_math(const Worksheet& ws, Diagnostics& diags) {
    for_each_printed_text(ws, [&](const std::string& text, const Loc& loc, PrintedText) {
        if (!may_have_math(text)) return;
        for (const MathProblem& p : math_problems(text)) {
            Loc at = loc.file.empty() ? Loc{ws.file, loc.line, loc.column} : loc;
            if (text.find('\n') == std::string::npos && at.line > 0 && at.column > 0)
                at.column += static_cast<int>(count_code_points(std::string_view(text).substr(0, p.offset)));
            if (p.warning)
                diags.warning(at, p.message, p.hint);
            else
                diags.error(at, p.message, p.hint);
        }
    });
}

}  // namespace

std::optional<Worksheet> parse_worksheet(std::string_view text, const std::string& file,
                                         Diagnostics& diags) {
    std::optional<Worksheet> sheet;
    const auto read = [&](const load::Source& source, const YAML::Node& root, Diagnostics& found) {
        sheet = load::WorksheetReader(source, found).read(root);
        check_markup(*sheet, found);
        check_math(*sheet, found);
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
