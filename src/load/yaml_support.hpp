// Private helpers shared by the worksheet and page-style loaders: source
// positions, UTF-8 and YAML syntax checking, mapping walks with duplicate and
// unknown-key detection, and the parse epilogue both share. Only src/load
// uses this header; it is the one place (with the loaders) that sees
// yaml-cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "handout/diagnostic.hpp"
#include "handout/labels.hpp"
#include "handout/model.hpp"

namespace handout::load {

// Limits of every YAML file handout reads (worksheets and page styles), so
// that a damaged or hostile file fails fast with a located error instead of
// exhausting memory, the stack or the PDF library. docs/format.md "Limits"
// lists them for teachers; tests/limits_test.cpp proves each one.

/// Largest file, in bytes, checked before any parsing.
inline constexpr std::size_t max_file_bytes = 2'000'000;
/// Deepest nesting of lists and mappings (a worksheet needs about 6).
inline constexpr int max_depth = 64;
/// Most nodes a file may have once every alias is expanded: what a reader
/// walking it visits. Stops "billion laughs" files (aliases of aliases).
inline constexpr std::size_t max_expanded_nodes = 100'000;
/// Most write-in fields (`fields: [Name, Date]`) in a sheet's header.
inline constexpr std::size_t max_fields = 10;
/// Longest single text, in bytes (libharu drops strings over 65,535 bytes
/// without an error; no printed text needs more than this).
inline constexpr std::size_t max_text_bytes = 10'000;

/// Reports a `text` over max_file_bytes at FILE:1:1 (naming its size and the
/// limit) and returns false; true when the size is fine.
bool check_size(std::string_view text, const std::string& file, Diagnostics& diags);

/// Reports, at FILE:1:1, a file of `size` bytes (as words: "2,500,000")
/// over max_file_bytes.
void report_size(const std::string& file, const std::string& size, Diagnostics& diags);

/// Reads a worksheet or page-style file for parsing, never more than one
/// byte over max_file_bytes: a larger file is reported (naming its size) and
/// nothing is returned. Throws IoError when it cannot be read.
std::optional<std::string> read_yaml_file(const std::string& path, Diagnostics& diags);

/// The text of one YAML file and its name. Turns yaml-cpp marks (0-based
/// line and byte column) into our locations (1-based line and column counted
/// in characters, as editors show them).
class Source {
public:
    /// `text` must already be valid UTF-8 without a BOM; it must outlive this.
    Source(std::string_view text, std::string file);

    const std::string& file() const { return file_; }
    std::string_view text() const { return text_; }

