// Shared helpers of the importers and exporters: positions, HTML and plain
// text to worksheet markup and back, numbers, names, base64.
#include "convert/support.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <iterator>
#include <map>
#include <set>

#include "handout/markup.hpp"
#include "handout/math.hpp"
#include "handout/text.hpp"
#include "text/utf8_path.hpp"

namespace handout::convert {

LineMap::LineMap(std::string_view text, std::string file) : file_(std::move(file)) {
    starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') starts_.push_back(i + 1);
}

Loc LineMap::at(std::size_t offset) const {
    const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
    const std::size_t line = static_cast<std::size_t>(it - starts_.begin());
    return {file_, static_cast<int>(line), static_cast<int>(offset - starts_[line - 1] + 1)};
}

std::string trim_space(std::string_view text) { return std::string(handout::trim(text, " \t\n\r")); }

namespace {

// Adjacent spans of one font merged, empty ones dropped (as parse_markup gives them).
std::vector<Span> normalized(const std::vector<Span>& spans) {
    std::vector<Span> out;
    for (const auto& s : spans) {
        if (s.text.empty()) continue;
        if (!out.empty() && out.back().font == s.font) out.back().text += s.text;
        else out.push_back(s);
    }
    return out;
}

std::string escape_markup(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '*' || c == '`' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

// Writes spans as markup, escaping the text or not; whitespace at the ends of
// an emphasized span goes outside its stars.
std::string spans_to_markup(const std::vector<Span>& spans, bool escape) {
    std::string out;
    for (const auto& s : spans) {
        const std::string t = s.text;
        std::size_t b = 0, e = t.size();
        while (b < e && (t[b] == ' ' || t[b] == '\n')) ++b;
        while (e > b && (t[e - 1] == ' ' || t[e - 1] == '\n')) --e;
        const std::string inner = t.substr(b, e - b);
        std::string mark;
        if (s.font == FontStyle::bold) mark = "**";
        else if (s.font == FontStyle::italic) mark = "*";
        else if (s.font == FontStyle::bold_italic) mark = "***";
        if (s.font == FontStyle::mono && inner.find('`') == std::string::npos && !inner.empty()) {
            out += t.substr(0, b) + "`" + inner + "`" + t.substr(e);
        } else if (mark.empty() || inner.empty()) {
            out += escape ? escape_markup(t) : t;
        } else {
            out += t.substr(0, b);
            out += mark;
            out += escape ? escape_markup(inner) : inner;
            out += mark;
            out += t.substr(e);
        }
    }
    return out;
}

// The markup for `spans`, unescaped when that reads back the same.
std::string markup_for(const std::vector<Span>& spans) {
    const std::vector<Span> want = normalized(spans);
    std::string raw = spans_to_markup(want, false);
    if (parse_markup(raw) == want) return raw;
    return spans_to_markup(want, true);
}

std::string utf8(unsigned long cp) { return encode_utf8(static_cast<char32_t>(cp)); }

// The character of an HTML entity name (without & and ;), "" when unknown.
std::string entity(std::string_view name) {
    static const std::map<std::string_view, unsigned long> named = {
        {"amp", '&'},      {"lt", '<'},       {"gt", '>'},       {"quot", '"'},     {"apos", '\''},
        {"nbsp", 0xA0},    {"ndash", 0x2013}, {"mdash", 0x2014}, {"hellip", 0x2026}, {"laquo", 0xAB},
        {"raquo", 0xBB},   {"lsquo", 0x2018}, {"rsquo", 0x2019}, {"ldquo", 0x201C}, {"rdquo", 0x201D},
        {"copy", 0xA9},    {"deg", 0xB0},     {"times", 0xD7},   {"divide", 0xF7},  {"minus", 0x2212},
        {"plusmn", 0xB1},  {"middot", 0xB7},  {"euro", 0x20AC},  {"pi", 0x3C0},     {"micro", 0xB5},
        {"sup2", 0xB2},    {"sup3", 0xB3},    {"frac12", 0xBD},  {"le", 0x2264},    {"ge", 0x2265},
        {"ne", 0x2260},    {"rarr", 0x2192},  {"larr", 0x2190},  {"bull", 0x2022}};
    if (name.size() > 1 && name[0] == '#') {
        const bool hex = name[1] == 'x' || name[1] == 'X';
        const std::string digits(name.substr(hex ? 2 : 1));
        if (digits.empty()) return {};
        char* end = nullptr;
        const unsigned long cp = std::strtoul(digits.c_str(), &end, hex ? 16 : 10);
        if (*end || cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) return {};
        return utf8(cp);
    }
    const auto it = named.find(name);
    return it == named.end() ? std::string() : utf8(it->second);
}

std::string attribute(std::string_view tag, std::string_view name) {
    const std::string lower = ascii_lower(tag);
    std::size_t at = 0;
    while ((at = lower.find(name, at)) != std::string::npos) {
        const bool starts = at > 0 && (lower[at - 1] == ' ' || lower[at - 1] == '\t' || lower[at - 1] == '\n');
        std::size_t p = at + name.size();
        while (p < lower.size() && lower[p] == ' ') ++p;
        if (!starts || p >= lower.size() || lower[p] != '=') {
            ++at;
            continue;
        }
        ++p;
        while (p < lower.size() && lower[p] == ' ') ++p;
        if (p < lower.size() && (lower[p] == '"' || lower[p] == '\'')) {
            const std::size_t end = lower.find(lower[p], p + 1);
            return std::string(tag.substr(p + 1, (end == std::string::npos ? tag.size() : end) - p - 1));
        }
        std::size_t end = p;
        while (end < tag.size() && tag[end] != ' ' && tag[end] != '>' && tag[end] != '/') ++end;
        return std::string(tag.substr(p, end - p));
    }
    return {};
}

// Decodes the entities of a piece of HTML text.
std::string decode_entities(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '&') {
            const std::size_t semi = text.find(';', i);
            if (semi != std::string::npos && semi - i <= 10) {
                const std::string ch = entity(text.substr(i + 1, semi - i - 1));
                if (!ch.empty()) {
                    out += ch == "\xC2\xA0" ? std::string(" ") : ch;
                    i = semi;
                    continue;
                }
            }
        }
        out += text[i];
    }
    return out;
}

}  // namespace

