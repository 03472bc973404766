// The worksheet loader: YAML text → validated Worksheet model. Every problem
// of a file becomes a located diagnostic with a hint, and reading goes on
// after each one so that a teacher sees all of them in one run.
//
// The first half of this file holds the helpers shared with the page-style
// loader (declared in yaml_support.hpp); the second half reads worksheets.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <unordered_map>
#include <sstream>

#include <yaml-cpp/eventhandler.h>

#include "handout/fonts.hpp"
#include "handout/image.hpp"
#include "handout/load.hpp"
#include "handout/io.hpp"
#include "handout/markup.hpp"
#include "handout/number.hpp"
#include "handout/text.hpp"
#include "load/yaml_support.hpp"

namespace handout {
namespace load {

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

namespace {

/// Offset of the first byte that is not part of well-formed UTF-8 (no
/// overlong forms, no surrogates, nothing above U+10FFFF), or npos.
std::size_t find_bad_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        if (lead < 0x80) {
            ++i;
            continue;
        }
        // Length of the sequence and the allowed range of its second byte.
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            if (lead == 0xE0) low = 0xA0;   // overlong
            if (lead == 0xED) high = 0x9F;  // surrogates
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            if (lead == 0xF0) low = 0x90;   // overlong
            if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
        } else {
            return i;
        }
        for (std::size_t k = 1; k < length; ++k) {
            if (i + k >= text.size()) return i;
            const auto byte = static_cast<unsigned char>(text[i + k]);
            const unsigned char lo = k == 1 ? low : 0x80, hi = k == 1 ? high : 0xBF;
            if (byte < lo || byte > hi) return i;
        }
        i += length;
    }
    return std::string_view::npos;
}

}  // namespace

bool check_utf8(std::string_view text, const std::string& file, Diagnostics& diags) {
    const std::size_t bad = find_bad_utf8(text);
    if (bad == std::string_view::npos) return true;
    // The text before `bad` is valid, so Source can count its characters.
    const Source source(text, file);
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[bad]));
    diags.error(source.at_offset(bad), std::string("invalid UTF-8 byte ") + byte,
                "save the file as UTF-8 (in your editor: Save As… → Encoding: UTF-8)");
    return false;
}

// ---------------------------------------------------------------------------
// YAML syntax
// ---------------------------------------------------------------------------

namespace {

/// Where the innermost flow bracket still open at `end` was opened, and the
/// first comment (`#` after a space) met while it was open: a `#` inside
/// `[~, =, #, {]` starts a comment, so the rest of the line is never read.
struct OpenBracket {
    std::size_t at = std::string_view::npos;
    std::size_t comment = std::string_view::npos;
};

/* Scans forward to `end`, skipping quoted scalars and comments, keeping a
   stack of open flow brackets. Best effort: it only improves where an error
   is shown. */
OpenBracket unclosed_bracket(std::string_view text, std::size_t end, char open, char close) {
    std::vector<OpenBracket> stack;
    end = std::min(end, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        const char c = text[i];
        const bool after_space = i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n';
        if ((c == '\'' || c == '"') && (after_space || text[i - 1] == '[' || text[i - 1] == '{' || text[i - 1] == ',')) {
            for (++i; i < end && text[i] != c; ++i)
                if (c == '"' && text[i] == '\\') ++i;
        } else if (c == '#' && after_space) {
            for (OpenBracket& b : stack)
                if (b.comment == std::string_view::npos) b.comment = i;
            while (i < end && text[i] != '\n') ++i;
        } else if (c == open) {
            stack.push_back({i, std::string_view::npos});
        } else if (c == close && !stack.empty()) {
            stack.pop_back();
        }
    }
    return stack.empty() ? OpenBracket{} : stack.back();
}

/// The first line, up to `end`, indented with a tab (offset of the tab), or npos.
std::size_t tab_indent(std::string_view text, std::size_t end) {
    for (std::size_t line = 0; line < std::min(end, text.size());) {
        std::size_t i = line;
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) {
            if (text[i] == '\t') return i;
            ++i;
        }
        const std::size_t next = text.find('\n', line);
        if (next == std::string_view::npos) break;
        line = next + 1;
    }
    return std::string_view::npos;
}

/// The first line, up to the line of `end`, that starts `-word:` (a list
/// dash with no space after it), as the offset of the dash, or npos.
std::size_t dash_without_space(std::string_view text, std::size_t end) {
    const std::size_t stop = std::min(text.find('\n', std::min(end, text.size())), text.size());
    for (std::size_t line = 0; line < stop;) {
        std::size_t i = line;
        while (i < text.size() && text[i] == ' ') ++i;
        if (i + 1 < text.size() && text[i] == '-' && std::isalpha(static_cast<unsigned char>(text[i + 1]))) {
            std::size_t k = i + 1;
            while (k < text.size() && (std::isalnum(static_cast<unsigned char>(text[k])) || text[k] == '_')) ++k;
            if (k + 1 < text.size() && text[k] == ':' && (text[k + 1] == ' ' || text[k + 1] == '\n')) return i;
        }
        const std::size_t next = text.find('\n', line);
        if (next == std::string_view::npos) break;
        line = next + 1;
    }
    return std::string_view::npos;
}

/* Mistakes that make yaml-cpp fail somewhere else than where they are:
   indentation with tabs, and `-prompt:` with no space after the dash. When
   one of them stands at or before the error, it is reported instead of the
   parser's message, which would only confuse. */
bool report_likely_cause(const Source& source, Diagnostics& diags, std::size_t off) {
    const std::string_view text = source.text();
    if (const std::size_t tab = tab_indent(text, off == std::string_view::npos ? text.size() : off + 1);
        tab != std::string_view::npos) {
        diags.error(source.at_offset(tab), "this line is indented with a tab; YAML allows only spaces for indentation",
                    "indent with spaces (most editors can convert tabs to spaces: 'Convert indentation to spaces')");
        return true;
    }
    if (const std::size_t dash = dash_without_space(text, off == std::string_view::npos ? text.size() : off);
        dash != std::string_view::npos) {
        const std::size_t colon = text.find(':', dash);
        const std::string word(text.substr(dash + 1, colon - dash - 1));
        diags.error(source.at_offset(dash),
                    "'-" + word + ":' needs a space after the dash to start a list entry",
                    "write '- " + word + ":'");
        return true;
    }
    return false;
}

/// Column (1-based) where the text of the line holding `off` starts.
int indent_of_line(std::string_view text, std::size_t off) {
    std::size_t start = text.rfind('\n', off == 0 ? 0 : off - 1);
    start = start == std::string_view::npos || off == 0 ? 0 : start + 1;
    std::size_t i = start;
    while (i < text.size() && text[i] == ' ') ++i;
    return static_cast<int>(i - start) + 1;
}

/// Turns a yaml-cpp parser error into a located diagnostic with a readable
/// message, with special advice for the quoting mistakes made most often.
void report_syntax_error(const Source& source, Diagnostics& diags, const YAML::Exception& e) {
    const std::string_view text = source.text();
    const std::size_t off = source.offset(e.mark);
    const char here = off < text.size() ? text[off] : '\0';
    const std::string& msg = e.msg;
    Loc loc = source.at(e.mark);
    if (report_likely_cause(source, diags, off)) return;

    // yaml-cpp marks an empty alias ("* star") just after its star.
    const bool star = here == '*' || (off != std::string_view::npos && off > 0 &&
                                      here != '*' && text[off - 1] == '*');
    if ((msg == YAML::ErrorMsg::UNKNOWN_ANCHOR || msg == YAML::ErrorMsg::ALIAS_NOT_FOUND ||
         msg == YAML::ErrorMsg::CHAR_IN_ALIAS) &&
        star) {
        if (here != '*') loc = source.at_offset(off - 1);
        diags.error(loc,
                    "a value cannot start with a bare '*': YAML reads '*name' as an alias "
                    "(a reference to an anchor)",
                    "quote the value: in single quotes ('*word* …' keeps the markup), or in "
                    "double quotes with the star written \\\\*");
    } else if (msg.starts_with(YAML::ErrorMsg::INVALID_ESCAPE)) {
        // yaml-cpp marks the character after the escape; point at the backslash.
        const std::string escaped = msg.substr(std::strlen(YAML::ErrorMsg::INVALID_ESCAPE));
        const std::size_t slash =
            off != std::string_view::npos ? text.rfind('\\', off) : std::string_view::npos;
        if (slash != std::string_view::npos && off - slash <= 4) loc = source.at_offset(slash);
        diags.error(loc, "'\\" + escaped + "' is not a valid escape inside double quotes",
                    "inside double quotes write \\\\" + escaped +
                        " (a backslash is written \\\\), or use single quotes: '\\" + escaped +
                        "'");
    } else if (msg == YAML::ErrorMsg::UNKNOWN_TOKEN && (here == '`' || here == '@' || here == '%')) {
        diags.error(loc,
                    std::string("a value cannot start with '") + here +
                        "': YAML reserves it at the start of a plain value",
                    "quote the value: '" + std::string(1, here) + "…'");
    } else if (msg == YAML::ErrorMsg::MAP_VALUE) {
        diags.error(loc, "unexpected ':' here: YAML reads ': ' as the start of a key",
                    "quote a value that contains ': ' (\"Ratio: 2:1\"), and check the "
                    "indentation of this line");
    } else if (msg == YAML::ErrorMsg::TAB_IN_INDENTATION) {
        diags.error(loc, "a tab is used for indentation; YAML allows only spaces",
                    "indent with spaces (most editors can convert tabs to spaces)");
    } else if (msg == YAML::ErrorMsg::END_OF_SEQ_FLOW || msg == YAML::ErrorMsg::END_OF_MAP_FLOW) {
        const bool seq = msg == YAML::ErrorMsg::END_OF_SEQ_FLOW;
        const char* open = seq ? "[" : "{";
        const char* close = seq ? "]" : "}";
        // yaml-cpp notices where the list should have ended; point at the
        // bracket that opened it instead (found by matching brackets back).
        const OpenBracket bracket = unclosed_bracket(text, off, seq ? '[' : '{', seq ? ']' : '}');
        if (bracket.comment != std::string_view::npos) {
            diags.error(source.at_offset(bracket.comment),
                        std::string("' #' starts a comment, so the rest of the line is not read and the '") + open +
                            "' before it is not closed",
                        "quote the item: '#' (and likewise '{', '}', '[', ']', '~', '=' as items: '{', '~')");
            return;
        }
        if (bracket.at != std::string_view::npos) loc = source.at_offset(bracket.at);
        diags.error(loc, std::string("a '") + open + "' is not closed with '" + close + "'",
                    std::string("add the missing '") + close +
                        "', or quote a value that starts with '" + open + "'");
    } else if (msg == YAML::ErrorMsg::CHAR_IN_BLOCK) {
        // `> 5 apples` or `|x`: the indicator starts a block of text.
        const std::size_t line_start = text.rfind('\n', off == 0 ? 0 : off - 1);
        const std::size_t from = line_start == std::string_view::npos ? 0 : line_start + 1;
        const std::size_t at = text.substr(0, off).find_last_of("|>");
        const char indicator = at != std::string_view::npos && at >= from ? text[at] : '|';
        if (at != std::string_view::npos && at >= from) loc = source.at_offset(at);
        diags.error(loc,
                    std::string("a value cannot start with '") + indicator +
                        "': YAML reads '|' and '>' as the start of a block of text",
                    "quote the value ('" + std::string(1, indicator) +
                        " …'), or start the text on the next line, indented");
    } else if ((msg == YAML::ErrorMsg::BLOCK_ENTRY && here == '-') ||
               (msg == YAML::ErrorMsg::MAP_KEY && here == '?')) {
        diags.error(loc,
                    std::string("a value cannot start with '") + here +
                        " ' here: YAML reads it as " +
                        (here == '-' ? "a list entry" : "a complex key"),
                    "quote the value ('" + std::string(1, here) +
                        " …'), or put list entries on the next lines, indented");
    } else if (msg == YAML::ErrorMsg::END_OF_MAP && off < text.size() && indent_of_line(text, off) == loc.column) {
        // The line starts where no mapping above it has its keys.
        const int column = indent_of_line(text, off);
        diags.error(loc,
                    "this line starts in column " + std::to_string(column) +
                        ", where no mapping or list above it has its entries",
                    "check the indentation: indent it like the keys it belongs with (a section's "
                    "'questions:' lines up with its 'title:')");
    } else if (msg == YAML::ErrorMsg::BLOCK_ENTRY || msg == YAML::ErrorMsg::END_OF_SEQ ||
               msg == YAML::ErrorMsg::END_OF_MAP) {
        diags.error(loc,
                    std::string("YAML syntax error: this does not fit in the ") +
                        (msg == YAML::ErrorMsg::END_OF_MAP ? "mapping" : "list") +
                        " around it (" + msg + ")",
                    "quote the whole value when it starts with a quote, [ or { but goes on "
                    "after it ('\"a\" b'), and check that the entries of one list or mapping "
                    "start in the same column");
    } else {
        diags.error(loc, "YAML syntax error: " + msg,
                    "check the quoting and indentation around here");
    }
}

