// Maths and chemistry in printed texts: `$…$` (inline) and `$$…$$`
// (displayed) found in a text, their LaTeX subset parsed into a tree with
// located problems, and typeset (TeX's appendix G rules, with the constants
// of an OpenType MATH table read by HarfBuzz) into a box of positioned
// glyphs and rules that layout places and the painter paints.
//
// Where maths starts and ends (the rule pandoc uses for `$`, so prices stay
// prices): a `$` opens maths when the character after it is not whitespace;
// the next `$` closes it when the character before it is not whitespace and
// the character after it is not a digit. `$$` opens and closes displayed
// maths. `\$` prints a dollar sign and never opens maths. A `$` that opens
// nothing prints as itself (`$5 and $10` is two prices).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace handout {

/// A piece of a printed text: plain text or the source of one formula.
struct TextPiece {
    enum class Kind : std::uint8_t { text, inline_math, display_math };
    Kind kind = Kind::text;
    std::string text;        ///< plain text (`\$` resolved) or the formula's source between its dollars
    std::size_t offset = 0;  ///< byte offset in the whole text where `text` starts
    bool operator==(const TextPiece&) const = default;
};

/// Quick test: whether `text` has a `$` at all (no maths without one).
inline bool may_have_math(std::string_view text) { return text.find('$') != std::string_view::npos; }

/// Splits `text` into plain pieces and formulas by the rule above. A text
/// without `$` is one plain piece (none when empty).
std::vector<TextPiece> split_math(std::string_view text);

/// `text` rewritten piece by piece: each plain piece by `plain(text)`, each
/// formula by `formula(source, display)` (the quiz's and QTI's MathML, the
/// review page's, Moodle's TeX delimiters).
template <class Plain, class Formula>
std::string map_math(std::string_view text, Plain plain, Formula formula) {
    std::string out;
    for (const TextPiece& piece : split_math(text))
        out += piece.kind == TextPiece::Kind::text
                   ? plain(piece.text)
                   : formula(piece.text, piece.kind == TextPiece::Kind::display_math);
    return out;
}

/// Whether `text` holds a formula.
bool has_math(std::string_view text);

/// The text with `\$` resolved and every formula replaced by its source
/// (what a reader of the bare text sees): for plain-text outputs.
std::string without_math_delimiters(std::string_view text);

/// A problem found in a text's maths: the byte offset in the whole text,
/// the message, and a hint.
struct MathProblem {
    std::size_t offset = 0;
    std::string message;
    std::string hint;
    bool warning = false;  ///< a guess about `$` (printed literally), not an error
};

/// Every problem of every formula in `text`, all at once: unknown commands
/// (with did-you-mean), unbalanced braces, missing arguments, `\left`
/// without `\right`; and, as warnings, a `$` taken literally that may have
/// been meant as maths.
std::vector<MathProblem> math_problems(std::string_view text);

/// The class of an atom, which decides the spacing around it (TeX's).
enum class MathClass : std::uint8_t { ord, op, bin, rel, open, close, punct, inner };

struct MathNode;
using MathList = std::vector<MathNode>;

/// One node of a parsed formula.
struct MathNode {
    enum class Kind : std::uint8_t {
        symbol,     ///< one character (`chars`), italic when `italic`
        word,       ///< upright letters: a function name (`\sin`), `\text{…}`, `\mathrm{…}`
        frac,       ///< args: numerator, denominator (`rule` false for `\binom`)
        root,       ///< args: radicand, [degree]
        big_op,     ///< `chars`: the operator (∑ ∫ …), or a word (lim) when `word_op`
        delimited,  ///< `\left` … `\right`: args[0] the body; `left`/`right` the delimiters (0 = none)
        accent,     ///< args[0] the base; `chars` the accent (→ ^ ¯ ˙ ~); see `wide`
        space,      ///< `space` em of horizontal space
        matrix,     ///< args: the cells row by row, `columns` per row; `left`/`right` delimiters
        group,      ///< args[0] a braced group (an ordinary atom)
    };
    Kind kind = Kind::symbol;
    MathClass cls = MathClass::ord;
    std::u32string chars;
    bool italic = false;
    bool rule = true;      ///< frac: with a fraction bar
    bool wide = false;     ///< accent: across the whole base (a bar, a wide hat, an arrow, a brace)
    bool under = false;    ///< accent: below the base (\underline, \underbrace)
    bool word_op = false;  ///< big_op: `chars` is a word (lim, max)
    int style = -1;        ///< frac: 0 display (\dfrac), 1 text (\tfrac), -1 as the context
    char32_t left = 0, right = 0;
    int columns = 0;
    double space = 0;
    std::vector<MathList> args;
    std::vector<MathList> sub, sup;          ///< at most one each: the scripts attached to this atom
    std::vector<MathList> pre_sub, pre_sup;  ///< chemistry's isotopes: scripts before the atom
    std::size_t offset = 0;                  ///< in the formula's source
};

