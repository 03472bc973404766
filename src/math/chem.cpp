// mhchem's `\ce{…}` as teachers write it: formulas (H2O: digits after an
// element or a bracket are subscripts), charges (Na+, SO4^2-, Fe^{3+}),
// isotopes (^{14}_{6}C), states ((aq) (s) (l) (g)), hydrates (CuSO4*5H2O),
// coefficients (2H2O) and reaction arrows (-> <- <=> <->). Letters are
// upright, as in chemistry.
#include <cctype>

#include "handout/text.hpp"
#include "math/parser.hpp"
#include "math/symbols.hpp"

namespace handout::math {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

MathNode upright(char32_t cp, MathClass cls, std::size_t at) {
    MathNode n;
    n.kind = MathNode::Kind::symbol;
    n.chars = std::u32string(1, cp == U'-' ? U'\u2212' : cp);
    n.cls = cls;
    n.offset = at;
    return n;
}

MathList upright_text(std::string_view text, std::size_t at) {
    MathList out;
    std::u32string cps;
    if (!decode_utf8(text, cps)) cps = U"\uFFFD";
    for (char32_t cp : cps) out.push_back(upright(cp, MathClass::ord, at));
    return out;
}

class ChemParser {
public:
    ChemParser(std::string_view t, std::size_t base, std::vector<MathProblem>& problems)
        : t_(t), base_(base), problems_(problems) {}

    MathList parse() {
        while (i_ < t_.size()) step();
        return std::move(out_);
    }

private:
    void step() {
        const char c = t_[i_];
        if (c == ' ') {
            ++i_;
            word_start_ = true;
            return;
        }
        if (arrow()) return;
        if (word_start_ && c == '+' && (i_ + 1 >= t_.size() || t_[i_ + 1] == ' ')) {
            out_.push_back(upright(U'+', MathClass::bin, base_ + i_++));
            return;
        }
        if (c == '^' || c == '_') {
            script(c == '^');
            return;
        }
        if (digit(c) && !word_start_ && after_formula()) {
            attach(false, upright_text(take_while(digit), base_ + i_));
            return;
        }
        if ((c == '+' || c == '-') && !word_start_ && after_formula() && charge_ends(i_ + 1)) {
            attach(true, MathList{upright(static_cast<char32_t>(c), MathClass::ord, base_ + i_)});
            ++i_;
            return;
        }
        if (c == '(' && state()) return;
        if (c == '*' || (c == '.' && !word_start_)) {
            out_.push_back(upright(U'\u22C5', MathClass::bin, base_ + i_++));
            word_start_ = true;
            return;
        }
        if (c == '\\') {
            command();
            return;
        }
        plain();
    }

    /// A reaction arrow or an equals sign, between spaces.
    bool arrow() {
        static constexpr std::pair<std::string_view, char32_t> arrows[] = {
            {"<=>", U'\u21CC'}, {"<->", U'\u2194'}, {"->", U'\u2192'}, {"<-", U'\u2190'}, {"=", U'='},
        };
        for (const auto& [text, cp] : arrows) {
            if (t_.substr(i_).starts_with(text)) {
                out_.push_back(upright(cp, MathClass::rel, base_ + i_));
                i_ += text.size();
                word_start_ = true;
                return true;
            }
        }
        return false;
    }

    /// The state after a formula: (aq), (s), (l), (g), printed as they are.
    bool state() {
        for (std::string_view s : {"(aq)", "(s)", "(l)", "(g)"}) {
            if (t_.substr(i_).starts_with(s)) {
                for (MathNode& n : upright_text(s, base_ + i_)) out_.push_back(std::move(n));
                i_ += s.size();
                return true;
            }
        }
        return false;
    }

    /// Whether the atom before is part of a formula (a letter, a bracket, or
    /// a script), so a digit after it is a subscript.
    bool after_formula() const {
        if (out_.empty()) return false;
        const MathNode& n = out_.back();
        if (n.kind != MathNode::Kind::symbol || n.chars.empty()) return false;
        const char32_t cp = n.chars.front();
        return (cp < 0x80 && std::isalpha(static_cast<int>(cp)) != 0) || cp == U')' || cp == U']';
    }

    /// Whether a `+`/`-` before `j` ends its word (so it is a charge).
    bool charge_ends(std::size_t j) const {
        return j >= t_.size() || t_[j] == ' ' || t_[j] == '(' || t_[j] == '}' || t_[j] == '^';
    }

