// Chinese, Japanese and Korean printed (issue 34): the three worksheets of
// tests/data/cjk rendered by the real binary, their fonts read back with
// pdffonts and their text with pdftotext, compared with the source strings.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "handout/fonts.hpp"
#include "handout/load.hpp"
#include "handout/model.hpp"
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
    const char* file;  // under tests/data/cjk
    const char* face;  // the CJK face its text prints in, as pdffonts names it
    bool spaced;       // words separated by spaces (Korean): wrapped lines meet at a space
};

void PrintTo(const Sheet& s, std::ostream* os) { *os << s.file; }

/// `text` with every whitespace run removed (`spaced`: made one space), so
/// that a line pdftotext ends where layout wrapped compares with the source.
std::string folded(const std::string& text, bool spaced) {
    std::string out;
    bool space = false;
    for (const char c : text) {
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f') {
            space = true;
            continue;
        }
        if (space && spaced && !out.empty()) out += ' ';
        out += c;
        space = false;
    }
    return out;
}

class CjkSheet : public ::testing::TestWithParam<Sheet> {
protected:
    void SetUp() override {
        for (const CjkFont& font : cjk_fonts)
            if (!fs::exists(fs::path(font.dir) / font.file))
                GTEST_SKIP() << font.file << " is not installed (Debian's " << font.package << ")";
        dir = fs::temp_directory_path() / ("handout-cjk-" + std::to_string(getpid()) + "-" + GetParam().file);
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }
    fs::path dir;
};

}  // namespace

// Proves a sheet and its key (one PDF) print every text of the worksheet so
// that pdftotext reads it back as written (whitespace aside: a Chinese line
// wraps between characters), with the CJK face embedded as a subset with a
// Unicode map, and only the face the sheet needs.
TEST_P(CjkSheet, PdftotextGivesBackEverySourceText) {
    const Sheet& sheet = GetParam();
    const std::string source = data_dir + "/cjk/" + sheet.file;
    const std::string pdf = (dir / "sheet.pdf").string();
    const Proc render = run(quote(handout_bin) + " render " + quote(source) + " --seed 1 -o " + quote(pdf));
    ASSERT_EQ(render.status, 0) << render.out;

    const Proc fonts = run("pdffonts " + quote(pdf));
    ASSERT_EQ(fonts.status, 0) << fonts.out;
    std::size_t line = fonts.out.find(std::string("+") + sheet.face);
    ASSERT_NE(line, std::string::npos) << fonts.out;
    const std::string row = fonts.out.substr(line, fonts.out.find('\n', line) - line);
    EXPECT_NE(row.find("CID TrueType      Identity-H       yes yes yes"), std::string::npos) << row;
    for (const std::string name : {"DroidSansFallback", "NanumGothic"}) {
        if (name != sheet.face) {
            EXPECT_EQ(fonts.out.find(name), std::string::npos) << fonts.out;
        }
    }

    const Proc text = run("pdftotext -raw -enc UTF-8 " + quote(pdf) + " -");
    ASSERT_EQ(text.status, 0) << text.out;
    const std::string printed = folded(text.out, sheet.spaced);
    Diagnostics diags;
    const std::optional<Worksheet> ws = load_worksheet(source, diags);
    ASSERT_TRUE(ws) << diags.format();
    int checked = 0;
    for_each_printed_text(*ws, [&](const std::string& s, const Loc& loc, PrintedText) {
        if (s.empty()) return;
        ++checked;
        EXPECT_NE(printed.find(folded(s, sheet.spaced)), std::string::npos)
            << sheet.file << ":" << loc.line << ": '" << s << "' is not in the text of the PDF:\n"
            << printed;
    });
    EXPECT_GT(checked, 15);
}

INSTANTIATE_TEST_SUITE_P(Cjk, CjkSheet,
                         ::testing::Values(Sheet{"chinese.yaml", "DroidSansFallback", false},
                                           Sheet{"japanese.yaml", "DroidSansFallback", false},
                                           Sheet{"korean.yaml", "NanumGothic", true}),
                         [](const auto& param) {
                             const std::string f = param.param.file;
                             return f.substr(0, f.find('.'));
                         });
