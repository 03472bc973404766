// The GIFT reader's building blocks (private to src/convert/): the source as
// characters that remember their offset and whether a backslash escaped them,
// split into question blocks.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace handout::convert::gift {

/// One character of a block: `lit` when escaped (it is then never a control
/// character); `off` is its byte offset in the file.
struct Ch {
    char c;
    bool lit;
    std::size_t off;
};
using Chars = std::vector<Ch>;

/// A question block: the lines between blank lines, comment lines taken out.
struct Block {
    Chars chars;
    std::vector<std::string> comments;  ///< `//` lines, without the slashes
    std::size_t off = 0;                ///< offset of its first character
};

/// Splits GIFT text (LF or CRLF) into blocks, resolving the escapes `\~ \= \#
/// \{ \} \: \\ \n`. Comment lines with no question after them form a block of
/// no characters.
std::vector<Block> split_blocks(std::string_view text);

/// The characters as a string.
std::string str(const Chars& chars);

/// `chars[b, e)` without leading and trailing whitespace.
Chars slice(const Chars& chars, std::size_t b, std::size_t e);
Chars trimmed(const Chars& chars);

/// Index of the first unescaped `c` at or after `from`, or npos.
std::size_t find(const Chars& chars, char c, std::size_t from = 0);

/// Index of the first unescaped `s` at or after `from`, or npos.
std::size_t find(const Chars& chars, std::string_view s, std::size_t from = 0);

/// The answer block of Moodle's ordering question (qtype_ordering, part of
/// Moodle from 4.4): `>N`, then optionally its select type, layout, grading
/// type, SHOW/HIDE and numbering style, then one item a line.
struct OrderingBlock {
    std::string select;        ///< ALL, EXACT, RANDOM, REL, CONTIGUOUS, CONTIG or ""
    std::string grading;       ///< ALL_OR_NOTHING, RELATIVE_NEXT_EXCLUDE_LAST, … or ""
    int count = 0;             ///< how many items Moodle shows, as its GIFT reader settles N
    std::vector<Chars> items;  ///< in the right order, trimmed, blank lines left out
};

/// `answer` (inside the braces, general feedback taken off) read as Moodle's
/// GIFT reader reads an ordering question, or nullopt when it is not one:
/// it must start with '>' and a number.
std::optional<OrderingBlock> read_ordering_block(const Chars& answer);

}  // namespace handout::convert::gift