    std::string_view take_while(bool (*pred)(char)) {
        const std::size_t start = i_;
        while (i_ < t_.size() && pred(t_[i_])) ++i_;
        return t_.substr(start, i_ - start);
    }

    void attach(bool sup, MathList list) {
        MathNode& base = out_.back();
        auto& slot = sup ? base.sup : base.sub;
        if (slot.empty()) slot.emplace_back();
        for (MathNode& n : list) slot.front().push_back(std::move(n));
    }

    /// `^…`/`_…`: braced, or digits with a sign (`^2-`), or one character;
    /// before a formula's first element, an isotope's numbers.
    void script(bool sup) {
        const std::size_t at = i_++;
        MathList arg;
        if (i_ < t_.size() && t_[i_] == '{') {
            const std::size_t close = t_.find('}', i_);
            if (close == std::string_view::npos) {
                problems_.push_back({base_ + i_, "unbalanced '{': no '}' closes it", "add the '}'", false});
                arg = upright_text(t_.substr(i_ + 1), base_ + i_);
                i_ = t_.size();
            } else {
                arg = upright_text(t_.substr(i_ + 1, close - i_ - 1), base_ + i_);
                i_ = close + 1;
            }
        } else {
            const std::size_t start = i_;
            while (i_ < t_.size() && digit(t_[i_])) ++i_;
            if (i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
            if (i_ == start && i_ < t_.size()) ++i_;
            arg = upright_text(t_.substr(start, i_ - start), base_ + start);
        }
        if (arg.empty()) {
            problems_.push_back({base_ + at,
                                 std::string("missing argument after '") + (sup ? '^' : '_') + "'",
                                 "write it in braces: SO4^{2-}", false});
            return;
        }
        if (word_start_ || out_.empty()) {
            (sup ? pre_sup_ : pre_sub_) = std::move(arg);
            return;
        }
        attach(sup, std::move(arg));
    }

    void command() {
        const std::size_t at = i_++;
        const std::size_t start = i_;
        while (i_ < t_.size() && std::isalpha(static_cast<unsigned char>(t_[i_])) != 0) ++i_;
        if (i_ == start && i_ < t_.size()) ++i_;
        const std::string_view name = t_.substr(start, i_ - start);
        if (const Symbol* s = find_symbol(name)) {
            out_.push_back(upright(s->cp, s->cls, base_ + at));
            word_start_ = s->cls == MathClass::rel || s->cls == MathClass::bin;
            return;
        }
        problems_.push_back(
            {base_ + at,
             "unknown command '\\" + std::string(name) + "' in \\ce" + did_you_mean(name, command_names()),
             "\\ce knows formulas, charges, states and arrows (->, <=>); docs/format.md", false});
    }

    void plain() {
        const std::size_t at = i_;
        const std::size_t n = std::min(utf8_lead_length(static_cast<unsigned char>(t_[i_])), t_.size() - i_);
        MathList one = upright_text(t_.substr(i_, n), base_ + at);
        i_ += std::max<std::size_t>(n, 1);
        if (one.empty()) return;
        MathNode node = std::move(one.front());
        const char c = t_[at];
        if (c == '(' || c == '[') node.cls = MathClass::open;
        if (c == ')' || c == ']') node.cls = MathClass::close;
        if (!pre_sup_.empty() || !pre_sub_.empty()) {
            if (!pre_sup_.empty()) node.pre_sup.push_back(std::move(pre_sup_));
            if (!pre_sub_.empty()) node.pre_sub.push_back(std::move(pre_sub_));
            pre_sup_.clear();
            pre_sub_.clear();
        }
        // Lowercase letters continue an element (Cl); a coefficient's digits
        // and a formula's first letter start a word.
        word_start_ = digit(c) && word_start_;
        out_.push_back(std::move(node));
    }

    std::string_view t_;
    std::size_t base_;
    std::vector<MathProblem>& problems_;
    std::size_t i_ = 0;
    bool word_start_ = true;
    MathList out_;
    MathList pre_sup_, pre_sub_;
};

}  // namespace

MathList parse_chemistry(std::string_view text, std::size_t base, std::vector<MathProblem>& problems) {
    return ChemParser(text, base, problems).parse();
}

}  // namespace handout::math
