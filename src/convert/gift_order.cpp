// Moodle's ordering question in GIFT, `{>N ALL VERTICAL ALL_OR_NOTHING SHOW
// item…}`, read by the rules of its GIFT reader (question/type/ordering in
// Moodle): the keywords after the number are each optional, in that order,
// matched as written (upper case, as Moodle's pattern does); the rest are the
// items, one a line, in the right order. One difference, on purpose: a
// keyword counts only as a whole word, where Moodle's pattern would also take
// the "V" of an item "Venus" written right after the number for VERTICAL.
#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "convert/gift_reader.hpp"

namespace handout::convert::gift {

namespace {

// Each optional keyword group, its spellings in the order Moodle's pattern
// tries them (a longer spelling before its prefix).
constexpr std::array<std::string_view, 6> select_words = {"ALL", "EXACT",      "RANDOM",
                                                          "REL", "CONTIGUOUS", "CONTIG"};
constexpr std::array<std::string_view, 8> layout_words = {"HORIZONTAL", "HORI", "H", "1",
                                                          "VERTICAL",   "VERT", "V", "0"};
constexpr std::array<std::string_view, 12> grading_words = {"ALL_OR_NOTHING",
                                                            "ABSOLUTE_POSITION",
                                                            "ABSOLUTE",
                                                            "ABS",
                                                            "RELATIVE_NEXT_EXCLUDE_LAST",
                                                            "RELATIVE_NEXT_INCLUDE_LAST",
                                                            "RELATIVE_ONE_PREVIOUS_AND_NEXT",
                                                            "RELATIVE_ALL_PREVIOUS_AND_NEXT",
                                                            "RELATIVE_TO_CORRECT",
                                                            "LONGEST_ORDERED_SUBSET",
                                                            "LONGEST_CONTIGUOUS_SUBSET",
                                                            "RELATIVE"};
constexpr std::array<std::string_view, 8> show_words = {"SHOW", "TRUE",  "YES", "1",
                                                        "HIDE", "FALSE", "NO",  "0"};
constexpr std::array<std::string_view, 6> numbering_words = {"none", "123", "abc", "ABCD", "iii", "IIII"};

bool space(const Ch& ch) { return !ch.lit && (ch.c == ' ' || ch.c == '\t' || ch.c == '\n' || ch.c == '\r'); }

void skip_space(const Chars& chars, std::size_t& at) {
    while (at < chars.size() && space(chars[at])) ++at;
}

// The first of `words` written at `at` (taken, and `at` moved past it), or "".
template <std::size_t N>
std::string take(const Chars& chars, std::size_t& at, const std::array<std::string_view, N>& words) {
    skip_space(chars, at);
    for (std::string_view word : words) {
        if (at + word.size() > chars.size()) continue;
        bool same = true;
        for (std::size_t k = 0; k < word.size() && same; ++k)
            same = chars[at + k].c == word[k] && !chars[at + k].lit;
        if (same && (at + word.size() == chars.size() || space(chars[at + word.size()]))) {
            at += word.size();
            return std::string(word);
        }
    }
    return {};
}

}  // namespace

std::optional<OrderingBlock> read_ordering_block(const Chars& answer) {
    std::size_t at = 0;
    skip_space(answer, at);
    if (at >= answer.size() || answer[at].c != '>' || answer[at].lit) return std::nullopt;
    ++at;
    skip_space(answer, at);
    std::string number;
    while (at < answer.size() && std::isdigit(static_cast<unsigned char>(answer[at].c)) != 0 &&
           !answer[at].lit)
        number += answer[at++].c;
    if (number.empty()) return std::nullopt;
    OrderingBlock block;
    block.select = take(answer, at, select_words);
    take(answer, at, layout_words);
    block.grading = take(answer, at, grading_words);
    take(answer, at, show_words);
    take(answer, at, numbering_words);
    // The items: one a line (an escaped "\n" stays inside its item).
    std::size_t start = at;
    for (std::size_t i = at; i <= answer.size(); ++i) {
        if (i < answer.size() && !(answer[i].c == '\n' && !answer[i].lit)) continue;
        Chars item = slice(answer, start, i);
        if (!item.empty()) block.items.push_back(std::move(item));
        start = i + 1;
    }
    // Moodle's GIFT reader: N when it is at least 2 and at most the number of
    // items, else 6 or the number of items if fewer.
    const std::size_t n = block.items.size();
    const std::size_t digits = std::min<std::size_t>(number.size(), 4);
    const std::size_t wanted = number.size() > 4 ? n + 1 : std::stoul(number.substr(0, digits));
    block.count = static_cast<int>(wanted >= 2 && wanted <= n ? wanted : std::min<std::size_t>(6, n));
    return block;
}

}  // namespace handout::convert::gift
