// Thai, Lao, Khmer and Myanmar printed (issue 34: "Thai-style scripts are
// not broken inside words"): the worksheets of tests/data/shaped rendered by
// the real binary, alone and as a class set (the class-set writer's own
// path), read back with pdffonts and pdftotext; a wrapped line ends only
// where the Unicode line breaking algorithm allows; the quiz page says the
// language.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "handout/fonts.hpp"
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
    const char* file;  // under tests/data/shaped
    ShapedScript script;
    const char* face;  // as pdffonts names it
    const char* lang;  // the quiz page's <html lang>
};

void PrintTo(const Sheet& s, std::ostream* os) { *os << s.file; }

/// `text` with every whitespace run removed: these scripts put no space
/// between words, so a line pdftotext ends where layout wrapped compares
/// with the source.
std::string folded(const std::string& text) {
    std::string out;
    for (const char c : text)
        if (c != ' ' && c != '\n' && c != '\t' && c != '\r' && c != '\f') out += c;
    return out;
}

class UnspacedSheet : public ::testing::TestWithParam<Sheet> {
protected:
    void SetUp() override {
        const CjkFont& font = shaped_fonts[static_cast<std::size_t>(GetParam().script)];
        if (!fs::exists(fs::path(font.dir) / font.file))
            GTEST_SKIP() << font.file << " is not installed (Debian's " << font.package << ")";
        dir_ = fs::temp_directory_path() / ("handout-unspaced-" + std::to_string(getpid()));
        fs::create_directories(dir_);
        source_ = data_dir + "/shaped/" + GetParam().file;
        Diagnostics diags;
        ws_ = load_worksheet(source_, diags);
        ASSERT_TRUE(ws_.has_value()) << diags.format();
    }
    void TearDown() override { fs::remove_all(dir_); }

    /// Checks that `pdf` embeds the script's face as a subset with a Unicode
    /// map, and that pdftotext gives back every printed text of the
    /// worksheet exactly (whitespace aside), `copies` times (a class set
    /// without keys: the texts that print on the sheet).
    void expect_texts(const fs::path& pdf, std::size_t copies) {
        const Proc fonts = run("pdffonts " + quote(pdf.string()));
        ASSERT_EQ(fonts.status, 0) << fonts.out;
        const std::size_t line = fonts.out.find(std::string("+") + GetParam().face);
        ASSERT_NE(line, std::string::npos) << fonts.out;
        const std::string row = fonts.out.substr(line, fonts.out.find('\n', line) - line);
        EXPECT_NE(row.find("CID TrueType      Identity-H       yes yes yes"), std::string::npos) << row;

        const Proc text = run("pdftotext -raw -enc UTF-8 " + quote(pdf.string()) + " -");
        ASSERT_EQ(text.status, 0) << text.out;
        const std::string printed = folded(text.out);
        int checked = 0;
        for_each_printed_text(*ws_, [&](const std::string& s, const Loc& loc, PrintedText what) {
            if (s.empty()) return;
            const bool key_only = what == PrintedText::key_text || what == PrintedText::model_answer ||
                                  what == PrintedText::explanation;
            if (copies > 1 && key_only) return;
            ++checked;
            std::size_t found = 0;
            for (std::size_t at = printed.find(folded(s)); at != std::string::npos;
                 at = printed.find(folded(s), at + 1))
                ++found;
            EXPECT_GE(found, copies) << GetParam().file << ":" << loc.line << ": '" << s
                                     << "' is not in the text of the PDF:\n"
                                     << text.out;
        });
        EXPECT_GE(checked, 8);
    }

    fs::path dir_;
    std::string source_;
    std::optional<Worksheet> ws_;
};

}  // namespace

// Proves a sheet and its key print every text as written, in the script's
// Noto face; the class-set writer's pages too.
TEST_P(UnspacedSheet, PrintsInItsFaceAndPdftotextGivesTheTextBack) {
    const fs::path pdf = dir_ / "sheet.pdf";
    const Proc render =
        run(quote(handout_bin) + " render " + quote(source_) + " --seed 1 -o " + quote(pdf.string()));
    ASSERT_EQ(render.status, 0) << render.out;
    expect_texts(pdf, 1);

    const fs::path set = dir_ / "class.pdf";
    const Proc batch =
        run(quote(handout_bin) + " batch " + quote(source_) + " --copies 3 -o " + quote(set.string()));
    ASSERT_EQ(batch.status, 0) << batch.out;
    expect_texts(set, 3);
}

