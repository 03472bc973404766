// The value readers of WorksheetReader: texts, booleans, whole and decimal
// numbers, points, lists and counts. Each reports a bad value at its node,
// with a hint, and returns nothing, so that reading goes on.
#include "load/worksheet_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "handout/markup.hpp"
#include "handout/number.hpp"
#include "handout/text.hpp"

namespace handout::load {

bool bool_word(const std::string& s, bool& value) {
    if (s == "true" || s == "True" || s == "TRUE") value = true;
    else if (s == "false" || s == "False" || s == "FALSE") value = false;
    else return false;
    return true;
}

bool parse_bool(const YAML::Node& node, bool& value) {
    return node.IsScalar() &&
           (is_plain(node) || node.Tag() == "tag:yaml.org,2002:bool") &&
           bool_word(node.Scalar(), value);
}

// Missing values (`prompt:` with nothing after it) are reported at the key:
// yaml-cpp places an empty node at the next token, not where it is missing.
bool WorksheetReader::has_value(const Entry& entry) {
    if (!entry.value.IsNull()) return true;
    error(entry.key, "'" + entry.name + "' has no value", missing_value_hint(src_, entry));
    return false;
}

// A scalar kept exactly as YAML gives it; `nonempty` rejects "".
std::optional<Text> WorksheetReader::text(const YAML::Node& value, std::string_view name,
                                          bool nonempty) {
    if (!value.IsScalar()) {
        error(value, std::string(name) + " must be text, found " + describe(value),
              "write the text after the colon; quote it when it contains ': ' or starts "
              "with [ { * & ! | > ' \" % @ or `");
        return std::nullopt;
    }
    if (const std::string dropped = dropped_tag(value); !dropped.empty()) {
        error(value, std::string(name) + " " + dropped,
              "quote the value: '" + value.Tag() + " " + value.Scalar() + "'");
        return std::nullopt;
    }
    Text result{value.Scalar(), src_.at(value)};
    if (result.text.size() > max_text_bytes) {
        error(value,
              std::string(name) + " is " + with_commas(result.text.size()) +
                  " bytes long; the limit is " + with_commas(max_text_bytes) +
                  " bytes",
              "a text this long does not fit a worksheet: shorten it or split it into "
              "several questions");
        return std::nullopt;
    }
    if (const auto bad = find_unprintable(result.text)) {
        error(value, std::string(name) + " " + bad->what, bad->hint);
        return std::nullopt;
    }
    if (nonempty && is_blank(result.text)) {
        error(value, std::string(name) + (result.text.empty() ? " is empty" : " is empty: it holds only spaces"),
              "write the text between the quotes");
        return std::nullopt;
    }
    return result;
}

std::optional<Text> WorksheetReader::text(const Entry& entry, bool nonempty) {
    if (!has_value(entry)) return std::nullopt;
    return text(entry.value, "'" + entry.name + "'", nonempty);
}

std::optional<bool> WorksheetReader::boolean(const Entry& entry) {
    if (!has_value(entry)) return std::nullopt;
    bool value = false;
    if (parse_bool(entry.value, value)) return value;
    const bool quoted_bool = entry.value.IsScalar() && !is_plain(entry.value) &&
                             bool_word(entry.value.Scalar(), value);
    error(entry.value,
          "'" + entry.name + "' must be true or false, found " + describe(entry.value) +
              (quoted_bool ? " in quotes, which is text" : ""),
          "write " + entry.name + ": true or " + entry.name + ": false, without quotes");
    return std::nullopt;
}

std::optional<int> WorksheetReader::positive_int(const Entry& entry) {
    if (!has_value(entry)) return std::nullopt;
    int value = 0;
    if (entry.value.IsScalar()) {
        const std::string& s = entry.value.Scalar();
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
        if (ec == std::errc() && end == s.data() + s.size() && value > 0) return value;
    }
    error(entry.value,
          "'" + entry.name + "' must be a positive whole number, found " +
              describe(entry.value),
          "write a number such as " + entry.name + ": 2");
    return std::nullopt;
}

std::optional<Text> WorksheetReader::slug(const Entry& entry, std::string_view example) {
    auto value = text(entry, true);
    if (!value) return std::nullopt;
    if (!is_slug(value->text)) {
        // `Photosynthesis 7B` → `photosynthesis-7b`: ASCII lowercased, other runs as one dash.
        std::string suggestion;
        for (const char c : ascii_lower(value->text)) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) suggestion += c;
            else if (!suggestion.empty() && suggestion.back() != '-') suggestion += '-';
        }
        while (!suggestion.empty() && suggestion.back() == '-') suggestion.pop_back();
        if (!is_slug(suggestion)) suggestion = std::string(example);
        error(entry.value,
              "'" + entry.name + "' must be lowercase letters, digits and dashes, found " +
                  quote_text(value->text),
              "for example " + entry.name + ": " + suggestion);
        return std::nullopt;
    }
    return value;
}

