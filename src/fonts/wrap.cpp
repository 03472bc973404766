// Rich text wrapped into lines: spans of one font each (parse_markup) split
// into words, units of measure glued to their numbers, and the words filled
// greedily into lines of positioned runs, measured with the page's fonts.
#include "handout/wrap.hpp"

#include <algorithm>

#include "handout/text.hpp"

namespace handout {

namespace {

/// Whitespace as layout sees it: it separates words and never prints twice.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// Part of a word in one font.
struct Segment {
    FontStyle font;
    std::string text;
    double box = -1;  ///< a formula's width (Span::box)
};

double segment_width(const Segment& s, const FontSet& fonts, double size) {
    return s.box >= 0 ? s.box : fonts.width(s.font, s.text, size);
}

/// A word (no whitespace inside, fonts may change) and the font of the
/// whitespace before it, which prints as one space when both share a line.
struct Word {
    std::vector<Segment> segments;
    FontStyle space_font = FontStyle::regular;
    int breaks = 0;       ///< line breaks the teacher wrote in the whitespace before it
    bool joined = false;  ///< follows the word before with no space between (CJK text, split_cjk_words)
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

/// Each word that holds CJK text cut where the line may break inside it
/// (line_breaks_in_word: between Chinese or Japanese characters, never before
/// '。' nor after '「'), the pieces after the first joined to the one before.
/// A formula counts as one character (U+FFFC) and is never cut.
std::vector<Word> split_cjk_words(std::vector<Word> words) {
    std::vector<Word> out;
    out.reserve(words.size());
    for (Word& w : words) {
        std::string text;
        std::vector<std::size_t> starts;  // of each segment in `text`
        for (const Segment& s : w.segments) {
            starts.push_back(text.size());
            text += s.box >= 0 ? std::string("\uFFFC") : s.text;
        }
        const std::vector<std::size_t> cuts = line_breaks_in_word(text);
        if (cuts.empty()) {
            out.push_back(std::move(w));
            continue;
        }
        Word piece;
        piece.space_font = w.space_font;
        piece.breaks = w.breaks;
        const auto close = [&] {
            if (piece.segments.empty()) return;
            out.push_back(std::move(piece));
            piece = Word{};
            piece.space_font = w.space_font;
            piece.joined = true;
        };
        std::size_t next = 0;  // the first cut not made
        for (std::size_t i = 0; i < w.segments.size(); ++i) {
            Segment& s = w.segments[i];
            const std::size_t start = starts[i];
            const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : text.size();
            std::size_t from = 0;  // of the segment's text not yet placed
            for (; next < cuts.size() && cuts[next] < end; ++next) {
                if (cuts[next] > start && s.box < 0) {
                    piece.segments.push_back({s.font, s.text.substr(from, cuts[next] - start - from)});
                    from = cuts[next] - start;
                }
                close();
            }
            if (s.box >= 0)
                piece.segments.push_back(std::move(s));
            else if (from < s.text.size())
                piece.segments.push_back({s.font, s.text.substr(from)});
        }
        close();
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
        if (span.box >= 0) {  // a formula: part of the word it is in
            if (in_space) {
                word.space_font = space_font;
                word.breaks = breaks;
                breaks = 0;
                in_space = false;
            }
            word.segments.push_back({span.font, span.text, span.box});
            continue;
        }
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
    return split_cjk_words(glue_units(std::move(words)));
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

    void add(FontStyle font, const std::string& text, double box = -1) {
        if (text.empty() && box < 0) return;
        if (line_.empty() || line_.back().font != font || box >= 0 || line_.back().box >= 0) {
            double x = 0;
            for (const PlacedRun& run : line_)
                x += run.box >= 0 ? run.box : fonts_.width(run.font, run.text, size_);
            line_.push_back({x, std::string(), font, box});
        }
        line_.back().text += text;
        width_ += box >= 0 ? box : fonts_.width(font, text, size_);
    }
    void add(const Segment& s) { add(s.font, s.text, s.box); }

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

/* Greedy filling, word by word, as in wrap_text: a word goes on the current
   line when the line, a space and the word fit; else it starts a new line,
   and when it is wider than a whole line it is cut between characters
   (at least one character per line) until the rest fits. The first line
   may be narrower than the others (`first_width`): a word only a whole
   line holds leaves it empty. */
namespace {

/// Puts the runs of `line` in the order they print (wrap_spans), in a
/// paragraph written right to left when `rtl`.
void order_line(std::vector<PlacedRun>& line, bool rtl, const FontSet& fonts, double size) {
    // The line's text, each character with the run it comes from; a formula
    // is one object character.
    std::u32string text;
    std::vector<std::size_t> owner;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i].box >= 0)
            text += U'\uFFFC';
        else
            decode_utf8(line[i].text, text);
        owner.resize(text.size(), i);
    }
    const bool any_rtl = std::any_of(text.begin(), text.end(), [](char32_t c) {
        return first_strong_rtl(std::u32string_view(&c, 1)).value_or(false);
    });
    if (!rtl && !any_rtl) return;
    std::vector<PlacedRun> out;
    double x = line.empty() ? 0 : line.front().x;
    for (const BidiRun& run : bidi_runs(text, rtl)) {
        std::vector<PlacedRun> parts;  // the run cut where the source run changes, logical order
        std::size_t last = 0;          // the source run of the part's last character
        for (std::size_t c = run.begin; c < run.end; ++c) {
            // A left-to-right or right-to-left mark orders the text, never prints.
            if (text[c] == U'\u200E' || text[c] == U'\u200F') continue;
            const PlacedRun& from = line[owner[c]];
            if (parts.empty() || owner[c] != last) {
                parts.push_back({0, std::string(), from.font, from.box, run.rtl});
                if (from.box >= 0) parts.back().text = from.text;
            }
            last = owner[c];
            if (from.box < 0) parts.back().text += encode_utf8(text[c]);
        }
        if (run.rtl) std::reverse(parts.begin(), parts.end());
        for (PlacedRun& part : parts) {
            part.x = x;
            x += part.box >= 0 ? part.box : fonts.width(part.font, part.text, size);
            out.push_back(std::move(part));
        }
    }
    line = std::move(out);
}

/// Each line of `spans` in the order it prints (order_line), when the text
/// needs shaping, in the direction of its first strong character; on a
/// right-to-left page (`rtl_page`), right to left when it holds any
/// right-to-left character (an Arabic sentence that opens with a Latin term).
void order_lines(const std::vector<Span>& spans, const FontSet& fonts, double size, bool rtl_page,
                 std::vector<std::vector<PlacedRun>>& lines) {
    if (std::none_of(spans.begin(), spans.end(), [](const Span& s) { return needs_shaping(s.text); })) return;
    std::u32string all;
    for (const Span& s : spans)
        if (s.box < 0) decode_utf8(s.text, all);
    const auto is_rtl = [](char32_t c) {
        return first_strong_rtl(std::u32string_view(&c, 1)).value_or(false);
    };
    const bool rtl =
        first_strong_rtl(all).value_or(false) || (rtl_page && std::any_of(all.begin(), all.end(), is_rtl));
    for (std::vector<PlacedRun>& l : lines) order_line(l, rtl, fonts, size);
}

}  // namespace

std::vector<std::vector<PlacedRun>> wrap_spans(const std::vector<Span>& spans, const FontSet& fonts,
                                               double size, double width, double first_width, bool rtl_page) {
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
        for (const Segment& s : word.segments) word_w += segment_width(s, fonts, size);
        const double space_w = word.joined ? 0.0 : fonts.width(word.space_font, " ", size);
        if (!new_line && !line.empty() && line.width() + space_w + word_w <= limit()) {
            if (!word.joined) line.add(word.space_font, " ");
            for (const Segment& s : word.segments) line.add(s);
            continue;
        }
        if (!line.empty()) line.finish();
        // A word too wide for a narrower first line, that a whole line holds,
        // starts the second line (the first stays empty) rather than break.
        if (line.finished() == 0 && word_w > limit() && word_w <= width) line.finish();

        if (word_w <= limit()) {
            for (const Segment& s : word.segments) line.add(s);
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
                if (s.box >= 0) {  // a formula is never cut
                    if (!head.empty() && head_w + s.box > limit()) {
                        full = true;
                        break;
                    }
                    head.push_back(s);
                    head_w += s.box;
                    continue;
                }
                while (pos < s.text.size()) {
                    const std::size_t n = std::min(utf8_lead_length(static_cast<unsigned char>(s.text[pos])),
                                                   s.text.size() - pos);
                    const std::string_view ch = std::string_view(s.text).substr(pos, n);
                    const double ch_w = fonts.width(s.font, ch, size);
                    if (!head.empty() && head_w + ch_w > limit()) {
                        full = true;
                        break;
                    }
                    if (head.empty() || head.back().font != s.font || head.back().box >= 0)
                        head.push_back({s.font, std::string()});
                    head.back().text += ch;
                    head_w += ch_w;
                    pos += n;
                }
                if (full) break;
            }
            for (const Segment& s : head) line.add(s);
            if (!full) break;  // the rest fits: the next word may follow it
            line.finish();
        }
    }
    line.finish();  // the last line; for empty text, one empty line
    std::vector<std::vector<PlacedRun>> lines = line.take();
    order_lines(spans, fonts, size, rtl_page, lines);
    return lines;
}

}  // namespace handout
