// Parsing one YAML document: syntax errors as located messages with their
// likely cause, the nesting and alias limits (checked on yaml-cpp's events
// before any node is built), and the one parse epilogue that worksheets and
// page styles share.
#include "load/yaml_support.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string>

#include <yaml-cpp/eventhandler.h>

#include "handout/number.hpp"

namespace handout::load {

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

/// Reports the syntax errors that come from a value YAML reads as syntax
/// (a bare '*', a bad escape, a reserved or block indicator, a leading '-'
/// or '?'), each with the quoting that fixes it; false for any other error.
bool report_unquoted_value(const Source& source, Diagnostics& diags, const YAML::Exception& e) {
    const std::string_view text = source.text();
    const std::size_t off = source.offset(e.mark);
    const char here = off < text.size() ? text[off] : '\0';
    const std::string& msg = e.msg;
    Loc loc = source.at(e.mark);

    // yaml-cpp marks an empty alias ("* star") just after its star.
    const bool star = here == '*' || (off != std::string_view::npos && off > 0 &&
                                      here != '*' && text[off - 1] == '*');
    // yaml-cpp 0.8 (Debian 13) adds the anchor's name to UNKNOWN_ANCHOR.
    if ((msg.starts_with(YAML::ErrorMsg::UNKNOWN_ANCHOR) || msg == YAML::ErrorMsg::ALIAS_NOT_FOUND ||
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
    } else {
        return false;
    }
    return true;
}

/// Turns a yaml-cpp parser error into a located diagnostic with a readable
/// message, with special advice for the quoting mistakes made most often.
void report_syntax_error(const Source& source, Diagnostics& diags, const YAML::Exception& e) {
    const std::string_view text = source.text();
    const std::size_t off = source.offset(e.mark);
    const std::string& msg = e.msg;
    Loc loc = source.at(e.mark);
    if (report_likely_cause(source, diags, off)) return;
    if (report_unquoted_value(source, diags, e)) return;

    if (msg == YAML::ErrorMsg::MAP_VALUE) {
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
    } else if (msg.starts_with(YAML::ErrorMsg::INVALID_UNICODE)) {
        // yaml-cpp names the code point of a bad \u escape in decimal.
        const std::string number = msg.substr(std::strlen(YAML::ErrorMsg::INVALID_UNICODE));
        unsigned long cp = 0;
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), cp);
        char name[16] = "";
        if (ec == std::errc() && end == number.data() + number.size())
            std::snprintf(name, sizeof name, "U+%04lX", cp);
        const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
        diags.error(loc,
                    std::string("this escape is ") + (name[0] ? name : "no character") +
                        (surrogate ? ", half of a UTF-16 surrogate pair, which is no character on its own"
                                   : ", which is no character"),
                    "write the character itself instead of the \\u escape");
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
    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  const std::string&) override {
        seen(mark);
        check_tag(mark, tag, {"str", "int", "float", "bool", "null"}, false);
        leaf(anchor);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        seen(mark);
        check_tag(mark, tag, {"seq"}, true);
        open(mark, anchor, "list");
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        seen(mark);
        check_tag(mark, tag, {"map"}, true);
        open(mark, anchor, "mapping");
    }

    /// Tags asking for a kind of value a worksheet has no use for, in file order.
    std::vector<std::pair<YAML::Mark, std::string>> refused_tags;
    void OnMapEnd() override { close(); }

private:
    void seen(const YAML::Mark& mark) {
        if (!content) content = mark;
    }

    // YAML's standard tags that only restate what a value is (`!!str`,
    // `!!int` …) are harmless; the others (`!!binary`, `!!set`,
    // `!!python/object:…`) ask for values no worksheet holds. A custom tag
    // on a list or mapping is refused too; on text, the readers say it would
    // be dropped from the text, naming the key.
    void check_tag(const YAML::Mark& mark, const std::string& tag, std::initializer_list<std::string_view> fine,
                   bool collection) {
        constexpr std::string_view standard = "tag:yaml.org,2002:";
        if (tag.empty() || tag == "?" || tag == "!") return;
        if (tag.starts_with(standard)) {
            const std::string_view name = std::string_view(tag).substr(standard.size());
            if (std::find(fine.begin(), fine.end(), name) == fine.end())
                refused_tags.emplace_back(mark, "!!" + std::string(name));
        } else if (collection) {
            refused_tags.emplace_back(mark, tag);
        }
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
/// past (YAML::LoadAll loops forever on a ',' outside brackets), and the
/// tags it refuses. Throws the parser's exceptions. Returns false when the
/// file cannot be read on.
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
    for (const auto& [mark, tag] : probe.refused_tags)
        diags.error(source.at(mark), "the YAML tag " + quote_text(tag) + " is not supported here",
                    "a worksheet holds only text, numbers, true/false, lists and mappings: remove the tag, "
                    "or quote the whole value if it is text that starts with '!'");
    return true;  // the readers go on, to report the file's other mistakes too
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

bool parse_file(std::string_view text, const std::string& file, std::string_view what,
                Diagnostics& diags, const ReadRoot& read) {
    Diagnostics found;
    const std::string_view body = skip_bom(text);
    if (check_size(body, file, found) && check_utf8(body, file, found) && check_bytes(body, file, found)) {
        const Source source(body, file);
        // yaml-cpp may still throw while nodes are read (conversions, bad
        // iterators); such a surprise becomes a located error too.
        try {
            if (auto root = parse_document(source, found)) read(source, *root, found);
        } catch (const YAML::Exception& e) {
            found.error(source.at(e.mark), "cannot read the YAML here: " + e.msg,
                        "check the quoting and indentation around here");
        } catch (const std::exception& e) {
            found.error({file, 0, 0}, "cannot read the " + std::string(what) + ": " + e.what(), "");
        }
    }
    append_in_order(diags, found);
    return !found.has_errors();
}

}  // namespace handout::load