/// A limit of the format crossed at `mark`, thrown out of the event parser
/// so that it stops at once (before it recurses or expands any further).
struct LimitExceeded {
    YAML::Mark mark;
    std::string message;
    std::string hint;
};

/// Listens to yaml-cpp's parser events for one document at a time: where it
/// starts and where its first content is, if it has any (a lone null is none).
/// It also enforces the nesting and alias limits (see yaml_support.hpp) while
/// the events stream by, throwing LimitExceeded: the parser emits a list's or
/// mapping's start before reading its content, and an alias as one event, so
/// nothing deep or expanded is built before the check.
class DocumentProbe : public YAML::EventHandler {
public:
    YAML::Mark start;
    std::optional<YAML::Mark> content;

    void OnDocumentStart(const YAML::Mark& mark) override {
        start = mark;
        content.reset();
    }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        seen(mark);
        leaf(anchor);
    }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        seen(mark);
        alias(mark, anchor);
    }
    void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  const std::string&) override {
        seen(mark);
        leaf(anchor);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        seen(mark);
        open(mark, anchor, "list");
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        seen(mark);
        open(mark, anchor, "mapping");
    }
    void OnMapEnd() override { close(); }

private:
    void seen(const YAML::Mark& mark) {
        if (!content) content = mark;
    }

    // Expanded size: every node counts 1, an alias counts the size of what
    // it names. `expanded_` only grows, so the size of a list or mapping is
    // the growth between its start and its end.
    void leaf(YAML::anchor_t anchor) {
        ++expanded_;
        if (anchor != YAML::NullAnchor) sizes_[anchor] = 1;
    }
    void open(const YAML::Mark& mark, YAML::anchor_t anchor, const char* what) {
        if (open_.size() >= static_cast<std::size_t>(max_depth))
            throw LimitExceeded{mark,
                                std::string("this ") + what + " is nested more than " +
                                    std::to_string(max_depth) + " levels deep",
                                "a worksheet needs only a few levels: check the indentation "
                                "and the brackets above this line"};
        open_.push_back({anchor, expanded_});
        ++expanded_;
        if (anchor != YAML::NullAnchor) sizes_[anchor] = 0;  // open: its size is not known yet
    }
    void close() {
        if (open_.empty()) return;
        const auto [anchor, from] = open_.back();
        open_.pop_back();
        if (anchor != YAML::NullAnchor) sizes_[anchor] = expanded_ - from;
    }
    void alias(const YAML::Mark& mark, YAML::anchor_t anchor) {
        const auto size = sizes_.find(anchor);
        if (size != sizes_.end() && size->second == 0)
            throw LimitExceeded{mark, "this alias names the list or mapping it is written in",
                                "an alias must name a value that is complete before it: remove "
                                "the alias or the anchor"};
        expanded_ += size == sizes_.end() ? 1 : size->second;
        if (expanded_ > max_expanded_nodes)
            throw LimitExceeded{mark,
                                "with its aliases expanded, the file has more than " +
                                    with_commas(max_expanded_nodes) + " values",
                                "aliases (*name) repeat what their anchor (&name) holds: use "
                                "fewer of them, or write the values out"};
    }

    std::size_t expanded_ = 0;
    std::map<YAML::anchor_t, std::size_t> sizes_;  ///< expanded size by anchor; 0 while open
    std::vector<std::pair<YAML::anchor_t, std::size_t>> open_;  ///< anchor and start count
};

/// Walks the documents of `source` with yaml-cpp's event parser and reports
/// a second document with content, or a stray token the parser cannot get
/// past (YAML::LoadAll loops forever on a ',' outside brackets). Throws the
/// parser's exceptions. Returns false after reporting.
bool check_documents(const Source& source, Diagnostics& diags) {
    std::istringstream stream{std::string(source.text())};
    YAML::Parser parser(stream);
    DocumentProbe probe;
    std::optional<YAML::Mark> previous;
    for (int documents = 0; parser.HandleNextDocument(probe); ++documents) {
        if (previous && previous->pos == probe.start.pos) {
            const std::size_t off = source.offset(probe.start);
            const char here = off < source.text().size() ? source.text()[off] : '?';
            diags.error(source.at(probe.start),
                        std::string("YAML cannot read '") + here + "' here",
                        std::string("quote a value that starts with '") + here +
                            "', and check this line against the lines around it");
            return false;
        }
        // A trailing `---` gives an empty extra document: harmless. Without a
        // `---` or `...` line, yaml-cpp starts a new document at a line that
        // does not fit the one above (`b: c` after a top-level list).
        if (documents > 0 && probe.content) {
            const std::size_t from = std::min(source.offset(*previous) + 1, source.text().size());
            const std::size_t off = std::max(source.offset(*probe.content), from);
            const std::string_view between = source.text().substr(from, off - from);
            const bool marked = between.find("\n---") != std::string_view::npos ||
                                between.find("\n...") != std::string_view::npos;
            if (marked)
                diags.error(source.at(*probe.content), "a second YAML document starts here",
                            "a file holds one document: remove the '---' line above, or "
                            "split the file");
            else
                diags.error(source.at(*probe.content),
                            "YAML cannot fit this line in the document above it",
                            "check the indentation of this line and the one before: a list "
                            "and a mapping cannot share one level");
            return false;
        }
        previous = probe.start;
    }
    return true;
}

}  // namespace

std::optional<YAML::Node> parse_document(const Source& source, Diagnostics& diags) {
    // The event pass runs first and enforces the nesting and alias limits,
    // so YAML::Load and the readers only ever see a bounded tree.
    try {
        if (!check_documents(source, diags)) return std::nullopt;
        return YAML::Load(std::string(source.text()));
    } catch (const LimitExceeded& e) {
        diags.error(source.at(e.mark), e.message, e.hint);
        return std::nullopt;
    } catch (const YAML::Exception& e) {
        report_syntax_error(source, diags, e);
        return std::nullopt;
    }
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

// ---------------------------------------------------------------------------
// Suggestions
// ---------------------------------------------------------------------------

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment distance over three rolling rows.
    const auto lower = [](char c) {
        return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    };
    std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const bool same = lower(a[i - 1]) == lower(b[j - 1]);
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1]))
                cur[j] = std::min(cur[j], before[j - 2] + 1);
        }
        std::swap(before, prev);
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string suggest(std::string_view word, const std::vector<std::string_view>& candidates) {
    // A near miss (a typo) ranks by its distance; a word that is the start
    // of a candidate, or that starts with one ("multiple" for "multi"),
    // ranks after every near miss.
    const auto lower = [](std::string_view s) {
        std::string out(s);
        for (char& c : out)
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        return out;
    };
    const std::string w = lower(word);
    std::string best;
    std::size_t best_rank = 0;
    for (std::string_view candidate : candidates) {
        const std::size_t limit = candidate.size() <= 3 ? 1 : 2;
        const std::string c = lower(candidate);
        const std::size_t d = edit_distance(w, c);
        std::size_t rank = d;
        if (d > limit) {
            const bool prefix = std::min(w.size(), c.size()) >= 3 &&
                                (w.starts_with(c) || c.starts_with(w));
            if (!prefix) continue;
            rank = 3;
        }
        if (best.empty() || rank < best_rank) {
            best = candidate;
            best_rank = rank;
        }
    }
    return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates) {
    const std::string best = suggest(word, candidates);
    return best.empty() ? std::string() : " (did you mean '" + best + "'?)";
}

// ---------------------------------------------------------------------------
// Mappings and scalars
// ---------------------------------------------------------------------------

const Entry* Entries::find(std::string_view name) const {
    for (const auto& entry : entries_)
        if (entry.name == name) return &entry;
    return nullptr;
}

Entries read_entries(const Source& source, Diagnostics& diags, const YAML::Node& map,
                     std::string_view what, const std::vector<std::string_view>& known,
                     const std::string& hint) {
    Entries result;
    std::unordered_map<std::string, YAML::Node> seen;  // every scalar key, to find duplicates
    for (auto it = map.begin(); it != map.end(); ++it) {
        const YAML::Node key = it->first;
        if (!key.IsScalar()) {
            diags.error(source.at(key), "a key must be a plain name, found " + describe(key),
                        "write keys as plain words followed by ': '");
            continue;
        }
        const std::string name = key.Scalar();
        if (const auto first = seen.find(name); first != seen.end()) {
            const Loc was = source.at(first->second);
            diags.error(source.at(key),
                        "duplicate key '" + name + "' in " + std::string(what) +
                            " (first written at line " + std::to_string(was.line) + ")",
                        "keep only one '" + name + "': YAML would silently use one of them");
            continue;
        }
        seen.emplace(name, key);
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            diags.error(source.at(key),
                        "unknown key '" + name + "' in " + std::string(what) +
                            did_you_mean(name, known),
                        hint);
            continue;
        }
        result.all().push_back({name, key, it->second});
    }
    return result;
}

