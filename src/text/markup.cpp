// Inline markup: a tokenizer that finds code spans, escapes and runs of
// stars, a pass that pairs star runs innermost first (CommonMark's "process
// emphasis", simplified), and a wrapper that lays the resulting spans out in
// lines of positioned runs.
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
    std::size_t start = i - 1;
    while (start > 0 && i - start < 4 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
    return code_point_at(s, start);
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
    bool active = false;        ///< may still pair with another run
    int bold = 0, italic = 0;   ///< emphasis around this piece
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
        if (c == '\\' && i + 1 < src.size() && (src[i + 1] == '*' || src[i + 1] == '`' || src[i + 1] == '\\')) {
            add_text(pieces, src.substr(i + 1, 1));
            i += 2;
        } else if (c == '`') {
            const std::size_t close = src.find('`', i + 1);
            if (close == std::string_view::npos) {
                out.problems.push_back({i, "unclosed '`': it prints as a backtick; end the code with '`', "
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
            stars.can_open = !between_digits && after != CharClass::space &&
                             (after != CharClass::punct || before == CharClass::space || before == CharClass::punct);
            stars.can_close = !between_digits && before != CharClass::space &&
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
            out.problems.push_back({p.offset, "'" + std::string(p.length, '*') +
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
                                 : !p.can_open           ? "'" + stars + "' closes nothing"
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
    if (!spans.empty() && spans.back().font == font) spans.back().text += text;
    else spans.push_back({std::move(text), font});
}

// ---- wrapping ----------------------------------------------------------

/// Part of a word in one font.
struct Segment {
    FontStyle font;
    std::string text;
};

/// A word (no whitespace inside, fonts may change) and the font of the
/// whitespace before it, which prints as one space when both share a line.
struct Word {
    std::vector<Segment> segments;
    FontStyle space_font = FontStyle::regular;
    int breaks = 0;  ///< line breaks the teacher wrote in the whitespace before it
};

/// A word's text, all segments together.
std::string word_text(const Word& w) {
    std::string out;
    for (const Segment& s : w.segments) out += s.text;
    return out;
}

/// Joins each unit of measure to the number before it (`12 m`, `32 °C`), a
/// space between, so the two never wrap apart.
std::vector<Word> glue_units(std::vector<Word> words) {
    std::vector<Word> out;
    for (Word& w : words) {
        if (!out.empty() && w.breaks == 0 && keeps_with_number(word_text(out.back()), word_text(w))) {
            out.back().segments.push_back({w.space_font, " "});
            for (Segment& s : w.segments) out.back().segments.push_back(std::move(s));
            continue;
        }
        out.push_back(std::move(w));
    }
    return out;
}

/// Splits spans into words at whitespace.
std::vector<Word> split_words(const std::vector<Span>& spans) {
    std::vector<Word> words;
    Word word;
    bool in_space = true;
    FontStyle space_font = FontStyle::regular;
    int breaks = 0;
    for (const Span& span : spans) {
        for (std::size_t i = 0; i < span.text.size();) {
            const char c = span.text[i];
            if (is_space(c)) {
                if (!in_space) {
                    words.push_back(std::move(word));
                    word = {};
                    in_space = true;
                    space_font = span.font;
                }
                breaks += c == '\n';
                ++i;
                continue;
            }
            std::size_t end = i;
            while (end < span.text.size() && !is_space(span.text[end])) ++end;
            if (in_space) {
                word.space_font = space_font;
                word.breaks = breaks;
                breaks = 0;
                in_space = false;
            }
            word.segments.push_back({span.font, span.text.substr(i, end - i)});
            i = end;
        }
    }
    if (!in_space) words.push_back(std::move(word));
    return glue_units(std::move(words));
}

/// Builds lines of runs: merges text of one font, places new runs after the
/// measured width of the runs before them.
class LineBuilder {
public:
    LineBuilder(const FontSet& fonts, double size) : fonts_(fonts), size_(size) {}

    bool empty() const { return line_.empty(); }
    double width() const { return width_; }
    /// Lines finished so far.
    std::size_t finished() const { return lines_.size(); }

    void add(FontStyle font, const std::string& text) {
        if (text.empty()) return;
        if (line_.empty() || line_.back().font != font) {
            double x = 0;
            for (const PlacedRun& run : line_) x += fonts_.width(run.font, run.text, size_);
            line_.push_back({x, std::string(), font});
        }
        line_.back().text += text;
        width_ += fonts_.width(font, text, size_);
    }

    /// Ends the current line (even when empty).
    void finish() {
        lines_.push_back(std::move(line_));
        line_.clear();
        width_ = 0;
    }

    std::vector<std::vector<PlacedRun>> take() { return std::move(lines_); }

private:
    const FontSet& fonts_;
    double size_;
    std::vector<PlacedRun> line_;
    double width_ = 0;
    std::vector<std::vector<PlacedRun>> lines_;
};

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
        const FontStyle own = p.kind == Piece::Kind::code ? FontStyle::mono : make_style(p.bold > 0, p.italic > 0);
        const FontStyle font = with_base(own, base);
        if (p.kind == Piece::Kind::stars) add_span(spans, std::string(p.remaining, '*'), font);
        else add_span(spans, std::move(p.text), font);
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

/* Each problem is a warning at the text's place; on a one-line text the
   column moves to the marker (best effort: quotes and escapes in the YAML
   source are not counted). */
void check_markup(const Worksheet& ws, Diagnostics& diags) {
    for_each_printed_text(ws, [&](const std::string& text, const Loc& loc, PrintedText) {
        for (const auto& [offset, message] : markup_problems(text)) {
            Loc at = loc.file.empty() ? Loc{ws.file, loc.line, loc.column} : loc;
            if (text.find('\n') == std::string::npos && at.line > 0 && at.column > 0)
                for (std::size_t i = 0; i < offset; ++i)
                    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++at.column;
            // Every problem reads "what happens; what to do".
            const std::size_t cut = message.rfind("; ");
            diags.warning(at, message.substr(0, cut), cut == std::string::npos ? "" : message.substr(cut + 2));
        }
    });
}

bool keeps_with_number(std::string_view before, std::string_view word) {
    if (before.empty() || before.back() < '0' || before.back() > '9') return false;
    // Punctuation after the unit (`12 m.`, `5 kg),`) goes with it.
    while (!word.empty() && std::string_view(".,;:!?)]").find(word.back()) != std::string_view::npos)
        word.remove_suffix(1);
    static const std::vector<std::string_view> units = {
        "mm", "cm", "dm", "m", "km", "\u00b5m", "nm", "mg", "g", "kg", "t", "ms", "s", "min", "h", "N", "kN",
        "J", "kJ", "MJ", "W", "kW", "MW", "kWh", "Wh", "V", "mV", "kV", "A", "mA", "\u03a9", "k\u03a9", "Pa",
        "kPa", "hPa", "MPa", "Hz", "kHz", "MHz", "GHz", "L", "l", "ml", "mL", "cl", "dl", "\u00b0C", "\u00b0F",
        "\u00b0", "K", "%", "mol", "eV", "cal", "kcal", "B", "kB", "MB", "GB", "TB", "ft", "in", "yd", "mi",
        "lb", "oz", "mph", "km/h", "m/s", "m/s\u00b2", "N/kg", "kg/m\u00b3", "g/cm\u00b3", "m\u00b2", "m\u00b3",
        "cm\u00b2", "cm\u00b3", "mm\u00b2", "km\u00b2", "dm\u00b3", "\u2103", "\u2109"};
    return std::find(units.begin(), units.end(), word) != units.end();
}

/* Greedy filling, word by word, as in wrap_text: a word goes on the current
   line when the line, a space and the word fit; else it starts a new line,
   and when it is wider than a whole line it is cut between characters
   (at least one character per line) until the rest fits. The first line
   may be narrower than the others (`first_width`): a word only a whole
   line holds leaves it empty. */
std::vector<std::vector<PlacedRun>> wrap_spans(const std::vector<Span>& spans, const FontSet& fonts, double size,
                                               double width, double first_width) {
    LineBuilder line(fonts, size);
    const auto limit = [&] { return line.finished() == 0 && first_width >= 0 ? first_width : width; };
    bool first_word = true;
    for (Word& word : split_words(spans)) {
        // A line break the teacher wrote (YAML `|`) ends the line; a blank
        // line between two stays blank.
        if (!first_word && word.breaks > 0) {
            line.finish();
            for (int i = 1; i < word.breaks; ++i) line.finish();
        }
        const bool new_line = !first_word && word.breaks > 0;
        first_word = false;
        double word_w = 0;
        for (const Segment& s : word.segments) word_w += fonts.width(s.font, s.text, size);
        const double space_w = fonts.width(word.space_font, " ", size);
        if (!new_line && !line.empty() && line.width() + space_w + word_w <= limit()) {
            line.add(word.space_font, " ");
            for (const Segment& s : word.segments) line.add(s.font, s.text);
            continue;
        }
        if (!line.empty()) line.finish();
        // A word too wide for a narrower first line, that a whole line holds,
        // starts the second line (the first stays empty) rather than break.
        if (line.finished() == 0 && word_w > limit() && word_w <= width) line.finish();

        if (word_w <= limit()) {
            for (const Segment& s : word.segments) line.add(s.font, s.text);
            continue;
        }
        // A word wider than a whole line is broken between characters: each
        // line takes characters while they fit (at least one), from where the
        // line before stopped, until the rest fits. One pass over the word,
        // however long it is.
        std::size_t seg = 0, pos = 0;  // where the rest of the word starts
        for (;;) {
            std::vector<Segment> head;
            double head_w = 0;
            bool full = false;
            for (; seg < word.segments.size() && !full; ++seg, pos = 0) {
                const Segment& s = word.segments[seg];
                while (pos < s.text.size()) {
                    const std::size_t n = std::min(utf8_lead_length(static_cast<unsigned char>(s.text[pos])),
                                                   s.text.size() - pos);
                    const std::string_view ch = std::string_view(s.text).substr(pos, n);
                    const double ch_w = fonts.width(s.font, ch, size);
                    if (!head.empty() && head_w + ch_w > limit()) {
                        full = true;
                        break;
                    }
                    if (head.empty() || head.back().font != s.font) head.push_back({s.font, std::string()});
                    head.back().text += ch;
                    head_w += ch_w;
                    pos += n;
                }
                if (full) break;
            }
            for (const Segment& s : head) line.add(s.font, s.text);
            if (!full) break;  // the rest fits: the next word may follow it
            line.finish();
        }
    }
    line.finish();  // the last line; for empty text, one empty line
    return line.take();
}

}  // namespace handout
