// Inline markup: a tokenizer that finds code spans, escapes and runs of
// stars, and a pass that pairs star runs innermost first (CommonMark's
// "process emphasis", simplified). Wrapping the spans into lines is the
// fonts' job (src/fonts/wrap.cpp).
#include "handout/markup.hpp"

#include <algorithm>

#include "handout/text.hpp"

namespace handout {

namespace {

/// Whitespace as layout sees it: it separates words and never prints twice.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

//// What the flanking rules need to know of the character beside a star run.
enum class CharClass { space, punct, digit, other };

/// The code point starting at byte `i` (U+FFFD for a broken sequence).
char32_t code_point_at(std::string_view s, std::size_t i) {
    const char32_t cp = next_code_point(s, i);
    return cp == invalid_code_point ? U'\uFFFD' : cp;
}

/// The code point that ends right before byte `i` (i > 0).
char32_t code_point_before(std::string_view s, std::size_t i) {
    return code_point_at(s, code_point_start(s, i - 1));
}

/* Unicode whitespace and punctuation as CommonMark's flanking rules use
   them: ASCII punctuation and the punctuation blocks a worksheet meets
   (Latin-1, general punctuation, CJK). */
CharClass classify(char32_t c) {
    if (c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == U'\f' || c == 0xA0 || c == 0x1680 ||
        (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000)
        return CharClass::space;
    if (c >= U'0' && c <= U'9') return CharClass::digit;
    if ((c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) ||
        (c >= 0x7B && c <= 0x7E) || c == 0xA1 || c == 0xA7 || c == 0xAB || c == 0xB6 || c == 0xB7 ||
        c == 0xBB || c == 0xBF || (c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205E) ||
        (c >= 0x3001 && c <= 0x3003) || (c >= 0x3008 && c <= 0x3011) || (c >= 0xFF01 && c <= 0xFF0F))
        return CharClass::punct;
    return CharClass::other;
}

/// A stretch of the source: literal text, a code span, or a run of stars
/// that may still turn into emphasis.
struct Piece {
    enum class Kind { text, code, stars } kind = Kind::text;
    std::string text;           ///< text or code: what prints
    std::size_t offset = 0;     ///< byte offset in the source (stars)
    std::size_t length = 0;     ///< number of stars in the run
    std::size_t remaining = 0;  ///< stars not used as markup: they print
    bool can_open = false, can_close = false;
    bool next_to_digit = false;  ///< inside a word, a digit right before or after the run (`2*x`)
    bool active = false;         ///< may still pair with another run
    int bold = 0, italic = 0;    ///< emphasis around this piece
};

/// The source split into pieces, emphasis resolved, plus the problems found.
struct Parsed {
    std::vector<Piece> pieces;
    std::vector<std::pair<std::size_t, std::string>> problems;
};

/// Appends literal text to the last piece when it is text, else a new piece.
void add_text(std::vector<Piece>& pieces, std::string_view s) {
    if (pieces.empty() || pieces.back().kind != Piece::Kind::text) pieces.push_back({});
    pieces.back().text += s;
}

/* Splits the source into text, code spans and star runs. A code span runs
   from a backtick to the next backtick, whatever lies between; a backtick
   with no partner is literal text. A star run's ability to open or close
   depends on the characters around it. */
void tokenize(std::string_view src, Parsed& out) {
    auto& pieces = out.pieces;
    for (std::size_t i = 0; i < src.size();) {
        const char c = src[i];
        if (c == '\\' && i + 1 < src.size() &&
            (src[i + 1] == '*' || src[i + 1] == '`' || src[i + 1] == '\\')) {
            add_text(pieces, src.substr(i + 1, 1));
            i += 2;
        } else if (c == '`') {
            const std::size_t close = src.find('`', i + 1);
            if (close == std::string_view::npos) {
                out.problems.push_back({i,
                                        "unclosed '`': it prints as a backtick; end the code with '`', "
                                        "or write '\\`' for a literal backtick"});
                add_text(pieces, "`");
                ++i;
            } else if (close == i + 1) {
                add_text(pieces, "``");  // empty code: nothing to set in mono
                i += 2;
            } else {
                Piece code;
                code.kind = Piece::Kind::code;
                code.text = std::string(src.substr(i + 1, close - i - 1));
                pieces.push_back(std::move(code));
                i = close + 1;
            }
        } else if (c == '*') {
            std::size_t end = i;
            while (end < src.size() && src[end] == '*') ++end;
            Piece stars;
            stars.kind = Piece::Kind::stars;
            stars.offset = i;
            stars.length = stars.remaining = end - i;
            const CharClass before = i > 0 ? classify(code_point_before(src, i)) : CharClass::space;
            const CharClass after = end < src.size() ? classify(code_point_at(src, end)) : CharClass::space;
            // CommonMark's flanking rules, plus: a star between two digits
            // (`3*3`, `2*4*1`) is a times sign, never markup.
            const bool between_digits = before == CharClass::digit && after == CharClass::digit;
            stars.can_open =
                !between_digits && after != CharClass::space &&
                (after != CharClass::punct || before == CharClass::space || before == CharClass::punct);
            stars.can_close =
                !between_digits && before != CharClass::space &&
                (before != CharClass::punct || after == CharClass::space || after == CharClass::punct);
            // Inside a word with a digit on one side (`2*x`, `a*2`): maths
            // that emphasis would eat. `**10 N**` starts at a space: not this.
            const bool in_word = (before == CharClass::digit || before == CharClass::other) &&
                                 (after == CharClass::digit || after == CharClass::other);
            stars.next_to_digit = in_word && (before == CharClass::digit || after == CharClass::digit);
            stars.active = stars.can_open || stars.can_close;
            pieces.push_back(std::move(stars));
            i = end;
        } else {
            std::size_t end = i + 1;
            while (end < src.size() && src[end] != '\\' && src[end] != '`' && src[end] != '*') ++end;
            add_text(pieces, src.substr(i, end - i));
            i = end;
        }
    }
}

/* CommonMark's rule of 3: a run that can both open and close pairs with
   another only when their lengths do not add up to a multiple of 3 (unless
   both are), so `*foo**bar**baz*` is italic with "bar" bold italic rather
   than italic "foo" followed by stray stars. */
bool rule_of_three_forbids(const Piece& opener, const Piece& closer) {
    if (!(opener.can_open && opener.can_close) && !(closer.can_open && closer.can_close)) return false;
    return (opener.length + closer.length) % 3 == 0 && (opener.length % 3 != 0 || closer.length % 3 != 0);
}

/* Pairs star runs: each closer, left to right, takes the nearest active
   opener before it, two stars (bold) when both have two left, else one
   (italic), and marks every piece between them; runs between the pair can
   no longer pair (their stars print). A closer with stars left looks
   further back; one that finds nothing and cannot open prints. */
void pair_stars(std::vector<Piece>& pieces) {
    for (std::size_t c = 0; c < pieces.size(); ++c) {
        Piece& closer = pieces[c];
        if (closer.kind != Piece::Kind::stars || !closer.active || !closer.can_close) continue;
        while (closer.remaining > 0) {
            std::size_t o = c;
            bool found = false;
            while (o-- > 0) {
                const Piece& p = pieces[o];
                if (p.kind == Piece::Kind::stars && p.active && p.can_open && p.remaining > 0 &&
                    !rule_of_three_forbids(p, closer)) {
                    found = true;
                    break;
                }
            }
            if (!found) break;
            Piece& opener = pieces[o];
            const std::size_t use = opener.remaining >= 2 && closer.remaining >= 2 ? 2 : 1;
            for (std::size_t k = o + 1; k < c; ++k) {
                (use == 2 ? pieces[k].bold : pieces[k].italic) += 1;
                if (pieces[k].kind == Piece::Kind::stars) pieces[k].active = false;
            }
            opener.remaining -= use;
            closer.remaining -= use;
            if (opener.remaining == 0) opener.active = false;
        }
        if (closer.remaining == 0 || !closer.can_open) closer.active = false;
    }
}

/// Stars that print although they look like markup, as warnings.
void star_problems(const std::vector<Piece>& pieces, Parsed& out) {
    for (const Piece& p : pieces) {
        // Maths the markup would eat: `2*x + 3*y` prints "2x + 3y" with
        // "x + 3" in italics unless the teacher meant it.
        if (p.kind == Piece::Kind::stars && p.next_to_digit && p.remaining < p.length)
            out.problems.push_back(
                {p.offset, "'" + std::string(p.length, '*') +
                               "' next to a digit is read as emphasis: it does not print and "
                               "the text up to the matching star prints in " +
                               (p.length - p.remaining >= 2 ? "bold" : "italics") +
                               "; write '\\*' (or '\u00d7') for a times sign"});
        if (p.kind != Piece::Kind::stars || p.remaining == 0 || !(p.can_open || p.can_close)) continue;
        const std::string stars(p.remaining, '*');
        const std::string escaped = p.remaining == 1 ? "'\\*'" : "'\\*' for each";
        // An opener's unused stars are its outer (left) ones; a closer's
        // are its outer (right) ones.
        const bool opener_like = p.can_open && (!p.can_close || p.remaining == p.length);
        const std::size_t at = opener_like ? p.offset : p.offset + (p.length - p.remaining);
        const std::string what = p.can_open && !p.can_close ? "unclosed '" + stars + "'"
                                 : !p.can_open              ? "'" + stars + "' closes nothing"
                                                            : "unmatched '" + stars + "'";
        std::string message = what + ": it prints as ";
        message += p.remaining == 1 ? "a star" : "stars";
        message += "; pair it, or write ";
        message += escaped;
        message += " for a literal star";
        out.problems.push_back({at, std::move(message)});
    }
    std::stable_sort(out.problems.begin(), out.problems.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
}

Parsed parse(std::string_view src) {
    Parsed out;
    tokenize(src, out);
    pair_stars(out.pieces);
    star_problems(out.pieces, out);
    return out;
}

bool is_bold(FontStyle f) { return f == FontStyle::bold || f == FontStyle::bold_italic; }
bool is_italic(FontStyle f) { return f == FontStyle::italic || f == FontStyle::bold_italic; }

FontStyle make_style(bool bold, bool italic) {
    if (bold) return italic ? FontStyle::bold_italic : FontStyle::bold;
    return italic ? FontStyle::italic : FontStyle::regular;
}

/// Appends `text` in `font`, merging with the last span when it has that font.
void add_span(std::vector<Span>& spans, std::string text, FontStyle font) {
    if (text.empty()) return;
    if (!spans.empty() && spans.back().font == font)
        spans.back().text += text;
    else
        spans.push_back({std::move(text), font});
}

}  // namespace

FontStyle with_base(FontStyle font, FontStyle base) {
    if (font == FontStyle::mono || base == FontStyle::mono) return FontStyle::mono;
    return make_style(is_bold(font) || is_bold(base), is_italic(font) || is_italic(base));
}

/* Text pieces take the emphasis around them; a run's unused stars print in
   the emphasis around the run; code prints in mono. */
std::vector<Span> parse_markup(std::string_view text, FontStyle base) {
    std::vector<Span> spans;
    for (Piece& p : parse(text).pieces) {
        const FontStyle own =
            p.kind == Piece::Kind::code ? FontStyle::mono : make_style(p.bold > 0, p.italic > 0);
        const FontStyle font = with_base(own, base);
        if (p.kind == Piece::Kind::stars)
            add_span(spans, std::string(p.remaining, '*'), font);
        else
            add_span(spans, std::move(p.text), font);
    }
    return spans;
}

std::string plain_text(std::string_view text) {
    std::string out;
    for (const Span& span : parse_markup(text)) out += span.text;
    return out;
}

std::string printed_form(std::string_view text) {
    std::string folded;
    bool space = false;
    for (const char c : plain_text(text)) {
        if (is_space(c)) {
            space = !folded.empty();
            continue;
        }
        if (space) folded += ' ';
        space = false;
        folded += c;
    }
    return nfc(folded);
}

std::vector<std::pair<std::size_t, std::string>> markup_problems(std::string_view text) {
    return parse(text).problems;
}

bool keeps_with_number(std::string_view before, std::string_view word) {
    if (before.empty() || before.back() < '0' || before.back() > '9') return false;
    // Punctuation after the unit (`12 m.`, `5 kg),`) goes with it.
    while (!word.empty() && std::string_view(".,;:!?)]").find(word.back()) != std::string_view::npos)
        word.remove_suffix(1);
    static const std::vector<std::string_view> units = {
        "mm",         "cm",      "dm",      "m",        "km",       "\u00b5m",   "nm",       "mg",
        "g",          "kg",      "t",       "ms",       "s",        "min",       "h",        "N",
        "kN",         "J",       "kJ",      "MJ",       "W",        "kW",        "MW",       "kWh",
        "Wh",         "V",       "mV",      "kV",       "A",        "mA",        "\u03a9",   "k\u03a9",
        "Pa",         "kPa",     "hPa",     "MPa",      "Hz",       "kHz",       "MHz",      "GHz",
        "L",          "l",       "ml",      "mL",       "cl",       "dl",        "\u00b0C",  "\u00b0F",
        "\u00b0",     "K",       "%",       "mol",      "eV",       "cal",       "kcal",     "B",
        "kB",         "MB",      "GB",      "TB",       "ft",       "in",        "yd",       "mi",
        "lb",         "oz",      "mph",     "km/h",     "m/s",      "m/s\u00b2", "N/kg",     "kg/m\u00b3",
        "g/cm\u00b3", "m\u00b2", "m\u00b3", "cm\u00b2", "cm\u00b3", "mm\u00b2",  "km\u00b2", "dm\u00b3",
        "\u2103",     "\u2109"};
    return std::find(units.begin(), units.end(), word) != units.end();
}

}  // namespace handout