// Proves the quiz page says the sheet's language (the browser breaks its
// lines between words, and a screen reader reads it, by it).
TEST_P(UnspacedSheet, TheQuizPageSaysTheLanguage) {
    const fs::path page = dir_ / "quiz.html";
    const Proc html = run(quote(handout_bin) + " html " + quote(source_) + " -o " + quote(page.string()));
    ASSERT_EQ(html.status, 0) << html.out;
    const Proc head = run("head -c 200 " + quote(page.string()));
    EXPECT_NE(head.out.find(std::string("<html lang=\"") + GetParam().lang + "\">"), std::string::npos)
        << head.out;
}

INSTANTIATE_TEST_SUITE_P(Unspaced, UnspacedSheet,
                         ::testing::Values(Sheet{"thai.yaml", ShapedScript::thai, "NotoSansThai", "th"},
                                           Sheet{"lao.yaml", ShapedScript::lao, "NotoSansLao", "lo"},
                                           Sheet{"khmer.yaml", ShapedScript::khmer, "NotoSansKhmer", "km"},
                                           Sheet{"myanmar.yaml", ShapedScript::myanmar, "NotoSansMyanmar",
                                                 "my"}),
                         [](const auto& param) {
                             const std::string f = param.param.file;
                             return f.substr(0, f.find('.'));
                         });

// Proves a Thai prompt longer than its line wraps, and only between two
// words: each line pdftotext gives ends at a break that UAX #14 allows
// (line_breaks_in_word), never inside a word nor before a vowel or tone
// mark; the lines together are the prompt.
TEST(UnspacedWrap, AThaiPromptWrapsBetweenWords) {
    const CjkFont& font = shaped_fonts[static_cast<std::size_t>(ShapedScript::thai)];
    if (!fs::exists(fs::path(font.dir) / font.file)) GTEST_SKIP() << font.file << " is not installed";
    const fs::path dir = fs::temp_directory_path() / ("handout-thai-wrap-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const std::string source = data_dir + "/shaped/thai.yaml";
    const Proc render = run(quote(handout_bin) + " render " + quote(source) + " --seed 1 -o " +
                            quote((dir / "s.pdf").string()));
    ASSERT_EQ(render.status, 0) << render.out;
    const Proc text = run("pdftotext -raw -enc UTF-8 -l 1 " + quote((dir / "s.pdf").string()) + " -");
    fs::remove_all(dir);
    ASSERT_EQ(text.status, 0) << text.out;

    Diagnostics diags;
    const std::optional<Worksheet> ws = load_worksheet(source, diags);
    ASSERT_TRUE(ws.has_value()) << diags.format();
    const std::string prompt = ws->sections.at(0).questions.at(1).prompt.text;
    ASSERT_EQ(prompt.find(' '), std::string::npos);
    const std::vector<std::size_t> cuts = line_breaks_in_word(prompt);
    const std::set<std::size_t> allowed(cuts.begin(), cuts.end());

    // The lines of the page that are pieces of the prompt, in order.
    std::size_t at = 0;
    int lines = 0;
    std::size_t start = 0;
    while (start < text.out.size()) {
        std::size_t end = text.out.find('\n', start);
        if (end == std::string::npos) end = text.out.size();
        std::string line = text.out.substr(start, end - start);
        start = end + 1;
        if (const std::size_t number = line.find(". "); number != std::string::npos && number < 4)
            line = line.substr(number + 2);  // "2. " before the prompt's first line
        if (line.empty() || at >= prompt.size() || prompt.compare(at, line.size(), line) != 0) continue;
        at += line.size();
        ++lines;
        if (at < prompt.size()) {
            EXPECT_TRUE(allowed.count(at) == 1) << "a line ends inside a word at byte " << at;
        }
    }
    EXPECT_EQ(at, prompt.size()) << text.out;
    EXPECT_GE(lines, 2) << text.out;
}
