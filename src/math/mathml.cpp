// A parsed formula as MathML Core (what Chromium renders natively and screen
// readers read): the quiz page shows the maths the PDF prints, with no script.
#include <string>

#include "handout/math.hpp"
#include "handout/text.hpp"
#include "math/symbols.hpp"

namespace handout {

namespace {

std::string escape(const std::u32string& cps) {
    std::string out;
    for (char32_t cp : cps) {
        switch (cp) {
            case U'<': out += "&lt;"; break;
            case U'>': out += "&gt;"; break;
            case U'&': out += "&amp;"; break;
            case U'"': out += "&quot;"; break;
            default: out += encode_utf8(cp);
        }
    }
    return out;
}

std::string list_ml(const MathList& l);
std::string scripted_ml(const MathNode& n, bool unary);

std::string row(const MathList& l) { return "<mrow>" + list_ml(l) + "</mrow>"; }

std::string delim(char32_t cp) {
    if (cp == 0) return "";
    return "<mo stretchy=\"true\">" + escape(std::u32string(1, cp)) + "</mo>";
}

std::string matrix_ml(const MathNode& n) {
    std::string out = "<mtable" + std::string(n.style == 2 ? " columnalign=\"left\"" : "") + ">";
    const std::size_t cols = static_cast<std::size_t>(std::max(n.columns, 1));
    for (std::size_t i = 0; i < n.args.size(); ++i) {
        if (i % cols == 0) out += "<mtr>";
        out += "<mtd>" + list_ml(n.args[i]) + "</mtd>";
        if (i % cols == cols - 1) out += "</mtr>";
    }
    out += "</mtable>";
    if (n.left == 0 && n.right == 0) return out;
    return "<mrow>" + delim(n.left) + out + delim(n.right) + "</mrow>";
}

/// The node without its scripts.
std::string base_ml(const MathNode& n, bool unary) {
    switch (n.kind) {
        case MathNode::Kind::symbol: {
            const std::string c = escape(n.chars);
            if (n.italic) return "<mi>" + c + "</mi>";
            if (n.cls == MathClass::ord && !n.chars.empty() && n.chars[0] >= U'0' && n.chars[0] <= U'9')
                return "<mn>" + c + "</mn>";
            if (n.cls == MathClass::ord && !n.chars.empty() && n.chars[0] < 0x80 &&
                std::isalpha(static_cast<int>(n.chars[0])) != 0)
                return "<mi mathvariant=\"normal\">" + c + "</mi>";
            // The form a reader would infer from the position is not always
            // TeX's: a bracket is never spaced as infix, a unary minus is a prefix.
            if (n.cls == MathClass::open)
                return "<mo form=\"prefix\" lspace=\"0\" rspace=\"0\">" + c + "</mo>";
            if (unary) return "<mo form=\"prefix\">" + c + "</mo>";
            if (n.cls == MathClass::close)
                return "<mo form=\"postfix\" lspace=\"0\" rspace=\"0\">" + c + "</mo>";
            return "<mo>" + c + "</mo>";
        }
        case MathNode::Kind::word:
            if (n.cls == MathClass::op) return "<mi>" + escape(n.chars) + "</mi>";  // node_ml adds U+2061
            return "<mtext>" + escape(n.chars) + "</mtext>";
        case MathNode::Kind::frac:
            return "<mfrac" + std::string(n.rule ? "" : " linethickness=\"0\"") + ">" + row(n.args[0]) +
                   row(n.args[1]) + "</mfrac>";
        case MathNode::Kind::root:
            if (n.args.size() > 1) return "<mroot>" + row(n.args[0]) + row(n.args[1]) + "</mroot>";
            return "<msqrt>" + list_ml(n.args[0]) + "</msqrt>";
        case MathNode::Kind::big_op:
            if (n.word_op) return "<mi>" + escape(n.chars) + "</mi>";
            return "<mo largeop=\"true\">" + escape(n.chars) + "</mo>";
        case MathNode::Kind::delimited:
            return "<mrow>" + delim(n.left) + list_ml(n.args[0]) + delim(n.right) + "</mrow>";
        case MathNode::Kind::accent:
            if (n.under)
                return "<munder accentunder=\"true\">" + row(n.args[0]) + "<mo>" + escape(n.chars) +
                       "</mo></munder>";
            return "<mover accent=\"true\">" + row(n.args[0]) + "<mo>" + escape(n.chars) + "</mo></mover>";
        case MathNode::Kind::space: {
            const double em = n.space;
            return "<mspace width=\"" + std::to_string(em).substr(0, 6) + "em\"/>";
        }
        case MathNode::Kind::matrix: return matrix_ml(n);
        case MathNode::Kind::group: return n.args.empty() ? "<mrow/>" : row(n.args[0]);
    }
    return "";
}

std::string node_ml(const MathNode& n, bool unary, const MathNode* next) {
    // An operator name (sin, log) applies to what follows: U+2061 after it
    // and its scripts, outside the script element (which takes two or three
    // children), with TeX's thin space before an argument that is not in
    // brackets (`\sin x`, but `\sin(x)`).
    const bool applies = n.kind == MathNode::Kind::word && n.cls == MathClass::op;
    if (!applies) return scripted_ml(n, unary);
    const bool spaced =
        next != nullptr && next->cls != MathClass::open && next->kind != MathNode::Kind::space;
    return scripted_ml(n, unary) + (spaced ? "<mo rspace=\"0.1667em\">&#x2061;</mo>" : "<mo>&#x2061;</mo>");
}

std::string scripted_ml(const MathNode& n, bool unary) {
    std::string out = base_ml(n, unary);
    if (!n.pre_sub.empty() || !n.pre_sup.empty()) {
        out = "<mmultiscripts>" + out + "<mprescripts/>" +
              (n.pre_sub.empty() ? std::string("<mrow/>") : row(n.pre_sub[0])) +
              (n.pre_sup.empty() ? std::string("<mrow/>") : row(n.pre_sup[0])) + "</mmultiscripts>";
    }
    const bool limits =
        (n.kind == MathNode::Kind::big_op &&
         (n.word_op || (n.chars != U"\u222B" && n.chars != U"\u222E" && n.chars != U"\u222C"))) ||
        math::is_brace(n);
    if (!n.sub.empty() && !n.sup.empty())
        return std::string(limits ? "<munderover>" : "<msubsup>") + out + row(n.sub[0]) + row(n.sup[0]) +
               (limits ? "</munderover>" : "</msubsup>");
    if (!n.sub.empty())
        return std::string(limits ? "<munder>" : "<msub>") + out + row(n.sub[0]) +
               (limits ? "</munder>" : "</msub>");
    if (!n.sup.empty())
        return std::string(limits ? "<mover>" : "<msup>") + out + row(n.sup[0]) +
               (limits ? "</mover>" : "</msup>");
    return out;
}

std::string list_ml(const MathList& l) {
    std::string out;
    // A binary operator with nothing before it to operate on is unary (as
    // TeX's rule 5 makes it ordinary).
    MathClass prev = MathClass::open;
    for (std::size_t i = 0; i < l.size(); ++i) {
        const MathNode& n = l[i];
        const bool unary = n.cls == MathClass::bin &&
                           (prev == MathClass::open || prev == MathClass::rel || prev == MathClass::bin ||
                            prev == MathClass::op || prev == MathClass::punct);
        out += node_ml(n, unary, i + 1 < l.size() ? &l[i + 1] : nullptr);
        if (n.kind != MathNode::Kind::space) prev = n.cls;
    }
    return out;
}

}  // namespace

std::string math_to_mathml(std::string_view source, bool display) {
    const ParsedMath parsed = parse_math(source);
    const std::string alt = escape_html(source);
    return std::string("<math") + (display ? " display=\"block\"" : "") + " alttext=\"" + alt + "\">" +
           row(parsed.list) + "</math>";
}

}  // namespace handout
