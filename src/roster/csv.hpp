// CSV records as the roster reader splits them (private to src/roster):
// RFC 4180 quoting, `\n`, `\r\n` or a lone `\r` ending a line, each cell
// located by line and column in characters.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/text.hpp"

namespace handout::roster {


/// One cell of a record, unquoted; `line`/`column` locate its first
/// non-blank character (the opening quote of a quoted cell).
struct Cell {
    std::string text;
    int line = 0;
    int column = 0;
    bool quoted = false;
};

/// One CSV record: usually one line, more when a quoted cell holds newlines.
struct Record {
    std::vector<Cell> cells;
    int end_line = 0;    ///< where the record's line break (or the text) ends
    int end_column = 0;
};

/// Splits UTF-8 text (BOM skipped) into records, counting lines and columns
/// in characters. `\n`, `\r\n` and a lone `\r` end a line; inside quotes they
/// become `\n`.
class CsvReader {
public:
    CsvReader(std::string_view text, char separator, const std::string& file, Diagnostics& diags)
        : text_(text), separator_(separator), file_(file), diags_(diags) {}

    bool at_end() const { return i_ >= text_.size(); }

    /// Whether reading stopped at an unterminated quote (the rest of the
    /// text was swallowed by it).
    bool broken() const { return broken_; }

    /// Reads the next record; call only when not at_end().
    Record next() {
        Record record;
        for (;;) {
            record.cells.push_back(read_cell());
            if (broken_ || at_end() || is_line_break()) break;
            advance();  // the separator
        }
        record.end_line = line_;
        record.end_column = column_;
        if (!at_end()) advance();  // the line break
        return record;
    }

private:
    char peek() const { return at_end() ? '\0' : text_[i_]; }
    bool is_line_break() const { return peek() == '\n' || peek() == '\r'; }
    bool is_blank() const { return peek() == ' ' || (peek() == '\t' && separator_ != '\t'); }

    /// Moves past one character (a whole line break, a whole UTF-8
    /// sequence), keeping line and column up to date.
    void advance() {
        if (peek() == '\r' || peek() == '\n') {
            if (peek() == '\r' && i_ + 1 < text_.size() && text_[i_ + 1] == '\n') ++i_;
            ++i_;
            ++line_;
            column_ = 1;
            return;
        }
        i_ += std::max<std::size_t>(1, utf8_sequence_length(text_, i_));
        ++column_;
    }

    /// Reads one cell up to (not including) its separator or line break.
    Cell read_cell() {
        Cell cell{{}, line_, column_, false};
        const std::size_t start = i_;
        while (is_blank()) advance();
        if (peek() == '"') return read_quoted(std::move(cell));
        if (!at_end() && peek() != separator_ && !is_line_break()) {
            cell.line = line_;
            cell.column = column_;
        }
        while (!at_end() && peek() != separator_ && !is_line_break()) advance();
        cell.text = std::string(text_.substr(start, i_ - start));
        return cell;
    }

    /// Reads a quoted cell: `""` is a quote, separators and line breaks are
    /// kept. Reports an unterminated quote and text after the closing one.
    Cell read_quoted(Cell cell) {
        cell.quoted = true;
        cell.line = line_;
        cell.column = column_;
        advance();  // the opening quote
        for (;;) {
            if (at_end()) {
                diags_.error({file_, cell.line, cell.column},
                             "this quote is never closed",
                             "close the cell with a second \" (write \"\" for a quote "
                             "inside it)");
                broken_ = true;
                return cell;
            }
            if (peek() == '"') {
                advance();
                if (peek() != '"') break;
                cell.text += '"';
                advance();
            } else if (is_line_break()) {
                cell.text += '\n';
                advance();
            } else {
                const std::size_t from = i_;
                advance();
                cell.text += text_.substr(from, i_ - from);
            }
        }
        while (is_blank()) advance();
        if (!at_end() && peek() != separator_ && !is_line_break()) {
            diags_.error({file_, line_, column_}, "text after the closing quote of a cell",
                         "put the whole cell in the quotes, or add a separator before "
                         "this text");
            while (!at_end() && peek() != separator_ && !is_line_break()) advance();
        }
        return cell;
    }

    std::string_view text_;
    char separator_;
    const std::string& file_;
    Diagnostics& diags_;
    std::size_t i_ = 0;
    int line_ = 1;
    int column_ = 1;
    bool broken_ = false;
};

/// The separator the header uses: a tab when the first non-blank line has
/// one between its words outside quotes (a copy-paste from a spreadsheet),
/// else the first `,` or `;` outside quotes; `,` when it has none (a single
/// column).
inline char find_separator(std::string_view text) {
    bool quoted = false, seen_text = false, tab_after_text = false;
    char found = '\0';
    for (char c : text) {
        if (c == '"' && !quoted && tab_after_text) return '\t';
        if (c == '"') quoted = !quoted, seen_text = true;
        else if (quoted) continue;
        else if ((c == ',' || c == ';') && !found) found = c;
        else if (c == '\n' || c == '\r') {
            if (seen_text) break;
        } else if (c == '\t') {
            tab_after_text = tab_after_text || seen_text;
        } else if (c != ' ') {
            if (tab_after_text) return '\t';
            seen_text = true;
        }
    }
    return found ? found : ',';
}

/// True for a record with only empty unquoted cells: a blank line, or a
/// spreadsheet's empty row (`,,`).
inline bool is_blank_record(const Record& record) {
    return std::all_of(record.cells.begin(), record.cells.end(), [](const Cell& c) {
        return !c.quoted && trim(c.text).empty();
    });
}

}  // namespace handout::roster