bool WorksheetReader::is_list(const Entry& entry, std::string_view of_what,
                              std::string_view hint) {
    if (!has_value(entry)) return false;
    if (entry.value.IsSequence()) return true;
    error(entry.value,
          "'" + entry.name + "' must be a list of " + std::string(of_what) + ", found " +
              describe(entry.value),
          std::string(hint));
    return false;
}

// A whole number from `low` to `high`.
std::optional<int> WorksheetReader::int_in_range(const Entry& entry, int low, int high) {
    if (!has_value(entry)) return std::nullopt;
    int value = 0;
    if (entry.value.IsScalar()) {
        const std::string& s = entry.value.Scalar();
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
        if (ec == std::errc() && end == s.data() + s.size() && value >= low && value <= high)
            return value;
    }
    error(entry.value,
          "'" + entry.name + "' must be a whole number from " + std::to_string(low) + " to " +
              std::to_string(high) + ", found " + describe(entry.value),
          "write a number such as " + entry.name + ": " + std::to_string(std::min(high, 3)));
    return std::nullopt;
}

namespace {

/// `1/2`, `-3/4` or `½` as a decimal number ("0.5"), or "" when `s` is no
/// such fraction.
std::string fraction_as_decimal(std::string_view s) {
    static const std::pair<std::string_view, double> vulgar[] = {
        {"\u00bd", 0.5}, {"\u00bc", 0.25}, {"\u00be", 0.75}, {"\u2153", 1.0 / 3}, {"\u2154", 2.0 / 3},
        {"\u2155", 0.2}, {"\u215b", 0.125}};
    for (const auto& [glyph, value] : vulgar)
        if (trim(s) == glyph) return plain_number(value);
    const std::size_t slash = s.find('/');
    if (slash == std::string_view::npos) return {};
    const ReadNumber top = read_number(s.substr(0, slash)), bottom = read_number(s.substr(slash + 1));
    if (top.status != ReadNumber::Status::ok || bottom.status != ReadNumber::Status::ok || bottom.value == 0)
        return {};
    return plain_number(top.value / bottom.value);
}

}  // namespace

