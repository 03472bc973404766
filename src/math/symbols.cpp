// The LaTeX subset's command tables (symbols.hpp). Characters are the ones
// Unicode gives the symbols (as MathML and unicode-math use them).
#include "math/symbols.hpp"

#include <algorithm>
#include <array>

namespace handout::math {

namespace {

using C = MathClass;

// Sorted by name (find_symbol searches it).
constexpr std::array symbols = {
    Symbol{"Delta", U'\u0394', C::ord, false},
    Symbol{"Gamma", U'\u0393', C::ord, false},
    Symbol{"Lambda", U'\u039B', C::ord, false},
    Symbol{"Leftarrow", U'\u21D0', C::rel, false},
    Symbol{"Leftrightarrow", U'\u21D4', C::rel, false},
    Symbol{"Omega", U'\u03A9', C::ord, false},
    Symbol{"Phi", U'\u03A6', C::ord, false},
    Symbol{"Pi", U'\u03A0', C::ord, false},
    Symbol{"Psi", U'\u03A8', C::ord, false},
    Symbol{"Rightarrow", U'\u21D2', C::rel, false},
    Symbol{"Sigma", U'\u03A3', C::ord, false},
    Symbol{"Theta", U'\u0398', C::ord, false},
    Symbol{"Xi", U'\u039E', C::ord, false},
    Symbol{"alpha", U'\u03B1', C::ord, true},
    Symbol{"angle", U'\u2220', C::ord, false},
    Symbol{"approx", U'\u2248', C::rel, false},
    Symbol{"ast", U'\u2217', C::bin, false},
    Symbol{"beta", U'\u03B2', C::ord, true},
    Symbol{"cap", U'\u2229', C::bin, false},
    Symbol{"cdot", U'\u22C5', C::bin, false},
    Symbol{"cdots", U'\u22EF', C::inner, false},
    Symbol{"chi", U'\u03C7', C::ord, true},
    Symbol{"circ", U'\u2218', C::bin, false},
    Symbol{"cong", U'\u2245', C::rel, false},
    Symbol{"cup", U'\u222A', C::bin, false},
    Symbol{"degree", U'\u00B0', C::ord, false},
    Symbol{"delta", U'\u03B4', C::ord, true},
    Symbol{"div", U'\u00F7', C::bin, false},
    Symbol{"dots", U'\u2026', C::inner, false},
    Symbol{"downarrow", U'\u2193', C::rel, false},
    Symbol{"ell", U'\u2113', C::ord, false},
    Symbol{"emptyset", U'\u2205', C::ord, false},
    Symbol{"epsilon", U'\u03F5', C::ord, true},
    Symbol{"equiv", U'\u2261', C::rel, false},
    Symbol{"eta", U'\u03B7', C::ord, true},
    Symbol{"exists", U'\u2203', C::ord, false},
    Symbol{"forall", U'\u2200', C::ord, false},
    Symbol{"gamma", U'\u03B3', C::ord, true},
    Symbol{"ge", U'\u2265', C::rel, false},
    Symbol{"geq", U'\u2265', C::rel, false},
    Symbol{"gg", U'\u226B', C::rel, false},
    Symbol{"gets", U'\u2190', C::rel, false},
    Symbol{"hbar", U'\u210F', C::ord, false},
    Symbol{"in", U'\u2208', C::rel, false},
    Symbol{"infty", U'\u221E', C::ord, false},
    Symbol{"iota", U'\u03B9', C::ord, true},
    Symbol{"kappa", U'\u03BA', C::ord, true},
    Symbol{"lambda", U'\u03BB', C::ord, true},
    Symbol{"land", U'\u2227', C::bin, false},
    Symbol{"ldots", U'\u2026', C::inner, false},
    Symbol{"le", U'\u2264', C::rel, false},
    Symbol{"leftarrow", U'\u2190', C::rel, false},
    Symbol{"leftrightarrow", U'\u2194', C::rel, false},
    Symbol{"leq", U'\u2264', C::rel, false},
    Symbol{"ll", U'\u226A', C::rel, false},
    Symbol{"lor", U'\u2228', C::bin, false},
    Symbol{"mapsto", U'\u21A6', C::rel, false},
    Symbol{"mid", U'\u2223', C::rel, false},
    Symbol{"mp", U'\u2213', C::bin, false},
    Symbol{"mu", U'\u03BC', C::ord, true},
    Symbol{"nabla", U'\u2207', C::ord, false},
    Symbol{"ne", U'\u2260', C::rel, false},
    Symbol{"neg", U'\u00AC', C::ord, false},
    Symbol{"neq", U'\u2260', C::rel, false},
    Symbol{"notin", U'\u2209', C::rel, false},
    Symbol{"nu", U'\u03BD', C::ord, true},
    Symbol{"omega", U'\u03C9', C::ord, true},
    Symbol{"parallel", U'\u2225', C::rel, false},
    Symbol{"partial", U'\u2202', C::ord, false},
    Symbol{"perp", U'\u22A5', C::rel, false},
    Symbol{"phi", U'\u03D5', C::ord, true},
    Symbol{"pi", U'\u03C0', C::ord, true},
    Symbol{"pm", U'\u00B1', C::bin, false},
    Symbol{"prime", U'\u2032', C::ord, false},
    Symbol{"propto", U'\u221D', C::rel, false},
    Symbol{"psi", U'\u03C8', C::ord, true},
    Symbol{"rho", U'\u03C1', C::ord, true},
    Symbol{"rightarrow", U'\u2192', C::rel, false},
    Symbol{"rightleftharpoons", U'\u21CC', C::rel, false},
    Symbol{"sigma", U'\u03C3', C::ord, true},
    Symbol{"sim", U'\u223C', C::rel, false},
    Symbol{"simeq", U'\u2243', C::rel, false},
    Symbol{"subset", U'\u2282', C::rel, false},
    Symbol{"subseteq", U'\u2286', C::rel, false},
    Symbol{"supset", U'\u2283', C::rel, false},
    Symbol{"tau", U'\u03C4', C::ord, true},
    Symbol{"theta", U'\u03B8', C::ord, true},
    Symbol{"therefore", U'\u2234', C::rel, false},
    Symbol{"times", U'\u00D7', C::bin, false},
    Symbol{"to", U'\u2192', C::rel, false},
    Symbol{"triangle", U'\u25B3', C::ord, false},
    Symbol{"uparrow", U'\u2191', C::rel, false},
    Symbol{"upsilon", U'\u03C5', C::ord, true},
    Symbol{"varepsilon", U'\u03B5', C::ord, true},
    Symbol{"varphi", U'\u03C6', C::ord, true},
    Symbol{"vartheta", U'\u03D1', C::ord, true},
    Symbol{"xi", U'\u03BE', C::ord, true},
    Symbol{"zeta", U'\u03B6', C::ord, true},
};

struct Named {
    std::string_view name;
    char32_t cp;
};

constexpr std::array big_ops = {
    Named{"bigcap", U'\u22C2'}, Named{"bigcup", U'\u22C3'}, Named{"iint", U'\u222C'}, Named{"int", U'\u222B'},
    Named{"oint", U'\u222E'},   Named{"prod", U'\u220F'},   Named{"sum", U'\u2211'},
};

using namespace std::string_view_literals;

constexpr std::array functions = {
    "arccos"sv, "arcsin"sv, "arctan"sv, "cos"sv,  "cosh"sv, "cot"sv,  "csc"sv, "deg"sv,
    "det"sv,    "exp"sv,    "gcd"sv,    "lg"sv,   "lim"sv,  "ln"sv,   "log"sv, "max"sv,
    "min"sv,    "sec"sv,    "sin"sv,    "sinh"sv, "tan"sv,  "tanh"sv,
};

constexpr std::array accents = {
    Named{"bar", U'\u00AF'},       Named{"ddot", U'\u00A8'},           Named{"dot", U'\u02D9'},
    Named{"hat", U'\u02C6'},       Named{"overline", U'\u00AF'},       Named{"tilde", U'\u02DC'},
    Named{"vec", U'\u2192'},       Named{"overrightarrow", U'\u2192'}, Named{"widehat", U'\u02C6'},
    Named{"widetilde", U'\u02DC'}, Named{"overleftarrow", U'\u2190'},  Named{"underline", U'\u005F'},
    Named{"overbrace", U'\u23DE'}, Named{"underbrace", U'\u23DF'},
};

// The commands the parser handles itself (parse.cpp).
constexpr std::array structural = {
    "frac"sv, "dfrac"sv,  "tfrac"sv,        "binom"sv,        "sqrt"sv,   "left"sv,   "right"sv,
    "text"sv, "mathrm"sv, "mathbf"sv,       "operatorname"sv, "begin"sv,  "end"sv,    "ce"sv,
    "quad"sv, "qquad"sv,  "displaystyle"sv, "limits"sv,       "mathit"sv, "textrm"sv,
};

}  // namespace

const Symbol* find_symbol(std::string_view name) {
    const auto* it = std::lower_bound(symbols.begin(), symbols.end(), name,
                                      [](const Symbol& s, std::string_view n) { return s.name < n; });
    return it != symbols.end() && it->name == name ? &*it : nullptr;
}

char32_t big_operator(std::string_view name) {
    for (const Named& n : big_ops)
        if (n.name == name) return n.cp;
    return 0;
}

bool is_function(std::string_view name, bool& limits) {
    limits = name == "lim" || name == "max" || name == "min" || name == "det" || name == "gcd";
    return std::find(functions.begin(), functions.end(), name) != functions.end();
}

char32_t accent(std::string_view name, bool& wide) {
    constexpr std::array wide_ones = {"overline"sv,  "underline"sv,  "widehat"sv,        "widetilde"sv,
                                      "overbrace"sv, "underbrace"sv, "overrightarrow"sv, "overleftarrow"sv};
    wide = std::find(wide_ones.begin(), wide_ones.end(), name) != wide_ones.end();
    for (const Named& n : accents)
        if (n.name == name) return n.cp;
    return 0;
}

bool below(char32_t accent) { return accent == U'\u005F' || accent == U'\u23DF'; }

bool is_brace(const MathNode& n) {
    return n.kind == MathNode::Kind::accent && (n.chars == U"\u23DE" || n.chars == U"\u23DF");
}

std::optional<double> spacing(std::string_view name) {
    if (name == ",") return 3.0 / 18;
    if (name == ":" || name == ">") return 4.0 / 18;
    if (name == ";") return 5.0 / 18;
    if (name == "!") return -3.0 / 18;
    if (name == " ") return 1.0 / 3;
    if (name == "quad") return 1;
    if (name == "qquad") return 2;
    return std::nullopt;
}

bool delimiter(std::string_view name, char32_t& cp) {
    static constexpr std::array table = {
        Named{"(", U'('},
        Named{")", U')'},
        Named{"[", U'['},
        Named{"]", U']'},
        Named{"\\{", U'{'},
        Named{"\\}", U'}'},
        Named{"|", U'|'},
        Named{"\\|", U'\u2016'},
        Named{".", 0},
        Named{"\\langle", U'\u27E8'},
        Named{"\\rangle", U'\u27E9'},
        Named{"\\lvert", U'|'},
        Named{"\\rvert", U'|'},
        Named{"\\lfloor", U'\u230A'},
        Named{"\\rfloor", U'\u230B'},
        Named{"\\lceil", U'\u2308'},
        Named{"\\rceil", U'\u2309'},
    };
    for (const Named& n : table)
        if (n.name == name) {
            cp = n.cp;
            return true;
        }
    return false;
}

const std::vector<std::string_view>& command_names() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> all;
        all.reserve(symbols.size() + big_ops.size() + accents.size() + functions.size() + structural.size());
        for (const Symbol& s : symbols) all.push_back(s.name);
        for (const Named& n : big_ops) all.push_back(n.name);
        for (const Named& n : accents) all.push_back(n.name);
        all.insert(all.end(), functions.begin(), functions.end());
        all.insert(all.end(), structural.begin(), structural.end());
        return all;
    }();
    return names;
}

}  // namespace handout::math
