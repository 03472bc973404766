// Lists of atoms set side by side with TeX's spacing between classes
// (appendix G, rules 5, 6 and the spacing table of chapter 18), and the
// MathFonts entry points.
#include "math/typeset.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <stdexcept>

#include "math/symbols.hpp"

namespace handout {

namespace math {

namespace {

/// TeX's table of spaces between atoms (The TeXbook, chapter 18): '0' none,
/// '1' thin, '2' medium, '3' thick; 'a', 'b', 'c' the same but only in
/// display and text style; '*' cannot happen (binary atoms are reclassified).
constexpr std::array<std::string_view, 8> space_table = {
    "01bc000a",  // ord
    "11*c000a",  // op
    "bb**b**b",  // bin
    "cc*0c00c",  // rel
    "00*00000",  // open
    "01bc000a",  // close
    "aa*aaaaa",  // punct
    "a1bca0aa",  // inner
};

/// The space between atoms of classes `a` and `b`, in mu (1/18 em).
double mu_between(MathClass a, MathClass b, Style s) {
    const char k = space_table[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
    const bool small = s.level >= 2;
    switch (k) {
        case '1': return 3;
        case '2': return 4;
        case '3': return 5;
        case 'a': return small ? 0 : 3;
        case 'b': return small ? 0 : 4;
        case 'c': return small ? 0 : 5;
        default: return 0;
    }
}

}  // namespace

void place(MathBox& into, const MathBox& b, double dx, double dy) {
    for (MathGlyph g : b.glyphs) {
        g.x += dx;
        g.y += dy;
        into.glyphs.push_back(g);
    }
    for (MathRule r : b.rules) {
        r.x += dx;
        r.y += dy;
        into.rules.push_back(r);
    }
}

double Typesetter::em(Style s) const {
    if (s.level == 2) return size_ * f_.math.percent(HB_OT_MATH_CONSTANT_SCRIPT_PERCENT_SCALE_DOWN) / 100.0;
    if (s.level == 3)
        return size_ * f_.math.percent(HB_OT_MATH_CONSTANT_SCRIPT_SCRIPT_PERCENT_SCALE_DOWN) / 100.0;
    return size_;
}

MathBox Typesetter::glyph(char32_t cp, bool italic, Style s, double* lean) const {
    const char32_t letter = italic ? f_.math.math_italic(cp) : cp;
    const char32_t code = s.level >= 2 ? f_.math.script_form(letter, s.level - 1) : letter;
    const double sz = em(s);
    const GlyphMetrics m = f_.math.metrics(code);
    MathBox b;
    b.width = m.advance * sz;
    b.height = std::max(m.y_max, 0.0) * sz;
    b.depth = std::max(-m.y_min, 0.0) * sz;
    if (cp != U' ') b.glyphs.push_back({code, 0, 0, sz, b.width});
    if (lean != nullptr) *lean = m.italic * sz;
    return b;
}

MathBox Typesetter::word(const std::u32string& text, bool italic, Style s) const {
    MathBox out;
    for (char32_t cp : text) {
        MathBox g = glyph(cp, italic, s);
        place(out, g, out.width, 0);
        out.width += g.width;
        out.height = std::max(out.height, g.height);
        out.depth = std::max(out.depth, g.depth);
    }
    return out;
}

MathBox Typesetter::node(const MathNode& n, Style s) const {
    MathBox b;
    bool is_char = false;
    double italic = 0;  // TeX's rule 17: a character's lean is added to its width, unless a subscript follows
    switch (n.kind) {
        case MathNode::Kind::symbol: {
            const char32_t cp = n.chars.empty() ? U'?' : n.chars.front();
            b = glyph(cp, n.italic, s, &italic);
            is_char = true;
            break;
        }
        case MathNode::Kind::word: b = word(n.chars, n.italic, s); break;
        case MathNode::Kind::frac: b = frac(n, s); break;
        case MathNode::Kind::root: b = root(n, s); break;
        case MathNode::Kind::accent:
            b = accent(n, s);
            if (is_brace(n) && (!n.sub.empty() || !n.sup.empty()))
                return limits(b, n, s);  // \underbrace{…}_{n}
            break;
        case MathNode::Kind::delimited: b = delimited(n, s); break;
        case MathNode::Kind::matrix: b = matrix(n, s); break;
        case MathNode::Kind::space: b.width = n.space * em(s); break;
        case MathNode::Kind::group:
            if (!n.args.empty()) b = list(n.args.front(), s);
            break;
        case MathNode::Kind::big_op:
            b = big_op(n, s);
            if (s.display() && (!n.sub.empty() || !n.sup.empty()) &&
                (n.word_op || (n.chars.size() == 1 && n.chars.front() != U'\u222B' &&
                               n.chars.front() != U'\u222E' && n.chars.front() != U'\u222C')))
                return limits(b, n, s);
            break;
    }
    if (!n.pre_sub.empty() || !n.pre_sup.empty()) b = prescripts(b, n, s);
    if (!n.sub.empty() || !n.sup.empty()) return scripts(std::move(b), n, s, is_char, italic);
    b.width += italic;
    return b;
}

MathBox Typesetter::list(const MathList& l, Style s) const {
    // Rule 5 and 6: a binary atom with nothing to operate on is ordinary.
    std::vector<MathClass> classes;
    for (const MathNode& n : l) classes.push_back(n.kind == MathNode::Kind::space ? MathClass::ord : n.cls);
    MathClass prev = MathClass::open;  // as at the list's start
    std::size_t prev_i = SIZE_MAX;
    for (std::size_t i = 0; i < l.size(); ++i) {
        if (l[i].kind == MathNode::Kind::space) continue;
        MathClass& cls = classes[i];
        if (cls == MathClass::bin &&
            (prev == MathClass::bin || prev == MathClass::op || prev == MathClass::rel ||
             prev == MathClass::open || prev == MathClass::punct))
            cls = MathClass::ord;
        if (prev_i != SIZE_MAX && classes[prev_i] == MathClass::bin &&
            (cls == MathClass::rel || cls == MathClass::close || cls == MathClass::punct))
            classes[prev_i] = MathClass::ord;
        prev = cls;
        prev_i = i;
    }
    if (prev_i != SIZE_MAX && classes[prev_i] == MathClass::bin) classes[prev_i] = MathClass::ord;

    MathBox out;
    prev_i = SIZE_MAX;
    for (std::size_t i = 0; i < l.size(); ++i) {
        const bool space = l[i].kind == MathNode::Kind::space;
        if (!space && prev_i != SIZE_MAX)
            out.width += mu_between(classes[prev_i], classes[i], s) * em(s) / 18;
        MathBox b = node(l[i], s);
        place(out, b, out.width, 0);
        out.width += b.width;
        out.height = std::max(out.height, b.height);
        out.depth = std::max(out.depth, b.depth);
        if (!space) prev_i = i;
    }
    return out;
}

}  // namespace math

MathFonts::MathFonts(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
MathFonts::~MathFonts() = default;

std::shared_ptr<const MathFonts> MathFonts::load(const std::string& path) {
    auto impl = std::make_unique<Impl>(path);
    if (!impl->math.has_math())
        throw std::runtime_error("the font " + path + " has no OpenType MATH table: it cannot set maths");
    return std::shared_ptr<const MathFonts>(new MathFonts(std::move(impl)));
}

std::string MathFonts::find(const std::string& fonts_dir) {
    // HANDOUT_MATH_FONT_DIR: the build tree's fonts folder (cmake/MathFont.cmake).
    for (const std::string& dir : {fonts_dir, std::string(HANDOUT_MATH_FONT_DIR)}) {
        if (dir.empty()) continue;
        std::error_code ec;
        std::string path = dir + "/" + file_name;
        if (std::filesystem::is_regular_file(path, ec)) return path;
    }
    return {};
}

const std::string& MathFonts::math_path() const { return impl_->math.path(); }
bool MathFonts::covers(char32_t cp) const { return impl_->math.covers(cp); }
const std::string& MathFonts::glyph_text(char32_t code) const { return impl_->math.glyph_text(code); }

const MathBox& MathFonts::typeset(std::string_view source, bool display, double size) const {
    const std::lock_guard lock(impl_->mutex);
    auto [it, added] = impl_->boxes.try_emplace({std::string(source), display, size});
    if (added) {
        const ParsedMath parsed = parse_math(source);
        const math::Typesetter t(*impl_, size);
        it->second = t.list(parsed.list, math::Style{display ? 0 : 1, false});
    }
    return it->second;
}

}  // namespace handout
