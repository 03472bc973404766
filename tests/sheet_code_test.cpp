// Sheet codes with a check character: every typo of one class is told apart
// from the code of an edited worksheet (issue 32), and codes printed before
// (W2, W1) keep working. The `key` command's messages: cli_test.cpp.
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "handout/load.hpp"
#include "handout/variant.hpp"

using namespace handout;

namespace {

constexpr char crockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

Worksheet split_the_work() {
    Diagnostics diags;
    auto ws = load_worksheet(std::string(HANDOUT_SOURCE_DIR) + "/worksheets/split-the-work.yaml", diags);
    if (!ws) throw std::runtime_error("split-the-work.yaml did not load");
    return *ws;
}

// A W3 code of fingerprint `fp`, seed digits `seed` and check `check`, as printed.
std::string w3(const std::string& fp, const std::string& seed, char check) {
    return "W3-" + fp.substr(0, 4) + "-" + fp.substr(4) + "-" + seed + "-" + check;
}

// What a typed code gives: parsed, refused as a match, and told as a typo
// of `ws` (the sentence), or "" when it is not taken for one.
std::string typo_of(const std::string& typed, const Worksheet& ws) {
    ParsedCode p;
    if (!parse_sheet_code(typed, p)) return "<not a code>";
    if (p.matches(ws)) return "<matches>";
    return typo_in(p, ws).value_or("");
}

}  // namespace

// Proves every one-character substitution in the fingerprint (13 places ×
// 31 other characters) is caught as a typo naming the character, and every
// substitution of a seed digit as a typo of the seed or the check.
TEST(SheetCodeTypo, EverySubstitutionIsToldAsATypo) {
    const Worksheet ws = split_the_work();
    const std::string fp = fingerprint(ws);
    const std::uint32_t seed = 2048;
    for (std::size_t i = 0; i < fp.size(); ++i)
        for (char c : std::string(crockford)) {
            if (c == fp[i]) continue;
            std::string typed = fp;
            typed[i] = c;
            const std::string said = typo_of(w3(typed, "2048", check_symbol(fp, seed)), ws);
            EXPECT_NE(said.find(std::string("'") + c + "' (character "), std::string::npos)
                << typed << ": " << said;
            EXPECT_NE(said.find("should probably be '" + std::string(1, fp[i]) + "'"), std::string::npos)
                << said;
            EXPECT_NE(said.find(sheet_code(ws, seed)), std::string::npos) << said;
        }
    const std::string digits = std::to_string(seed);
    for (std::size_t i = 0; i < digits.size(); ++i)
        for (char d = '0'; d <= '9'; ++d) {
            std::string typed = digits;
            typed[i] = d;
            if (typed == digits || typed[0] == '0') continue;
            const std::string said = typo_of(w3(fp, typed, check_symbol(fp, seed)), ws);
            EXPECT_NE(said.find("does not fit the rest: the seed " + typed), std::string::npos)
                << typed << ": " << said;
        }
}

// Proves every swap of two different neighbours, in the fingerprint and in
// the seed, is caught: the fingerprint's as "probably swapped".
TEST(SheetCodeTypo, EveryTranspositionIsToldAsATypo) {
    const Worksheet ws = split_the_work();
    const std::string fp = fingerprint(ws);
    for (std::size_t i = 0; i + 1 < fp.size(); ++i) {
        if (fp[i] == fp[i + 1]) continue;
        std::string typed = fp;
        std::swap(typed[i], typed[i + 1]);
        const std::string said = typo_of(w3(typed, "17", check_symbol(fp, 17)), ws);
        EXPECT_NE(said.find("are probably swapped"), std::string::npos) << typed << ": " << said;
        EXPECT_NE(said.find(sheet_code(ws, 17)), std::string::npos) << said;
    }
    for (const std::string& seed : {std::string("1234567"), std::string("90817")}) {
        const auto value = static_cast<std::uint32_t>(std::stoul(seed));
        for (std::size_t i = 0; i + 1 < seed.size(); ++i) {
            std::string typed = seed;
            std::swap(typed[i], typed[i + 1]);
            if (typed == seed || typed[0] == '0') continue;
            const std::string said = typo_of(w3(fp, typed, check_symbol(fp, value)), ws);
            EXPECT_NE(said.find("the seed " + typed + " or that character was mistyped"), std::string::npos)
                << typed << ": " << said;
        }
    }
}