std::string plain_to_markup(std::string_view text) {
    return markup_for({Span{std::string(text), FontStyle::regular}});
}

bool looks_like_html(std::string_view text) {
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        const char n = text[i + 1];
        if (text[i] == '<' && (std::isalpha(static_cast<unsigned char>(n)) || n == '/' || n == '!')) return true;
        if (text[i] == '&' && (std::isalpha(static_cast<unsigned char>(n)) || n == '#')) {
            const std::size_t semi = text.find(';', i);
            if (semi != std::string::npos && !entity(text.substr(i + 1, semi - i - 1)).empty()) return true;
        }
    }
    return false;
}

namespace {

// HTML to spans of one font each: a tokenizer over tags, comments and text,
// the fonts that the open tags turn on, and notes for what has no equivalent.
class HtmlReader {
public:
    HtmlReader(std::vector<std::string>& notes, std::vector<std::string>* images) : notes_(notes), images_(images) {}

    std::vector<Span> read(std::string_view html) {
        std::size_t i = 0;
        while (i < html.size()) {
            if (html.compare(i, 4, "<!--") == 0) {
                const std::size_t end = html.find("-->", i);
                i = end == std::string::npos ? html.size() : end + 3;
            } else if (html[i] == '<' && i + 1 < html.size() &&
                       (std::isalpha(static_cast<unsigned char>(html[i + 1])) || html[i + 1] == '/')) {
                const std::size_t end = html.find('>', i);
                if (end == std::string::npos) break;
                tag(html.substr(i + 1, end - i - 1));
                i = end + 1;
            } else {
                std::size_t next = html.find('<', i + 1);
                if (next == std::string::npos) next = html.size();
                add(decode_entities(html.substr(i, next - i)));
                i = next;
            }
        }
        while (!spans_.empty() && !spans_.back().text.empty() &&
               (spans_.back().text.back() == ' ' || spans_.back().text.back() == '\n')) {
            spans_.back().text.pop_back();
            if (spans_.back().text.empty()) spans_.pop_back();
        }
        return spans_;
    }

private:
    void note(const std::string& n) {
        if (noted_.insert(n).second) notes_.push_back(n);
    }

