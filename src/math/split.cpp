// Where maths starts and ends in a printed text (the rule in handout/math.hpp),
// and the problems of all its formulas at once.
#include <cctype>

#include "handout/math.hpp"

namespace handout {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// Whether the `$` at `i` is escaped by an odd run of backslashes before it.
bool escaped(std::string_view t, std::size_t i) {
    std::size_t n = 0;
    while (i > n && t[i - n - 1] == '\\') ++n;
    return n % 2 == 1;
}

/// The closing `$` (or `$$` when `display`) of a formula whose source
/// starts at `from`, or npos.
std::size_t find_close(std::string_view t, std::size_t from, bool display) {
    for (std::size_t i = from; i < t.size(); ++i) {
        if (t[i] != '$' || escaped(t, i)) continue;
        if (display) {
            if (i + 1 < t.size() && t[i + 1] == '$') return i;
            continue;
        }
        if (i + 1 < t.size() && t[i + 1] == '$') return std::string_view::npos;  // `$x$$`: not ours
        if (i == from || is_blank(t[i - 1])) continue;
        if (i + 1 < t.size() && is_digit(t[i + 1])) continue;
        return i;
    }
    return std::string_view::npos;
}

void add_text(std::vector<TextPiece>& out, std::string_view t, std::size_t offset) {
    std::string plain;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '\\' && i + 1 < t.size() && t[i + 1] == '$') continue;  // `\$` prints `$`
        plain += t[i];
    }
    if (plain.empty()) return;
    if (!out.empty() && out.back().kind == TextPiece::Kind::text) {
        out.back().text += plain;
        return;
    }
    out.push_back({TextPiece::Kind::text, std::move(plain), offset});
}

}  // namespace

std::vector<TextPiece> split_math(std::string_view t) {
    std::vector<TextPiece> out;
    std::size_t start = 0;  // of the plain text not yet added
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '$' || escaped(t, i)) continue;
        const bool display = i + 1 < t.size() && t[i + 1] == '$';
        const std::size_t from = i + (display ? 2 : 1);
        if (from >= t.size() || (!display && is_blank(t[from]))) continue;
        const std::size_t close = find_close(t, from, display);
        if (close == std::string_view::npos || close == from) {
            if (display) ++i;
            continue;
        }
        add_text(out, t.substr(start, i - start), start);
        out.push_back({display ? TextPiece::Kind::display_math : TextPiece::Kind::inline_math,
                       std::string(t.substr(from, close - from)), from});
        i = close + (display ? 1 : 0);
        start = i + 1;
    }
    add_text(out, t.substr(start), start);
    return out;
}

std::string without_math_delimiters(std::string_view text) {
    std::string out;
    for (const TextPiece& p : split_math(text)) out += p.text;
    return out;
}

bool has_math(std::string_view text) {
    if (!may_have_math(text)) return false;
    for (const TextPiece& p : split_math(text))
        if (p.kind != TextPiece::Kind::text) return true;
    return false;
}

std::vector<MathProblem> math_problems(std::string_view text) {
    std::vector<MathProblem> out;
    if (!may_have_math(text)) return out;
    const auto pieces = split_math(text);
    for (const TextPiece& p : pieces) {
        if (p.kind == TextPiece::Kind::text) {
            // A literal `$` followed by a letter or backslash looks like maths
            // that did not close: say what prints.
            for (std::size_t i = 0; i < p.text.size(); ++i) {
                if (p.text[i] != '$' || i + 1 >= p.text.size()) continue;
                const char next = p.text[i + 1];
                if (next != '\\' && std::isalpha(static_cast<unsigned char>(next)) == 0) continue;
                const std::size_t at = text.find('$', p.offset + i > 0 ? p.offset : 0);
                out.push_back(
                    {at == std::string_view::npos ? p.offset : at,
                     "'$' prints as a dollar sign: no '$' closes it as maths",
                     "close the formula with '$' right after its last character (no space before it), "
                     "or write '\\$' for a dollar sign",
                     true});
                break;
            }
            continue;
        }
        for (MathProblem m : parse_math(p.text).problems) {
            m.offset += p.offset;
            out.push_back(std::move(m));
        }
    }
    return out;
}

}  // namespace handout
