// Tests of the shared text rules: numbers as people write them
// (include/handout/number.hpp) and characters that cannot be printed
// (include/handout/text.hpp).
#include <gtest/gtest.h>
#include <unicode/uchar.h>

#include <fstream>
#include <sstream>
#include <string>

#include "handout/diagnostic.hpp"
#include "handout/number.hpp"
#include "handout/text.hpp"

using namespace handout;
using Status = ReadNumber::Status;

namespace {

ReadNumber read(const std::string& s) { return read_number(s); }

}  // namespace

// Proves every form of the numbers table in tests/data/numbers.tsv reads as
// its value (the quiz's browser test reads the same table), so the loader
// and the quiz page understand one grammar.
TEST(ReadNumber, EveryFormOfTheSharedTableReadsAsItsValue) {
    std::ifstream in(HANDOUT_TEST_DATA "/numbers.tsv");
    ASSERT_TRUE(in) << "tests/data/numbers.tsv";
    std::string line;
    int rows = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const std::size_t tab = line.find('\t');
        ASSERT_NE(tab, std::string::npos) << line;
        const std::string text = line.substr(0, tab), expected = line.substr(tab + 1);
        const ReadNumber n = read(text);
        ++rows;
        if (expected == "ambiguous") {
            EXPECT_EQ(n.status, Status::ambiguous) << text;
        } else if (expected == "invalid") {
            EXPECT_EQ(n.status, Status::invalid) << text;
        } else if (expected == "too large") {
            EXPECT_EQ(n.status, Status::too_large) << text;
        } else {
            ASSERT_EQ(n.status, Status::ok) << text;
            EXPECT_EQ(n.value, std::stod(expected)) << text;
        }
    }
    EXPECT_GT(rows, 40);
}

// Proves the two readings of an ambiguous comma are both given, for the hint.
TEST(ReadNumber, AnAmbiguousCommaGivesBothReadings) {
    const ReadNumber n = read("3,141");
    ASSERT_EQ(n.status, Status::ambiguous);
    EXPECT_EQ(n.value, 3.141);
    EXPECT_EQ(n.other, 3141);
    EXPECT_EQ(plain_number(n.value), "3.141");
    EXPECT_EQ(plain_number(n.other), "3141");
    const ReadNumber negative = read("-3,141");
    EXPECT_EQ(negative.value, -3.141);
    EXPECT_EQ(negative.other, -3141);
}

// Proves a power of ten is exact, as if written with an e.
TEST(ReadNumber, PowersOfTenAreExact) {
    EXPECT_EQ(read("3 \u00d7 10^-8").value, 3e-8);
    EXPECT_EQ(read("6,02 \u00d7 10^23").value, 6.02e23);
    EXPECT_EQ(read("1.5\u00b710\u207b\u00b3").value, 1.5e-3);
}