    // Text, its whitespace runs printed as one space as HTML does.
    void add(const std::string& text) {
        std::string collapsed;
        for (char c : text) {
            const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
            if (!space) collapsed += c;
            else if (collapsed.empty() || collapsed.back() != ' ') collapsed += ' ';
        }
        if (skip_ || collapsed.empty()) return;
        if (collapsed[0] == ' ' &&
            (spans_.empty() || spans_.back().text.back() == ' ' || spans_.back().text.back() == '\n'))
            collapsed.erase(0, 1);
        if (collapsed.empty()) return;
        const FontStyle font = code_             ? FontStyle::mono
                               : bold_ && italic_ ? FontStyle::bold_italic
                               : bold_            ? FontStyle::bold
                               : italic_          ? FontStyle::italic
                                                  : FontStyle::regular;
        spans_.push_back({collapsed, font});
    }

    // A <br>: a line break, as the worksheet's text keeps one (none at the
    // start, one for several, no space before or after it).
    void line_break() {
        if (skip_ || spans_.empty()) return;
        while (!spans_.empty() && !spans_.back().text.empty() && spans_.back().text.back() == ' ') {
            spans_.back().text.pop_back();
            if (spans_.back().text.empty()) spans_.pop_back();
        }
        if (spans_.empty() || spans_.back().text.back() == '\n') return;
        spans_.push_back({"\n", FontStyle::regular});
    }

    // A <span style="…">: bold and italic styles are kept, others noted.
    void span(std::string_view tag) {
        std::string style = ascii_lower(attribute(tag, "style"));
        std::erase(style, ' ');
        const bool b = style.find("font-weight:bold") != std::string::npos ||
                       style.find("font-weight:700") != std::string::npos;
        const bool it = style.find("font-style:italic") != std::string::npos;
        bold_ += b;
        italic_ += it;
        spans_open_.push_back({b, it});
        for (const char* known : {"font-weight:bold", "font-weight:700", "font-style:italic", ";"})
            for (std::size_t at; (at = style.find(known)) != std::string::npos;) style.erase(at, std::strlen(known));
        if (!style.empty()) note("styling dropped (" + std::string(tag.substr(0, 60)) + ")");
    }

    void tag(std::string_view tag) {
        const bool closing = !tag.empty() && tag[0] == '/';
        std::string name;
        for (std::size_t k = closing ? 1 : 0; k < tag.size() && std::isalnum(static_cast<unsigned char>(tag[k])); ++k)
            name += static_cast<char>(std::tolower(static_cast<unsigned char>(tag[k])));
        const int d = closing ? -1 : 1;
        const auto is = [&](std::initializer_list<const char*> names) {
            return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
        };
        const bool heading = name.size() == 2 && name[0] == 'h' && std::isdigit(static_cast<unsigned char>(name[1]));
        if (name == "br" && !closing)
            line_break();
        else if (is({"p", "div", "li", "tr", "td", "th", "pre", "blockquote"}) || heading)
            add(" ");
        if (is({"b", "strong"}) || heading) bold_ = std::max(0, bold_ + d);
        else if (is({"i", "em"})) italic_ = std::max(0, italic_ + d);
        else if (is({"code", "tt", "kbd", "samp", "pre"})) code_ = std::max(0, code_ + d);
        else if (is({"script", "style"})) skip_ = std::max(0, skip_ + d);
        if (name == "span" && closing && !spans_open_.empty()) {
            bold_ -= spans_open_.back().first;
            italic_ -= spans_open_.back().second;
            spans_open_.pop_back();
        }
        if (closing) return;
        if (name == "span") {
            span(tag);
        } else if (name == "pre") {
            note("preformatted text (<pre>) prints as `code`; its line breaks print as spaces");
        } else if (name == "a") {
            const std::string href = attribute(tag, "href");
            note("link" + (href.empty() ? std::string() : " to " + href) + " dropped (its text is kept)");
        } else if (name == "img") {
            const std::string src = attribute(tag, "src");
            if (images_) images_->push_back(src);
            else note("image " + src + " not carried over");
        } else if ((is({"p", "div"}) && !attribute(tag, "style").empty()) || name == "font") {
            note("styling dropped (" + std::string(tag.substr(0, 60)) + ")");
        } else if (is({"u", "sub", "sup", "s", "strike", "del", "mark"})) {
            note("HTML <" + name + "> has no equivalent: printed as plain text");
        } else if (is({"table", "ul", "ol"})) {
            note("HTML <" + name + "> has no equivalent: its text is kept, run together");
        } else if (is({"script", "style", "audio", "video", "iframe", "object", "embed", "math", "svg"})) {
            note("HTML <" + name + "> has no equivalent on paper: dropped");
        }
    }