// A number written plainly or in quotes; `written` keeps its text as written.
std::optional<double> WorksheetReader::number(const Entry& entry, std::string& written) {
    if (!has_value(entry)) return std::nullopt;
    const std::string s = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    const std::string name = "'" + entry.name + "'";
    // A number is a text too: its length is bounded like every other text's
    // (a million digits would pass here and take minutes to print).
    if (s.size() > max_text_bytes) {
        error(entry.value,
              name + " is " + with_commas(s.size()) + " bytes long; the limit is " + with_commas(max_text_bytes) +
                  " bytes",
              "write the number with the digits that matter, such as " + entry.name + ": 9.81");
        return std::nullopt;
    }
    const ReadNumber n = entry.value.IsScalar() ? read_number(s) : ReadNumber{};
    switch (n.status) {
        case ReadNumber::Status::ok: written = s; return n.value;
        case ReadNumber::Status::ambiguous:
            error(entry.value, name + " " + s + " could be " + plain_number(n.other) + " (a thousands comma) or " +
                                   plain_number(n.value) + " (a decimal comma)",
                  "write " + entry.name + ": " + plain_number(n.other) + " or " + entry.name + ": " +
                      plain_number(n.value));
            return std::nullopt;
        case ReadNumber::Status::too_large:
            error(entry.value, name + " " + s + " is too large",
                  "numbers must be smaller than 1.7e308; check the exponent");
            return std::nullopt;
        case ReadNumber::Status::invalid: break;
    }
    std::string hint = "write a number such as " + entry.name + ": 9.81, 70000, 3,5 or 3e8";
    if (const std::size_t space = s.rfind(' '); space != std::string::npos &&
                                                read_number(s.substr(0, space)).status == ReadNumber::Status::ok)
        hint = "write only the number here (" + entry.name + ": " + s.substr(0, space) + ") and the unit in 'unit:'";
    else if (const std::string decimal = fraction_as_decimal(s); !decimal.empty())
        hint = "write the fraction as a decimal number: " + entry.name + ": " + decimal;
    error(entry.value, name + " must be a number, found " + describe(entry.value), hint);
    return std::nullopt;
}

// `points`: a whole or half number of marks from ½ to 100, in the one
// number grammar (so `1,5` is 1.5 as in a numeric answer).
std::optional<Points> WorksheetReader::points(const Entry& entry) {
    if (!has_value(entry)) return std::nullopt;
    const std::string s = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    const ReadNumber n = entry.value.IsScalar() ? read_number(s) : ReadNumber{};
    const std::string found = ", found " + describe(entry.value);
    const int most = Points::max_halves / 2;
    if (n.status != ReadNumber::Status::ok || !std::isfinite(n.value)) {
        const std::string decimal = fraction_as_decimal(s);
        error(entry.value, "'points' must be a number of marks such as 1, 2 or 1.5" + found,
              decimal.empty() ? "write points: 2 (whole or half marks: 0.5, 1, 1.5, 2, …; the default is 1)"
                              : "write the fraction as a decimal number: points: " + decimal);
        return std::nullopt;
    }
    if (n.value <= 0) {
        error(entry.value, "'points' must be more than 0" + found,
              "a question is worth at least half a mark: write points: 0.5, or leave 'points' out for 1");
        return std::nullopt;
    }
    if (n.value > most) {
        error(entry.value, "'points' is at most " + std::to_string(most) + found,
              "write the question's marks (points: 10); to weigh a part of a worksheet, give each of its "
              "questions more points");
        return std::nullopt;
    }
    const double halves = n.value * 2;
    if (halves != std::round(halves)) {
        const double nearest = std::max(1.0, std::round(halves)) / 2;
        error(entry.value, "'points' must be a whole or half number of marks" + found,
              "write points: " + plain_number(nearest) + " (whole or half marks: 0.5, 1, 1.5, 2, …)");
        return std::nullopt;
    }
    return Points{static_cast<int>(halves)};
}

// `scoring`: all-or-nothing or partial (the rule of multi questions).
std::optional<Scoring> WorksheetReader::scoring(const Entry& entry) {
    if (!has_value(entry)) return std::nullopt;
    const std::string s = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    for (Scoring rule : {Scoring::all_or_nothing, Scoring::partial})
        if (entry.value.IsScalar() && s == scoring_name(rule)) return rule;
    error(entry.value,
          "'scoring' must be all-or-nothing or partial, found " + describe(entry.value) +
              did_you_mean(s, {"all-or-nothing", "partial"}),
          "write scoring: all-or-nothing (all the points for exactly the right ticks, the default) or "
          "scoring: partial (a share of the points for each right tick, as much off for each wrong one)");
    return std::nullopt;
}