// Proves each kind of unprintable character is found at its offset with a
// message that names it, and that ordinary text of any script passes.
TEST(FindUnprintable, NamesEachKindAtItsOffset) {
    EXPECT_FALSE(find_unprintable("Plain text, \u00e9t\u00e9, \u0416\u0443\u043a, \u03b1\u03b2, \u6f22\u5b57\ttab\nline"));
    const auto nul = find_unprintable(std::string("a\0b", 3));
    ASSERT_TRUE(nul);
    EXPECT_EQ(nul->offset, 1u);
    EXPECT_NE(nul->what.find("U+0000"), std::string::npos);
    const auto bidi = find_unprintable("ab\u202e");
    ASSERT_TRUE(bidi);
    EXPECT_EQ(bidi->offset, 2u);
    EXPECT_NE(bidi->what.find("bidirectional"), std::string::npos);
    for (const char* invisible : {"co\u00adoperate", "a\u200db", "a\u200cb", "a\u200bb", "a\ufeffb", "a\u2060b"}) {
        const auto found = find_unprintable(invisible);
        ASSERT_TRUE(found) << invisible;
        EXPECT_NE(found->what.find("invisible"), std::string::npos) << found->what;
    }
    // A non-joiner or joiner between two Arabic-script or Devanagari letters
    // is shaped (Persian پاسخ‌نامه, می‌شود; Devanagari's half forms); next
    // to a Latin letter, a space or the text's end it is not.
    for (const char* shaped : {"\u067e\u0627\u0633\u062e\u200c\u0646\u0627\u0645\u0647",
                               "\u0645\u06cc\u200c\u0634\u0648\u062f", "\u0915\u094d\u200d\u0937"})
        EXPECT_FALSE(find_unprintable(shaped)) << shaped;
    for (const char* alone : {"a\u200c\u0628", "\u0628\u200c", "\u200c\u0628", "\u0628 \u200c\u0628"}) {
        const auto found = find_unprintable(alone);
        ASSERT_TRUE(found) << alone;
        EXPECT_NE(found->what.find("non-joiner"), std::string::npos) << found->what;
    }
    const auto emoji = find_unprintable("Well done \U0001F600");
    ASSERT_TRUE(emoji);
    EXPECT_EQ(emoji->offset, 10u);
    EXPECT_NE(emoji->what.find("U+1F600"), std::string::npos) << emoji->what;
    const auto c1 = find_unprintable("x\u0085");
    ASSERT_TRUE(c1);
    EXPECT_NE(c1->what.find("control character U+0085"), std::string::npos);
}

// ---------------------------------------------------------------------------
// Suggestions
// ---------------------------------------------------------------------------