    std::vector<std::string>& notes_;
    std::vector<std::string>* images_;
    std::vector<Span> spans_;
    int bold_ = 0, italic_ = 0, code_ = 0, skip_ = 0;
    std::vector<std::pair<bool, bool>> spans_open_;  ///< what each open <span> turned on: bold, italic
    std::set<std::string> noted_;
};

}  // namespace

namespace {

/// Moodle's maths delimiters as handout's: `\( … \)` → `$…$`, `\[ … \]` →
/// `$$…$$` (a pair that does not close is left as it is).
std::string tex_delimiters_to_dollars(std::string text) {
    for (const auto& [open, close, dollars] :
         {std::tuple{"\\(", "\\)", "$"}, std::tuple{"\\[", "\\]", "$$"}}) {
        for (std::size_t at = text.find(open); at != std::string::npos; at = text.find(open, at)) {
            const std::size_t end = text.find(close, at + 2);
            if (end == std::string::npos) break;
            const std::string body = trim_space(std::string_view(text).substr(at + 2, end - at - 2));
            const std::string math = std::string(dollars) + body + dollars;
            text.replace(at, end + 2 - at, math);
            at += math.size();
        }
    }
    return text;
}

}  // namespace

std::string html_to_markup(std::string_view html, std::vector<std::string>& notes,
                           std::vector<std::string>* images) {
    std::string markup = markup_for(HtmlReader(notes, images).read(html));
    if (markup.find('\\') != std::string::npos) markup = tex_delimiters_to_dollars(std::move(markup));
    return markup;
}

namespace {

/// Markup without maths as HTML.
std::string spans_to_html(std::string_view markup) {
    std::string out;
    for (const auto& s : parse_markup(markup)) {
        std::string t;
        for (char c : s.text) {
            if (c == '&') t += "&amp;";
            else if (c == '<') t += "&lt;";
            else if (c == '>') t += "&gt;";
            else if (c == '\n') t += "<br>";
            else t += c;
        }
        switch (s.font) {
        case FontStyle::bold: out += "<strong>" + t + "</strong>"; break;
        case FontStyle::italic: out += "<em>" + t + "</em>"; break;
        case FontStyle::bold_italic: out += "<strong><em>" + t + "</em></strong>"; break;
        case FontStyle::mono: out += "<code>" + t + "</code>"; break;
        default: out += t;
        }
    }
    return out;
}

/// Markup as HTML, each formula as `formula(source, display)` writes it.
template <class Formula>
std::string html_with_formulas(std::string_view markup, Formula formula) {
    if (!may_have_math(markup)) return spans_to_html(markup);
    return map_math(
        markup, [](const std::string& text) { return spans_to_html(text); }, formula);
}

}  // namespace

std::string markup_to_mathml_xhtml(std::string_view markup) {
    return html_with_formulas(markup, [](const std::string& source, bool display) {
        const std::string math = math_to_mathml(source, display);
        return "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"" + math.substr(5);  // after "<math"
    });
}

std::string markup_to_html(std::string_view markup) {
    // Formulas as `\( … \)` and `\[ … \]`, the delimiters of Moodle's maths
    // filters (MathJax, TeX notation); the text around them as markup.
    return html_with_formulas(markup, [](const std::string& source, bool display) {
        std::string out = display ? "\\[" : "\\(";
        for (char c : source)
            out += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : std::string(1, c);
        return out + (display ? "\\]" : "\\)");
    });
}

bool parse_number(std::string_view text, double& value) {
    const std::string s = trim_space(text);
    if (s.empty() || s.size() > 40) return false;
    for (char c : s)
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'))
            return false;
    char* end = nullptr;
    errno = 0;
    value = std::strtod(s.c_str(), &end);
    return *end == '\0' && errno == 0 && std::isfinite(value);
}

