// Chinese, Japanese and Korean printed (issue 34): the three worksheets of
// tests/data/cjk rendered by the real binary, their fonts read back with
// pdffonts and their text with pdftotext, compared with the source strings.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <utility>
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

/// Big-endian integers of a font file (`at` inside it).
unsigned be16(const std::string& f, std::size_t at) {
    return static_cast<unsigned>(static_cast<unsigned char>(f.at(at)) << 8 |
                                 static_cast<unsigned char>(f.at(at + 1)));
}
std::size_t be32(const std::string& f, std::size_t at) {
    return std::size_t{be16(f, at)} << 16 | be16(f, at + 2);
}

/// The composite glyphs of the TrueType file `f` that print (have an
/// outline) and how many of them name a component glyph with no outline
/// (which prints nothing: part of the character lost).
std::pair<int, int> composites_and_broken(const std::string& f) {
    std::map<std::string, std::size_t> tables;
    for (std::size_t i = 0; i < be16(f, 4); ++i) tables[f.substr(12 + 16 * i, 4)] = be32(f, 12 + 16 * i + 8);
    const bool long_loca = be16(f, tables.at("head") + 50) == 1;
    const std::size_t glyphs = be16(f, tables.at("maxp") + 4), loca = tables.at("loca"),
                      glyf = tables.at("glyf");
    const auto extent = [&](std::size_t g) {
        const std::size_t a = long_loca ? be32(f, loca + 4 * g) : 2 * std::size_t{be16(f, loca + 2 * g)};
        const std::size_t b =
            long_loca ? be32(f, loca + 4 * g + 4) : 2 * std::size_t{be16(f, loca + 2 * g + 2)};
        return std::pair{glyf + a, b - a};
    };
    int composites = 0, broken = 0;
    for (std::size_t g = 0; g < glyphs; ++g) {
        const auto [at, length] = extent(g);
        if (length < 10 || (static_cast<unsigned char>(f.at(at)) & 0x80) == 0) continue;
        ++composites;
        unsigned flags = 0;
        std::size_t p = at + 10;
        do {
            flags = be16(f, p);
            if (extent(be16(f, p + 2)).second == 0) ++broken;
            p += 4 + ((flags & 1) != 0 ? 4 : 2) +
                 ((flags & 8) != 0      ? 2
                  : (flags & 0x40) != 0 ? 4
                  : (flags & 0x80) != 0 ? 8
                                        : 0);
        } while ((flags & 0x20) != 0);
    }
    return {composites, broken};
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

namespace {

/// A CJK worksheet printed with its language's labels (`lang:` written
/// before the file's first line), and words each of its PDFs must show.
struct Labelled {
    const char* file;  // under tests/data/cjk
    const char* lang;
    bool spaced;                     // as Sheet::spaced
    std::vector<std::string> sheet;  // the sheet, its answer sheet and its key (render --answer-sheet)
    std::vector<std::string> grid;   // the marking pack (batch --keys)
};

void PrintTo(const Labelled& s, std::ostream* os) { *os << s.file << " " << s.lang; }

class CjkLabels : public ::testing::TestWithParam<Labelled> {
protected:
    void SetUp() override {
        for (const CjkFont& font : cjk_fonts)
            if (!fs::exists(fs::path(font.dir) / font.file))
                GTEST_SKIP() << font.file << " is not installed (Debian's " << font.package << ")";
        dir = fs::temp_directory_path() /
              ("handout-cjk-labels-" + std::to_string(getpid()) + "-" + GetParam().lang);
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }
    /// The text of `pdf` as pdftotext reads it, folded as Sheet's are.
    std::string text_of(const std::string& pdf) const {
        const Proc text = run("pdftotext -raw -enc UTF-8 " + quote(pdf) + " -");
        EXPECT_EQ(text.status, 0) << text.out;
        return folded(text.out, GetParam().spaced);
    }
    fs::path dir;
};

}  // namespace

// Proves `lang: zh`, `zh-TW`, `ja` and `ko` print every label in the sheet's
// language, on the sheet, its answer sheet, its key and the marking grid,
// and leave none in English: the write-in fields, the total, points, page n
// of m, the key's title, note and total, the marking note and the grid.
TEST_P(CjkLabels, EveryLabelPrintsInTheSheetsLanguage) {
    const Labelled& sheet = GetParam();
    const std::string source = (dir / sheet.file).string();
    std::ifstream in(data_dir + "/cjk/" + sheet.file);
    std::ofstream(source) << "lang: " << sheet.lang << "\n" << in.rdbuf();
    const std::string pdf = (dir / "sheet.pdf").string(), keys = (dir / "keys.pdf").string();
    const Proc render =
        run(quote(handout_bin) + " render " + quote(source) + " --seed 1 --answer-sheet -o " + quote(pdf));
    ASSERT_EQ(render.status, 0) << render.out;
    const Proc batch = run(quote(handout_bin) + " batch " + quote(source) + " --copies 2 -o " +
                           quote((dir / "class.pdf").string()) + " --keys " + quote(keys));
    ASSERT_EQ(batch.status, 0) << batch.out;

    const std::string printed = text_of(pdf), grid = text_of(keys);
    for (const std::string& label : sheet.sheet)
        EXPECT_NE(printed.find(folded(label, sheet.spaced)), std::string::npos) << label << "\n" << printed;
    for (const std::string& label : sheet.grid)
        EXPECT_NE(grid.find(folded(label, sheet.spaced)), std::string::npos) << label << "\n" << grid;
    for (const char* english :
         {"Name", "Date", "Answer key", "Answer sheet", "page 1 of", "Total", "True", "False", "mark",
          "Teacher", "Fill", "grown-ups", "Marking grid", "Sheet code"}) {
        EXPECT_EQ(printed.find(folded(english, sheet.spaced)), std::string::npos) << english << "\n"
                                                                                  << printed;
        EXPECT_EQ(grid.find(folded(english, sheet.spaced)), std::string::npos) << english << "\n" << grid;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Cjk, CjkLabels,
    ::testing::Values(
        Labelled{"chinese.yaml",
                 "zh",
                 false,
                 {"姓名", "总分：", "1分", "第1页，共", "答题卡", "请把圆圈和方框涂满", "参考答案",
                  "供教师和家长使用", "总分：5分", "错"},
                 {"批改表", "试卷代码", "分值"}},
        Labelled{"chinese.yaml",
                 "zh-TW",
                 false,
                 {"姓名", "總分：", "1分", "第1頁，共", "答案卡", "請把圓圈和方格塗滿", "參考答案",
                  "供教師及家長使用", "總分：5分", "錯"},
                 {"批改表", "試卷代碼", "配分"}},
        Labelled{"japanese.yaml",
                 "ja",
                 false,
                 {"名前", "合計：", "1点", "1/", "ページ", "解答用紙", "しっかりぬりつぶしましょう", "解答",
                  "先生・保護者用", "合計：4点", "正しい", "正しいものをすべて選び"},
                 {"採点表", "用紙コード", "配点"}},
        Labelled{"korean.yaml",
                 "ko",
                 true,
                 {"이름", "총점:", "1점", "쪽", "답안지", "동그라미와 네모 칸을 완전히 칠하세요", "정답",
                  "교사·보호자용", "총점: 4점", "맞음"},
                 {"채점표", "시험지 코드", "배점"}}),
    [](const auto& param) {
        std::string name = param.param.lang;
        std::erase(name, '-');
        return name;
    });

// Proves every composite glyph the Chinese sheet embeds has its parts: Droid
// Sans Fallback builds many Han characters of two glyphs, often numbered past
// 32,767, which libharu 2.3.0 left out of the font file (one half of 的, 数,
// 练… printed blank) until handout flagged them (flag_components).
TEST(CjkFontFile, EveryPartOfEveryCompositeGlyphIsEmbedded) {
    if (!fs::exists(fs::path(cjk_fonts[0].dir) / cjk_fonts[0].file))
        GTEST_SKIP() << cjk_fonts[0].file << " is not installed";
    const fs::path dir = fs::temp_directory_path() / ("handout-cjk-glyphs-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const std::string pdf = (dir / "sheet.pdf").string();
    ASSERT_EQ(run(quote(handout_bin) + " render " + quote(data_dir + "/cjk/chinese.yaml") + " --seed 1 -o " +
                  quote(pdf))
                  .status,
              0);
    // Every embedded font file (libharu writes no object streams: the
    // references are in the file as text).
    std::ifstream in(pdf, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::regex file_ref("/FontFile2 ([0-9]+) 0 R");
    int composites = 0, broken = 0, files = 0;
    for (auto it = std::sregex_iterator(bytes.begin(), bytes.end(), file_ref); it != std::sregex_iterator();
         ++it) {
        const Proc font =
            run("qpdf --show-object=" + (*it)[1].str() + " --filtered-stream-data " + quote(pdf));
        ASSERT_EQ(font.status, 0);
        const auto [c, b] = composites_and_broken(font.out);
        composites += c;
        broken += b;
        ++files;
    }
    EXPECT_GE(files, 2);
    EXPECT_GT(composites, 20);
    EXPECT_EQ(broken, 0);
    fs::remove_all(dir);
}
