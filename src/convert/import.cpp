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
#include "load/worksheet_reader.hpp"
#include "load/yaml_support.hpp"
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

// Why a bank gave no question, at the first thing it had: only descriptions
// or essays commented out, only categories, or nothing a reader knew.
void report_empty(const Converted& bank, const std::string& input, Diagnostics& found) {
    const ConvertedItem* first = nullptr;
    for (const auto& s : bank.sections)
        for (const auto& i : s.items)
            if (!first) first = &i;
    if (first) {
        found.error(first->loc,
                    "no question to import: the " + std::to_string(bank.commented_count()) +
                        " item(s) of this file have no worksheet type (" +
                        (first->notes.empty() ? std::string("see below") : first->notes.back()) + ")",
                    "a worksheet needs at least one question; add one to the file, or copy the text into a "
                    "worksheet by hand");
        return;
    }
    const bool categories = std::any_of(bank.sections.begin(), bank.sections.end(),
                                        [](const ConvertedSection& s) { return !s.title.empty(); });
    found.error(categories ? bank.sections.front().loc : Loc{input, 1, 1},
                categories ? "no question to import: the file has only categories ($CATEGORY lines)"
                           : "no question to import: the file is empty or has only comments",
                "check that it is the question bank you meant (" + bank.source_format +
                    "; see docs/import-export.md)");
}

// A bank bigger than one worksheet may be (500 questions, 2 MB of YAML),
// refused as a whole with how to split it, rather than at the loader's
// limits, which would point at the YAML never written.
void report_too_big(const Converted& bank, const std::string& input, Diagnostics& found) {
    const std::string hint =
        "a worksheet holds at most " + std::to_string(load::max_questions) + " questions and " +
        std::to_string(load::max_file_bytes / 1000000) +
        " MB: export the bank from Moodle a category at a time (or split the file) and import "
        "each part";
    if (bank.question_count() > load::max_questions) {
        found.error({input, 1, 1},
                    "this bank has " + std::to_string(bank.question_count()) +
                        " questions, more than one worksheet holds",
                    hint);
        return;
    }
    if (const std::size_t size = write_worksheet_yaml(bank, true).size(); size > load::max_file_bytes)
        found.error({input, 1, 1},
                    "the worksheet made from this bank would be " + std::to_string(size) +
                        " bytes, more than one "
                        "worksheet holds",
                    hint);
}

// The item whose question the YAML line `line` belongs to (nullptr: none).
const ConvertedItem* item_at(const std::vector<YamlLine>& lines, int line) {
    const ConvertedItem* at = nullptr;
    for (const auto& l : lines)
        if (l.line <= line) at = l.item;
    return at;
}

// Reports the check's findings at the source place of the question they are in.
void report_checked(const Diagnostics& checked, const std::vector<YamlLine>& lines, const std::string& input,
                    Diagnostics& found) {
    for (const auto& d : checked.items()) {
        const ConvertedItem* item = item_at(lines, d.loc.line);
        const Loc at = item ? item->loc : Loc{input, 1, 1};
        const std::string hint =
            "the worksheet made from this question would not load; fix the question in " +
            utf8_path(input).filename().string() + (d.hint.empty() ? "" : " (" + d.hint + ")");
        if (d.severity == Severity::error)
            found.error(at, d.message, hint);
        else
            found.warning(at, d.message, d.hint);
    }
}

// Marks each question the check refused to be written commented out, its
// reason as a note and a warning. False when an error is in no question.
bool comment_out_refused(const Diagnostics& checked, const std::vector<YamlLine>& lines, Converted& bank,
                         Diagnostics& found) {
    std::vector<std::pair<const ConvertedItem*, const Diagnostic*>> refused;
    for (const auto& d : checked.items()) {
        if (d.severity != Severity::error) continue;
        const ConvertedItem* item = item_at(lines, d.loc.line);
        if (!item) return false;
        refused.emplace_back(item, &d);
    }
    for (auto& s : bank.sections)
        for (auto& i : s.items)
            for (const auto& [item, d] : refused) {
                if (item != &i) continue;
                if (!i.comment_out)
                    i.notes.push_back("Not carried over: the worksheet refuses it: " + d->message +
                                      (d->hint.empty() ? "" : " (" + d->hint + ")"));
                i.comment_out = true;
                found.warning(i.loc, d->message + "; the question is written commented out", d->hint);
            }
    return true;
}

}  // namespace

std::optional<ImportResult> import_file(const std::string& input, const std::string& output, Diagnostics& diags) {
    namespace fs = std::filesystem;
    const std::string ext = ascii_lower(utf8_path(input).extension().string());
    // Bounded: a text bank's reader keeps about 20 bytes a character, an XML
    // one about 5; a bank over the limit is refused from its size, unread.
    const std::size_t limit = ext == ".xml" ? max_xml_bank_bytes : max_text_bank_bytes;
    std::string text;
    try {
        text = read_file(input, limit);
    } catch (const FileTooLarge& e) {
        diags.error({input, 1, 1},
                    "the question bank is " + e.size() + " bytes; import reads banks up to " +
                        std::to_string(limit >> 20) + " MiB (" +
                        (ext == ".xml" ? "Moodle XML" : "GIFT or Aiken") + ")",
                    "export it from Moodle in parts (a category at a time) and import each part");
        return std::nullopt;
    }
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
    if (!found.has_errors() && result.bank.question_count() == 0) report_empty(result.bank, input, found);
    if (!found.has_errors()) report_too_big(result.bank, input, found);
    if (found.has_errors()) {
        diags.append(found);
        return std::nullopt;
    }

    // The worksheet it makes must load as any worksheet: check it. A question
    // the worksheet refuses is written commented out with the reason (a
    // warning at its place in the source); a problem of no one question
    // fails the import, pointed at the source.
    for (int round = 0; round < 3; ++round) {
        std::vector<YamlLine> lines;
        const std::string check_yaml = convert::write_yaml(result.bank, false, &lines);
        Diagnostics checked;
        parse_worksheet(check_yaml, output, checked);
        if (!checked.has_errors() || round == 2 || !comment_out_refused(checked, lines, result.bank, found)) {
            report_checked(checked, lines, input, found);
            break;
        }
    }
    if (!found.has_errors() && result.bank.question_count() == 0) report_empty(result.bank, input, found);
    if (found.has_errors()) {
        diags.append(found);
        return std::nullopt;
    }
    // What is written is what was checked, with the image keys (their files
    // are written beside it) put back; `handout import` checks it once more
    // with them, as `handout check` would, before it replaces anything.
    result.yaml = write_worksheet_yaml(result.bank, true);
    diags.append(found);
    return result;
}

bool comment_out_checked(ImportResult& result, const Diagnostics& checked, Diagnostics& diags) {
    std::vector<YamlLine> lines;
    convert::write_yaml(result.bank, true, &lines);
    Diagnostics found;
    const bool ok = checked.has_errors() && comment_out_refused(checked, lines, result.bank, found);
    if (!ok) report_checked(checked, lines, result.bank.source_file, found);
    diags.append(found);
    result.yaml = write_worksheet_yaml(result.bank, true);
    return ok && result.bank.question_count() > 0;
}

std::optional<ExportFormat> parse_export_format(std::string_view name) {
    if (name == "moodle-xml" || name == "xml") return ExportFormat::moodle_xml;
    if (name == "gift") return ExportFormat::gift;
    if (name == "qti") return ExportFormat::qti;
    return std::nullopt;
}

}  // namespace handout