std::string missing_value_hint(const Source& source, const Entry& entry) {
    const std::string_view text = source.text();
    const std::size_t key = source.offset(entry.key.Mark());
    std::string hint = "write a value after '" + entry.name + ": ', or remove the key";
    if (key == std::string_view::npos) return hint;
    const std::size_t colon = text.find(':', key + entry.name.size());
    const std::size_t after = colon == std::string_view::npos
                                  ? colon
                                  : text.find_first_not_of(" \t", colon + 1);
    if (after != std::string_view::npos && text[after] == '#') {
        std::string_view rest = text.substr(after, text.find('\n', after) - after);
        if (rest.ends_with('\r')) rest.remove_suffix(1);
        hint = "YAML reads ' #' as the start of a comment: quote the value (" +
               quote_text(rest) + ")";
    }
    return hint;
}

std::string dropped_tag(const YAML::Node& node) {
    const std::string& tag = node.Tag();
    if (!node.IsScalar() || tag == "?" || tag == "!" || tag.starts_with("tag:yaml.org,2002:"))
        return {};
    return "starts with a YAML tag: '" + tag + "' would be dropped from the text";
}

void append_in_order(Diagnostics& to, const Diagnostics& from) {
    std::vector<Diagnostic> items = from.items();
    std::stable_sort(items.begin(), items.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return std::pair(a.loc.line, a.loc.column) < std::pair(b.loc.line, b.loc.column);
    });
    Diagnostics sorted;
    for (auto& d : items) {
        if (d.severity == Severity::error)
            sorted.error(d.loc, std::move(d.message), std::move(d.hint));
        else
            sorted.warning(d.loc, std::move(d.message), std::move(d.hint));
    }
    to.append_file(sorted);
}

std::string quote_text(std::string_view text) {
    constexpr std::size_t max = 60;
    if (text.size() <= max) return "'" + std::string(text) + "'";
    std::size_t cut = max;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return "'" + std::string(text.substr(0, cut)) + "…'";
}

std::string describe(const YAML::Node& node) {
    switch (node.Type()) {
        case YAML::NodeType::Sequence: return "a list";
        case YAML::NodeType::Map: return "a mapping";
        case YAML::NodeType::Scalar: return quote_text(node.Scalar());
        default: return "nothing";
    }
}

bool is_plain(const YAML::Node& node) {
    // yaml-cpp tags plain scalars "?" and quoted or block scalars "!".
    return node.Tag() == "?";
}

bool is_slug(std::string_view text) {
    const auto ok = [](char c, bool first) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (!first && c == '-');
    };
    if (text.empty() || !ok(text.front(), true)) return false;
    return std::all_of(text.begin(), text.end(), [&](char c) { return ok(c, false); });
}

}  // namespace load

// ---------------------------------------------------------------------------
// Worksheets
// ---------------------------------------------------------------------------

namespace {

using load::Entries;
using load::Entry;

/// The keys of each mapping of the format, in the order the spec lists them.
const std::vector<std::string_view> top_keys = {
    "id",     "title",        "subtitle", "subject", "topic", "ages",      "brand",   "url",
    "fields", "instructions", "template", "shuffle", "key",   "scoring", "show_points", "questions",
    "sections", "id_digits"};
const std::vector<std::string_view> shuffle_keys = {"questions", "options"};
const std::vector<std::string_view> key_keys = {"title", "note", "explanations"};
const std::vector<std::string_view> section_keys = {"title", "instructions", "shuffle", "questions"};
const std::vector<std::string_view> option_keys = {"text", "pin"};

/// Keys every question may have.
const std::vector<std::string_view> common_question_keys = {
    "type", "prompt", "explain", "points", "pin", "image", "image_width", "alt"};

/// One question type of the format, with the keys of its own.
struct TypeInfo {
    std::string_view name;
    QuestionType type;
    std::vector<std::string_view> keys;
};

const std::vector<TypeInfo> question_types = {
    {"choice", QuestionType::choice, {"options", "answer", "shuffle"}},
    {"truefalse", QuestionType::truefalse, {"answer"}},
    {"multi", QuestionType::multi, {"options", "answers", "shuffle", "scoring"}},
    {"short", QuestionType::short_answer, {"answer", "lines"}},
    {"fill", QuestionType::fill, {"text", "bank", "distractors", "shuffle"}},
    {"match", QuestionType::match, {"pairs", "shuffle"}},
    {"order", QuestionType::order, {"items", "shuffle"}},
    {"numeric", QuestionType::numeric, {"answer", "tolerance", "unit", "grid"}},
};

/// "a choice", "an order": a type name with its article.
std::string a_type(std::string_view name) {
    const bool vowel = !name.empty() && std::string_view("aeiou").find(name[0]) != std::string_view::npos;
    return (vowel ? "an " : "a ") + std::string(name);
}

/// Limits of the format's lists.
constexpr std::size_t min_options = 2, max_options = 26;
constexpr std::size_t min_pairs = 2, max_pairs = 12;
constexpr std::size_t min_items = 2, max_items = 12;
constexpr std::size_t max_distractors = 50;
/// Most questions of a worksheet, over all its sections.
constexpr std::size_t max_questions = 500;
constexpr int max_lines = 30;
constexpr double max_image_width_mm = 180;

/// Every key a question of any type may have: known keys of other types get
/// a "not a key of this type" error rather than "unknown key".
std::vector<std::string_view> all_question_keys() {
    std::vector<std::string_view> keys = common_question_keys;
    for (const auto& info : question_types)
        for (auto key : info.keys)
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    return keys;
}

/// Joins names as "a, b and c".
std::string join(const std::vector<std::string_view>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
        out += names[i];
    }
    return out;
}

/// True for a YAML 1.2 boolean word (true, True, TRUE, false, …); sets `value`.
bool bool_word(const std::string& s, bool& value) {
    if (s == "true" || s == "True" || s == "TRUE") value = true;
    else if (s == "false" || s == "False" || s == "FALSE") value = false;
    else return false;
    return true;
}

/// True for a plain (unquoted) YAML boolean scalar; sets `value`.
bool parse_bool(const YAML::Node& node, bool& value) {
    return node.IsScalar() &&
           (load::is_plain(node) || node.Tag() == "tag:yaml.org,2002:bool") &&
           bool_word(node.Scalar(), value);
}

/// Reads one worksheet document into the model, reporting every problem it
/// finds and carrying on, so that one run shows all of them.
class WorksheetReader {
public:
    WorksheetReader(const load::Source& source, Diagnostics& diags)
        : src_(source), diags_(diags) {}

    Worksheet read(const YAML::Node& root);

private:
    void error(const Loc& loc, std::string message, std::string hint) {
        diags_.error(loc, std::move(message), std::move(hint));
    }
    void error(const YAML::Node& at, std::string message, std::string hint) {
        error(src_.at(at), std::move(message), std::move(hint));
    }

    // Values. Each reports a bad value at its node and returns nullopt.
    bool has_value(const Entry& entry);
    std::optional<Text> text(const YAML::Node& value, std::string_view name, bool nonempty);
    std::optional<Text> text(const Entry& entry, bool nonempty = false);
    std::optional<bool> boolean(const Entry& entry);
    std::optional<int> positive_int(const Entry& entry);
    std::optional<Points> points(const Entry& entry);
    std::optional<Scoring> scoring(const Entry& entry);
    void read_grid(const Entry& e, Numeric& body);
    std::optional<Text> slug(const Entry& entry, std::string_view example);
    bool is_list(const Entry& entry, std::string_view of_what, std::string_view hint);
    std::optional<int> int_in_range(const Entry& entry, int low, int high);
    std::optional<double> number(const Entry& entry, std::string& written);
    std::vector<Text> text_list(const Entry& entry, const std::string& item_name,
                                std::string_view of_what, std::string_view hint);
    bool check_count(const Entry& entry, std::size_t count, std::size_t low, std::size_t high,
                     const std::string& what, std::string_view type);
    std::size_t verbatim_offset(const YAML::Node& node, const std::string& text) const;

    // Parts of the worksheet.
    void read_fields(const Entry& entry, Worksheet& sheet);
    void read_shuffle(const Entry& entry, Worksheet& sheet);
    void read_key(const Entry& entry, Worksheet& sheet);
    std::vector<Section> read_sections(const Entry& entry);
    std::vector<Question> read_questions(const Entry& entry);
    std::optional<Question> read_question(const YAML::Node& node);
    const TypeInfo* read_type(const Entries& keys);
    void read_choice(const Entries& keys, Question& question);
    void read_options(const Entry& entry, Question& question);
    void read_choice_answer(const Entry& entry, Question& question);
    std::optional<std::size_t> find_option(const Text& answer, Question& question);
    void warn_unpinned_catch_alls(const Question& question);
    void read_truefalse(const Entries& keys, Question& question);
    void read_image(const Entries& keys, Question& question);
    void read_multi(const Entries& keys, Question& question);
    void read_short(const Entries& keys, Question& question);
    void read_fill(const Entries& keys, Question& question);
    void read_fill_text(const Entry& entry, Question& question);
    void read_match(const Entries& keys, Question& question);
    void read_order(const Entries& keys, Question& question);
    void read_numeric(const Entries& keys, Question& question);
    void read_question_shuffle(const Entries& keys, Question& question);

    const load::Source& src_;
    Diagnostics& diags_;
    bool sheet_shuffles_options_ = true;  ///< `shuffle: {options: …}`, read before the questions
    Scoring sheet_scoring_ = Scoring::all_or_nothing;  ///< `scoring`, read before the questions
    std::size_t questions_written_ = 0;   ///< entries of the question lists read so far
    std::map<std::string, std::shared_ptr<const GrayImage>> images_;  ///< decoded, by resolved path
};

// Missing values (`prompt:` with nothing after it) are reported at the key:
// yaml-cpp places an empty node at the next token, not where it is missing.
bool WorksheetReader::has_value(const Entry& entry) {
    if (!entry.value.IsNull()) return true;
    error(entry.key, "'" + entry.name + "' has no value", load::missing_value_hint(src_, entry));
    return false;
}

