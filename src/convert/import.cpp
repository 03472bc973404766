// `handout import`: picks the reader by the file's name and content, runs it,
// then checks the YAML it makes exactly as `handout check` would, reporting
// any problem at the place in the source file it came from.
#include "handout/convert.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "convert/support.hpp"
#include "handout/io.hpp"
#include "handout/load.hpp"
#include "handout/text.hpp"
#include "text/utf8_path.hpp"

namespace handout {

using namespace convert;

namespace {

enum class Source { gift, aiken, xml };

// Aiken when a line reads `ANSWER: X` and no GIFT answer block is there.
bool looks_like_aiken(std::string_view text) {
    bool answer_line = false;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string line = trim_space(text.substr(pos, end - pos));
        if (line.rfind("ANSWER:", 0) == 0) answer_line = true;
        pos = end + 1;
    }
    return answer_line && text.find('{') == std::string_view::npos;
}

}  // namespace

std::optional<ImportResult> import_file(const std::string& input, const std::string& output, Diagnostics& diags) {
    namespace fs = std::filesystem;
    const std::string text = read_file(input);
    const std::string ext = ascii_lower(utf8_path(input).extension().string());
    const std::string head = trim_space(std::string_view(text).substr(0, 200));
    Source source = Source::gift;
    if (ext == ".xml" || head.rfind("<?xml", 0) == 0 || head.rfind("<quiz", 0) == 0) source = Source::xml;
    else if (ext != ".gift" && looks_like_aiken(text)) source = Source::aiken;

    Diagnostics found;
    ImportResult result;
    if (source == Source::xml) {
        const std::string image_dir = utf8_path(output).stem().string() + "-images";
        result.bank = import_moodle_xml(text, input, image_dir, found);
    } else if (source == Source::aiken) {
        result.bank = import_aiken(text, input, found);
    } else {
        result.bank = import_gift(text, input, found);
    }
    if (!found.has_errors() && result.bank.question_count() == 0)
        found.error({input, 1, 1}, "no question in this file could be carried over",
                    "check that it is " + result.bank.source_format + " (see docs/import-export.md)");
    if (found.has_errors()) {
        diags.append(found);
        return std::nullopt;
    }

    // The worksheet it makes must load as any worksheet: check it, and point
    // any problem at the question in the source it came from.
    std::vector<std::pair<int, Loc>> lines;
    const std::string check_yaml = convert::write_yaml(result.bank, false, &lines);
    Diagnostics checked;
    parse_worksheet(check_yaml, output, checked);
    for (const auto& d : checked.items()) {
        Loc at{input, 1, 1};
        for (const auto& [line, loc] : lines)
            if (line <= d.loc.line) at = loc;
        const std::string hint =
            "the worksheet made from this question would not load; fix the question in " +
            utf8_path(input).filename().string() + (d.hint.empty() ? "" : " (" + d.hint + ")");
        if (d.severity == Severity::error) found.error(at, d.message, hint);
        else found.warning(at, d.message, d.hint);
    }
    diags.append(found);
    if (found.has_errors()) return std::nullopt;
    result.yaml = write_worksheet_yaml(result.bank, true);
    return result;
}

std::optional<ExportFormat> parse_export_format(std::string_view name) {
    if (name == "moodle-xml" || name == "xml") return ExportFormat::moodle_xml;
    if (name == "gift") return ExportFormat::gift;
    if (name == "qti") return ExportFormat::qti;
    return std::nullopt;
}

}  // namespace handout
