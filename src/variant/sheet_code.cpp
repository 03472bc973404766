// Sheet codes: the code printed on every page that ties a sheet to its
// worksheet and seed, read back as a person types it, with the check
// character that tells a typo from an edited worksheet.
#include <string>
#include <vector>

#include "handout/variant.hpp"
#include "variant/code_alphabet.hpp"

namespace handout {

namespace {

using code_alphabet::base64url;
using code_alphabet::check_symbols;
using code_alphabet::crockford;

// A typed code character as Crockford reads it: any case, I and L as 1, O as
// 0; '\0' for a character that is not in `alphabet`.
char crockford_char(char c, std::string_view alphabet = crockford) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c == 'I' || c == 'L') return '1';
    if (c == 'O') return '0';
    return alphabet.find(c) == std::string_view::npos ? '\0' : c;
}

// A decimal seed without leading zeros, at most 2^32 - 1.
bool parse_seed_digits(std::string_view digits, std::uint32_t& seed) {
    if (digits.empty() || digits.size() > 10 || (digits.size() > 1 && digits[0] == '0')) return false;
    std::uint64_t value = 0;
    for (char ch : digits) {
        if (ch < '0' || ch > '9') return false;
        value = value * 10 + static_cast<std::uint64_t>(ch - '0');
    }
    if (value > 0xFFFFFFFFULL) return false;
    seed = static_cast<std::uint32_t>(value);
    return true;
}

// W1 (printed until handout 0.1): W1- + 13 base64url + -s + the seed, case-sensitive.
bool parse_w1(std::string_view code, ParsedCode& out) {
    if (code.size() < 3 + 13 + 3) return false;
    const std::string_view fp = code.substr(3, 13);
    for (char ch : fp)
        if (std::string_view(base64url).find(ch) == std::string_view::npos) return false;
    if (code.substr(16, 2) != "-s" || !parse_seed_digits(code.substr(18), out.seed)) return false;
    out.version = 1;
    out.fingerprint = std::string(fp);
    out.id_part = std::string(fp.substr(0, 4));
    out.check = '\0';
    return true;
}

// The fingerprint of `ws` in the alphabet of `code`'s version.
std::string fingerprint_for(const ParsedCode& code, const Worksheet& ws) {
    return code.version == 1 ? fingerprint_v1(ws) : fingerprint(ws);
}

// "the 4th character of EVT5PDEH4": where fingerprint position `i` is
// printed (codes W2 and W3 print it in groups of 4 and 9).
std::string where(const ParsedCode& code, std::size_t i) {
    const bool grouped = code.version != 1;
    const std::size_t start = grouped && i >= 4 ? 4 : 0;
    const std::size_t length = grouped ? (i >= 4 ? 9 : 4) : 13;
    return "character " + std::to_string(i - start + 1) + " of " + code.fingerprint.substr(start, length);
}

// The code `code` was probably meant to be: its fingerprint replaced.
std::string meant(const ParsedCode& code, const std::string& right) {
    const std::string seed = std::to_string(code.seed);
    if (code.version == 1) return "W1-" + right + "-s" + seed;
    const std::string head =
        "W" + std::to_string(code.version) + "-" + right.substr(0, 4) + "-" + right.substr(4) + "-" + seed;
    return code.version == 2 ? head : head + "-" + check_symbol(right, code.seed);
}

}  // namespace

char check_symbol(std::string_view fingerprint, std::uint32_t seed) {
    // (fingerprint × 2^32 + seed) mod 37, one base32 digit at a time.
    unsigned rest = 0;
    for (char c : fingerprint) {
        const std::size_t digit = std::string_view(crockford).find(c);
        rest = (rest * 32 + static_cast<unsigned>(digit == std::string_view::npos ? 0 : digit)) % 37;
    }
    constexpr unsigned two_to_32_mod_37 = static_cast<unsigned>((std::uint64_t{1} << 32) % 37);
    rest = (rest * two_to_32_mod_37 + seed % 37) % 37;
    return check_symbols[rest];
}