std::string format_decimal(double value, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", std::clamp(decimals, 0, 15), value);
    std::string s = buf;
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

std::string number_text(double value) {
    if (value == 0) return "0";
    // The fewest significant digits that read back as `value`.
    char buf[64];
    int precision = 1;
    for (; precision < 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*e", precision - 1, value);
        if (std::strtod(buf, nullptr) == value) break;
    }
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, value);
    // "-d.ddde±x" written out with the point moved x places.
    const std::string s = buf;
    const std::size_t e = s.find('e');
    const bool negative = s[0] == '-';
    std::string digits;
    for (std::size_t i = negative ? 1 : 0; i < e; ++i)
        if (s[i] != '.') digits += s[i];
    const int exponent = std::atoi(s.c_str() + e + 1);
    std::string out;
    if (exponent < 0) {
        out = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    } else if (static_cast<std::size_t>(exponent) + 1 >= digits.size()) {
        out = digits + std::string(static_cast<std::size_t>(exponent) + 1 - digits.size(), '0');
    } else {
        out = digits.substr(0, static_cast<std::size_t>(exponent) + 1) + "." +
              digits.substr(static_cast<std::size_t>(exponent) + 1);
    }
    return (negative ? "-" : "") + out;
}

std::string multi_weights_note(const std::vector<std::string>& texts, const std::vector<double>& weights) {
    std::size_t right = 0;
    for (double w : weights) right += w > 0;
    if (right == 0) return {};
    const double share = 100.0 / static_cast<double>(right);
    bool same = true;
    for (double w : weights) same = same && std::fabs(std::fabs(w) - share) < 0.01;
    if (same) return {};
    std::string list;
    for (std::size_t i = 0; i < texts.size() && i < weights.size(); ++i)
        list += (list.empty() ? "" : ", ") + quote_short(texts[i], 30) + " " + format_decimal(weights[i], 3) +
                "%";
    return "Moodle's weights not carried over: " + list + ". Here each right tick earns " +
           format_decimal(share, 2) + "% of the points and each wrong tick takes " +
           format_decimal(share, 2) +
           "% off ('scoring: partial'); change the options or the scoring if that matters";
}

void ordering_notes(std::string_view select, int count, std::string_view grading, std::size_t items,
                    std::vector<std::string>& notes) {
    // Moodle reads the words in any case (strtoupper).
    const auto upper_of = [](std::string_view text) {
        std::string out(text);
        for (char& c : out)
            if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        return out;
    };
    const std::string upper = upper_of(select);
    const bool all = upper == "ALL" || upper == "EXACT";
    const bool contiguous = upper == "CONTIGUOUS" || upper == "CONTIG";
    if (!all && count > 0 && static_cast<std::size_t>(count) < items)
        notes.push_back("Moodle shows each student " + std::to_string(count) + " of these " +
                        std::to_string(items) + " items, " +
                        (contiguous
                             ? "a run of neighbours in the right order (CONTIGUOUS)"
                             : "chosen at random (" +
                                   (upper.empty() ? std::string("RANDOM, its default") : upper) + ")") +
                        "; the worksheet prints all " + std::to_string(items));
    const std::string marking = upper_of(grading);
    if (marking != "ALL_OR_NOTHING")
        notes.push_back("Moodle gives part marks for a partly right order here (" +
                        (marking.empty() ? std::string("RELATIVE_NEXT_EXCLUDE_LAST, its default") : marking) +
                        "); the worksheet marks the order all or nothing");
}

bool vars_drawn(const Worksheet& sheet, Diagnostics& diags) {
    bool ok = true;
    for (const auto& s : sheet.sections)
        for (const auto& q : s.questions) {
            if (q.vars.empty()) continue;
            ok = false;
            diags.error(
                q.vars_loc.line > 0 ? q.vars_loc : q.loc,
                "this question has 'vars:': exported as written, students would see its {{name}} "
                "placeholders, not numbers",
                "export the numbers of one printed sheet with --seed N, or several versions of the question "
                "with --copies N (each a question of its own)");
        }
    return ok;
}

std::vector<double> moodle_multi_weights(const Question& q, Diagnostics& w) {
    const Multi& m = q.as<Multi>();
    const std::size_t k = std::max<std::size_t>(1, m.answers.size());
    if (k > 20) return {};
    if (k > 10)
        w.warning(q.loc,
                  "Moodle's grades cannot split 100 % into " + std::to_string(k) +
                      " equal shares: the right options get 10 % or 5 %",
                  "Moodle marks some right ticks more than others; give the question 10 right options or "
                  "fewer to keep equal shares");
    std::vector<double> out;
    std::size_t tens = k > 10 ? 20 - k : 0;  // 10 % × tens + 5 % × the rest = 100 %
    const double wrong = k <= 10 ? -100.0 / static_cast<double>(k) : k < 14 ? -10 : -5;
    for (std::size_t i = 0; i < m.options.size(); ++i) {
        const bool right = std::find(m.answers.begin(), m.answers.end(), i) != m.answers.end();
        if (!right)
            out.push_back(wrong);
        else if (k <= 10)
            out.push_back(100.0 / static_cast<double>(k));
        else
            out.push_back(tens > 0 ? (--tens, 10.0) : 5.0);
    }
    return out;
}