// Proves the "did you mean" rules: typos within two edits (swaps count as
// one), any letter case, shortenings and lengthenings, and no suggestion for
// words that resemble nothing.
TEST(Suggest, OffersTheClosestKnownWordOnlyWhenItIsClose) {
    const std::vector<std::string_view> keys = {"prompt", "options", "answer", "type", "id"};
    EXPECT_EQ(suggest("promt", keys), "prompt");
    EXPECT_EQ(suggest("pormpt", keys), "prompt");
    EXPECT_EQ(suggest("Options", keys), "options");
    EXPECT_EQ(suggest("answers", keys), "answer");
    EXPECT_EQ(suggest("colour", keys), "");
    EXPECT_EQ(suggest("x", keys), "");
    EXPECT_EQ(suggest("multiple", {"choice", "truefalse", "multi"}), "multi");
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

// Proves ASCII lowercasing leaves other bytes alone and trimming takes only
// the blanks asked for.
TEST(Ascii, LowercasesAsciiAndTrimsTheBlanksAskedFor) {
    EXPECT_EQ(ascii_lower("PNG Ä.JPG"), "png Ä.jpg");
    EXPECT_EQ(trim(" \t a b \t"), "a b");
    EXPECT_EQ(trim("\n a \r"), "\n a \r");
    EXPECT_EQ(trim("\n a \r", " \t\r\n"), "a");
    EXPECT_EQ(trim(" \t "), "");
}

// Proves the one case fold (ICU's full folding): every script, both sides of
// a comparison folded alike, final sigma included; bad UTF-8 left as it is.
TEST(FoldCase, TextsThatDifferOnlyInCaseFoldAlike) {
    EXPECT_EQ(fold_case("AUCUNE DE CES RÉPONSES"), "aucune de ces réponses");
    EXPECT_EQ(fold_case("ВСЕ ОТВЕТЫ"), "все ответы");
    EXPECT_EQ(fold_case("ΛΆΘΟΣ"), fold_case("λάθος"));
    EXPECT_EQ(fold_case("ŻADNE Z POWYŻSZYCH"), "żadne z powyższych");
    EXPECT_EQ(fold_case("Straße"), "strasse");
    EXPECT_EQ(fold_case("bad \xC3 byte"), "bad \xC3 byte");
}

// Proves the one way to cut UTF-8 on a character's edge: a lead byte stays,
// a continuation byte goes back to its lead (four-byte characters too), and
// broken text never sends it more than three bytes back.
TEST(Utf8, CodePointStartIsTheLeadByteOfTheCharacterHoldingTheByte) {
    const std::string text = "a\u00e9\u20ac\U0001F600";  // 1 + 2 + 3 + 4 bytes
    EXPECT_EQ(code_point_start(text, 0), 0u);
    EXPECT_EQ(code_point_start(text, 2), 1u);
    EXPECT_EQ(code_point_start(text, 5), 3u);
    for (std::size_t i = 6; i < 10; ++i) EXPECT_EQ(code_point_start(text, i), 6u) << i;
    EXPECT_EQ(code_point_start("\x80\x80\x80\x80\x80", 4), 1u);
}

// Proves the one UTF-8 validator: well-formed sequences have their length,
// overlong forms, surrogates, code points past U+10FFFF, stray continuation
// bytes and cut-short sequences have none, and the first bad byte is found.
TEST(Utf8, ValidatesDecodesAndFindsTheFirstBadByte) {
    EXPECT_EQ(utf8_sequence_length("a", 0), 1u);
    EXPECT_EQ(utf8_sequence_length("\xC3\xA9", 0), 2u);          // é
    EXPECT_EQ(utf8_sequence_length("\xE2\x82\xAC", 0), 3u);      // €
    EXPECT_EQ(utf8_sequence_length("\xF0\x9F\x98\x80", 0), 4u);  // 😀
    EXPECT_EQ(utf8_sequence_length("\xC0\xAF", 0), 0u);          // overlong '/'
    EXPECT_EQ(utf8_sequence_length("\xED\xA0\x80", 0), 0u);      // surrogate
    EXPECT_EQ(utf8_sequence_length("\xF4\x90\x80\x80", 0), 0u);  // past U+10FFFF
    EXPECT_EQ(utf8_sequence_length("\x80", 0), 0u);              // stray continuation
    EXPECT_EQ(utf8_sequence_length("\xE2\x82", 0), 0u);          // cut short
    EXPECT_EQ(find_bad_utf8("Caf\xC3\xA9 cr\xE8me"), 8u);
    EXPECT_EQ(find_bad_utf8("Caf\xC3\xA9"), std::string_view::npos);

    std::u32string decoded;
    EXPECT_TRUE(decode_utf8("a\xC3\xA9\xE2\x82\xAC", decoded));
    EXPECT_EQ(decoded, U"aé€");
    EXPECT_EQ(encode_utf8(U'€'), "\xE2\x82\xAC");
    EXPECT_EQ(count_code_points("a\xC3\xA9\xE2\x82\xAC"), 3u);
    std::size_t pos = 0;
    EXPECT_EQ(next_code_point("\xFF" "a", pos), invalid_code_point);
    EXPECT_EQ(pos, 1u);
}

// Proves bad UTF-8 is reported one way for every reader: the first bad byte
// of each line, at its line and character column, with the reader's hint.
TEST(Utf8, ReportsTheFirstBadByteOfEachLine) {
    Diagnostics diags;
    EXPECT_FALSE(check_utf8("ok\n\xC3\xA9t\xE9 \xE9\nfine\n\xFF", "f.txt", "save it as UTF-8", diags));
    ASSERT_EQ(diags.items().size(), 2u) << diags.format();
    EXPECT_EQ(diags.items()[0].loc.line, 2);
    EXPECT_EQ(diags.items()[0].loc.column, 3);
    EXPECT_EQ(diags.items()[0].message, "invalid UTF-8 byte 0xE9");
    EXPECT_EQ(diags.items()[0].hint, "save it as UTF-8");
    EXPECT_EQ(diags.items()[1].loc.line, 4);
    EXPECT_EQ(diags.items()[1].loc.column, 1);
    Diagnostics none;
    EXPECT_TRUE(check_utf8("\xC3\xA9t\xC3\xA9", "f.txt", "", none));
}

// Proves shown_escaped (issue 33, item 11): control characters, NUL,
// bidirectional controls and bytes that are not UTF-8 are escaped; printable
// text, accents and backslashes stay.
TEST(Text, ShownEscapedKeepsNothingATerminalWouldObey) {
    using handout::shown_escaped;
    EXPECT_EQ(shown_escaped("Prénom \\ ok"), "Prénom \\ ok");
    EXPECT_EQ(shown_escaped(std::string("a\x1b[2Jb\n\t\r", 9) + std::string(1, '\0') + "\x7f"),
              "a\\x1B[2Jb\\n\\t\\r\\x00\\x7F");
    EXPECT_EQ(shown_escaped("cut \xce"), "cut \\xCE");
    EXPECT_EQ(shown_escaped("\xc2\x9b"
                            "31m \xe2\x80\xae"
                            "evil"),
              "\\u{009B}31m \\u{202E}evil");
    EXPECT_EQ(shown_escaped("\xed\xa0\x80"), "\\xED\\xA0\\x80");  // a surrogate
    EXPECT_EQ(shown_escaped(shown_escaped("\x1b")), "\\x1B");     // escaping twice changes nothing
}

// Proves where CJK text may break (UAX #14 through ICU): between Chinese or
// Japanese characters, never before '。', '，' or '」' nor after '「', next to
// Latin letters inside a word; never inside Latin text (after a hyphen, as
// ICU alone would allow) nor between Hangul syllables (Korean breaks at its
// spaces). Offsets are bytes: each of these CJK characters takes three.
TEST(CjkLineBreaks, BetweenChineseAndJapaneseCharactersButNotAroundClosingPunctuation) {
    using handout::line_breaks_in_word;
    EXPECT_EQ(line_breaks_in_word("你好。世界"), (std::vector<std::size_t>{3, 9, 12}));
    EXPECT_EQ(line_breaks_in_word("叫做「正方形」，它"), (std::vector<std::size_t>{3, 6, 12, 15, 24}));
    EXPECT_EQ(line_breaks_in_word("長さ8cmの"), (std::vector<std::size_t>{3, 6, 9}));
    EXPECT_TRUE(line_breaks_in_word("well-known").empty());
    EXPECT_TRUE(line_breaks_in_word("하세요").empty());
    EXPECT_TRUE(line_breaks_in_word("").empty());
    EXPECT_TRUE(handout::has_cjk("a。"));
    EXPECT_FALSE(handout::has_cjk("Grüße – ёж"));
    EXPECT_TRUE(handout::cjk_character(U'，'));
    EXPECT_TRUE(handout::hangul_character(U'한'));
    EXPECT_FALSE(handout::hangul_character(U'漢'));
}

// Proves Thai, Lao, Khmer and Myanmar text, written without spaces, breaks
// between its words (UAX #14 class SA: ICU's dictionaries) and never
// inside a word nor before a vowel sign or mark (each of these letters
// takes three bytes), and that a space-free word of Latin letters beside
// it still does not break inside.
TEST(CjkLineBreaks, ThaiLaoKhmerAndMyanmarBreakBetweenWords) {
    using handout::line_breaks_in_word;
    // แมว|กิน|ปลา: "cat eats fish".
    EXPECT_EQ(line_breaks_in_word("แมวกินปลา"), (std::vector<std::size_t>{9, 18}));
    for (const std::string text : {"แม่ซื้อพิซซ่ามาหนึ่งถาดแล้วแบ่งออกเป็นแปดชิ้น", "ນະຄອນຫຼວງຂອງປະເທດລາວແມ່ນຫຍັງ",
                                   "តើរាជធានីនៃប្រទេសកម្ពុជាគឺជាអ្វី", "ဧရာဝတီမြစ်သည်မြန်မာနိုင်ငံကိုဖြတ်၍စီးဆင်းသည်"}) {
        const std::vector<std::size_t> breaks = line_breaks_in_word(text);
        EXPECT_GE(breaks.size(), 3u) << text;
        for (const std::size_t at : breaks) {
            std::size_t pos = at;
            const char32_t next = handout::next_code_point(text, pos);
            // A mark, a vowel sign or Khmer's and Myanmar's stacking signs never starts a line.
            const int type = u_charType(static_cast<UChar32>(next));
            EXPECT_NE(type, U_NON_SPACING_MARK) << text << " at " << at;
            EXPECT_NE(type, U_COMBINING_SPACING_MARK) << text << " at " << at;
        }
    }
}
