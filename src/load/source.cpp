// Source positions, UTF-8 and size checks of one YAML file, and reading it
// from disk: the first things done to every worksheet and page style.
#include "load/yaml_support.hpp"

#include "handout/io.hpp"
#include "handout/number.hpp"
#include "handout/text.hpp"

namespace handout::load {

// ---------------------------------------------------------------------------
// Source positions
// ---------------------------------------------------------------------------

Source::Source(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {
    line_starts_.push_back(0);
    chars_before_.reserve(text_.size() + 1);
    std::uint32_t chars = 0;
    for (std::size_t i = 0; i < text_.size(); ++i) {
        chars_before_.push_back(chars);
        chars += (static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80;
        if (text_[i] == '\n') line_starts_.push_back(i + 1);
    }
    chars_before_.push_back(chars);
}

int Source::column(std::size_t start, std::size_t offset) const {
    return static_cast<int>(chars_before_[offset] - chars_before_[start]) + 1;
}

std::size_t Source::offset(const YAML::Mark& mark) const {
    if (mark.line < 0 || mark.column < 0) return std::string_view::npos;
    const auto line = static_cast<std::size_t>(mark.line);
    if (line >= line_starts_.size()) return std::string_view::npos;
    return std::min(line_starts_[line] + static_cast<std::size_t>(mark.column), text_.size());
}

Loc Source::at(const YAML::Mark& mark) const {
    const std::size_t off = offset(mark);
    if (off == std::string_view::npos) return {file_, 0, 0};
    // yaml-cpp counts columns in bytes; count characters up to the mark.
    const std::size_t start = line_starts_[static_cast<std::size_t>(mark.line)];
    return {file_, mark.line + 1, column(start, off)};
}

Loc Source::at_offset(std::size_t offset) const {
    offset = std::min(offset, text_.size());
    const auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const std::size_t line = static_cast<std::size_t>(next - line_starts_.begin()) - 1;
    const std::size_t start = line_starts_[line];
    return {file_, static_cast<int>(line) + 1, column(start, offset)};
}

// ---------------------------------------------------------------------------
// UTF-8
// ---------------------------------------------------------------------------

std::string_view skip_bom(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    return text;
}

bool check_utf8(std::string_view text, const std::string& file, Diagnostics& diags) {
    return handout::check_utf8(text, file,
                               "save the file as UTF-8 (in your editor: Save As… → Encoding: UTF-8)",
                               diags);
}

bool check_bytes(std::string_view text, const std::string& file, Diagnostics& diags) {
    // A NUL ends the text for many tools, and yaml-cpp reads on past it; a
    // carriage return alone (old Mac line ends) is no line break to yaml-cpp,
    // which then sees one long line and reports something far from the cause.
    bool ok = true;
    int line = 1;
    std::size_t line_start = 0;
    bool line_reported = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            line_start = i + 1;
            line_reported = false;
            continue;
        }
        const bool nul = c == '\0', lone_cr = c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n');
        if ((!nul && !lone_cr) || line_reported) continue;
        const int column = 1 + static_cast<int>(count_code_points(text.substr(line_start, i - line_start)));
        if (nul)
            diags.error({file, line, column}, "the file contains the character U+0000 (NUL)",
                        "a worksheet is plain text: remove it (it often comes from copying out of a binary file "
                        "or a file saved as UTF-16)");
        else
            diags.error({file, line, column},
                        "this line ends with a carriage return alone (CR, the line end of old Mac files), "
                        "which YAML does not read as a line end",
                        "save the file with LF or CRLF line ends (in your editor: Line endings → LF)");
        line_reported = true;
        ok = false;
        if (lone_cr) break;  // every line after it is the same one long line: once is enough
    }
    return ok;
}

void report_size(const std::string& file, const std::string& size, Diagnostics& diags) {
    diags.error({file, 1, 1},
                "the file is " + size + " bytes; the limit is " + with_commas(max_file_bytes) +
                    " bytes (2 MB)",
                "a worksheet or template is text only (images are separate files): split it "
                "into smaller files");
}

bool check_size(std::string_view text, const std::string& file, Diagnostics& diags) {
    if (text.size() <= max_file_bytes) return true;
    report_size(file, with_commas(text.size()), diags);
    return false;
}

std::optional<std::string> read_yaml_file(const std::string& path, Diagnostics& diags) {
    // Never more than one byte over the limit is read (a regular file over
    // it is refused from its size, unread).
    try {
        return read_file(path, max_file_bytes, FileKinds::streams);
    } catch (const FileTooLarge& e) {
        report_size(input_name(path), e.size(), diags);
        return std::nullopt;
    }
}

}  // namespace handout::load
