// The LaTeX subset parsed into a MathList, every problem found in one pass:
// after an error the parser goes on from a sensible place, so a formula's
// problems are all reported at once.
#include <cctype>

#include "handout/text.hpp"
#include "math/parser.hpp"
#include "math/symbols.hpp"

namespace handout {

namespace math {

namespace {

MathNode atom(MathNode::Kind kind, std::size_t at) {
    MathNode n;
    n.kind = kind;
    n.offset = at;
    return n;
}

MathNode symbol(char32_t cp, MathClass cls, bool italic, std::size_t at) {
    MathNode n = atom(MathNode::Kind::symbol, at);
    n.chars = std::u32string(1, cp);
    n.cls = cls;
    n.italic = italic;
    return n;
}

bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

MathClass class_of(char c) {
    switch (c) {
        case '+':
        case '-':
        case '*': return MathClass::bin;
        case '=':
        case '<':
        case '>':
        case ':': return MathClass::rel;
        case '(':
        case '[': return MathClass::open;
        case ')':
        case ']':
        case '!':
        case '?': return MathClass::close;
        case ',':
        case ';': return MathClass::punct;
        default: return MathClass::ord;
    }
}

MathClass class_of(char32_t cp) {
    if (cp < 0x80) return class_of(static_cast<char>(cp));
    if ((cp >= 0x2190 && cp <= 0x21FF) || (cp >= 0x2260 && cp <= 0x2287) || cp == 0x2248 || cp == 0x2208)
        return MathClass::rel;
    if (cp == 0xD7 || cp == 0xF7 || cp == 0xB1 || cp == 0x2212 || cp == 0x22C5 || cp == 0x2213)
        return MathClass::bin;
    return MathClass::ord;
}

/// Sets every letter of `list` (and of its parts) italic or upright.
void set_italic(MathList& list, bool italic) {
    for (MathNode& n : list) {
        if (n.kind == MathNode::Kind::symbol && n.chars.size() == 1 && n.chars[0] < 0x80 &&
            is_letter(static_cast<char>(n.chars[0])))
            n.italic = italic;
        for (auto* lists : {&n.args, &n.sub, &n.sup})
            for (MathList& l : *lists) set_italic(l, italic);
    }
}

/// Five pieces joined (messages about environments).
std::string env_message(std::string_view a, std::string_view b, std::string_view c, std::string_view d,
                        std::string_view e) {
    std::string out;
    for (std::string_view part : {a, b, c, d, e}) out += part;
    return out;
}

}  // namespace

void Parser::error(std::size_t at, std::string message, std::string hint) {
    problems_.push_back({base_ + at, std::move(message), std::move(hint), false});
}

void Parser::skip_space() {
    while (pos_ < src_.size() &&
           (src_[pos_] == ' ' || src_[pos_] == '\t' || src_[pos_] == '\n' || src_[pos_] == '\r'))
        ++pos_;
}

std::string Parser::read_name() {
    // After the backslash: letters, or one other character.
    const std::size_t start = pos_;
    if (pos_ < src_.size() && is_letter(src_[pos_])) {
        while (pos_ < src_.size() && is_letter(src_[pos_])) ++pos_;
    } else if (pos_ < src_.size()) {
        ++pos_;
    }
    return std::string(src_.substr(start, pos_ - start));
}

MathList Parser::parse_all() {
    MathList out;
    for (;;) {
        Stop stop = Stop::end;
        MathList part = parse_list(stop, false, false, false);
        out.insert(out.end(), part.begin(), part.end());
        if (stop == Stop::end) break;
        // A `}`, `&`, `\\` or `\right` with nothing to end: reported, skipped.
        if (stop == Stop::brace)
            error(pos_ - 1, "unbalanced '}': no '{' opens it", "remove it, or add the '{' it closes");
        else if (stop == Stop::right)
            error(pos_ - 6, "'\\right' without '\\left'", "write '\\left(' before the part it closes");
        else if (stop == Stop::cell || stop == Stop::row)
            error(pos_ - 1, "'&' or '\\\\' outside a matrix",
                  "use them inside \\begin{pmatrix} … \\end{pmatrix}");
        else if (stop == Stop::end_env) {
            const std::size_t at = pos_;
            pos_ += 4;
            std::string name;
            read_raw(name, at, "end");
            error(at, env_message("'\\end{", name, "}' without '\\begin{", name, "}'"));
        }
    }
    return out;
}

MathList Parser::parse_list(Stop& stop, bool in_group, bool in_env, bool in_bracket) {
    MathList out;
    while (parse_atom(out, stop, in_group, in_env, in_bracket)) {}
    return out;
}

bool Parser::parse_atom(MathList& out, Stop& stop, bool in_group, bool in_env, bool in_bracket) {
    struct Deeper {
        int& depth;
        explicit Deeper(int& d) : depth(++d) {}
        ~Deeper() { --depth; }
        Deeper(const Deeper&) = delete;
        Deeper& operator=(const Deeper&) = delete;
    } deeper(depth_);
    if (depth_ > max_depth) {
        error(pos_, "the formula nests more than " + std::to_string(max_depth) + " deep here",
              "write it flatter: split it into formulas of their own");
        pos_ = src_.size();
        stop = Stop::end;
        return false;
    }
    skip_space();
    if (pos_ >= src_.size()) {
        stop = Stop::end;
        return false;
    }
    const char c = src_[pos_];
    const std::size_t at = pos_;
    if (c == '}') {
        ++pos_;
        stop = Stop::brace;
        return false;
    }
    if (c == ']' && in_bracket) {
        ++pos_;
        stop = Stop::bracket;
        return false;
    }
    if (c == '&') {
        ++pos_;
        stop = Stop::cell;
        return false;
    }
    if (c == '{') {
        parse_group(out, in_env);
        return true;
    }
    if (c == '^' || c == '_') {
        ++pos_;
        attach_script(out, c == '^');
        return true;
    }
    if (c == '\'') {
        ++pos_;
        // Unicode's prime is drawn raised already: it follows its base.
        out.push_back(symbol(U'\u2032', MathClass::ord, false, at));
        return true;
    }
    if (c == '\\') return parse_backslash(out, stop, in_env);
    (void)in_group;
    if (c == '$') {
        // Only a `$` after a space (or before a digit) does not close a
        // formula: one inside it is almost always a formula closed too late.
        error(at, "'$' inside a formula: the formula runs on past it",
              "a closing '$' must follow the formula's last character with no space between; write '\\$' "
              "for a dollar sign in maths");
    }
    parse_char(out);
    return true;
}

void Parser::parse_group(MathList& out, bool in_env) {
    const std::size_t at = pos_++;
    Stop inner = Stop::end;
    MathNode g = atom(MathNode::Kind::group, at);
    g.args.push_back(parse_list(inner, true, in_env, false));
    if (inner != Stop::brace) {
        error(at, "unbalanced '{': no '}' closes it", "add the '}' that ends the group");
        if (inner != Stop::end) pos_ = src_.size();
    }
    out.push_back(std::move(g));
}

bool Parser::parse_backslash(MathList& out, Stop& stop, bool in_env) {
    const std::size_t at = pos_++;
    const std::string name = read_name();
    if (name == "\\") {
        stop = Stop::row;
        return false;
    }
    if (name == "right") {
        stop = Stop::right;
        return false;
    }
    if (name == "end") {
        pos_ = at;
        stop = Stop::end_env;
        return false;
    }
    parse_command(out, at, name, stop, in_env);
    return true;
}

void Parser::parse_char(MathList& out) {
    const std::size_t at = pos_;
    const unsigned char lead = static_cast<unsigned char>(src_[pos_]);
    const std::size_t n = std::min(utf8_lead_length(lead), src_.size() - pos_);
    std::u32string cps;
    if (!decode_utf8(src_.substr(pos_, n), cps) || cps.empty()) cps = U"\uFFFD";
    pos_ += std::max<std::size_t>(n, 1);
    const char32_t cp = cps.front();
    if (cp == '-') {
        out.push_back(symbol(U'\u2212', MathClass::bin, false, at));
        return;
    }
    if (cp == '*') {
        out.push_back(symbol(U'\u2217', MathClass::bin, false, at));
        return;
    }
    const bool letter = cp < 0x80 && is_letter(static_cast<char>(cp));
    const bool greek_lower = cp >= 0x3B1 && cp <= 0x3C9;
    out.push_back(symbol(cp, class_of(cp), letter || greek_lower, at));
}

void Parser::attach_script(MathList& out, bool sup) {
    const std::size_t at = pos_ - 1;
    if (out.empty() || out.back().kind == MathNode::Kind::space)
        out.push_back(atom(MathNode::Kind::group, at));
    MathNode& base = out.back();
    auto& slot = sup ? base.sup : base.sub;
    if (!slot.empty()) {
        error(at, sup ? "double superscript" : "double subscript",
              "put braces around one of them: x^{2^3}, or {x^2}^3");
    }
    MathList arg = read_arg(at, sup ? "^" : "_");
    if (slot.empty()) slot.push_back(std::move(arg));
}

MathList Parser::read_arg(std::size_t cmd_at, std::string_view cmd) {
    skip_space();
    MathList out;
    if (pos_ >= src_.size() || src_[pos_] == '}' || src_[pos_] == '&' || src_[pos_] == '^' ||
        src_[pos_] == '_') {
        error(cmd_at, "missing argument after '" + std::string(cmd) + "'",
              "write the argument in braces, e.g. " + std::string(cmd) + "{x}");
        return out;
    }
    Stop stop = Stop::end;
    if (src_[pos_] == '{') {
        parse_atom(out, stop, false, false, false);
        if (!out.empty() && out.front().kind == MathNode::Kind::group && out.front().sub.empty() &&
            out.front().sup.empty())
            return std::move(out.front().args.front());
        return out;
    }
    parse_atom(out, stop, false, false, false);
    return out;
}

bool Parser::read_raw(std::string& out, std::size_t cmd_at, std::string_view cmd) {
    skip_space();
    if (pos_ >= src_.size() || src_[pos_] != '{') {
        error(cmd_at, "missing argument after '\\" + std::string(cmd) + "'",
              "write it in braces: \\" + std::string(cmd) + "{…}");
        return false;
    }
    const std::size_t open = pos_++;
    int depth = 1;
    const std::size_t start = pos_;
    for (; pos_ < src_.size(); ++pos_) {
        if (src_[pos_] == '\\' && pos_ + 1 < src_.size()) {
            ++pos_;
            continue;
        }
        if (src_[pos_] == '{') ++depth;
        if (src_[pos_] == '}' && --depth == 0) break;
    }
    if (pos_ >= src_.size()) {
        error(open, "unbalanced '{': no '}' closes it",
              "add the '}' that ends \\" + std::string(cmd) + "'s argument");
        out = src_.substr(start);
        return false;
    }
    out = src_.substr(start, pos_ - start);
    ++pos_;
    return true;
}

void Parser::parse_command(MathList& out, std::size_t at, const std::string& name, Stop& stop, bool in_env) {
    (void)stop;
    (void)in_env;
    if (const auto em = spacing(name)) {
        MathNode s = atom(MathNode::Kind::space, at);
        s.space = *em;
        out.push_back(std::move(s));
        return;
    }
    if (name.size() == 1 && std::string_view("{}%$#_&").find(name[0]) != std::string_view::npos) {
        out.push_back(symbol(static_cast<char32_t>(name[0]),
                             name[0] == '{'   ? MathClass::open
                             : name[0] == '}' ? MathClass::close
                                              : MathClass::ord,
                             false, at));
        return;
    }
    if (const Symbol* s = find_symbol(name)) {
        out.push_back(symbol(s->cp, s->cls, s->italic, at));
        return;
    }
    if (const char32_t op = big_operator(name)) {
        MathNode n = symbol(op, MathClass::op, false, at);
        n.kind = MathNode::Kind::big_op;
        out.push_back(std::move(n));
        return;
    }
    bool flag = false;
    if (is_function(name, flag)) {
        MathNode n = atom(flag ? MathNode::Kind::big_op : MathNode::Kind::word, at);
        n.chars = std::u32string(name.begin(), name.end());
        n.cls = MathClass::op;
        n.word_op = true;
        out.push_back(std::move(n));
        return;
    }
    if (const char32_t a = accent(name, flag)) {
        MathNode n = atom(MathNode::Kind::accent, at);
        n.chars = std::u32string(1, a);
        n.wide = flag;
        n.under = below(a);
        n.args.push_back(read_arg(at, "\\" + name));
        out.push_back(std::move(n));
        return;
    }
    if (parse_structure(out, at, name)) return;
    error(at, "unknown command '\\" + name + "'" + did_you_mean(name, command_names()),
          "docs/format.md lists the maths commands handout knows");
}

bool Parser::parse_structure(MathList& out, std::size_t at, const std::string& name) {
    if (name == "frac" || name == "dfrac" || name == "tfrac" || name == "binom") {
        parse_frac(out, at, name);
    } else if (name == "sqrt") {
        parse_sqrt(out, at);
    } else if (name == "left") {
        parse_left(out, at);
    } else if (name == "begin") {
        parse_env(out, at);
    } else if (name == "ce") {
        parse_chem(out, at);
    } else if (name == "text" || name == "textrm") {
        std::string raw;
        read_raw(raw, at, name);
        MathNode n = atom(MathNode::Kind::word, at);
        if (!decode_utf8(raw, n.chars)) n.chars = U"\uFFFD";
        out.push_back(std::move(n));
    } else if (name == "mathrm" || name == "operatorname" || name == "mathbf" || name == "mathit") {
        // Maths in upright (or italic) letters: units, `\mathrm{d}x`, names.
        MathNode n = atom(MathNode::Kind::group, at);
        n.args.push_back(read_arg(at, "\\" + name));
        set_italic(n.args.front(), name == "mathit");
        if (name == "operatorname") n.cls = MathClass::op;
        out.push_back(std::move(n));
    } else if (name == "displaystyle" || name == "limits") {
        // Accepted and ignored: displayed maths is display style already.
    } else {
        return false;
    }
    return true;
}

void Parser::parse_frac(MathList& out, std::size_t at, const std::string& name) {
    // Ordinary, not inner as TeX's bare \over: LaTeX's \frac and amsmath's
    // \genfrac (\binom, \dfrac, \tfrac) set the fraction inside braces, so
    // `\frac{1}{2}at^2` has no thin space after the fraction.
    MathNode n = atom(MathNode::Kind::frac, at);
    n.cls = MathClass::ord;
    n.rule = name != "binom";
    n.style = name == "dfrac" ? 0 : name == "tfrac" ? 1 : -1;
    n.args.push_back(read_arg(at, "\\" + name));
    n.args.push_back(read_arg(at, "\\" + name));
    if (name == "binom") {
        MathNode d = atom(MathNode::Kind::delimited, at);
        d.left = U'(';
        d.right = U')';
        d.args.push_back(MathList{std::move(n)});
        out.push_back(std::move(d));
        return;
    }
    out.push_back(std::move(n));
}

void Parser::parse_sqrt(MathList& out, std::size_t at) {
    MathNode n = atom(MathNode::Kind::root, at);
    skip_space();
    MathList degree;
    if (pos_ < src_.size() && src_[pos_] == '[') {
        ++pos_;
        Stop stop = Stop::end;
        degree = parse_list(stop, false, false, true);
        if (stop != Stop::bracket) error(at, "'\\sqrt[' without ']'", "write the degree as \\sqrt[3]{x}");
    }
    n.args.push_back(read_arg(at, "\\sqrt"));
    if (!degree.empty()) n.args.push_back(std::move(degree));
    out.push_back(std::move(n));
}

bool Parser::read_delimiter(char32_t& cp, std::size_t cmd_at, std::string_view cmd) {
    skip_space();
    std::string name;
    if (pos_ < src_.size() && src_[pos_] == '\\') {
        ++pos_;
        name = "\\" + read_name();
    } else if (pos_ < src_.size()) {
        name = std::string(1, src_[pos_++]);
    }
    if (delimiter(name, cp)) return true;
    if (const Symbol* s = name.size() > 1 ? find_symbol(name.substr(1)) : nullptr) {
        cp = s->cp;
        return true;
    }
    error(cmd_at, "'\\" + std::string(cmd) + "' needs a delimiter after it",
          "write one of ( ) [ ] \\{ \\} | \\langle \\rangle, or '.' for none");
    return false;
}

void Parser::parse_left(MathList& out, std::size_t at) {
    MathNode n = atom(MathNode::Kind::delimited, at);
    n.cls = MathClass::inner;
    read_delimiter(n.left, at, "left");
    Stop stop = Stop::end;
    n.args.push_back(parse_list(stop, false, false, false));
    if (stop == Stop::right) {
        read_delimiter(n.right, pos_ - 6, "right");
    } else {
        error(at, "'\\left' without '\\right'", "end the part with '\\right)' (or '\\right.' for nothing)");
        if (stop == Stop::brace) --pos_;  // the group around it ends there
    }
    out.push_back(std::move(n));
}

void Parser::parse_env(MathList& out, std::size_t at) {
    std::string env;
    if (!read_raw(env, at, "begin")) return;
    MathNode n = atom(MathNode::Kind::matrix, at);
    n.cls = MathClass::inner;
    if (env == "pmatrix") {
        n.left = U'(', n.right = U')';
    } else if (env == "bmatrix") {
        n.left = U'[', n.right = U']';
    } else if (env == "vmatrix") {
        n.left = U'|', n.right = U'|';
    } else if (env == "Bmatrix" || env == "cases") {
        n.left = U'{', n.right = env == "cases" ? 0 : U'}';
    } else if (env != "matrix" && env != "array" && env != "aligned") {
        error(at, "unknown environment '" + env + "'",
              "use matrix, pmatrix, bmatrix, vmatrix, Bmatrix, cases or aligned");
    }
    if (env == "array") {
        std::string spec;
        read_raw(spec, at, "begin{array}");
    }
    n.style = env == "cases" ? 2 : env == "aligned" ? 3 : -1;  // cells left-aligned / aligned at '&'
    std::vector<MathList> row;
    int widest = 0;
    std::vector<std::vector<MathList>> rows;
    for (;;) {
        Stop stop = Stop::end;
        row.push_back(parse_list(stop, false, true, false));
        if (stop == Stop::cell) continue;
        rows.push_back(std::move(row));
        row.clear();
        widest = std::max(widest, static_cast<int>(rows.back().size()));
        if (stop == Stop::row) continue;
        if (stop == Stop::end_env) {
            const std::size_t end_at = pos_;
            pos_ += 4;
            std::string name;
            read_raw(name, end_at, "end");
            if (name != env)
                error(end_at, env_message("'\\end{", name, "}' ends '\\begin{", env, "}'"),
                      env_message("write \\end{", env, "}", "", ""));
        } else {
            error(at, env_message("'\\begin{", env, "}' without '\\end{", env, "}'"),
                  env_message("add \\end{", env, "}", "", ""));
            if (stop == Stop::brace) --pos_;
        }
        break;
    }
    // A last row left empty by a final `\\` is dropped.
    if (rows.size() > 1 && rows.back().size() == 1 && rows.back().front().empty()) rows.pop_back();
    n.columns = widest;
    for (auto& r : rows) {
        r.resize(static_cast<std::size_t>(widest));
        for (auto& cell : r) n.args.push_back(std::move(cell));
    }
    out.push_back(std::move(n));
}

void Parser::parse_chem(MathList& out, std::size_t at) {
    std::string raw;
    const std::size_t start = pos_;
    read_raw(raw, at, "ce");
    const std::size_t brace = src_.find('{', start);
    MathNode g = atom(MathNode::Kind::group, at);
    g.args.push_back(
        parse_chemistry(raw, base_ + (brace == std::string_view::npos ? at : brace + 1), problems_));
    out.push_back(std::move(g));
}

}  // namespace math

ParsedMath parse_math(std::string_view source) {
    math::Parser parser(source);
    ParsedMath out;
    out.list = parser.parse_all();
    out.problems = std::move(parser.problems());
    return out;
}

}  // namespace handout
