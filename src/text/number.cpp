#include "handout/number.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

namespace handout {

namespace {

using Status = ReadNumber::Status;

/// Replaces the spellings of minus and of the spaces people type between
/// digit groups by '-' and ' ', and drops surrounding spaces.
std::string normalise(std::string_view in) {
    std::string s;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::string_view rest = in.substr(i);
        if (rest.starts_with("\u2212")) s += '-', i += 2;                       // minus sign
        else if (rest.starts_with("\u00a0")) s += ' ', i += 1;                  // no-break space
        else if (rest.starts_with("\u202f") || rest.starts_with("\u2009")) s += ' ', i += 2;  // narrow, thin
        else s += in[i];
    }
    const std::size_t b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

/// Splits at `sep`.
std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    std::size_t from = 0;
    for (std::size_t at; (at = s.find(sep, from)) != std::string_view::npos; from = at + 1)
        parts.push_back(s.substr(from, at - from));
    parts.push_back(s.substr(from));
    return parts;
}

/// Digit groups "1", "234", "567" of a grouped integer: the first one to
/// three digits (not starting with 0), the rest exactly three. Returns the
/// digits joined, or "" when the groups are wrong.
std::string grouped(std::string_view s, char sep) {
    const auto parts = split(s, sep);
    if (parts.size() < 2) return {};
    if (!all_digits(parts[0]) || parts[0].size() > 3 || parts[0][0] == '0') return {};
    std::string digits(parts[0]);
    for (std::size_t k = 1; k < parts.size(); ++k) {
        if (parts[k].size() != 3 || !all_digits(parts[k])) return {};
        digits += parts[k];
    }
    return digits;
}

/// Reads plain ASCII `d+[.d*]|.d+` with an optional e-exponent.
ReadNumber from_plain(const std::string& s) {
    std::size_t i = 0, digits = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
    }
    if (digits == 0) return {};
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        std::size_t exponent = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++exponent;
        if (exponent == 0) return {};
    }
    if (i != s.size()) return {};
    ReadNumber r;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), r.value);
    if (ec == std::errc::result_out_of_range || !std::isfinite(r.value)) return {Status::too_large, 0, 0};
    if (ec != std::errc() || end != s.data() + s.size()) return {};
    r.status = Status::ok;
    return r;
}

/* The unsigned body: separates the integer groups from the decimal part by
   which separators occur, then reads the plain digits. */
ReadNumber unsigned_body(std::string_view body) {
    // An exponent belongs to the digits, not to the grouping.
    std::string_view mantissa = body, exponent;
    if (const std::size_t e = body.find_first_of("eE"); e != std::string_view::npos)
        mantissa = body.substr(0, e), exponent = body.substr(e);
    const bool has_space = mantissa.find(' ') != std::string_view::npos;
    const auto commas = static_cast<std::size_t>(std::count(mantissa.begin(), mantissa.end(), ','));
    const auto dots = static_cast<std::size_t>(std::count(mantissa.begin(), mantissa.end(), '.'));
    std::string integer(mantissa), fraction;
    bool has_fraction = false;

    // The decimal separator: the last of '.' and ',' when both occur or when
    // spaces group the thousands; a lone '.'; a lone ',' unless it groups.
    char group = 0, decimal = 0;
    if (has_space) group = ' ';
    if (commas && dots) {
        const bool comma_last = mantissa.rfind(',') > mantissa.rfind('.');
        decimal = comma_last ? ',' : '.';
        if (group) return {};
        group = comma_last ? '.' : ',';
    } else if (dots) {
        if (dots == 1) decimal = '.';
        else if (group) return {};
        else group = '.';
    } else if (commas) {
        if (group || commas == 1) decimal = ',';
        else group = ',';
    }
    if (decimal) {
        const std::size_t at = mantissa.rfind(decimal);
        if (std::count(mantissa.begin(), mantissa.end(), decimal) != 1) return {};
        integer = std::string(mantissa.substr(0, at));
        fraction = std::string(mantissa.substr(at + 1));
        has_fraction = true;
    }
    if (group) {
        integer = grouped(integer, group);
        if (integer.empty()) return {};
    }
    if (!has_fraction) return from_plain(integer + std::string(exponent));
    ReadNumber r = from_plain(integer + "." + fraction + std::string(exponent));
    // `3,141`: one comma, three digits after one to three before.
    if (r.status == Status::ok && decimal == ',' && !group && exponent.empty() && fraction.size() == 3 &&
        !grouped(mantissa, ',').empty()) {
        if (fraction == "000") return from_plain(integer + fraction);
        const ReadNumber thousands = from_plain(integer + fraction);
        r.status = Status::ambiguous;
        r.other = thousands.value;
    }
    return r;
}

/// The exponent of `10^-8` or `10⁻⁸` after "10", or false.
bool power_of_ten(std::string_view s, long& exponent) {
    if (!s.starts_with("10")) return false;
    s.remove_prefix(2);
    std::string digits;
    if (s.starts_with("^")) {
        s.remove_prefix(1);
        digits = std::string(s);
    } else {
        // Superscript digits: ⁰ U+2070, ¹ U+00B9, ² U+00B2, ³ U+00B3, ⁴–⁹ U+2074–2079, ⁻ U+207B.
        static const char* const sup[] = {"\u2070", "\u00b9", "\u00b2", "\u00b3", "\u2074",
                                          "\u2075", "\u2076", "\u2077", "\u2078", "\u2079"};
        while (!s.empty()) {
            bool found = false;
            if (s.starts_with("\u207b")) digits += '-', s.remove_prefix(3), found = true;
            for (int d = 0; d < 10 && !found; ++d)
                if (s.starts_with(sup[d])) {
                    digits += static_cast<char>('0' + d);
                    s.remove_prefix(std::string_view(sup[d]).size());
                    found = true;
                }
            if (!found) return false;
        }
    }
    if (digits.starts_with("+")) digits.erase(0, 1);
    const bool negative = digits.starts_with("-");
    if (negative) digits.erase(0, 1);
    if (!all_digits(digits) || digits.size() > 6) return false;
    exponent = std::stol(digits) * (negative ? -1 : 1);
    return true;
}

}  // namespace

ReadNumber read_number(std::string_view text) {
    std::string s = normalise(text);
    bool negative = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        negative = s[0] == '-';
        s.erase(0, 1);
    }
    // `3 × 10^8`: a mantissa, a times sign, a power of ten.
    ReadNumber r;
    long exponent = 0;
    static const char* const times[] = {"\u00d7", "\u00b7", "\u22c5", "x", "X", "*"};
    bool scientific = false;
    for (const char* t : times) {
        const std::size_t at = s.find(t);
        if (at == std::string::npos) continue;
        std::string head = s.substr(0, at), tail = s.substr(at + std::string_view(t).size());
        head = normalise(head);
        tail = normalise(tail);
        if (!power_of_ten(tail, exponent)) return {};
        r = unsigned_body(head);
        scientific = true;
        break;
    }
    if (!scientific && power_of_ten(s, exponent)) {
        r = {Status::ok, 1, 0};
        scientific = true;
    }
    if (!scientific) r = unsigned_body(s);
    if (scientific && r.status == Status::ok)  // as a decimal string, so 3e-8 is exact
        r = from_plain(plain_number(r.value) + "e" + std::to_string(exponent));
    if (negative) r.value = -r.value, r.other = -r.other;
    return r;
}

std::string plain_number(double value) {
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    return ec == std::errc() ? std::string(buf, end) : std::string();
}

}  // namespace handout
