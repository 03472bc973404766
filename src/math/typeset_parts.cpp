// The composite atoms (appendix G rules 11–18 in their OpenType MATH form,
// as MathML Core writes them down): fractions, scripts and limits, roots,
// accents, growing delimiters, matrices and big operators.
#include <algorithm>
#include <limits>

#include "math/typeset.hpp"

namespace handout::math {

namespace {

/// TeX's \nulldelimiterspace (1.2 pt at 10 pt) beside a fraction.
constexpr double null_delimiter = 0.12;
/// Thinnest rule painted (points): fraction bars and root bars survive a photocopier.
constexpr double min_rule = 0.5;

/* Two of TeX's parameters for scripts (appendix G, rule 18; cmsy10's values,
   as pdflatex and KaTeX use them) that an OpenType MATH table cannot carry,
   or that Latin Modern Math's carries otherwise:
   - TeX drops a lone subscript by σ16 (sub1, 0.15 em), one under a
     superscript by σ17 (sub2, 0.247 em). The table has one SubscriptShiftDown,
     and Latin Modern Math's is sub2: v₀, H₂O and x_i then hang 1 pt lower
     at 10 pt than pdflatex prints them.
   - Under a base that is a box (∫, ∑, log), TeX drops the subscript's
     baseline σ19 (0.05 em of the script's size) below the base's bottom;
     the table's SubscriptBaselineDropMin is 0.2 em of the base's size. */
constexpr double tex_sub1 = 0.15;
constexpr double tex_sub_drop = 0.05;

void grow(MathBox& b, const MathBox& part, double dy) {
    b.height = std::max(b.height, part.height + dy);
    b.depth = std::max(b.depth, part.depth - dy);
}

}  // namespace

MathBox Typesetter::frac(const MathNode& n, Style s) const {
    const Style st = n.style == 0   ? Style{0, s.cramped}
                     : n.style == 1 ? Style{std::max(1, s.level), s.cramped}
                                    : s;
    const MathBox num = list(n.args[0], st.num());
    const MathBox den = list(n.args[1], st.den());
    const bool d = st.display();
    const double axis = c(HB_OT_MATH_CONSTANT_AXIS_HEIGHT, st);
    double up = 0, down = 0;
    if (n.rule) {
        const double t = std::max(c(HB_OT_MATH_CONSTANT_FRACTION_RULE_THICKNESS, st), min_rule);
        up = c(d ? HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_DISPLAY_STYLE_SHIFT_UP
                 : HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_SHIFT_UP,
               st);
        down = c(d ? HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_DISPLAY_STYLE_SHIFT_DOWN
                   : HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_SHIFT_DOWN,
                 st);
        const double gap_num = c(d ? HB_OT_MATH_CONSTANT_FRACTION_NUM_DISPLAY_STYLE_GAP_MIN
                                   : HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_GAP_MIN,
                                 st);
        const double gap_den = c(d ? HB_OT_MATH_CONSTANT_FRACTION_DENOM_DISPLAY_STYLE_GAP_MIN
                                   : HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_GAP_MIN,
                                 st);
        up = std::max(up, axis + t / 2 + gap_num + num.depth);
        down = std::max(down, den.height - (axis - t / 2) + gap_den);
        MathBox out;
        const double pad = null_delimiter * em(st);
        const double inner = std::max(num.width, den.width);
        out.width = inner + 2 * pad;
        place(out, num, pad + (inner - num.width) / 2, up);
        place(out, den, pad + (inner - den.width) / 2, -down);
        out.rules.push_back({pad, axis - t / 2, inner, t});
        out.height = std::max(up + num.height, axis + t / 2);
        out.depth = std::max(down + den.depth, 0.0);
        return out;
    }
    up = c(d ? HB_OT_MATH_CONSTANT_STACK_TOP_DISPLAY_STYLE_SHIFT_UP : HB_OT_MATH_CONSTANT_STACK_TOP_SHIFT_UP,
           st);
    down = c(d ? HB_OT_MATH_CONSTANT_STACK_BOTTOM_DISPLAY_STYLE_SHIFT_DOWN
               : HB_OT_MATH_CONSTANT_STACK_BOTTOM_SHIFT_DOWN,
             st);
    const double gap =
        c(d ? HB_OT_MATH_CONSTANT_STACK_DISPLAY_STYLE_GAP_MIN : HB_OT_MATH_CONSTANT_STACK_GAP_MIN, st);
    const double have = (up - num.depth) - (den.height - down);
    if (have < gap) {
        up += (gap - have) / 2;
        down += (gap - have) / 2;
    }
    MathBox out;
    out.width = std::max(num.width, den.width);
    place(out, num, (out.width - num.width) / 2, up);
    place(out, den, (out.width - den.width) / 2, -down);
    out.height = up + num.height;
    out.depth = down + den.depth;
    return out;
}

MathBox Typesetter::scripts(MathBox base, const MathNode& n, Style s, bool is_char, double italic) const {
    const bool has_sup = !n.sup.empty(), has_sub = !n.sub.empty();
    const MathBox sup = has_sup ? list(n.sup.front(), s.sup()) : MathBox{};
    const MathBox sub = has_sub ? list(n.sub.front(), s.sub()) : MathBox{};
    double u = is_char ? 0 : base.height - c(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BASELINE_DROP_MAX, s);
    double v = is_char ? 0 : base.depth + tex_sub_drop * em(s.sub());
    if (has_sup) {
        u = std::max({u,
                      c(s.cramped ? HB_OT_MATH_CONSTANT_SUPERSCRIPT_SHIFT_UP_CRAMPED
                                  : HB_OT_MATH_CONSTANT_SUPERSCRIPT_SHIFT_UP,
                        s),
                      sup.depth + c(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BOTTOM_MIN, s)});
    }
    if (has_sub) {
        const double shift = has_sup ? c(HB_OT_MATH_CONSTANT_SUBSCRIPT_SHIFT_DOWN, s) : tex_sub1 * em(s);
        v = std::max({v, shift, sub.height - c(HB_OT_MATH_CONSTANT_SUBSCRIPT_TOP_MAX, s)});
    }
    if (has_sup && has_sub) {
        const double gap = (u - sup.depth) - (sub.height - v);
        const double min_gap = c(HB_OT_MATH_CONSTANT_SUB_SUPERSCRIPT_GAP_MIN, s);
        if (gap < min_gap) v += min_gap - gap;
        const double psi = c(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BOTTOM_MAX_WITH_SUBSCRIPT, s) - (u - sup.depth);
        if (psi > 0) {
            u += psi;
            v -= psi;
        }
    }
    MathBox out = std::move(base);
    const double x = out.width;
    double w = 0;
    if (has_sup) {  // past the base's lean (its italic correction); a subscript tucks under it
        place(out, sup, x + italic, u);
        grow(out, sup, u);
        w = italic + sup.width;
    }
    if (has_sub) {
        place(out, sub, x, -v);
        grow(out, sub, -v);
        w = std::max(w, sub.width);
    }
    out.width = x + w + c(HB_OT_MATH_CONSTANT_SPACE_AFTER_SCRIPT, s);
    return out;
}

MathBox Typesetter::prescripts(const MathBox& base, const MathNode& n, Style s) const {
    MathNode scripts_only;
    scripts_only.sup = n.pre_sup;
    scripts_only.sub = n.pre_sub;
    MathBox pre = scripts(MathBox{}, scripts_only, s, true);
    pre.width -= c(HB_OT_MATH_CONSTANT_SPACE_AFTER_SCRIPT, s);
    // Right-align the numbers against the element, as isotopes are written.
    MathBox out = pre;
    place(out, base, pre.width, 0);
    out.width = pre.width + base.width;
    grow(out, base, 0);
    return out;
}

MathBox Typesetter::limits(const MathBox& base, const MathNode& n, Style s) const {
    const MathBox sup = n.sup.empty() ? MathBox{} : list(n.sup.front(), s.sup());
    const MathBox sub = n.sub.empty() ? MathBox{} : list(n.sub.front(), s.sub());
    MathBox out;
    out.width = std::max({base.width, sup.width, sub.width});
    place(out, base, (out.width - base.width) / 2, 0);
    out.height = base.height;
    out.depth = base.depth;
    if (!n.sup.empty()) {
        const double rise = std::max(c(HB_OT_MATH_CONSTANT_UPPER_LIMIT_BASELINE_RISE_MIN, s),
                                     c(HB_OT_MATH_CONSTANT_UPPER_LIMIT_GAP_MIN, s) + sup.depth);
        place(out, sup, (out.width - sup.width) / 2, base.height + rise);
        grow(out, sup, base.height + rise);
    }
    if (!n.sub.empty()) {
        const double drop = std::max(c(HB_OT_MATH_CONSTANT_LOWER_LIMIT_BASELINE_DROP_MIN, s),
                                     c(HB_OT_MATH_CONSTANT_LOWER_LIMIT_GAP_MIN, s) + sub.height);
        place(out, sub, (out.width - sub.width) / 2, -(base.depth + drop));
        grow(out, sub, -(base.depth + drop));
    }
    return out;
}

MathBox Typesetter::big_op(const MathNode& n, Style s) const {
    if (n.word_op) return word(n.chars, false, s);
    const char32_t cp = n.chars.front();
    MathBox b;
    if (s.display()) {
        b = stretchy(cp, c(HB_OT_MATH_CONSTANT_DISPLAY_OPERATOR_MIN_HEIGHT, s), s);
    } else {
        b = glyph(cp, false, s);
    }
    return on_axis(b, s);  // rule 13
}

MathBox Typesetter::stretchy(char32_t cp, double height, Style s) const {
    const double sz = em(s);
    const std::vector<char32_t> variants = f_.math.variants(cp, Grow::vertical);
    for (const char32_t v : variants) {
        const GlyphMetrics m = f_.math.metrics(v);
        if ((m.y_max - m.y_min) * sz >= height) return glyph(v, false, s);
    }
    const std::vector<Part> parts = f_.math.assembly(cp, Grow::vertical);
    if (!parts.empty())
        return assemble(parts, f_.math.min_connector_overlap(Grow::vertical), height, sz, f_.math,
                        Grow::vertical);
    return glyph(variants.back(), false, s);
}

MathBox Typesetter::stretchy_wide(char32_t cp, double width, Style s) const {
    const double sz = em(s);
    const std::vector<char32_t> variants = f_.math.variants(cp, Grow::horizontal);
    MathBox out;
    for (const char32_t v : variants) {
        const GlyphMetrics m = f_.math.metrics(v);
        if (m.advance <= 0) continue;  // a combining mark's own glyph: no width to print by
        out = glyph(v, false, s);
        for (MathGlyph& g : out.glyphs) {
            g.x = -m.x_min * sz;
            g.y = -m.y_min * sz;
        }
        out.width = (m.x_max - m.x_min) * sz;
        out.height = (m.y_max - m.y_min) * sz;
        out.depth = 0;
        if (out.width >= width) return out;
    }
    const std::vector<Part> parts = f_.math.assembly(cp, Grow::horizontal);
    if (!parts.empty())
        return assemble(parts, f_.math.min_connector_overlap(Grow::horizontal), width, sz, f_.math,
                        Grow::horizontal);
    return out;
}

/* The fewest repeats of the extenders that reach `length` with the parts
   overlapping by `overlap` (the font's least), as MathML Core and TeX
   assemble: the result may overshoot by less than an extender. Vertical
   parts stand on the baseline, the first at the bottom; horizontal ones
   run from the origin, their ink as the font draws it. */
MathBox Typesetter::assemble(const std::vector<Part>& parts, double overlap, double length, double size,
                             const Face& face, Grow way) {
    const double gap = overlap * size;
    int repeat = 1;
    double total = 0;
    for (; repeat < 64; ++repeat) {
        total = 0;
        int count = 0;
        for (const Part& p : parts) {
            const int times = p.extender ? repeat : 1;
            total += p.full * size * times;
            count += times;
        }
        total -= gap * (count - 1);
        if (total >= length) break;
    }
    MathBox out;
    double at = 0, bottom = std::numeric_limits<double>::max(), top = -bottom;  // the parts' ink
    for (const Part& p : parts) {
        const GlyphMetrics m = face.metrics(p.code);
        bottom = std::min(bottom, m.y_min * size);
        top = std::max(top, m.y_max * size);
        for (int k = 0; k < (p.extender ? repeat : 1); ++k) {
            if (way == Grow::vertical) {
                out.glyphs.push_back({p.code, 0, at - m.y_min * size, size, m.advance * size});
                out.width = std::max(out.width, m.advance * size);
            } else {
                out.glyphs.push_back({p.code, at, 0, size, m.advance * size});
            }
            at += p.full * size - gap;
        }
    }
    if (way == Grow::vertical) {
        out.height = total;
        return out;
    }
    // Horizontal: the ink's bottom on the origin.
    for (MathGlyph& g : out.glyphs) g.y = -bottom;
    out.width = total;
    out.height = top - bottom;
    return out;
}

MathBox Typesetter::delimiter(char32_t cp, double height, double depth, Style s) const {
    if (cp == 0) {
        MathBox none;
        none.width = null_delimiter * em(s);
        return none;
    }
    const double axis = c(HB_OT_MATH_CONSTANT_AXIS_HEIGHT, s);
    const double delta = std::max(height - axis, depth + axis);
    const double need = std::max(2 * delta * 0.901, 2 * delta - 0.5 * em(s));
    return on_axis(stretchy(cp, need, s), s);
}

MathBox Typesetter::on_axis(const MathBox& b, Style s) const {
    const double shift = c(HB_OT_MATH_CONSTANT_AXIS_HEIGHT, s) - (b.height - b.depth) / 2;
    MathBox out;
    place(out, b, 0, shift);
    out.width = b.width;
    out.height = b.height + shift;
    out.depth = b.depth - shift;
    return out;
}

MathBox Typesetter::delimited(const MathNode& n, Style s) const {
    return fenced(list(n.args.front(), s), n.left, n.right, s);
}

MathBox Typesetter::fenced(const MathBox& body, char32_t left, char32_t right, Style s) const {
    const MathBox l = delimiter(left, body.height, body.depth, s);
    const MathBox r = delimiter(right, body.height, body.depth, s);
    MathBox out;
    place(out, l, 0, 0);
    place(out, body, l.width, 0);
    place(out, r, l.width + body.width, 0);
    out.width = l.width + body.width + r.width;
    out.height = std::max({l.height, body.height, r.height});
    out.depth = std::max({l.depth, body.depth, r.depth});
    return out;
}

MathBox Typesetter::root(const MathNode& n, Style s) const {
    const MathBox body = list(n.args[0], s.cramp());
    const double t = std::max(c(HB_OT_MATH_CONSTANT_RADICAL_RULE_THICKNESS, s), min_rule);
    const double gap = c(s.display() ? HB_OT_MATH_CONSTANT_RADICAL_DISPLAY_STYLE_VERTICAL_GAP
                                     : HB_OT_MATH_CONSTANT_RADICAL_VERTICAL_GAP,
                         s);
    const double need = body.height + body.depth + gap + t;
    const MathBox sign = stretchy(U'\u221A', need, s);
    // The sign's top meets the bar's top; a sign taller than needed (the
    // next size variant) leaves half its excess above the radicand, half
    // below, as TeX's rule 11 and MathML Core split it.
    const double excess = std::max(0.0, sign.height + sign.depth - need);
    const double top = body.height + gap + excess / 2 + t;
    const double shift = top - sign.height;
    MathBox out;
    double x = 0;
    if (n.args.size() > 1) {
        const MathBox degree = list(n.args[1], Style{3, false});
        const double before = c(HB_OT_MATH_CONSTANT_RADICAL_KERN_BEFORE_DEGREE, s);
        const double after = c(HB_OT_MATH_CONSTANT_RADICAL_KERN_AFTER_DEGREE, s);
        const double raise = f_.math.percent(HB_OT_MATH_CONSTANT_RADICAL_DEGREE_BOTTOM_RAISE_PERCENT) /
                                 100.0 * (sign.height + sign.depth) -
                             (sign.depth - shift);
        place(out, degree, before, raise + degree.depth);
        grow(out, degree, raise + degree.depth);
        x = std::max(0.0, before + degree.width + after);
    }
    place(out, sign, x, shift);
    grow(out, sign, shift);
    x += sign.width;
    place(out, body, x, 0);
    grow(out, body, 0);
    out.rules.push_back({x, top - t, body.width, t});
    out.width = x + body.width;
    out.height = std::max(out.height, top + c(HB_OT_MATH_CONSTANT_RADICAL_EXTRA_ASCENDER, s));
    return out;
}

namespace {

/// The glyph a wide accent grows from: the combining mark of a spacing
/// accent (whose size variants the MATH table lists), an arrow itself.
char32_t growing(char32_t accent) {
    switch (accent) {
        case U'\u02C6': return U'\u0302';  // \widehat
        case U'\u02DC': return U'\u0303';  // \widetilde
        default: return accent;
    }
}

}  // namespace

MathBox Typesetter::accent(const MathNode& n, Style s) const {
    const MathBox base = list(n.args.front(), s.cramp());
    const char32_t cp = n.chars.front();
    if (n.wide && (cp == U'\u00AF' || cp == U'\u005F')) return bar(base, n.under, s);
    // \widehat, \widetilde, \overrightarrow, the braces: grown to the
    // base's width; \vec: the smallest arrow accent (a glyph of its own, not
    // a scaled arrow).
    if (n.wide && n.under) return under(base, stretchy_wide(cp, base.width, s), s);
    if (n.wide) return over(base, stretchy_wide(growing(cp), base.width, s), s);
    if (cp == U'\u2192') return over(base, stretchy_wide(U'\u20D7', 0, s), s);
    // A spacing accent (combining marks have no width, and the painter shows
    // no text of no width).
    const MathBox mark = glyph(cp, false, s);
    const GlyphMetrics m = f_.math.metrics(cp);
    MathBox ink;  // its ink's bottom-left corner at the origin
    place(ink, mark, -m.x_min * em(s), -m.y_min * em(s));
    ink.width = (m.x_max - m.x_min) * em(s);
    ink.height = (m.y_max - m.y_min) * em(s);
    return over(base, ink, s);
}

MathBox Typesetter::bar(const MathBox& base, bool below, Style s) const {
    MathBox out = base;
    if (!below) {  // \overline
        const double t = std::max(c(HB_OT_MATH_CONSTANT_OVERBAR_RULE_THICKNESS, s), min_rule);
        const double y = base.height + c(HB_OT_MATH_CONSTANT_OVERBAR_VERTICAL_GAP, s);
        out.rules.push_back({0, y, base.width, t});
        out.height = y + t + c(HB_OT_MATH_CONSTANT_OVERBAR_EXTRA_ASCENDER, s);
        return out;
    }
    const double t = std::max(c(HB_OT_MATH_CONSTANT_UNDERBAR_RULE_THICKNESS, s), min_rule);
    const double y = -base.depth - c(HB_OT_MATH_CONSTANT_UNDERBAR_VERTICAL_GAP, s) - t;
    out.rules.push_back({0, y, base.width, t});
    out.depth = -y + c(HB_OT_MATH_CONSTANT_UNDERBAR_EXTRA_DESCENDER, s);
    return out;
}

MathBox Typesetter::under(const MathBox& base, const MathBox& mark, Style s) const {
    // Below the base's depth by the gap a stretched stack keeps, centred.
    const double top = -base.depth - c(HB_OT_MATH_CONSTANT_STRETCH_STACK_GAP_BELOW_MIN, s);
    MathBox out = base;
    place(out, mark, (base.width - mark.width) / 2, top - mark.height);
    out.depth = std::max(base.depth, mark.height - top);
    return out;
}

MathBox Typesetter::over(const MathBox& base, const MathBox& mark, Style s) const {
    // A little above the base, or above the accent base height for a short
    // base; centred on it.
    const double bottom = std::max(base.height, c(HB_OT_MATH_CONSTANT_ACCENT_BASE_HEIGHT, s)) + 0.06 * em(s);
    MathBox out = base;
    place(out, mark, (base.width - mark.width) / 2, bottom);
    out.height = std::max(base.height, bottom + mark.height);
    return out;
}

MathBox Typesetter::matrix(const MathNode& n, Style s) const {
    const std::size_t cols = static_cast<std::size_t>(std::max(n.columns, 1));
    const std::size_t rows = n.args.size() / cols;
    const Style cell_style{n.style == 3 ? 0 : std::max(1, s.level), false};
    std::vector<MathBox> cells;
    std::vector<double> widths(cols, 0);
    for (std::size_t i = 0; i < n.args.size(); ++i) {
        cells.push_back(list(n.args[i], cell_style));
        widths[i % cols] = std::max(widths[i % cols], cells.back().width);
    }
    const double e = em(s);
    const double gap = n.style == 2 ? e : n.style == 3 ? 0 : e;  // \arraycolsep twice; cases: \quad
    MathBox body;
    double y = 0;
    for (std::size_t r = 0; r < rows; ++r) {
        // The array strut (0.7 and 0.3 of a 1.2 em baseline skip), stretched
        // by amsmath's \arraystretch of 1.2 in cases.
        const double strut = 1.2 * e * (n.style == 2 ? 1.2 : 1.0);
        double h = 0.7 * strut, d = 0.3 * strut;
        for (std::size_t k = 0; k < cols; ++k) {
            h = std::max(h, cells[r * cols + k].height);
            d = std::max(d, cells[r * cols + k].depth);
        }
        if (r > 0) y -= h;
        double x = 0;
        for (std::size_t k = 0; k < cols; ++k) {
            const MathBox& cell = cells[r * cols + k];
            const bool left = n.style == 2 || (n.style == 3 && k % 2 == 1);
            const bool right = n.style == 3 && k % 2 == 0;
            const double dx = left ? 0 : right ? widths[k] - cell.width : (widths[k] - cell.width) / 2;
            place(body, cell, x + dx, y);
            x += widths[k] + (k + 1 < cols ? gap : 0);
        }
        body.width = x;
        if (r == 0) body.height = h;
        body.depth = d - y;
        y -= d;
    }
    MathBox centred = on_axis(body, s);
    if (n.left == 0 && n.right == 0) return centred;
    return fenced(centred, n.left, n.right, s);
}

}  // namespace handout::math
