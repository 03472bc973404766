// Helpers shared by the importers and exporters of src/convert/: source
// positions, text conversions between HTML, plain text and worksheet markup,
// numbers as written, names.
#pragma once

#include <cstddef>
#include <optional>
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

/// Markup as XHTML for QTI: as markup_to_html, but each formula as MathML
/// (`<math xmlns="http://www.w3.org/1998/Math/MathML">`, with its source as
/// `alttext`), which QTI 2.1 items may hold.
std::string markup_to_mathml_xhtml(std::string_view markup);

/// True when `text` has an HTML tag or entity in it.
bool looks_like_html(std::string_view text);

/// A number as GIFT, Moodle and the worksheet format write it (`-3.5`,
/// `1e3`): the whole text, finite.
bool parse_number(std::string_view text, double& value);

/// `value` with at most `decimals` decimals, trailing zeros dropped.
std::string format_decimal(double value, int decimals);

/// Decimals written in a number (`3.141` → 3).
int decimals_of(std::string_view number);

/// `value` as GIFT, Moodle XML and QTI read a number: a point for decimals,
/// no grouping, no exponent, the fewest digits that read back as `value`
/// (`70000`, `0.00000003`, `602000000000000000000000`).
std::string number_text(double value);

/// Moodle's weights (percent) for a `multi` question's options, each one of
/// the grades Moodle's importers accept (100, 50, 33.33333, …, 10, 5 and
/// their negatives): right options share 100 %, each wrong one takes a
/// right one's share off, as `scoring: partial` marks. Up to 10 right
/// options the shares are equal; from 11 to 20 they are 10 % and 5 %
/// (a warning in `w` says so); more cannot be written (empty: the caller
/// says what becomes of the question).
std::vector<double> moodle_multi_weights(const Question& q, Diagnostics& w);

/// False (with an error at each) when a question of `sheet` still has
/// `vars:`: an export would show its `{{name}}` placeholders.
bool vars_drawn(const Worksheet& sheet, Diagnostics& diags);

/// The model answer of a `short` question made from an essay that has none:
/// the teacher marks it, as Moodle's essay is marked.
inline constexpr const char* no_model_answer = "(no model answer in the source: marked by the teacher)";

/// A note when Moodle's weights of a multiple-answer question (percent, one
/// per option) score differently from a worksheet's `partial` scoring (each
/// right tick 1/k of the points, each wrong tick 1/k off); "" when they
/// score the same. `texts` are the options as markup.
std::string multi_weights_note(const std::vector<std::string>& texts, const std::vector<double>& weights);

/// Notes for an ordering question from Moodle where Moodle shows or marks it
/// otherwise than a worksheet's `order` (every item, all or nothing):
/// `select` and `grading` as Moodle writes them ("" when left out, Moodle's
/// defaults RANDOM and RELATIVE_NEXT_EXCLUDE_LAST), `count` the number of
/// items Moodle shows when it selects, `items` how many there are.
void ordering_notes(std::string_view select, int count, std::string_view grading, std::size_t items,
                    std::vector<std::string>& notes);

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

/// A Moodle cloze text (`html` in the questiontext's `format`) as a `fill`
/// question's body, notes added for what scores differently. False when it
/// cannot be one: `problem` then says why.
bool read_cloze_text(const std::string& html, const std::string& format, const Loc& at, Question& question,
                     std::vector<std::string>& notes, std::string& problem);

/// A YAML scalar for `s` that reads back as exactly `s`: plain where YAML
/// allows it, else 'single-quoted', else "double-quoted" (line breaks, tabs).
std::string yaml_scalar(const std::string& s, bool flow = false);

/// Where a question starts in the YAML written (1-based line) and the item
/// it was written from.
struct YamlLine {
    int line = 0;
    const ConvertedItem* item = nullptr;
};

/// write_worksheet_yaml, also giving the line where each question starts.
std::string write_yaml(const Converted& bank, bool with_images, std::vector<YamlLine>* lines);

}  // namespace handout::convert
