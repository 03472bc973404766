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

/// The place of byte `offset` of `text`, a text of `ws` written at `loc`:
/// on a text of one line, its column moves there (best effort: quotes and
/// escapes in the YAML source are not counted).
Loc place_in_text(const Worksheet& ws, const std::string& text, const Loc& loc, std::size_t offset) {
    Loc at = loc.file.empty() ? Loc{ws.file, loc.line, loc.column} : loc;
    if (text.find('\n') == std::string::npos && at.line > 0 && at.column > 0)
        at.column += static_cast<int>(count_code_points(std::string_view(text).substr(0, offset)));
    return at;
}

/* Warns, for every text the worksheet prints, about its markup_problems:
   a star next to a digit that markup would swallow (`2*x + 3*y`), and
   markers that print literally although they look like markup.
   Each problem is a warning at the text's place; on a one-line text the
   column moves to the marker (best effort: quotes and escapes in the YAML
   source are not counted). */
void check_markup(const Worksheet& ws, Diagnostics& diags) {
    for_each_printed_text(ws, [&](const std::string& text, const Loc& loc, PrintedText) {
        for (const auto& [offset, message] : markup_problems(text)) {
            const Loc at = place_in_text(ws, text, loc, offset);
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
            const Loc at = place_in_text(ws, text, loc, p.offset);
            if (p.warning)
                diags.warning(at, p.message, p.hint);
            else
                diags.error(at, p.message, p.hint);
        }
    });
}

}  // namespace

bool prints_math(const Worksheet& ws) {
    bool maths = false;
    for_each_printed_text(
        ws, [&](const std::string& text, const Loc&, PrintedText) { maths = maths || has_math(text); });
    return maths;
}

Loc formula_loc(const Worksheet& ws, std::string_view source, bool display) {
    std::optional<Loc> found;
    const auto kind = display ? TextPiece::Kind::display_math : TextPiece::Kind::inline_math;
    for_each_printed_text(ws, [&](const std::string& text, const Loc& loc, PrintedText) {
        if (found || !may_have_math(text)) return;
        for (const TextPiece& piece : split_math(text))
            if (piece.kind == kind && piece.text == source) {
                found = place_in_text(ws, text, loc, piece.offset - (display ? 2 : 1));  // at its `$`
                return;
            }
    });
    return found ? *found : Loc{ws.file, 0, 0};
}

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