/// A parsed formula and its problems (offsets in the formula's source).
struct ParsedMath {
    MathList list;
    std::vector<MathProblem> problems;
};

/// Parses the LaTeX subset of one formula (its source between the dollars).
ParsedMath parse_math(std::string_view source);

/// Formula `source` as MathML Core: a `<math>` element (`display="block"`
/// for displayed maths) whose `alttext` is the source.
std::string math_to_mathml(std::string_view source, bool display);

/// A glyph of the maths font in a typeset formula: its code, its baseline
/// origin from the box's origin (the left end of its baseline, y up) and its
/// size in points. The code is its character, or for a glyph no character of
/// the Basic Multilingual Plane maps to (a size variant of `(`, a part of an
/// assembled brace, a wide hat, a letter's Mathematical Italic form) its
/// glyph code (font_style.hpp's glyph_code_base), whose text
/// MathFonts::glyph_text gives.
struct MathGlyph {
    char32_t cp = 0;
    double x = 0, y = 0, size = 0;
    double advance = 0;  ///< its advance width in points (where the next glyph of a run starts)
    bool operator==(const MathGlyph&) const = default;
};

/// A filled rectangle (a fraction bar, a root's bar): bottom-left corner
/// from the box's origin.
struct MathRule {
    double x = 0, y = 0, w = 0, h = 0;
    bool operator==(const MathRule&) const = default;
};

/// A typeset formula: its extent from the origin (height above the
/// baseline, depth below it, both positive for most boxes) and what it paints.
struct MathBox {
    double width = 0, height = 0, depth = 0;
    std::vector<MathGlyph> glyphs;
    std::vector<MathRule> rules;
};

/// The maths font, Latin Modern Math (an OpenType MATH table, read with
/// HarfBuzz): its symbols, its upright letters (\text, \mathrm, function
/// names) and the Mathematical Italic letters variables are set in. Loaded
/// once; typesetting is const.
class MathFonts {
public:
    /// The maths font's file name: Latin Modern Math with TrueType outlines,
    /// made by the build (cmake/MathFont.cmake, scripts/lm-math-ttf.py).
    static constexpr const char* file_name = "HandoutMathLM.ttf";
    /// The face the maths font's name says, for messages.
    static constexpr const char* face_name = "Latin Modern Math";

    /// Loads the maths font; throws std::runtime_error naming a file that is
    /// missing or has no MATH table.
    static std::shared_ptr<const MathFonts> load(const std::string& path);
    /// The maths font found in the usual places: the fonts folder (an
    /// installed handout's share/handout/fonts), then the build tree it was
    /// made in; "" when in neither.
    static std::string find(const std::string& fonts_dir);

    ~MathFonts();
    MathFonts(const MathFonts&) = delete;
    MathFonts& operator=(const MathFonts&) = delete;

    const std::string& math_path() const;
    /// Whether a character written in a formula prints: the maths font has it.
    bool covers(char32_t cp) const;
    /// What a glyph code of the maths font that a MathGlyph shows says (the
    /// PDF's /ToUnicode, Document::glyph_texts): the character it is a size
    /// variant of (`(`, `√`, `∑`), the letter a Mathematical Italic glyph is
    /// (`x`, `α`), or "" for a further part of an assembly.
    const std::string& glyph_text(char32_t code) const;
    /// Typesets formula `source` at `size` points (a formula with problems,
    /// which the loader reports, sets what it could parse). Each formula is
    /// set once: the box is kept (thread-safe) for as long as the fonts.
    const MathBox& typeset(std::string_view source, bool display, double size) const;

    struct Impl;

private:
    explicit MathFonts(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace handout