// A scalar kept exactly as YAML gives it; `nonempty` rejects "".
std::optional<Text> WorksheetReader::text(const YAML::Node& value, std::string_view name,
                                          bool nonempty) {
    if (!value.IsScalar()) {
        error(value, std::string(name) + " must be text, found " + load::describe(value),
              "write the text after the colon; quote it when it contains ': ' or starts "
              "with [ { * & ! | > ' \" % @ or `");
        return std::nullopt;
    }
    if (const std::string dropped = load::dropped_tag(value); !dropped.empty()) {
        error(value, std::string(name) + " " + dropped,
              "quote the value: '" + value.Tag() + " " + value.Scalar() + "'");
        return std::nullopt;
    }
    Text result{value.Scalar(), src_.at(value)};
    if (result.text.size() > load::max_text_bytes) {
        error(value,
              std::string(name) + " is " + with_commas(result.text.size()) +
                  " bytes long; the limit is " + with_commas(load::max_text_bytes) +
                  " bytes",
              "a text this long does not fit a worksheet: shorten it or split it into "
              "several questions");
        return std::nullopt;
    }
    if (const auto bad = find_unprintable(result.text)) {
        error(value, std::string(name) + " " + bad->what, bad->hint);
        return std::nullopt;
    }
    if (nonempty && result.text.empty()) {
        error(value, std::string(name) + " is empty", "write the text between the quotes");
        return std::nullopt;
    }
    return result;
}

std::optional<Text> WorksheetReader::text(const Entry& entry, bool nonempty) {
    if (!has_value(entry)) return std::nullopt;
    return text(entry.value, "'" + entry.name + "'", nonempty);
}

std::optional<bool> WorksheetReader::boolean(const Entry& entry) {
    if (!has_value(entry)) return std::nullopt;
    bool value = false;
    if (parse_bool(entry.value, value)) return value;
    const bool quoted_bool = entry.value.IsScalar() && !load::is_plain(entry.value) &&
                             bool_word(entry.value.Scalar(), value);
    error(entry.value,
          "'" + entry.name + "' must be true or false, found " + load::describe(entry.value) +
              (quoted_bool ? " in quotes, which is text" : ""),
          "write " + entry.name + ": true or " + entry.name + ": false, without quotes");
    return std::nullopt;
}

std::optional<int> WorksheetReader::positive_int(const Entry& entry) {
    if (!has_value(entry)) return std::nullopt;
    int value = 0;
    if (entry.value.IsScalar()) {
        const std::string& s = entry.value.Scalar();
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
        if (ec == std::errc() && end == s.data() + s.size() && value > 0) return value;
    }
    error(entry.value,
          "'" + entry.name + "' must be a positive whole number, found " +
              load::describe(entry.value),
          "write a number such as " + entry.name + ": 2");
    return std::nullopt;
}

std::optional<Text> WorksheetReader::slug(const Entry& entry, std::string_view example) {
    auto value = text(entry, true);
    if (!value) return std::nullopt;
    if (!load::is_slug(value->text)) {
        // `Photosynthesis 7B` → `photosynthesis-7b`: ASCII lowercased, other runs as one dash.
        std::string suggestion;
        for (char c : value->text) {
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) suggestion += c;
            else if (!suggestion.empty() && suggestion.back() != '-') suggestion += '-';
        }
        while (!suggestion.empty() && suggestion.back() == '-') suggestion.pop_back();
        if (!load::is_slug(suggestion)) suggestion = std::string(example);
        error(entry.value,
              "'" + entry.name + "' must be lowercase letters, digits and dashes, found " +
                  load::quote_text(value->text),
              "for example " + entry.name + ": " + suggestion);
        return std::nullopt;
    }
    return value;
}

bool WorksheetReader::is_list(const Entry& entry, std::string_view of_what,
                              std::string_view hint) {
    if (!has_value(entry)) return false;
    if (entry.value.IsSequence()) return true;
    error(entry.value,
          "'" + entry.name + "' must be a list of " + std::string(of_what) + ", found " +
              load::describe(entry.value),
          std::string(hint));
    return false;
}

// The whole top level: every key is checked even after errors elsewhere.
Worksheet WorksheetReader::read(const YAML::Node& root) {
    Worksheet sheet;
    sheet.file = src_.file();
    sheet.loc = {src_.file(), 1, 1};
    if (!root.IsMap()) {
        error(root.IsNull() ? sheet.loc : src_.at(root),
              root.IsNull() ? "the worksheet is empty"
                            : "a worksheet must be a mapping of keys, found " +
                                  load::describe(root),
              "start with keys such as 'id: fractions-1', 'title: Fractions' and "
              "'questions:'");
        return sheet;
    }
    sheet.loc = src_.at(root);
    const Entries keys = load::read_entries(
        src_, diags_, root, "the worksheet", top_keys,
        "the worksheet's keys are " + join(top_keys));

    // Scalar settings, each replacing its default when it is valid.
    const auto set_text = [&](const char* name, Text& field, bool nonempty = false) {
        if (const Entry* e = keys.find(name))
            if (auto value = text(*e, nonempty)) field = *value;
    };
    if (const Entry* e = keys.find("id")) {
        if (auto value = slug(*e, "fractions-1")) sheet.id = *value;
    } else {
        error(sheet.loc, "the worksheet has no 'id'",
              "add a short name such as 'id: fractions-1' (lowercase letters, digits, dashes)");
    }
    if (keys.find("title")) set_text("title", sheet.title, true);
    else error(sheet.loc, "the worksheet has no 'title'", "add 'title: …' with its heading");
    set_text("subtitle", sheet.subtitle);
    set_text("subject", sheet.subject);
    set_text("topic", sheet.topic);
    set_text("ages", sheet.ages);  // a number (12) or a range (23-24), kept as written
    set_text("brand", sheet.brand);
    set_text("url", sheet.url);
    set_text("instructions", sheet.instructions);
    if (const Entry* e = keys.find("template"))
        if (auto value = slug(*e, "classic")) sheet.template_name = *value;
    if (const Entry* e = keys.find("fields")) read_fields(*e, sheet);
    if (const Entry* e = keys.find("shuffle")) read_shuffle(*e, sheet);
    if (const Entry* e = keys.find("key")) read_key(*e, sheet);
    if (const Entry* e = keys.find("id_digits")) {
        if (auto value = positive_int(*e)) {
            if (*value <= Worksheet::id_digits_max)
                sheet.id_digits = *value;
            else
                error(e->value, "'id_digits' must be from 1 to 12, found " + std::to_string(*value),
                      "write the number of digits of your school's student numbers, such as id_digits: 6");
        }
    }
    if (const Entry* e = keys.find("scoring"))
        if (auto value = scoring(*e)) sheet.scoring = sheet_scoring_ = *value;
    if (const Entry* e = keys.find("show_points"))
        if (auto value = boolean(*e)) sheet.show_points = *value;

    // Exactly one of `questions` and `sections`.
    const Entry* questions = keys.find("questions");
    const Entry* sections = keys.find("sections");
    if (questions && sections) {
        const Entry* later =
            questions->key.Mark().pos > sections->key.Mark().pos ? questions : sections;
        error(later->key, "a worksheet has either 'questions' or 'sections', not both",
              "put every question inside a section, or drop 'sections'");
    } else if (!questions && !sections) {
        error(sheet.loc, "the worksheet has no 'questions'",
              "add 'questions:' with a list of questions (or 'sections:')");
    }
    if (questions) {
        Section implicit;
        implicit.loc = src_.at(questions->key);
        implicit.questions = read_questions(*questions);
        sheet.sections.push_back(std::move(implicit));
    }
    if (sections) {
        sheet.uses_sections = true;
        for (auto& section : read_sections(*sections)) sheet.sections.push_back(std::move(section));
    }
    return sheet;
}

void WorksheetReader::read_fields(const Entry& entry, Worksheet& sheet) {
    if (!is_list(entry, "field names", "write fields: [Name, Date], or fields: [] for none"))
        return;
    if (entry.value.size() > load::max_fields) {
        error(entry.value,
              "'fields' has " + with_commas(entry.value.size()) + " names; the limit is " +
                  std::to_string(load::max_fields),
              "a sheet's header has room for a few write-in fields, such as [Name, Class, Date]");
        return;
    }
    std::vector<Text> fields;
    for (const auto& item : entry.value)
        if (auto value = text(item, "a field name", true)) fields.push_back(*value);
    sheet.fields = std::move(fields);
}

void WorksheetReader::read_shuffle(const Entry& entry, Worksheet& sheet) {
    if (!has_value(entry)) return;
    if (!entry.value.IsMap()) {
        error(entry.value, "'shuffle' must be a mapping, found " + load::describe(entry.value),
              "write shuffle: {questions: false, options: false}");
        return;
    }
    const Entries keys = load::read_entries(src_, diags_, entry.value, "'shuffle'",
                                            shuffle_keys, "'shuffle' has questions and options");
    if (const Entry* e = keys.find("questions"))
        if (auto value = boolean(*e)) sheet.shuffle_questions = *value;
    if (const Entry* e = keys.find("options"))
        if (auto value = boolean(*e)) sheet.shuffle_options = *value;
    sheet_shuffles_options_ = sheet.shuffle_options;
}

void WorksheetReader::read_key(const Entry& entry, Worksheet& sheet) {
    if (!has_value(entry)) return;
    if (!entry.value.IsMap()) {
        error(entry.value, "'key' must be a mapping, found " + load::describe(entry.value),
              "write key: {title: Answer key, explanations: false}");
        return;
    }
    const Entries keys = load::read_entries(src_, diags_, entry.value, "'key'", key_keys,
                                            "'key' has title, note and explanations");
    if (const Entry* e = keys.find("title"))
        if (auto value = text(*e, true)) sheet.key_title = *value;
    if (const Entry* e = keys.find("note"))
        if (auto value = text(*e)) sheet.key_note = *value;
    if (const Entry* e = keys.find("explanations"))
        if (auto value = boolean(*e)) sheet.key_explanations = *value;
}

std::vector<Section> WorksheetReader::read_sections(const Entry& entry) {
    std::vector<Section> sections;
    if (!is_list(entry, "sections", "write each section as '- title: …' with its 'questions:'"))
        return sections;
    if (entry.value.size() == 0)
        error(entry.value, "'sections' is empty", "add at least one section");
    for (const auto& node : entry.value) {
        if (!node.IsMap()) {
            error(node.IsNull() ? src_.at(entry.value) : src_.at(node),
                  "a section must be a mapping with title and questions, found " +
                      load::describe(node),
                  "write '- title: …' followed by 'questions:'");
            continue;
        }
        Section section;
        section.loc = src_.at(node);
        const Entries keys = load::read_entries(src_, diags_, node, "a section", section_keys,
                                                "a section has title, instructions, shuffle and questions");
        if (const Entry* e = keys.find("title")) {
            if (auto value = text(*e, true)) section.title = *value;
        } else {
            error(node, "the section has no 'title'", "add 'title: …' to the section");
        }
        if (const Entry* e = keys.find("instructions"))
            if (auto value = text(*e)) section.instructions = *value;
        if (const Entry* e = keys.find("shuffle"))
            if (auto value = boolean(*e)) section.shuffle_questions = *value;
        if (const Entry* e = keys.find("questions"))
            section.questions = read_questions(*e);
        else
            error(node, "the section has no 'questions'", "add 'questions:' to the section");
        sections.push_back(std::move(section));
    }
    return sections;
}

