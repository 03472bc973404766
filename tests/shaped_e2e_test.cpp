// Hebrew, Arabic (and Persian and Urdu) and Devanagari printed (issue 34): the worksheets of
// tests/data/shaped rendered by the real binary, alone and as a class set
// (the class-set writer's own path), read back with pdffonts and pdftotext;
// with `lang:`, their labels on sheets, answer sheets, keys and the marking
// grid, and the quiz page's language and direction.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "handout/fonts.hpp"
#include "handout/labels.hpp"
#include "handout/load.hpp"
#include "handout/model.hpp"
#include "handout/text.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using namespace handout;
using handout::test::Proc;
using handout::test::quote;
using handout::test::run;

namespace {

const std::string data_dir = HANDOUT_TEST_DATA;
const std::string handout_bin = HANDOUT_BINARY;

struct Sheet {
    const char* file;     // under tests/data/shaped
    ShapedScript script;  // the face its text prints in
    bool right_to_left;
    const char* lang;  // the `lang:` of its language's labels
};

void PrintTo(const Sheet& s, std::ostream* os) { *os << s.file; }

/// `text` without the bidi controls pdftotext marks right-to-left runs with
/// (U+202A–U+202E), each whitespace run made one space.
std::string plain(const std::string& text) {
    std::string out = std::regex_replace(text, std::regex("\u202A|\u202B|\u202C|\u202D|\u202E"), "");
    out = std::regex_replace(out, std::regex("[ \t\r\n\f]+"), " ");
    return out;
}

/// The words of `text` (split at spaces), each without the punctuation
/// around it, and without a non-joiner or joiner (Persian یک‌دوم: it prints
/// nothing, and the text layer leaves it out).
std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::u32string chars;
    decode_utf8(text, chars);
    const std::u32string punctuation = U".,:;?!()،؟।۔";  // and ، ؟ । ۔
    std::u32string word;
    chars += U' ';
    for (const char32_t c : chars) {
        if (c == U'\u200c' || c == U'\u200d') continue;
        if (c != U' ' && punctuation.find(c) == std::u32string::npos) {
            word += c;
            continue;
        }
        std::string utf8;
        for (const char32_t w : word) utf8 += encode_utf8(w);
        if (!utf8.empty()) out.push_back(utf8);
        word.clear();
    }
    return out;
}

/// Whether `c` is a vowel or cantillation mark (Arabic harakat, Hebrew niqqud).
bool vowel_mark(char32_t c) {
    return (c >= 0x064B && c <= 0x065F) || c == 0x0670 || (c >= 0x0591 && c <= 0x05C7);
}

/// The pieces of `word` between its vowel marks (all of it when it has none).
std::vector<std::string> between_marks(const std::string& word) {
    std::u32string chars;
    decode_utf8(word, chars);
    std::vector<std::string> out(1);
    for (const char32_t c : chars) {
        if (!vowel_mark(c))
            out.back() += encode_utf8(c);
        else if (!out.back().empty())
            out.emplace_back();
    }
    if (out.back().empty()) out.pop_back();
    return out;
}

/// The texts of the worksheet that print (title, instructions, prompts, options).
std::vector<std::string> printed_texts(const Worksheet& ws) {
    std::vector<std::string> out{ws.title.text, ws.instructions.text};
    for (const Section& s : ws.sections)
        for (const Question& q : s.questions) {
            out.push_back(q.prompt.text);
            for (const Option& o : options_of(q)) out.push_back(o.text);
        }
    return out;
}

