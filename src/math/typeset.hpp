// The typesetter: a MathList to a MathBox by the rules of TeX's appendix G
// in their OpenType form (the MATH table's constants, as MathML Core and
// KaTeX apply them). Private to src/math.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "handout/math.hpp"
#include "math/font.hpp"

namespace handout {

struct MathFonts::Impl {
    explicit Impl(const std::string& path) : math(path) {}
    math::Face math;
    std::mutex mutex;                                                ///< guards `boxes`
    std::map<std::tuple<std::string, bool, double>, MathBox> boxes;  ///< every formula set so far
};

namespace math {

/// TeX's styles: display, text, script, scriptscript; cramped or not.
struct Style {
    int level = 1;  ///< 0 D, 1 T, 2 S, 3 SS
    bool cramped = false;

    bool display() const { return level == 0; }
    Style sup() const { return {level <= 1 ? 2 : 3, cramped}; }
    Style sub() const { return {level <= 1 ? 2 : 3, true}; }
    Style num() const { return {level == 0 ? 1 : level == 1 ? 2 : 3, cramped}; }
    Style den() const { return {level == 0 ? 1 : level == 1 ? 2 : 3, true}; }
    Style cramp() const { return {level, true}; }
};

/// Appends `b` to `into` moved by (dx, dy).
void place(MathBox& into, const MathBox& b, double dx, double dy);

class Typesetter {
public:
    Typesetter(const MathFonts::Impl& fonts, double size) : f_(fonts), size_(size) {}

    MathBox list(const MathList& l, Style s) const;

private:
    friend struct Parts;
    double em(Style s) const;
    double c(hb_ot_math_constant_t k, Style s) const { return f_.math.constant(k) * em(s); }

    MathBox node(const MathNode& n, Style s) const;
    /// `cp` as a box, a letter's Mathematical Italic form when `italic`;
    /// `lean`, when given, gets how far its ink leans out past its advance
    /// (TeX's italic correction, the MATH table's).
    MathBox glyph(char32_t cp, bool italic, Style s, double* lean = nullptr) const;
    MathBox word(const std::u32string& text, bool italic, Style s) const;
    MathBox frac(const MathNode& n, Style s) const;
    MathBox scripts(MathBox base, const MathNode& n, Style s, bool is_char, double italic = 0) const;
    MathBox limits(const MathBox& base, const MathNode& n, Style s) const;
    MathBox prescripts(const MathBox& base, const MathNode& n, Style s) const;
    MathBox root(const MathNode& n, Style s) const;
    MathBox accent(const MathNode& n, Style s) const;
    MathBox delimited(const MathNode& n, Style s) const;
    /// `b` centred on the maths axis.
    MathBox on_axis(const MathBox& b, Style s) const;
    /// `body` between delimiters `left` and `right` grown to its height.
    MathBox fenced(const MathBox& body, char32_t left, char32_t right, Style s) const;
    MathBox matrix(const MathNode& n, Style s) const;
    MathBox big_op(const MathNode& n, Style s) const;
    /// A delimiter, radical or big operator at least `height` tall (ink),
    /// on the baseline as the font draws it: the smallest size variant that
    /// is, else an assembly of its parts, else (as TeX) its largest variant.
    MathBox stretchy(char32_t cp, double height, Style s) const;
    /// An accent or arrow at least `width` wide (ink) for a base that wide,
    /// its ink's bottom-left corner at the origin: the smallest horizontal
    /// variant that is, else an assembly, else its largest variant.
    MathBox stretchy_wide(char32_t cp, double width, Style s) const;
    /// `parts` (an assembly growing `way`) repeated and overlapped to span at
    /// least `length` at `size`.
    static MathBox assemble(const std::vector<Part>& parts, double overlap, double length, double size,
                            const Face& face, Grow way);
    /// `mark` (its ink's bottom-left corner at its origin) centred over `base`.
    MathBox over(const MathBox& base, const MathBox& mark, Style s) const;
    /// `mark` (as for `over`) centred under `base`.
    MathBox under(const MathBox& base, const MathBox& mark, Style s) const;
    /// \overline, or \underline when `below`: a rule across `base`.
    MathBox bar(const MathBox& base, bool below, Style s) const;
    /// `stretchy`, centred on the maths axis.
    MathBox delimiter(char32_t cp, double height, double depth, Style s) const;

    const MathFonts::Impl& f_;
    double size_;
};

}  // namespace math
}  // namespace handout
