// Numbers that vary per student: the draw stream, number formatting, the
// `{{name}}` placeholders and the question as one sheet prints it. The
// formulas are computed in formula.cpp and checked in vars_check.cpp.
#include "handout/vars.hpp"

#include <charconv>
#include <stdexcept>

#include "handout/number.hpp"
#include "handout/text.hpp"
#include "handout/variant.hpp"

namespace handout {

namespace {

bool name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9'); }

// How many values `v` can take (1 for a formula).
std::size_t choices_of(const VarDef& v) { return v.kind == VarDef::Kind::formula ? 1 : v.count; }

// Calls `f(std::string&)` on every text of `q` a var can appear in.
template <class F>
void for_each_text(Question& q, F&& f) {
    f(q.prompt.text);
    f(q.explain.text);
    std::visit(Overloaded{
                   [&](Choice& b) {
                       for (auto& o : b.options) f(o.text);
                   },
                   [&](TrueFalse&) {},
                   [&](Multi& b) {
                       for (auto& o : b.options) f(o.text);
                   },
                   [&](ShortAnswer& b) { f(b.model_answer.text); },
                   [&](Fill& b) {
                       for (auto& part : b.parts) f(part.text);
                       for (auto& d : b.distractors) f(d.text);
                   },
                   [&](Match& b) {
                       for (auto& pair : b.pairs) {
                           f(pair.left.text);
                           f(pair.right.text);
                       }
                   },
                   [&](Order& b) {
                       for (auto& item : b.items) f(item.text);
                   },
                   [&](Numeric& b) { f(b.unit.text); },
               },
               q.body);
}

// A numeric answer or tolerance once its vars are in: the number it reads as.
// A decimal comma with three decimals (`3,141`) is read as decimals: the
// numbers handout prints are never grouped in thousands.
double read_substituted(const std::string& text, const char* what) {
    const ReadNumber n = read_number(text);
    if (n.status == ReadNumber::Status::ok || n.status == ReadNumber::Status::ambiguous) return n.value;
    throw std::invalid_argument(std::string(what) + " prints as '" + text + "', which is not a number");
}

}  // namespace

const std::string* VarValues::find(std::string_view name) const {
    for (const auto& [n, text] : shown)
        if (n == name) return &text;
    return nullptr;
}

std::string VarValues::line() const {
    std::string out;
    for (const auto& [name, text] : shown) {
        if (!out.empty()) out += " \u00b7 ";
        out += name;
        out += " = ";
        out += text;
    }
    return out;
}

std::string describe_draw(const Question& q, const VarValues& values) {
    std::string out;
    for (std::size_t i = 0; i < q.vars.size() && i < values.shown.size(); ++i) {
        if (q.vars[i].kind == VarDef::Kind::formula) continue;
        out += (out.empty() ? "when " : ", ") + values.shown[i].first + " = " + values.shown[i].second;
    }
    return out.empty() ? "always" : out;
}

bool decimal_comma(const Worksheet& ws) {
    const std::string& lang = ws.lang.text;
    const std::string language = ascii_lower(std::string_view(lang).substr(0, lang.find_first_of("-_")));
    return language != "en" && language != "zh" && language != "ja" && language != "ko";
}

std::string format_var_number(double value, int decimals, bool comma) {
    char buffer[400];
    const int precision = decimals < 0 ? 4 : decimals;
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, precision);
    std::string s = ec == std::errc() ? std::string(buffer, end) : plain_number(value);
    if (decimals < 0 && s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s.starts_with('-') && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
    if (comma)
        for (char& c : s)
            if (c == '.') c = ',';
    return s;
}

std::size_t var_draw_count(const Question& q) {
    std::size_t total = 1;
    for (const VarDef& v : q.vars) {
        const std::size_t n = choices_of(v);
        if (n == 0) return 0;
        if (total > (max_var_draws + 1) / n + 1) return max_var_draws + 1;
        total *= n;
        if (total > max_var_draws) return max_var_draws + 1;
    }
    return total;
}

std::vector<std::size_t> draw_var_picks(const Question& q, std::uint32_t seed, int source_index) {
    std::vector<std::size_t> picks(q.vars.size(), 0);
    if (seed == 0) return picks;
    // A stream of its own per question: "vars", 0x1F, the seed and the
    // question's source index, each as 8 bytes little-endian, hashed.
    std::string bytes = "vars\x1f";
    for (const std::uint64_t n : {std::uint64_t{seed}, static_cast<std::uint64_t>(source_index)})
        for (int i = 0; i < 8; ++i) bytes += static_cast<char>((n >> (8 * i)) & 0xFF);
    SplitMix64 rng(hash64(bytes));
    for (std::size_t i = 0; i < q.vars.size(); ++i) {
        const std::size_t n = choices_of(q.vars[i]);
        if (n > 1) picks[i] = rng.below(static_cast<std::uint32_t>(n));
    }
    return picks;
}

std::vector<Placeholder> find_placeholders(std::string_view text) {
    std::vector<Placeholder> found;
    for (std::size_t at = text.find("{{"); at != std::string_view::npos; at = text.find("{{", at + 1)) {
        std::size_t i = at + 2;
        while (i < text.size() && text[i] == ' ') ++i;
        if (i >= text.size() || !name_start(text[i])) continue;
        const std::size_t name_begin = i;
        while (i < text.size() && name_char(text[i])) ++i;
        const std::size_t name_end = i;
        while (i < text.size() && text[i] == ' ') ++i;
        if (text.substr(i, 2) != "}}") continue;
        found.push_back({std::string(text.substr(name_begin, name_end - name_begin)), at, i + 2});
        at = i + 1;
    }
    return found;
}

std::string substitute(std::string_view text, const VarValues& values) {
    std::string out;
    std::size_t from = 0;
    for (const Placeholder& p : find_placeholders(text)) {
        const std::string* value = values.find(p.name);
        if (!value) continue;
        out += text.substr(from, p.begin - from);
        out += *value;
        from = p.end;
    }
    out += text.substr(from);
    return out;
}

Question instantiate(const Question& q, const VarValues& values) {
    Question out = q;
    out.vars.clear();
    for_each_text(out, [&](std::string& text) {
        if (text.find("{{") != std::string::npos) text = substitute(text, values);
    });
    if (auto* numeric = std::get_if<Numeric>(&out.body)) {
        if (numeric->value_text.find("{{") != std::string::npos) {
            numeric->value_text = substitute(numeric->value_text, values);
            numeric->value = read_substituted(numeric->value_text, "the answer");
        }
        if (numeric->tolerance_text.find("{{") != std::string::npos) {
            numeric->tolerance_text = substitute(numeric->tolerance_text, values);
            numeric->tolerance = read_substituted(numeric->tolerance_text, "the tolerance");
            if (numeric->tolerance < 0)
                throw std::invalid_argument("the tolerance prints as " + numeric->tolerance_text + ", below 0");
        }
    }
    return out;
}

}  // namespace handout