std::optional<Text> WorksheetReader::direction(const Entry& entry) {
    if (!has_value(entry)) return std::nullopt;
    const std::string s = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    if (entry.value.IsScalar() && (s == "ltr" || s == "rtl")) return text(entry);
    error(entry.value,
          "'dir' must be ltr or rtl, found " + describe(entry.value) + did_you_mean(s, {"ltr", "rtl"}),
          "write dir: rtl for pages that read right to left (numbers and bubbles on the right), dir: ltr "
          "for left to right; without it the language decides (lang: ar or he reads right to left)");
    return std::nullopt;
}

std::string twice_message(const std::string& what, const Text& again, const Text& first) {
    if (again.text == first.text)
        return what + " " + quote_text(again.text) + " is written twice (first at line " +
               std::to_string(first.loc.line) + ")";
    return what + " " + quote_text(again.text) + " prints the same as " + quote_text(first.text) + " (line " +
           std::to_string(first.loc.line) + "): spaces at the ends, markup and how an accent is typed do not show";
}

// A list of distinct, non-empty texts; each bad item is reported at its node.
std::vector<Text> WorksheetReader::text_list(const Entry& entry, const std::string& item_name,
                                             std::string_view of_what, std::string_view hint) {
    std::vector<Text> result;
    std::vector<std::string> forms;  // printed_form of each result
    if (!is_list(entry, of_what, hint)) return result;
    for (const auto& node : entry.value) {
        if (node.IsNull()) {
            error(src_.at(entry.value), "an entry of '" + entry.name + "' is empty",
                  "write the text after '- ', or remove the empty entry");
            continue;
        }
        auto value = text(node, item_name, true);
        if (!value) continue;
        std::string form = printed_form(value->text);
        const auto same = std::find(forms.begin(), forms.end(), form);
        if (same != forms.end()) {
            const Text& first = result[static_cast<std::size_t>(same - forms.begin())];
            error(value->loc, twice_message(item_name, *value, first),
                  "the entries of '" + entry.name + "' must all differ");
            continue;
        }
        result.push_back(std::move(*value));
        forms.push_back(std::move(form));
    }
    return result;
}

// The number of entries of a list, from `low` to `high`; reported at the list.
bool WorksheetReader::check_count(const Entry& entry, std::size_t count, std::size_t low,
                                  std::size_t high, const std::string& what,
                                  std::string_view type) {
    if (count >= low && count <= high) return true;
    error(entry.value,
          a_type(type) + " question has " + std::to_string(low) + " to " +
              std::to_string(high) + " " + what + ", this one has " + std::to_string(count),
          count < low ? "add " + what + " up to at least " + std::to_string(low)
                      : "split it into two questions");
    return false;
}

// Where the characters of `text`, the value of a scalar `node`, start in the
// source, so that a problem inside the text can be shown at its own column.
// Only when the text is written as is on one line (plain, or quoted without
// escapes); npos otherwise (block scalars, escapes, folded lines).
std::size_t WorksheetReader::verbatim_offset(const YAML::Node& node,
                                             const std::string& text) const {
    const std::size_t npos = std::string_view::npos;
    if (text.empty() || text.find('\n') != std::string::npos) return npos;
    const std::size_t start = src_.offset(node.Mark());
    if (start == npos) return npos;
    const std::string_view source = src_.text();
    const std::size_t end = source.find('\n', start);
    const std::string_view line =
        source.substr(start, end == npos ? source.size() - start : end - start);
    // Plain text starts at the mark; quoted text one character after it.
    if (line.starts_with(text)) return start;
    if (!line.empty() && (line[0] == '\'' || line[0] == '"') && line.substr(1).starts_with(text))
        return start + 1;
    return npos;
}

}  // namespace handout::load