class ShapedSheet : public ::testing::TestWithParam<Sheet> {
protected:
    void SetUp() override {
        static const PageStyle style;
        const FontSet fonts = FontSet::load(std::string(HANDOUT_SOURCE_DIR) + "/fonts", style);
        if (fonts.shaped(GetParam().script) == nullptr)
            GTEST_SKIP() << shaped_fonts[static_cast<std::size_t>(GetParam().script)].file
                         << " is not installed (Debian's fonts-noto-core)";
        dir_ = fs::temp_directory_path() / ("handout-shaped-" + std::to_string(getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    /// Checks that pdftotext gives back every printed text of the sheet:
    /// left to right text exactly (whitespace aside); right-to-left text
    /// word by word, each word in logical order (poppler orders a line of
    /// mixed direction by its own rules, as it does a browser's PDF).
    void expect_texts(const std::string& pdf) {
        const Proc text = run("pdftotext -raw -enc UTF-8 " + quote(pdf) + " -");
        ASSERT_EQ(text.status, 0) << text.out;
        const std::string got = plain(text.out);
        const std::vector<std::string> got_words = words(got);
        std::string source = data_dir + "/shaped/" + GetParam().file;
        Diagnostics diags;
        const std::optional<Worksheet> loaded = load_worksheet(source, diags);
        ASSERT_TRUE(loaded.has_value());
        const Worksheet& ws = *loaded;
        std::size_t checked = 0;
        for (const std::string& t : printed_texts(ws)) {
            if (t.empty()) continue;
            if (!GetParam().right_to_left) {
                EXPECT_NE(got.find(plain(t)), std::string::npos) << "'" << t << "' not in:\n" << got;
            } else {
                // A word with vowel marks: each piece between its marks
                // (poppler reads a word apart at its marks, and so its letters
                // out of order, as it does a browser's PDF); any other word
                // exactly.
                for (const std::string& w : words(t)) {
                    const std::vector<std::string> pieces = between_marks(w);
                    if (pieces.size() == 1 && pieces.front() == w) {
                        EXPECT_NE(std::find(got_words.begin(), got_words.end(), w), got_words.end())
                            << "word '" << w << "' of '" << t << "' not in:\n"
                            << got;
                        continue;
                    }
                    for (const std::string& piece : pieces)
                        EXPECT_NE(got.find(piece), std::string::npos)
                            << "'" << piece << "' of '" << w << "' not in:\n"
                            << got;
                }
            }
            ++checked;
        }
        EXPECT_GE(checked, 10u);
    }

    fs::path dir_;
};

// The sheet prints in the script's Noto face (embedded as a subset), and
// pdftotext reads its texts back in logical order.
TEST_P(ShapedSheet, PrintsInItsFaceAndPdftotextGivesTheTextBack) {
    const std::string source = data_dir + "/shaped/" + GetParam().file;
    const std::string pdf = (dir_ / "sheet.pdf").string();
    const Proc render = run(quote(handout_bin) + " render " + quote(source) + " --seed 1 -o " + quote(pdf));
    ASSERT_EQ(render.status, 0) << render.out;
    const Proc fonts = run("pdffonts " + quote(pdf));
    ASSERT_EQ(fonts.status, 0) << fonts.out;
    std::string face = shaped_fonts[static_cast<std::size_t>(GetParam().script)].file;
    face = face.substr(0, face.find('.'));
    EXPECT_TRUE(std::regex_search(fonts.out,
                                  std::regex("[A-Z]{6}\\+" + face + " +CID TrueType +Identity-H +yes +yes")))
        << fonts.out;
    expect_texts(pdf);
    // The same seed paints the same bytes.
    const std::string again = (dir_ / "again.pdf").string();
    ASSERT_EQ(run(quote(handout_bin) + " render " + quote(source) + " --seed 1 -o " + quote(again)).status,
              0);
    EXPECT_EQ(test::slurp(pdf), test::slurp(again));
}

// A page mirrored to read right to left (`dir: rtl`: numbers and bubbles
// on the right) still gives every text back, as the left-to-right one does;
// its class set with answer sheets and keys is a valid PDF.
TEST_P(ShapedSheet, MirroredPagesGiveTheTextBack) {
    if (!GetParam().right_to_left) GTEST_SKIP() << "a script written left to right";
    const std::string source = (dir_ / "rtl.yaml").string();
    std::ofstream(source) << "dir: rtl\n" << test::slurp(data_dir + "/shaped/" + GetParam().file);
    const std::string pdf = (dir_ / "sheet.pdf").string();
    const Proc render = run(quote(handout_bin) + " render " + quote(source) + " --seed 1 -o " + quote(pdf));
    ASSERT_EQ(render.status, 0) << render.out;
    expect_texts(pdf);
    const std::string set = (dir_ / "class.pdf").string(), keys = (dir_ / "keys.pdf").string();
    const Proc batch = run(quote(handout_bin) + " batch " + quote(source) +
                           " --copies 2 --answer-sheet --keys " + quote(keys) + " -o " + quote(set));
    ASSERT_EQ(batch.status, 0) << batch.out;
    EXPECT_EQ(run("qpdf --check " + quote(set)).status, 0);
    expect_texts(set);
}

// A class set is written by the class-set writer's direct path, its fonts
// embedded once at the end: its text reads back the same.
TEST_P(ShapedSheet, AClassSetReadsBackTheSame) {
    const std::string source = data_dir + "/shaped/" + GetParam().file;
    const std::string pdf = (dir_ / "class.pdf").string();
    const Proc batch = run(quote(handout_bin) + " batch " + quote(source) + " --copies 3 -o " + quote(pdf));
    ASSERT_EQ(batch.status, 0) << batch.out;
    const Proc info = run("qpdf --check " + quote(pdf));
    EXPECT_EQ(info.status, 0) << info.out;
    expect_texts(pdf);
}

// With `lang:` the class set (sheets and answer sheets) and the marking
// pack (keys and marking grid) print the language's labels, read back word
// by word (pdftotext orders right-to-left words by its own rules, each word
// in logical order), and none of the English ones.
TEST_P(ShapedSheet, WithLangTheClassSetAndMarkingPackPrintTheLanguagesLabels) {
    const std::string source = (dir_ / "lang.yaml").string();
    std::ofstream(source) << "lang: " << GetParam().lang << "\n"
                          << test::slurp(data_dir + "/shaped/" + GetParam().file);
    const std::string pdf = (dir_ / "class.pdf").string(), keys = (dir_ / "keys.pdf").string();
    const Proc batch = run(quote(handout_bin) + " batch " + quote(source) +
                           " --copies 2 --answer-sheet --keys " + quote(keys) + " -o " + quote(pdf));
    ASSERT_EQ(batch.status, 0) << batch.out;
    const Labels& labels = *builtin_labels(GetParam().lang);
    const auto expect_labels = [](const std::string& file, const std::vector<std::string>& expected) {
        const Proc text = run("pdftotext -raw -enc UTF-8 " + quote(file) + " -");
        ASSERT_EQ(text.status, 0) << text.out;
        const std::string got = plain(text.out);
        const std::vector<std::string> got_words = words(got);
        for (const std::string& label : expected)
            for (const std::string& w : words(label))
                EXPECT_NE(std::find(got_words.begin(), got_words.end(), w), got_words.end())
                    << "word '" << w << "' of the label '" << label << "' not in:\n"
                    << got;
        for (const char* english :
             {"Name", "Date", "Answer", "True", "False", "page", "Marking", "mark", "Total"})
            EXPECT_EQ(got.find(english), std::string::npos) << english << " in:\n" << got;
    };
    expect_labels(pdf, {labels.name, labels.date, labels.answer_sheet, labels.true_word, labels.false_word,
                        labels.marking_note, labels.page_of(1, 1)});
    expect_labels(keys, {labels.answer_key, labels.key_note, labels.marking_grid, labels.sheet_code,
                         labels.answer_spread, labels.points.total});
}

// The quiz page says its language, and for Arabic, Hebrew, Persian and Urdu
// that it reads right to left; its buttons and the script's words are in the language.
TEST_P(ShapedSheet, WithLangTheQuizPageIsInTheLanguageAndItsDirection) {
    const std::string source = (dir_ / "lang.yaml").string(), html = (dir_ / "quiz.html").string();
    std::ofstream(source) << "lang: " << GetParam().lang << "\n"
                          << test::slurp(data_dir + "/shaped/" + GetParam().file);
    const Proc made = run(quote(handout_bin) + " html " + quote(source) + " -o " + quote(html));
    ASSERT_EQ(made.status, 0) << made.out;
    const std::string page = test::slurp(html);
    const std::string head = std::string("<html lang=\"") + GetParam().lang + "\"" +
                             (GetParam().right_to_left ? " dir=\"rtl\">" : ">");
    EXPECT_NE(page.find(head), std::string::npos) << page.substr(0, 200);
    const std::map<std::string, std::vector<std::string>> words_of = {
        {"ar", {"ابدأ من جديد", "رمز الورقة", "\"check\":\"تحقق\"", "\"true\":\"صح\""}},
        {"he", {"התחלה מחדש", "קוד הדף", "\"check\":\"בדיקה\"", "\"true\":\"נכון\""}},
        {"fa", {"شروع دوباره", "کد برگه", "\"check\":\"بررسی\"", "\"true\":\"درست\""}},
        {"ur", {"دوبارہ شروع کریں", "پرچہ کوڈ", "\"check\":\"جانچیں\"", "\"true\":\"درست\""}},
        {"hi", {"फिर से शुरू करें", "पत्रक कोड", "\"check\":\"जाँचें\"", "\"true\":\"सही\""}}};
    for (const std::string& word : words_of.at(GetParam().lang))
        EXPECT_NE(page.find(word), std::string::npos) << word;
    EXPECT_EQ(page.find("Start over"), std::string::npos);
}

// The quiz page's direction follows `dir` over the language's.
TEST_P(ShapedSheet, TheQuizPageFollowsDir) {
    const std::string source = (dir_ / "dir.yaml").string(), html = (dir_ / "quiz.html").string();
    const std::string dir = GetParam().right_to_left ? "ltr" : "rtl";
    std::ofstream(source) << "lang: " << GetParam().lang << "\ndir: " << dir << "\n"
                          << test::slurp(data_dir + "/shaped/" + GetParam().file);
    const Proc made = run(quote(handout_bin) + " html " + quote(source) + " -o " + quote(html));
    ASSERT_EQ(made.status, 0) << made.out;
    const std::string page = test::slurp(html);
    const std::string head = std::string("<html lang=\"") + GetParam().lang + "\"" +
                             (GetParam().right_to_left ? ">" : " dir=\"rtl\">");
    EXPECT_NE(page.find(head), std::string::npos) << page.substr(0, 200);
}

INSTANTIATE_TEST_SUITE_P(Shaped, ShapedSheet,
                         ::testing::Values(Sheet{"hebrew.yaml", ShapedScript::hebrew, true, "he"},
                                           Sheet{"arabic.yaml", ShapedScript::arabic, true, "ar"},
                                           Sheet{"persian.yaml", ShapedScript::arabic, true, "fa"},
                                           Sheet{"urdu.yaml", ShapedScript::arabic, true, "ur"},
                                           Sheet{"hindi.yaml", ShapedScript::devanagari, false, "hi"}));

}  // namespace