int decimals_of(std::string_view number) {
    const std::size_t dot = number.find('.');
    if (dot == std::string::npos) return 0;
    std::size_t n = 0;
    for (std::size_t i = dot + 1; i < number.size() && std::isdigit(static_cast<unsigned char>(number[i])); ++i) ++n;
    return static_cast<int>(n);
}

std::string id_from_file(const std::string& file) {
    std::string stem = utf8_path(file).stem().string();
    if (stem.size() > 5 && stem.ends_with(".gift")) stem.resize(stem.size() - 5);
    std::string id;
    for (char c : stem) {
        const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if ((l >= 'a' && l <= 'z') || (l >= '0' && l <= '9')) id += l;
        else if (!id.empty() && id.back() != '-') id += '-';
    }
    while (!id.empty() && id.back() == '-') id.pop_back();
    return id.empty() ? "imported" : id.substr(0, 60);
}

void name_after_file(Converted& out, const std::string& file) {
    out.source_file = file;
    out.id = id_from_file(file);
    out.title = title_from_file(file);
}

std::string title_from_file(const std::string& file) {
    std::string stem = utf8_path(file).stem().string();
    if (stem.size() > 5 && stem.ends_with(".gift")) stem.resize(stem.size() - 5);
    for (auto& c : stem)
        if (c == '_' || c == '-') c = ' ';
    stem = trim_space(stem);
    if (stem.empty()) return "Imported questions";
    stem[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(stem[0])));
    return stem;
}

std::string category_title(std::string_view path) {
    std::string p = trim_space(path);
    while (!p.empty() && p.back() == '/') p.pop_back();
    const std::size_t slash = p.rfind('/');
    std::string last = slash == std::string::npos ? p : p.substr(slash + 1);
    if (last == "$course$" || last == "$system$" || last == "$module$" || last == "$cat1$" || last == "top") return {};
    return trim_space(last);
}

std::string quote_short(std::string_view text, std::size_t max) {
    std::string t;
    for (char c : text) t += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    if (t.size() > max) {
        std::size_t cut = max;
        while (cut > 0 && (static_cast<unsigned char>(t[cut]) & 0xC0) == 0x80) --cut;
        t = t.substr(0, cut) + "…";
    }
    return "'" + t + "'";
}

std::string base64_decode(std::string_view text, bool& ok) {
    static const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    unsigned buffer = 0;
    int bits = 0;
    ok = true;
    for (char c : text) {
        if (c == '=' || c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
        const std::size_t v = alphabet.find(c);
        if (v == std::string::npos) {
            ok = false;
            return {};
        }
        buffer = (buffer << 6) | static_cast<unsigned>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((buffer >> bits) & 0xFF);
        }
    }
    return out;
}

std::string base64_encode(std::string_view bytes) {
    static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const auto byte = [&](std::size_t k) { return static_cast<unsigned>(static_cast<unsigned char>(bytes[k])); };
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const unsigned v = (byte(i) << 16) | (byte(i + 1) << 8) | byte(i + 2);
        out += alphabet[v >> 18];
        out += alphabet[(v >> 12) & 63];
        out += alphabet[(v >> 6) & 63];
        out += alphabet[v & 63];
    }
    if (i < bytes.size()) {
        unsigned v = byte(i) << 16;
        if (i + 1 < bytes.size()) v |= byte(i + 1) << 8;
        out += alphabet[v >> 18];
        out += alphabet[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? alphabet[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

std::string question_name(const Question& q, std::size_t n) {
    std::string text = plain_text(q.prompt.text);
    if (text.empty() && q.type() == QuestionType::fill)
        text = fill_text(q, [](std::size_t, const std::string&) { return std::string("___"); });
    std::string name;
    for (char c : text) {
        if (name.size() >= 40 && (static_cast<unsigned char>(c) & 0xC0) != 0x80) break;
        name += (c == '\n') ? ' ' : c;
    }
    name = trim_space(name);
    return "Q" + std::to_string(n) + (name.empty() ? "" : " " + name);
}

}  // namespace handout::convert