std::vector<Question> WorksheetReader::read_questions(const Entry& entry) {
    std::vector<Question> questions;
    if (!is_list(entry, "questions", "start each question with '- prompt: …'")) return questions;
    if (entry.value.size() == 0)
        error(entry.value, "'questions' is empty", "add at least one question");
    // Over the limit: reported once at the list that crosses it, which is
    // then not read (so a huge list costs no more than its parse).
    questions_written_ += entry.value.size();
    if (questions_written_ > max_questions) {
        error(entry.value,
              "a worksheet has at most " + std::to_string(max_questions) +
                  " questions; with this list it has " + std::to_string(questions_written_),
              "split it into several worksheets");
        return questions;
    }
    for (const auto& node : entry.value)
        if (auto question = read_question(node)) questions.push_back(std::move(*question));
    return questions;
}

// ---------------------------------------------------------------------------
// Values used by the question types
// ---------------------------------------------------------------------------

// A whole number from `low` to `high`.
std::optional<int> WorksheetReader::int_in_range(const Entry& entry, int low, int high) {
    if (!has_value(entry)) return std::nullopt;
    int value = 0;
    if (entry.value.IsScalar()) {
        const std::string& s = entry.value.Scalar();
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
        if (ec == std::errc() && end == s.data() + s.size() && value >= low && value <= high)
            return value;
    }
    error(entry.value,
          "'" + entry.name + "' must be a whole number from " + std::to_string(low) + " to " +
              std::to_string(high) + ", found " + load::describe(entry.value),
          "write a number such as " + entry.name + ": " + std::to_string(std::min(high, 3)));
    return std::nullopt;
}