    /// The location of a yaml-cpp mark; line 0 when the mark is unknown.
    Loc at(const YAML::Mark& mark) const;
    /// The location of a node (the mark of its first character).
    Loc at(const YAML::Node& node) const { return at(node.Mark()); }
    /// The location of a byte offset into the text.
    Loc at_offset(std::size_t offset) const;
    /// The byte offset of a mark, or npos when it is unknown.
    std::size_t offset(const YAML::Mark& mark) const;

private:
    std::string_view text_;
    std::string file_;
    std::vector<std::size_t> line_starts_;  ///< byte offset of each line's first byte
    /// Characters before each byte offset (UTF-8 lead bytes counted), so a
    /// column costs the same on a line of 600,000 values as on a short one.
    std::vector<std::uint32_t> chars_before_;
    /// The column (1-based, in characters) of byte `offset` on the line
    /// starting at byte `start`.
    int column(std::size_t start, std::size_t offset) const;
};

/// Drops a UTF-8 byte-order mark at the start of `text`, if there is one.
std::string_view skip_bom(std::string_view text);

/// Checks that `text` (BOM already skipped) is well-formed UTF-8; otherwise
/// reports the first bad byte of each line that has one (handout::check_utf8
/// with the hint for YAML files) and returns false.
bool check_utf8(std::string_view text, const std::string& file, Diagnostics& diags);

/// Reports the first NUL of each line and the first carriage return not
/// followed by a line feed (CR-only line ends), naming them; false if any.
bool check_bytes(std::string_view text, const std::string& file, Diagnostics& diags);

/// Parses the one YAML document of `source`. Syntax errors become located
/// diagnostics with readable messages (and nullopt is returned); an empty
/// file gives a Null node. A second document is an error.
std::optional<YAML::Node> parse_document(const Source& source, Diagnostics& diags);

/// Reads the root of a parsed file, adding its problems to `found`.
using ReadRoot =
    std::function<void(const Source& source, const YAML::Node& root, Diagnostics& found)>;

/// The one way a YAML file is parsed, for worksheets and page styles alike:
/// skips a byte-order mark, checks the size and the UTF-8, parses the one
/// document and hands its root to `read`. A yaml-cpp exception thrown while
/// reading becomes a located error ("cannot read the <what>: …" when it has
/// no place). The file's diagnostics are then appended to `diags` in order.
/// Returns true when the file has no errors.
bool parse_file(std::string_view text, const std::string& file, std::string_view what,
                Diagnostics& diags, const ReadRoot& read);

/// One key of a mapping with its value.
struct Entry {
    std::string name;
    YAML::Node key;
    YAML::Node value;
};

/// The known keys of a mapping, each taken once.
class Entries {
public:
    /// The entry of `name`, or nullptr when it was not written.
    const Entry* find(std::string_view name) const;
    std::vector<Entry>& all() { return entries_; }
    const std::vector<Entry>& all() const { return entries_; }

private:
    std::vector<Entry> entries_;
};

/// Walks a mapping node and reports, each at its key: keys that are not plain
/// names, keys written twice (yaml-cpp keeps both silently), and keys not in
/// `known` (with a "did you mean" when one is close). `what` names the place
/// in messages ("a question"); `hint` is given with unknown keys. Returns the
/// known keys in written order, first occurrence only.
Entries read_entries(const Source& source, Diagnostics& diags, const YAML::Node& map,
                     std::string_view what, const std::vector<std::string_view>& known,
                     const std::string& hint);

/// The hint for a key written with no value: to write one, or to quote it
/// when what follows the colon is ` #…` (which YAML reads as a comment).
std::string missing_value_hint(const Source& source, const Entry& entry);

/// An error when a scalar carries a tag YAML would drop from the text
/// (`!important note` reads as "note"): its message, or "" when it is fine.
std::string dropped_tag(const YAML::Node& node);

/// Appends the diagnostics of one file to `to`, ordered by line and column,
/// at most Diagnostics::max_per_file of them (see Diagnostics::append_file).
void append_in_order(Diagnostics& to, const Diagnostics& from);

/// A short description of a node for messages: "a list", "a mapping",
/// "nothing", or the scalar quoted ('text').
std::string describe(const YAML::Node& node);

/// True when the scalar was written without quotes (so `true` is a bool).
bool is_plain(const YAML::Node& node);

/// True for a YAML 1.2 boolean word (true, True, TRUE, false, …); sets `value`.
bool bool_word(const std::string& s, bool& value);

/// True for a plain (unquoted) YAML boolean scalar; sets `value`.
bool parse_bool(const YAML::Node& node, bool& value);

/// Quotes a value for a message: 'text', shortened when very long.
std::string quote_text(std::string_view text);

/// True for `[a-z0-9][a-z0-9-]*`.
bool is_slug(std::string_view text);

/// Reads `lang:`: a BCP 47 tag whose language has built-in labels (any
/// region); an unknown one is an error listing the languages.
std::optional<Text> read_lang(const Source& source, Diagnostics& diags, const Entry& entry);

/// Reads `labels:`: a mapping of label names (labels.hpp) to texts; unknown
/// names are errors with a did-you-mean.
std::vector<LabelOverride> read_labels(const Source& source, Diagnostics& diags, const Entry& entry);

}  // namespace handout::load
