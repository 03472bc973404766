// Helpers shared by the importers and exporters of src/convert/: source
// positions, text conversions between HTML, plain text and worksheet markup,
// numbers as written, names.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "handout/convert.hpp"
#include "handout/diagnostic.hpp"

namespace handout::convert {

/// Byte offsets of a source text to 1-based line:column.
class LineMap {
public:
    LineMap(std::string_view text, std::string file);
    Loc at(std::size_t offset) const;
    const std::string& file() const { return file_; }

private:
    std::vector<std::size_t> starts_;
    std::string file_;
};

/// `text` without leading and trailing spaces, tabs and line breaks.
std::string trim_space(std::string_view text);

/// Text that printed as it is would be plain: `*`, `` ` `` and `\` before them
/// escaped only where the worksheet markup would otherwise read them.
std::string plain_to_markup(std::string_view text);

/// HTML (Moodle's `html` format) to worksheet markup: <b>/<strong> → **,
/// <i>/<em> → *, <code>/<tt> → `, <br>/<p> → line breaks, entities decoded.
/// Everything without an equivalent (links, styles, tables, media, images) is
/// described in `notes`; its text is kept. `images` gets the src of each <img>.
std::string html_to_markup(std::string_view html, std::vector<std::string>& notes,
                           std::vector<std::string>* images = nullptr);

/// Worksheet markup to HTML (escaped, <strong>/<em>/<code>, <br> for breaks).
std::string markup_to_html(std::string_view markup);

/// True when `text` has an HTML tag or entity in it.
bool looks_like_html(std::string_view text);

/// A number as GIFT, Moodle and the worksheet format write it (`-3.5`,
/// `1e3`): the whole text, finite.
bool parse_number(std::string_view text, double& value);

/// `value` with at most `decimals` decimals, trailing zeros dropped.
std::string format_decimal(double value, int decimals);

/// Decimals written in a number (`3.141` → 3).
int decimals_of(std::string_view number);

/// A worksheet id from a file name (`My quiz.gift` → `my-quiz`), and a title.
std::string id_from_file(const std::string& file);
std::string title_from_file(const std::string& file);

/// Names `out` after the file it was read from: source_file, id and title.
void name_after_file(Converted& out, const std::string& file);

/// The last part of a Moodle category path (`$course$/Top/Part A` → `Part A`).
std::string category_title(std::string_view path);

/// Lines of `text` as `"…"`-quoted note text, shortened to about `max` bytes.
std::string quote_short(std::string_view text, std::size_t max = 60);

/// Base64.
std::string base64_decode(std::string_view text, bool& ok);
std::string base64_encode(std::string_view bytes);

/// A short name for a question (its prompt's start), for formats that need
/// one; `n` is its number in the worksheet.
std::string question_name(const Question& q, std::size_t n);

/// The text that would be printed for a fill question as one line with
/// `gap(i, answer)` at each gap.
template <class F>
std::string fill_text(const Question& q, F gap) {
    std::string out;
    std::size_t i = 0;
    for (const auto& part : q.as<Fill>().parts) out += part.gap ? gap(i++, part.text) : part.text;
    return out;
}

/// A YAML scalar for `s` that reads back as exactly `s`: plain where YAML
/// allows it, else 'single-quoted', else "double-quoted" (line breaks, tabs).
std::string yaml_scalar(const std::string& s, bool flow = false);

/// write_worksheet_yaml, also giving the YAML line (1-based) where each
/// question starts and the source place it came from.
std::string write_yaml(const Converted& bank, bool with_images, std::vector<std::pair<int, Loc>>* lines);

}  // namespace handout::convert