namespace {

/// Lowercase ASCII copy of `s`.
std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

/// Lowercase of Latin-1, Cyrillic and Greek capitals, enough to compare the
/// phrases below whatever case a teacher wrote them in.
std::string fold_case(std::string_view text) {
    std::u32string cps;
    if (!decode_utf8(text, cps)) return std::string(text);
    std::string out;
    for (char32_t c : cps) {
        if ((c >= U'A' && c <= U'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7) || (c >= 0x410 && c <= 0x42F) ||
            (c >= 0x391 && c <= 0x3AB && c != 0x3A2))
            c += 0x20;
        else if (c >= 0x400 && c <= 0x40F) c += 0x50;  // Ѐ–Џ, Ё among them
        else if (c == 0x386) c = 0x3AC;                 // Ά
        else if (c >= 0x388 && c <= 0x38A) c += 0x25;   // Έ Ή Ί
        else if (c == 0x38C) c = 0x3CC;                 // Ό
        else if (c == 0x38E || c == 0x38F) c += 0x3F;   // Ύ Ώ
        else if (c == 0x141 || c == 0x17B || c == 0x179 || c == 0x15A || c == 0x106 || c == 0x143)
            c += 1;                                     // Polish Ł Ż Ź Ś Ć Ń
        out += encode_utf8(c);
    }
    return out;
}

/* "None of the above" and "All of these" as teachers write them in the
   languages handout has labels for. `words` is already lowercase ASCII. */
bool reads_like_foreign_catch_all(std::string_view words) {
    const std::string folded = fold_case(words);
    for (std::string_view phrase : {
             "aucune de ces réponses", "aucune des réponses", "aucune des propositions", "toutes ces réponses",
             "toutes les réponses", "aucune réponse", "keine der antworten", "keine davon", "keine der genannten",
             "keine der obigen", "alle genannten", "alle oben genannten", "alle antworten", "alle obigen",
             "ninguna de las anteriores", "todas las anteriores", "ninguna de estas", "todas las respuestas",
             "nessuna delle precedenti", "tutte le precedenti", "nessuna delle risposte", "tutte le risposte",
             "nenhuma das anteriores", "todas as anteriores", "nenhuma das alternativas", "todas as alternativas",
             "geen van de bovenstaande", "alle bovenstaande", "alle antwoorden", "żadne z powyższych",
             "wszystkie powyższe", "żadna z odpowiedzi", "wszystkie odpowiedzi", "все перечисленные",
             "все вышеперечисленные", "ничего из перечисленного", "ни один из", "нет правильного ответа",
             "все ответы", "κανένα από τα παραπάνω", "όλα τα παραπάνω", "καμία από τις παραπάνω",
             "όλες οι παραπάνω"})
        if (folded.find(phrase) != std::string::npos) return true;
    return false;
}

/// True for an option that only makes sense in its written place: "All of
/// the above", "None of these", "Both A and B" (any case).
bool reads_like_catch_all(std::string_view option) {
    std::string words;  // lowercase, single spaces, no trailing punctuation
    for (char c : ascii_lower(option)) {
        if (c == ' ' || c == '\t' || c == '\n') {
            if (!words.empty() && words.back() != ' ') words += ' ';
        } else {
            words += c;
        }
    }
    while (!words.empty() && (words.back() == ' ' || words.back() == '.' || words.back() == '!'))
        words.pop_back();
    for (std::string_view phrase : {"all of the above", "none of the above", "all the above",
                                    "all of these", "none of these", "neither of these",
                                    "both of the above"})
        if (words.find(phrase) != std::string::npos) return true;
    if (reads_like_foreign_catch_all(words)) return true;
    // "both a and b", "both a & c".
    const auto letter = [](char c) { return c >= 'a' && c <= 'z'; };
    return words.size() >= 12 && words.starts_with("both ") && letter(words[5]) &&
           (words.substr(6, 5) == " and " || words.substr(6, 3) == " & ") &&
           letter(words.back()) && words[words.size() - 2] == ' ';
}

/// Trims spaces and tabs at both ends.
std::string_view trim(std::string_view s) {
    const std::size_t from = s.find_first_not_of(" \t");
    if (from == std::string_view::npos) return {};
    return s.substr(from, s.find_last_not_of(" \t") - from + 1);
}

}  // namespace

// A number written plainly or in quotes; `written` keeps its text as written.
namespace {

/// `1/2`, `-3/4` or `½` as a decimal number ("0.5"), or "" when `s` is no
/// such fraction.
std::string fraction_as_decimal(std::string_view s) {
    static const std::pair<std::string_view, double> vulgar[] = {
        {"\u00bd", 0.5}, {"\u00bc", 0.25}, {"\u00be", 0.75}, {"\u2153", 1.0 / 3}, {"\u2154", 2.0 / 3},
        {"\u2155", 0.2}, {"\u215b", 0.125}};
    for (const auto& [glyph, value] : vulgar)
        if (trim(s) == glyph) return plain_number(value);
    const std::size_t slash = s.find('/');
    if (slash == std::string_view::npos) return {};
    const ReadNumber top = read_number(s.substr(0, slash)), bottom = read_number(s.substr(slash + 1));
    if (top.status != ReadNumber::Status::ok || bottom.status != ReadNumber::Status::ok || bottom.value == 0)
        return {};
    return plain_number(top.value / bottom.value);
}

}  // namespace

std::optional<double> WorksheetReader::number(const Entry& entry, std::string& written) {
    if (!has_value(entry)) return std::nullopt;
    const std::string s = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    const ReadNumber n = entry.value.IsScalar() ? read_number(s) : ReadNumber{};
    const std::string name = "'" + entry.name + "'";
    switch (n.status) {
        case ReadNumber::Status::ok: written = s; return n.value;
        case ReadNumber::Status::ambiguous:
            error(entry.value, name + " " + s + " could be " + plain_number(n.other) + " (a thousands comma) or " +
                                   plain_number(n.value) + " (a decimal comma)",
                  "write " + entry.name + ": " + plain_number(n.other) + " or " + entry.name + ": " +
                      plain_number(n.value));
            return std::nullopt;
        case ReadNumber::Status::too_large:
            error(entry.value, name + " " + s + " is too large",
                  "numbers must be smaller than 1.7e308; check the exponent");
            return std::nullopt;
        case ReadNumber::Status::invalid: break;
    }
    std::string hint = "write a number such as " + entry.name + ": 9.81, 70000, 3,5 or 3e8";
    if (const std::size_t space = s.rfind(' '); space != std::string::npos &&
                                                read_number(s.substr(0, space)).status == ReadNumber::Status::ok)
        hint = "write only the number here (" + entry.name + ": " + s.substr(0, space) + ") and the unit in 'unit:'";
    else if (const std::string decimal = fraction_as_decimal(s); !decimal.empty())
        hint = "write the fraction as a decimal number: " + entry.name + ": " + decimal;
    error(entry.value, name + " must be a number, found " + load::describe(entry.value), hint);
    return std::nullopt;
}

// `points`: a whole or half number of marks from ½ to 100, in the one
// number grammar (so `1,5` is 1.5 as in a numeric answer).
std::optional<Points> WorksheetReader::points(const Entry& entry) {
    if (!has_value(entry)) return std::nullopt;
    const std::string s = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    const ReadNumber n = entry.value.IsScalar() ? read_number(s) : ReadNumber{};
    const std::string found = ", found " + load::describe(entry.value);
    const int most = Points::max_halves / 2;
    if (n.status != ReadNumber::Status::ok || !std::isfinite(n.value)) {
        const std::string decimal = fraction_as_decimal(s);
        error(entry.value, "'points' must be a number of marks such as 1, 2 or 1.5" + found,
              decimal.empty() ? "write points: 2 (whole or half marks: 0.5, 1, 1.5, 2, …; the default is 1)"
                              : "write the fraction as a decimal number: points: " + decimal);
        return std::nullopt;
    }
    if (n.value <= 0) {
        error(entry.value, "'points' must be more than 0" + found,
              "a question is worth at least half a mark: write points: 0.5, or leave 'points' out for 1");
        return std::nullopt;
    }
    if (n.value > most) {
        error(entry.value, "'points' is at most " + std::to_string(most) + found,
              "write the question's marks (points: 10); to weigh a part of a worksheet, give each of its "
              "questions more points");
        return std::nullopt;
    }
    const double halves = n.value * 2;
    if (halves != std::round(halves)) {
        const double nearest = std::max(1.0, std::round(halves)) / 2;
        error(entry.value, "'points' must be a whole or half number of marks" + found,
              "write points: " + plain_number(nearest) + " (whole or half marks: 0.5, 1, 1.5, 2, …)");
        return std::nullopt;
    }
    return Points{static_cast<int>(halves)};
}

// `scoring`: all-or-nothing or partial (the rule of multi questions).
std::optional<Scoring> WorksheetReader::scoring(const Entry& entry) {
    if (!has_value(entry)) return std::nullopt;
    const std::string s = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    for (Scoring rule : {Scoring::all_or_nothing, Scoring::partial})
        if (entry.value.IsScalar() && s == scoring_name(rule)) return rule;
    error(entry.value,
          "'scoring' must be all-or-nothing or partial, found " + load::describe(entry.value) +
              load::did_you_mean(s, {"all-or-nothing", "partial"}),
          "write scoring: all-or-nothing (all the points for exactly the right ticks, the default) or "
          "scoring: partial (a share of the points for each right tick, as much off for each wrong one)");
    return std::nullopt;
}

// A list of distinct, non-empty texts; each bad item is reported at its node.
std::vector<Text> WorksheetReader::text_list(const Entry& entry, const std::string& item_name,
                                             std::string_view of_what, std::string_view hint) {
    std::vector<Text> result;
    if (!is_list(entry, of_what, hint)) return result;
    for (const auto& node : entry.value) {
        if (node.IsNull()) {
            error(src_.at(entry.value), "an entry of '" + entry.name + "' is empty",
                  "write the text after '- ', or remove the empty entry");
            continue;
        }
        auto value = text(node, item_name, true);
        if (!value) continue;
        const auto same = std::find_if(result.begin(), result.end(),
                                       [&](const Text& t) { return t.text == value->text; });
        if (same != result.end()) {
            error(value->loc,
                  item_name + " " + load::quote_text(value->text) +
                      " is written twice (first at line " + std::to_string(same->loc.line) + ")",
                  "the entries of '" + entry.name + "' must all differ");
            continue;
        }
        result.push_back(std::move(*value));
    }
    return result;
}

// The number of entries of a list, from `low` to `high`; reported at the list.
bool WorksheetReader::check_count(const Entry& entry, std::size_t count, std::size_t low,
                                  std::size_t high, const std::string& what,
                                  std::string_view type) {
    if (count >= low && count <= high) return true;
    error(entry.value,
          a_type(type) + " question has " + std::to_string(low) + " to " +
              std::to_string(high) + " " + what + ", this one has " + std::to_string(count),
          count < low ? "add " + what + " up to at least " + std::to_string(low)
                      : "split it into two questions");
    return false;
}

// Where the characters of `text`, the value of a scalar `node`, start in the
// source, so that a problem inside the text can be shown at its own column.
// Only when the text is written as is on one line (plain, or quoted without
// escapes); npos otherwise (block scalars, escapes, folded lines).
std::size_t WorksheetReader::verbatim_offset(const YAML::Node& node,
                                             const std::string& text) const {
    const std::size_t npos = std::string_view::npos;
    if (text.empty() || text.find('\n') != std::string::npos) return npos;
    const std::size_t start = src_.offset(node.Mark());
    if (start == npos) return npos;
    const std::string_view source = src_.text();
    const std::size_t end = source.find('\n', start);
    const std::string_view line =
        source.substr(start, end == npos ? source.size() - start : end - start);
    // Plain text starts at the mark; quoted text one character after it.
    if (line.starts_with(text)) return start;
    if (!line.empty() && (line[0] == '\'' || line[0] == '"') && line.substr(1).starts_with(text))
        return start + 1;
    return npos;
}

// ---------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------

/// The options of the choice or multi question being read.
std::vector<Option>& options_being_read(Question& question) {
    if (auto* choice = std::get_if<Choice>(&question.body)) return choice->options;
    return std::get<Multi>(question.body).options;
}

/// The hint for an unknown key of a question: the keys of its type when the
/// type is known, else every type's keys.
std::string question_keys_hint(const YAML::Node& node) {
    std::string type = "choice";
    if (node.IsMap())
        for (auto it = node.begin(); it != node.end(); ++it)
            if (it->first.IsScalar() && it->first.Scalar() == "type" && it->second.IsScalar())
                type = it->second.Scalar();
    for (const auto& info : question_types) {
        if (info.name != type) continue;
        std::vector<std::string_view> keys = common_question_keys;
        keys.insert(keys.end(), info.keys.begin(), info.keys.end());
        return a_type(info.name) + " question has " + join(keys);
    }
    std::string hint = "a question has " + join(common_question_keys) + ", plus the keys of its type";
    return hint;
}

// One question: common keys, then the keys of its type. A question whose
// type is unknown is reported once, without more noise.
std::optional<Question> WorksheetReader::read_question(const YAML::Node& node) {
    if (!node.IsMap()) {
        error(node, "a question must be a mapping of keys, found " + load::describe(node),
              "write '- prompt: …' followed by the question's other keys, indented alike");
        return std::nullopt;
    }
    const Entries keys = load::read_entries(src_, diags_, node, "a question", all_question_keys(),
                                            question_keys_hint(node));
    const TypeInfo* info = read_type(keys);
    if (!info) return std::nullopt;

    Question question;
    question.loc = src_.at(node);

    // Keys that belong to other question types.
    for (const auto& entry : keys.all()) {
        const auto& own = info->keys;
        if (std::find(common_question_keys.begin(), common_question_keys.end(), entry.name) !=
                common_question_keys.end() ||
            std::find(own.begin(), own.end(), entry.name) != own.end())
            continue;
        std::vector<std::string_view> owners;
        for (const auto& other : question_types)
            if (std::find(other.keys.begin(), other.keys.end(), entry.name) != other.keys.end())
                owners.push_back(other.name);
        error(entry.key,
              "'" + entry.name + "' is not a key of " + a_type(info->name) + " question",
              "'" + entry.name + "' belongs to " + join(owners) + " questions; " +
                  a_type(info->name) + " question has " + join(info->keys));
    }

    // Keys common to every type; `fill` needs no prompt (its text says it all).
    if (const Entry* e = keys.find("prompt")) {
        if (auto value = text(*e, true)) question.prompt = *value;
    } else if (info->type != QuestionType::fill) {
        error(node, "the question has no 'prompt'", "add 'prompt: …' with the question's text");
    }
    if (const Entry* e = keys.find("explain"))
        if (auto value = text(*e)) question.explain = *value;
    if (const Entry* e = keys.find("points"))
        if (auto value = points(*e)) question.points = *value;
    question.scoring = sheet_scoring_;
    if (const Entry* e = keys.find("pin"))
        if (auto value = boolean(*e)) question.pin = *value;
    read_image(keys, question);

    switch (info->type) {
        case QuestionType::choice: read_choice(keys, question); break;
        case QuestionType::truefalse: read_truefalse(keys, question); break;
        case QuestionType::multi: read_multi(keys, question); break;
        case QuestionType::short_answer: read_short(keys, question); break;
        case QuestionType::fill: read_fill(keys, question); break;
        case QuestionType::match: read_match(keys, question); break;
        case QuestionType::order: read_order(keys, question); break;
        case QuestionType::numeric: read_numeric(keys, question); break;
    }
    return question;
}

// `type`, defaulting to choice. Returns nullptr after reporting a bad one.
const TypeInfo* WorksheetReader::read_type(const Entries& keys) {
    const Entry* e = keys.find("type");
    if (!e) return &question_types.front();
    if (!has_value(*e)) return nullptr;
    const std::string name = e->value.IsScalar() ? e->value.Scalar() : std::string();
    for (const auto& info : question_types)
        if (info.name == name) return &info;
    std::vector<std::string_view> names;
    for (const auto& info : question_types) names.push_back(info.name);
    // What other tools (Moodle, GIFT, QTI, Google Forms) call their types.
    static const std::pair<std::string_view, std::string_view> foreign[] = {
        {"multiple-choice", "choice"}, {"multiplechoice", "choice"}, {"multichoice", "choice"},
        {"mc", "choice"},              {"mcq", "choice"},            {"single", "choice"},
        {"single-choice", "choice"},   {"radio", "choice"},          {"multiple-answer", "multi"},
        {"multiple-response", "multi"}, {"multiple-select", "multi"}, {"checkbox", "multi"},
        {"checkboxes", "multi"},       {"tf", "truefalse"},          {"true-false", "truefalse"},
        {"true/false", "truefalse"},   {"truefalse", "truefalse"},   {"boolean", "truefalse"},
        {"yes-no", "truefalse"},       {"essay", "short"},           {"shortanswer", "short"},
        {"short-answer", "short"},     {"open", "short"},            {"text", "short"},
        {"free-text", "short"},        {"paragraph", "short"},       {"matching", "match"},
        {"pairs", "match"},            {"cloze", "fill"},            {"gap", "fill"},
        {"gapfill", "fill"},           {"gap-fill", "fill"},         {"missing-word", "fill"},
        {"blanks", "fill"},            {"fill-in", "fill"},          {"ordering", "order"},
        {"sequence", "order"},         {"sort", "order"},            {"ranking", "order"},
        {"number", "numeric"},         {"numerical", "numeric"},     {"calculated", "numeric"},
    };
    std::string suggestion;
    if (e->value.IsScalar()) {
        const std::string lower = ascii_lower(name);
        for (const auto& [other, ours] : foreign)
            if (lower == other) suggestion = " (did you mean '" + std::string(ours) + "'?)";
        if (suggestion.empty()) suggestion = load::did_you_mean(name, names);
    }
    std::string hint = "the question types are " + join(names);
    if (suggestion.find("'short'") != std::string::npos && ascii_lower(name) == "essay")
        hint = "handout has no essay type: use 'short' with 'lines:' for the space to write (up to 30 lines)";
    error(e->value, "unknown question type " + load::describe(e->value) + suggestion, hint);
    return nullptr;
}

// `image`: a PNG or JPEG file, relative to the worksheet's folder, that must
// exist and be readable (decoding it is the layout's job); `image_width` in
// millimetres, and `alt` (the picture in words, for the quiz page), only with
// an image; an image without `alt` gets a warning.
void WorksheetReader::read_image(const Entries& keys, Question& question) {
    namespace fs = std::filesystem;
    const Entry* image = keys.find("image");
    if (image) {
        if (auto value = text(*image, true)) {
            const fs::path written = fs::u8path(value->text);
            const fs::path resolved =
                (fs::u8path(src_.file()).parent_path() / written).lexically_normal();
            const std::string ext = ascii_lower(written.extension().string());
            std::error_code ec;
            const std::string shown = load::quote_text(value->text);
            const std::string where = "the path is relative to the worksheet's folder (" +
                                      resolved.string() + " was looked for)";
            if (ext != ".png" && ext != ".jpg" && ext != ".jpeg") {
                error(value->loc,
                      "image " + shown + " must be a PNG or JPEG file (.png, .jpg or .jpeg)" +
                          (ext.empty() ? std::string() : ", found '" + ext + "'"),
                      "save the picture as PNG or JPEG and give that file's name");
            } else if (!fs::exists(resolved, ec)) {
                error(value->loc, "image " + shown + " not found", where);
            } else if (fs::is_directory(resolved, ec)) {
                error(value->loc, "image " + shown + " is a folder, not a file",
                      "give the path of the picture file inside it");
            } else if (const std::string why = unreadable_reason(resolved.string()); !why.empty()) {
                // Checked without blocking: a named pipe would hang a plain open.
                error(value->loc, "image " + shown + " cannot be read: " + why,
                      "give the path of a PNG or JPEG file that you can read");
            } else {
                // Decoded here, once per file, so that a damaged picture is
                // reported with the other errors of the file, in order.
                question.image = {resolved.string(), value->loc};
                auto& decoded = images_[resolved.string()];
                try {
                    if (!decoded) decoded = std::make_shared<const GrayImage>(decode_image(resolved.string()));
                    question.picture = decoded;
                } catch (const ImageError& e) {
                    error(value->loc, "image " + shown + ": " + e.reason(),
                          e.hint().empty() ? "use a PNG or JPEG file" : e.hint());
                    images_.erase(resolved.string());
                }
            }
        }
    }
    if (const Entry* e = keys.find("alt")) {
        if (!image)
            error(e->key, "'alt' is set but the question has no 'image'",
                  "add 'image: picture.png', or remove 'alt'");
        else if (auto value = text(*e, true))
            question.image_alt = *value;
    } else if (!question.image.empty()) {
        diags_.warning(question.image.loc, "image " + load::quote_text(image->value.Scalar()) +
                                               " has no 'alt' text",
                       "add 'alt: …' saying what the picture shows, in a sentence: the quiz page "
                       "gives it to students who cannot see the picture");
    }
    if (const Entry* e = keys.find("image_width")) {
        std::string written;
        if (!image) {
            error(e->key, "'image_width' is set but the question has no 'image'",
                  "add 'image: picture.png', or remove 'image_width'");
        } else if (auto value = number(*e, written)) {
            if (*value > 0 && *value <= max_image_width_mm)
                question.image_width_mm = *value;
            else
                error(e->value,
                      "'image_width' must be more than 0 and at most 180 (millimetres), found " +
                          written,
                      "for example image_width: 60 (the text of an A4 page is 170 mm wide in "
                      "the classic style; a wider picture is scaled to fit)");
        }
    }
}

void WorksheetReader::read_question_shuffle(const Entries& keys, Question& question) {
    if (const Entry* e = keys.find("shuffle"))
        if (auto value = boolean(*e)) question.shuffle_options = *value;
}

void WorksheetReader::read_choice(const Entries& keys, Question& question) {
    question.body.emplace<Choice>();
    if (const Entry* e = keys.find("options")) read_options(*e, question);
    else error(question.loc, "the choice question has no 'options'",
               "add 'options:' with a list of 2 to 26 answers to choose from");
    if (const Entry* e = keys.find("answer")) read_choice_answer(*e, question);
    else error(question.loc, "the choice question has no 'answer'",
               "add 'answer:' with the exact text of the correct option");
    read_question_shuffle(keys, question);
    warn_unpinned_catch_alls(question);
}

// Options: 2–26 distinct entries, each text or {text, pin}.
void WorksheetReader::read_options(const Entry& entry, Question& question) {
    std::vector<Option>& options = options_being_read(question);
    if (!is_list(entry, "options", "write each option on its own line starting with '- '"))
        return;
    // Too many: reported before reading them (the twice-written check is
    // quadratic in their number).
    if (entry.value.size() > max_options) {
        check_count(entry, entry.value.size(), min_options, max_options, "options",
                    type_name(question.type()));
        return;
    }
    for (const auto& node : entry.value) {
        if (node.IsNull()) {
            // `~` and `null` are YAML's words for "no value": point at the
            // word itself (an empty `- ` has no place of its own).
            const std::size_t at = src_.offset(node.Mark());
            const std::string_view text = src_.text();
            const bool word = at < text.size() && (text[at] == '~' || text.substr(at, 4) == "null" ||
                                                   text.substr(at, 4) == "Null" || text.substr(at, 4) == "NULL");
            if (word)
                error(src_.at(node), "an option is empty: YAML reads " +
                                         std::string(text[at] == '~' ? "'~'" : "'null'") + " as no value",
                      "quote it to print it: '" + std::string(text[at] == '~' ? "~" : text.substr(at, 4)) + "'");
            else
                error(src_.at(entry.value), "an option is empty", "write the option's text after '- '");
            continue;
        }
        Option option;
        std::optional<Text> value;
        if (node.IsMap()) {
            const Entries keys = load::read_entries(
                src_, diags_, node, "an option", option_keys,
                "an option is text, or a mapping {text: …, pin: true}");
            if (const Entry* t = keys.find("text")) value = text(*t, true);
            else error(node, "the option has no 'text'", "write {text: …, pin: true}");
            if (const Entry* p = keys.find("pin"))
                if (auto pin = boolean(*p)) option.pin = *pin;
        } else {
            value = text(node, "an option", true);
        }
        if (!value) continue;
        const auto same = std::find_if(options.begin(), options.end(),
                                       [&](const Option& o) { return o.text == value->text; });
        if (same != options.end()) {
            error(value->loc,
                  "option " + load::quote_text(value->text) + " is written twice (first at line " +
                      std::to_string(same->loc.line) + ")",
                  "the options of a question must all differ");
            continue;
        }
        option.text = value->text;
        option.loc = value->loc;
        options.push_back(std::move(option));
    }
    const std::size_t count = entry.value.size();
    if (count < min_options || count > max_options)
        error(entry.value,
              a_type(type_name(question.type())) + " question has 2 to 26 options, " +
                  "this one has " + std::to_string(count),
              count < 2 ? "add the wrong answers to choose from" : "split it into two questions");
}

// The option whose text is exactly `answer`; otherwise an error at the
// answer that names the closest option.
std::optional<std::size_t> WorksheetReader::find_option(const Text& answer, Question& question) {
    const std::vector<Option>& options = options_of(question);
    for (std::size_t i = 0; i < options.size(); ++i)
        if (options[i].text == answer.text) return i;
    // A lone letter is probably the option's letter rather than its text.
    const std::string& a = answer.text;
    if (a.size() == 1 && a[0] >= 'A' && a[0] <= 'Z' &&
        static_cast<std::size_t>(a[0] - 'A') < options.size()) {
        const Option& meant = options[static_cast<std::size_t>(a[0] - 'A')];
        error(answer.loc,
              "answer " + load::quote_text(a) + " matches none of the options; did you mean " +
                  load::quote_text(meant.text) + " (option " + a + ")?",
              "write the exact text of the correct option, not its letter (options are "
              "shuffled, so letters change)");
        return std::nullopt;
    }
    const Option* closest = &options.front();
    for (const auto& option : options)
        if (load::edit_distance(a, option.text) < load::edit_distance(a, closest->text))
            closest = &option;
    error(answer.loc,
          "answer " + load::quote_text(a) + " matches none of the options; did you mean " +
              load::quote_text(closest->text) + "?",
          "the answer must be the exact text of one option (same spelling, case and spaces)");
    return std::nullopt;
}

// The answer is the exact text of one option; name the closest otherwise.
void WorksheetReader::read_choice_answer(const Entry& entry, Question& question) {
    auto answer = text(entry, true);
    if (!answer || options_of(question).empty()) return;
    if (auto index = find_option(*answer, question)) question.as<Choice>().answer = *index;
}

// `check` warns about "All of the above" and the like when they would move.
void WorksheetReader::warn_unpinned_catch_alls(const Question& question) {
    if (!question.shuffle_options || !sheet_shuffles_options_) return;
    for (const auto& option : options_of(question))
        if (!option.pin && reads_like_catch_all(option.text))
            diags_.warning(option.loc,
                           "option " + load::quote_text(option.text) +
                               " only makes sense in its place, but it is not pinned: it "
                               "moves when the options shuffle",
                           "write it as {text: " + option.text +
                               ", pin: true} to keep it where it is written");
}

void WorksheetReader::read_truefalse(const Entries& keys, Question& question) {
    TrueFalse& body = question.body.emplace<TrueFalse>();
    const Entry* e = keys.find("answer");
    if (!e) {
        error(question.loc, "the truefalse question has no 'answer'",
              "add 'answer: true' or 'answer: false'");
        return;
    }
    // Yes/no words of other languages are no YAML booleans: name the one meant.
    if (e->value.IsScalar() && load::is_plain(e->value)) {
        static const std::pair<std::string_view, bool> words[] = {
            {"yes", true},  {"y", true},      {"t", true},     {"vrai", true},   {"v", true},     {"wahr", true},
            {"ja", true},   {"oui", true},    {"si", true},    {"sí", true},     {"vero", true},  {"verdadero", true},
            {"verdadeiro", true}, {"waar", true}, {"prawda", true}, {"да", true}, {"σωστό", true},
            {"no", false},  {"n", false},     {"f", false},    {"faux", false},  {"falsch", false},
            {"nein", false}, {"non", false},  {"falso", false}, {"onwaar", false}, {"fałsz", false},
            {"нет", false}, {"λάθος", false}};
        const std::string said = fold_case(e->value.Scalar());
        for (const auto& [word, truth] : words)
            if (said == word) {
                error(e->value, "'answer' must be true or false, found " + load::describe(e->value),
                      std::string("write answer: ") + (truth ? "true" : "false") + " (YAML reads only true and false)");
                return;
            }
    }
    if (auto value = boolean(*e)) body.truth = *value;
}

// multi: options as for choice, `answers` a list of option texts.
void WorksheetReader::read_multi(const Entries& keys, Question& question) {
    Multi& body = question.body.emplace<Multi>();
    if (const Entry* e = keys.find("options")) read_options(*e, question);
    else error(question.loc, "the multi question has no 'options'",
               "add 'options:' with a list of 2 to 26 answers to tick");
    if (const Entry* e = keys.find("answers")) {
        const auto answers =
            text_list(*e, "answer", "option texts",
                      "write answers: [first, second] with the exact text of each correct "
                      "option (a list, even for one answer)");
        if (e->value.IsSequence() && e->value.size() == 0)
            error(e->value, "'answers' is empty: a multi question has at least one answer",
                  "add the exact text of each correct option");
        if (!body.options.empty())
            for (const auto& answer : answers)
                if (auto index = find_option(answer, question)) body.answers.push_back(*index);
        std::sort(body.answers.begin(), body.answers.end());
    } else {
        error(question.loc, "the multi question has no 'answers'",
              "add 'answers:' with a list of the exact texts of the correct options");
    }
    if (const Entry* e = keys.find("scoring"))
        if (auto value = scoring(*e)) question.scoring = *value;
    read_question_shuffle(keys, question);
    warn_unpinned_catch_alls(question);
}

// short: a model answer and the number of writing lines.
void WorksheetReader::read_short(const Entries& keys, Question& question) {
    ShortAnswer& body = question.body.emplace<ShortAnswer>();
    if (const Entry* e = keys.find("answer")) {
        if (auto value = text(*e, true)) body.model_answer = *value;
    } else {
        error(question.loc, "the short question has no 'answer'",
              "add 'answer:' with a model answer for the person marking");
    }
    if (const Entry* e = keys.find("lines"))
        if (auto value = int_in_range(*e, 1, max_lines)) body.lines = *value;
}

// fill: the text with its gaps, and the optional word bank.
void WorksheetReader::read_fill(const Entries& keys, Question& question) {
    Fill& body = question.body.emplace<Fill>();
    if (const Entry* e = keys.find("text")) {
        read_fill_text(*e, question);
    } else {
        error(question.loc, "the fill question has no 'text'",
              "add 'text:' with each gap's answer in double brackets: 'Water boils at [[100]] °C.'");
    }
    if (const Entry* e = keys.find("bank"))
        if (auto value = boolean(*e)) body.bank = *value;
    if (const Entry* e = keys.find("distractors")) {
        if (e->value.IsSequence() &&
            !check_count(*e, e->value.size(), 0, max_distractors, "distractors", "fill"))
            return;
        const auto distractors = text_list(*e, "distractor", "wrong words",
                                           "write distractors: [50, 212]");
        if (!body.bank) {
            error(e->key, "'distractors' are only printed in a word bank, and this question has none",
                  "add 'bank: true', or remove 'distractors'");
        } else {
            for (const auto& distractor : distractors) {
                const auto gap = std::find_if(body.parts.begin(), body.parts.end(),
                                              [&](const FillPart& p) {
                                                  return p.gap && p.text == distractor.text;
                                              });
                if (gap == body.parts.end()) {
                    body.distractors.push_back(distractor);
                    continue;
                }
                const auto number = std::count_if(body.parts.begin(), gap + 1,
                                                  [](const FillPart& p) { return p.gap; });
                error(distractor.loc,
                      "distractor " + load::quote_text(distractor.text) +
                          " is the answer of gap (" + std::to_string(number) + ")",
                      "a distractor must be a wrong word: change it or remove it");
            }
        }
    }
    read_question_shuffle(keys, question);
}

// Splits the fill text at its `[[gaps]]`. Problems are shown at their own
// column when the text is written on one line, else at the text.
void WorksheetReader::read_fill_text(const Entry& entry, Question& question) {
    auto value = text(entry, true);
    if (!value) return;
    const std::string& s = value->text;
    const std::size_t base = verbatim_offset(entry.value, s);
    const auto at = [&](std::size_t i) {
        return base == std::string_view::npos ? value->loc : src_.at_offset(base + i);
    };
    std::vector<FillPart> parts;
    bool bad = false;
    int gaps = 0;
    std::size_t plain_from = 0;
    const auto add_plain = [&](std::size_t end) {
        if (end > plain_from) parts.push_back({false, s.substr(plain_from, end - plain_from), at(plain_from)});
    };
    for (std::size_t i = 0; i < s.size();) {
        if (s.compare(i, 2, "[[") != 0) {
            ++i;
            continue;
        }
        const std::size_t open = i;
        const std::size_t close = s.find("]]", open + 2);
        const std::size_t nested = s.find("[[", open + 2);
        if (close == std::string::npos) {
            error(at(open), "this '[[' opens a gap that is not closed with ']]'",
                  "write each gap as [[answer]], with two closing brackets");
            bad = true;
            break;
        }
        ++gaps;
        if (nested < close) {
            error(at(nested), "a gap cannot hold another gap: '[[' inside gap (" +
                                  std::to_string(gaps) + ")",
                  "close the first gap with ']]' before opening the next one");
            bad = true;
        } else if (const std::string answer(trim(s.substr(open + 2, close - open - 2)));
                   answer.empty()) {
            error(at(open), "gap (" + std::to_string(gaps) + ") is empty",
                  "write the gap's answer between the brackets: [[answer]]");
            bad = true;
        } else {
            add_plain(open);
            parts.push_back({true, answer, at(open)});
        }
        i = close + 2;
        plain_from = i;
    }
    if (bad) return;
    add_plain(s.size());
    if (gaps == 0) {
        error(value->loc, "the fill text has no gap",
              "write each gap's answer in double brackets: 'Water boils at [[100]] °C.'");
        return;
    }
    question.as<Fill>().parts = std::move(parts);
}

// match: 2–12 pairs [left, right]; lefts distinct, rights distinct.
void WorksheetReader::read_match(const Entries& keys, Question& question) {
    Match& body = question.body.emplace<Match>();
    const Entry* e = keys.find("pairs");
    read_question_shuffle(keys, question);
    if (!e) {
        error(question.loc, "the match question has no 'pairs'",
              "add 'pairs:' with 2 to 12 pairs, each written [left, right]");
        return;
    }
    if (!is_list(*e, "pairs", "write each pair on its own line as '- [left, right]'")) return;
    if (e->value.size() > max_pairs) {  // reported before reading them, as for options
        check_count(*e, e->value.size(), min_pairs, max_pairs, "pairs", "match");
        return;
    }
    const std::string pair_hint = "write each pair as [left, right], for example [Paris, France]";
    for (const auto& node : e->value) {
        if (!node.IsSequence() || node.size() != 2) {
            const std::string found = node.IsSequence()
                                          ? "a list of " + std::to_string(node.size())
                                          : load::describe(node);
            error(node.IsNull() ? src_.at(e->value) : src_.at(node),
                  "a pair must be a list of two texts [left, right], found " + found, pair_hint);
            continue;
        }
        auto left = text(node[0], "the left item of a pair", true);
        auto right = text(node[1], "the right item of a pair", true);
        if (!left || !right) continue;
        bool twice = false;
        for (const auto& pair : body.pairs) {
            if (pair.left.text == left->text) {
                error(left->loc,
                      "left item " + load::quote_text(left->text) +
                          " is written twice (first at line " + std::to_string(pair.left.loc.line) + ")",
                      "the left items of a match question must all differ");
                twice = true;
            }
            if (pair.right.text == right->text) {
                error(right->loc,
                      "right item " + load::quote_text(right->text) +
                          " is written twice (first at line " + std::to_string(pair.right.loc.line) + ")",
                      "the right items must all differ, so that each letter means one item");
                twice = true;
            }
        }
        if (!twice) body.pairs.push_back({*left, *right});
    }
    check_count(*e, e->value.size(), min_pairs, max_pairs, "pairs", "match");
}

// order: 2–12 distinct items, written in the correct order.
void WorksheetReader::read_order(const Entries& keys, Question& question) {
    Order& body = question.body.emplace<Order>();
    read_question_shuffle(keys, question);
    const Entry* e = keys.find("items");
    if (!e) {
        error(question.loc, "the order question has no 'items'",
              "add 'items:' with 2 to 12 items, written in the correct order");
        return;
    }
    if (e->value.IsSequence() && e->value.size() > max_items) {  // reported before reading them
        check_count(*e, e->value.size(), min_items, max_items, "items", "order");
        return;
    }
    body.items = text_list(*e, "item", "items", "write each item on its own line starting with '- '");
    if (e->value.IsSequence()) check_count(*e, e->value.size(), min_items, max_items, "items", "order");
}

// numeric: `answer` a number, `tolerance` at least 0, `unit` text; the
// numbers keep their text as written for the key.
void WorksheetReader::read_numeric(const Entries& keys, Question& question) {
    Numeric& body = question.body.emplace<Numeric>();
    if (const Entry* e = keys.find("answer")) {
        if (auto value = number(*e, body.value_text)) body.value = *value;
    } else {
        error(question.loc, "the numeric question has no 'answer'",
              "add 'answer:' with the number, such as answer: 9.81");
    }
    if (const Entry* e = keys.find("tolerance")) {
        std::string written;
        if (auto value = number(*e, written)) {
            if (*value >= 0) {
                body.tolerance = *value;
                body.tolerance_text = written;
            } else {
                error(e->value, "'tolerance' must be 0 or more, found " + written,
                      "write how far an answer may be from 'answer', such as tolerance: " +
                          written.substr(1));
            }
        }
    }
    if (const Entry* e = keys.find("unit"))
        if (auto value = text(*e, true)) body.unit = *value;
    if (const Entry* e = keys.find("grid")) read_grid(*e, body);
}

// `grid: true` (columns for the answer's characters and one spare, at least
// four, so the grid does not tell the answer's length exactly), `grid: N`
// (N columns), or `grid: false`.
void WorksheetReader::read_grid(const Entry& e, Numeric& body) {
    if (!has_value(e)) return;
    bool on = false;
    if (parse_bool(e.value, on)) {
        if (on) {
            const int needed = static_cast<int>(plain_number(body.value).size()) + 1;
            body.grid = std::clamp(std::max(needed, 4), Numeric::grid_min, Numeric::grid_max);
        }
        return;
    }
    int columns = 0;
    if (e.value.IsScalar()) {
        const std::string& s = e.value.Scalar();
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), columns);
        if (ec == std::errc() && end == s.data() + s.size() && columns >= Numeric::grid_min &&
            columns <= Numeric::grid_max) {
            body.grid = columns;
            return;
        }
    }
    error(e.value, "'grid' must be true, false or a number of columns from 2 to 10, found " + load::describe(e.value),
          "write grid: true for a digit grid as wide as the answer needs, or grid: 6 for six columns");
}

}  // namespace