std::string sheet_code(const Worksheet& ws, std::uint32_t seed) {
    const std::string fp = fingerprint(ws);
    return "W3-" + fp.substr(0, 4) + "-" + fp.substr(4) + "-" + std::to_string(seed) + "-" +
           check_symbol(fp, seed);
}

bool parse_sheet_code(std::string_view code, ParsedCode& out) {
    if (code.starts_with("W1-")) return parse_w1(code, out);
    // W2: W2-XXXX-XXXXXXXXX-SEED and W3: W3-XXXX-XXXXXXXXX-SEED-CHECK, in
    // any case, spaces and dashes ignored (the fingerprint has a fixed
    // length, the check is the last character), look-alikes mapped.
    std::string typed;
    for (char c : code)
        if (c != ' ' && c != '-') typed += c;
    if (typed.size() < 2 + 13 + 1 || (typed[0] != 'W' && typed[0] != 'w')) return false;
    const int version = typed[1] == '2' ? 2 : typed[1] == '3' ? 3 : 0;
    if (version == 0 || (version == 3 && typed.size() < 2 + 13 + 2)) return false;
    std::string fp;
    for (std::size_t i = 2; i < 2 + 13; ++i) {
        const char c = crockford_char(typed[i]);
        if (c == '\0') return false;
        fp += c;
    }
    char check = '\0';
    if (version == 3) {
        check = crockford_char(typed.back(), check_symbols);
        if (check == '\0') return false;
        typed.pop_back();
    }
    // The seed is digits: read look-alikes of 1 and 0 there too.
    std::string seed = typed.substr(2 + 13);
    for (char& c : seed)
        if (c == 'I' || c == 'i' || c == 'L' || c == 'l')
            c = '1';
        else if (c == 'O' || c == 'o')
            c = '0';
    if (!parse_seed_digits(seed, out.seed)) return false;
    out.version = version;
    out.fingerprint = fp;
    out.id_part = fp.substr(0, 4);
    out.check = check;
    return true;
}

bool ParsedCode::check_ok() const { return version != 3 || check == check_symbol(fingerprint, seed); }

bool ParsedCode::matches(const Worksheet& ws) const {
    return check_ok() && fingerprint == fingerprint_for(*this, ws);
}

bool ParsedCode::same_id(const Worksheet& ws) const {
    return id_part == fingerprint_for(*this, ws).substr(0, 4);
}

std::optional<std::string> typo_in(const ParsedCode& code, const Worksheet& ws) {
    const std::string right = fingerprint_for(code, ws);
    const std::string& typed = code.fingerprint;
    if (typed.size() != right.size()) return std::nullopt;
    if (typed == right) {
        if (code.check_ok()) return std::nullopt;
        return std::string("its last character '") + code.check + "' does not fit the rest: the seed " +
               std::to_string(code.seed) + " or that character was mistyped (sheet " +
               std::to_string(code.seed) + " of worksheet '" + ws.id.text + "' is " + meant(code, right) +
               ")";
    }
    // An edit changes the fingerprint's hash as a whole: one character off,
    // or two neighbours swapped, is a typo (for an edit, a chance of about
    // 1 in 10^11).
    std::vector<std::size_t> differ;
    for (std::size_t i = 0; i < typed.size(); ++i)
        if (typed[i] != right[i]) differ.push_back(i);
    const auto quoted = [](char c) { return std::string("'") + c + "'"; };
    std::string what;
    if (differ.size() == 1) {
        const std::size_t i = differ[0];
        what = quoted(typed[i]) + " (" + where(code, i) + ") should probably be " + quoted(right[i]);
    } else if (differ.size() == 2 && differ[1] == differ[0] + 1 && typed[differ[0]] == right[differ[1]] &&
               typed[differ[1]] == right[differ[0]]) {
        const std::size_t i = differ[0];
        what = quoted(typed[i]) + " and " + quoted(typed[i + 1]) + " (" + where(code, i) +
               " and the next) are probably swapped";
    } else {
        return std::nullopt;
    }
    return what + ": the code of worksheet '" + ws.id.text + "' is " + meant(code, right);
}

}  // namespace handout