// Proves look-alikes: those Crockford maps (I, L for 1; O for 0; any case)
// still open the sheet, and those it cannot map (5 for S, 6 for G, 8 for B,
// 2 for Z, U for V) are told as typos, as in issue 32's EVT5PDEH4.
TEST(SheetCodeTypo, LookAlikesAreMappedOrToldAsTypos) {
    const Worksheet ws = split_the_work();
    const std::string fp = fingerprint(ws);
    const std::string code = sheet_code(ws, 10);
    std::string mapped = code;
    for (char& c : mapped)
        if (c == '1')
            c = 'l';
        else if (c == '0')
            c = 'O';
    EXPECT_EQ(typo_of(mapped, ws), "<matches>");
    const std::pair<char, char> look_alikes[] = {{'S', '5'}, {'5', 'S'}, {'G', '6'}, {'6', 'G'}, {'B', '8'},
                                                 {'8', 'B'}, {'Z', '2'}, {'2', 'Z'}, {'V', 'U'}};
    int tried = 0;
    for (const auto& [right, wrong] : look_alikes)
        for (std::size_t i = 0; i < fp.size(); ++i) {
            if (fp[i] != right) continue;
            std::string typed = fp;
            typed[i] = wrong;
            const std::string said = typo_of(w3(typed, "10", check_symbol(fp, 10)), ws);
            ++tried;
            if (wrong == 'U') {  // not a base32 character: not a code at all
                EXPECT_EQ(said, "<not a code>");
                continue;
            }
            EXPECT_NE(said.find(std::string("'") + wrong + "' (character "), std::string::npos) << said;
            EXPECT_NE(said.find(std::string("should probably be '") + right + "'"), std::string::npos)
                << said;
        }
    EXPECT_GT(tried, 0) << fp;
    // The example, on an eight-character tail that holds an S.
    ParsedCode p;
    ASSERT_TRUE(
        parse_sheet_code("W3-EVTS-PDEH4ABCD-7-" + std::string(1, check_symbol("EVTSPDEH4ABCD", 7)), p));
    EXPECT_TRUE(p.check_ok());
    ASSERT_TRUE(
        parse_sheet_code("W3-EVT5-PDEH4ABCD-7-" + std::string(1, check_symbol("EVTSPDEH4ABCD", 7)), p));
    EXPECT_FALSE(p.check_ok());
}

// Proves a code of an edited worksheet is not taken for a typo (its check
// character fits), and that codes printed without a check (W2) still open
// their sheet and still have their fingerprint typos found.
TEST(SheetCodeTypo, EditsAreNotTyposAndW2CodesStillWork) {
    const Worksheet ws = split_the_work();
    Worksheet edited = ws;
    edited.shuffle_options = !edited.shuffle_options;
    const std::string old_code = sheet_code(ws, 5);
    ParsedCode p;
    ASSERT_TRUE(parse_sheet_code(old_code, p));
    EXPECT_TRUE(p.check_ok());
    EXPECT_FALSE(p.matches(edited));
    EXPECT_TRUE(p.same_id(edited));
    EXPECT_EQ(typo_in(p, edited), std::nullopt);

    const std::string fp = fingerprint(ws);
    const std::string w2 = "W2-" + fp.substr(0, 4) + "-" + fp.substr(4) + "-5";
    EXPECT_EQ(typo_of(w2, ws), "<matches>");
    std::string typed = w2;
    typed[8] = typed[8] == 'X' ? 'Y' : 'X';
    EXPECT_NE(typo_of(typed, ws).find("should probably be"), std::string::npos) << typo_of(typed, ws);
    // W1 codes of handout 0.1: exact, and matched as before.
    EXPECT_EQ(typo_of("W1-" + fingerprint_v1(ws) + "-s5", ws), "<matches>");
}