// ---------------------------------------------------------------------------
// Public entry points
// ---------------------------------------------------------------------------

std::optional<Worksheet> parse_worksheet(std::string_view text, const std::string& file,
                                         Diagnostics& diags) {
    Diagnostics found;
    const std::string_view body = load::skip_bom(text);
    std::optional<Worksheet> sheet;
    if (load::check_size(body, file, found) && load::check_utf8(body, file, found)) {
        const load::Source source(body, file);
        // yaml-cpp may still throw while nodes are read (conversions, bad
        // iterators); such a surprise becomes a located error too.
        try {
            if (auto root = load::parse_document(source, found))
                sheet = WorksheetReader(source, found).read(*root);
            if (sheet) check_markup(*sheet, found);
        } catch (const YAML::Exception& e) {
            found.error(source.at(e.mark), "cannot read the YAML here: " + e.msg,
                        "check the quoting and indentation around here");
        } catch (const std::exception& e) {
            found.error({file, 0, 0}, std::string("cannot read the worksheet: ") + e.what(), "");
        }
    }
    load::append_in_order(diags, found);
    if (found.has_errors()) return std::nullopt;
    return sheet;
}

std::optional<Worksheet> load_worksheet(const std::string& path, Diagnostics& diags) {
    const auto text = load::read_yaml_file(path, diags);
    if (!text) return std::nullopt;
    return parse_worksheet(*text, input_name(path), diags);
}

namespace load {

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

}  // namespace load

}  // namespace handout
