// End-to-end tests: run the real `handout` binary and read its PDFs back with
// poppler-utils (pdftotext, pdffonts, pdfinfo) and qpdf, as a teacher's
// printer and PDF viewer would.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "support.hpp"
#include "handout/load.hpp"
#include "handout/markup.hpp"
#include "handout/variant.hpp"

using namespace handout;
using handout::test::Proc;
using handout::test::quote;
using handout::test::run;
using handout::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;
const std::string handout_bin = HANDOUT_BINARY;

// Whitespace runs folded to one space, so wrapped text compares as written.
std::string fold(const std::string& s) {
    std::string out;
    for (char c : s) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (space) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

// A fresh temporary folder per test, removed afterwards.
class Cli : public ::testing::Test {
protected:
    void SetUp() override {
        std::string tmpl = (fs::temp_directory_path() / "handout-cli-XXXXXX").string();
        ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
        dir = tmpl;
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& name) const { return (fs::path(dir) / name).string(); }
    Proc handout(const std::string& args) const { return run(quote(handout_bin) + " " + args); }
    std::string worksheet(const std::string& name) const { return quote(source_dir + "/worksheets/" + name); }

    // Text of each page, in content-stream order (`pdftotext -raw`), folded.
    std::vector<std::string> pages(const std::string& pdf) const {
        Proc r = run("pdftotext -raw -enc UTF-8 " + quote(pdf) + " -");
        EXPECT_EQ(r.status, 0) << r.out;
        std::vector<std::string> out;
        std::string page;
        for (char c : r.out) {
            if (c == '\f') {
                out.push_back(fold(page));
                page.clear();
            } else {
                page += c;
            }
        }
        return out;
    }

    std::string dir;
};

Worksheet load(const std::string& name) {
    Diagnostics diags;
    auto ws = load_worksheet(source_dir + "/worksheets/" + name, diags);
    if (!ws) throw std::runtime_error(diags.format());
    return *ws;
}

// The letter printed just before `option` inside the text of question
// `number` on a student page (bubble letters come right before their text).
std::string letter_before(const std::string& page, int number, const std::string& prompt,
                          const std::string& option) {
    const std::string start = std::to_string(number) + ". " + fold(prompt);
    const auto from = page.find(start);
    if (from == std::string::npos) return "<question not found>";
    const auto next = page.find(" " + std::to_string(number + 1) + ". ", from + start.size());
    const std::string region = page.substr(from + start.size(), next == std::string::npos ? std::string::npos : next - from - start.size());
    const auto at = region.find(" " + fold(option));
    if (at == std::string::npos || at < 1) return "<option not found>";
    const auto before = region.rfind(' ', at - 1);
    return region.substr(before + 1, at - before - 1);
}

}  // namespace

// Proves, for both shipped worksheets at several seeds, that every prompt
// and option is on the student page, that the key's letter for every
// question is the letter the sheet prints beside the correct option, and
// that every page carries the sheet code.
TEST_F(Cli, KeyLettersMatchTheLettersOnTheSheet) {
    for (const char* name : {"split-the-work.yaml", "parallelism-quiz.yaml"}) {
        const Worksheet ws = load(name);
        for (std::uint32_t seed : {0u, 1u, 3u, 17u, 4000000000u}) {
            const std::string pdf = path("out.pdf");
            Proc r = handout("render " + worksheet(name) + " --seed " + std::to_string(seed) + " -o " + quote(pdf));
            ASSERT_EQ(r.status, 0) << r.out;
            const Variant v = make_variant(ws, seed);
            auto text = pages(pdf);
            for (const auto& page : text) EXPECT_NE(page.find(v.code), std::string::npos) << "sheet code missing";
            // Student pages come first; the key starts on a page of its own.
            std::string sheet, key;
            for (const auto& page : text) (key.empty() && page.find("Answer key") == std::string::npos ? sheet : key) += page + " ";
            ASSERT_FALSE(key.empty()) << name << " seed " << seed << ": no key page";
            // One student page (parallelism-quiz's 8 questions fit one) and one key page.
            EXPECT_EQ(text.size(), 2u) << name << " seed " << seed;
            for (const auto& q : v.sections[0].questions) {
                const Question& src = *q.source;
                EXPECT_NE(sheet.find(fold(src.prompt.text)), std::string::npos) << src.prompt.text;
                for (const auto& o : options_of(src)) EXPECT_NE(sheet.find(fold(o.text)), std::string::npos) << o.text;
                const std::string n = std::to_string(q.number) + ". ";
                if (src.type() == QuestionType::choice) {
                    const std::string& correct = src.as<Choice>().options[src.as<Choice>().answer].text;
                    const std::string on_sheet = letter_before(sheet, q.number, src.prompt.text, correct);
                    EXPECT_EQ(on_sheet, std::string(1, q.correct_letter())) << name << " seed " << seed << " q" << q.number;
                    EXPECT_NE(key.find(n + on_sheet + " " + fold(correct)), std::string::npos)
                        << "key line for question " << q.number << " should read " << n + on_sheet;
                } else {
                    EXPECT_NE(sheet.find("T True F False"), std::string::npos);
                    EXPECT_NE(key.find(n + (src.as<TrueFalse>().truth ? "True" : "False")), std::string::npos);
                }
                if (!src.explain.empty()) {
                    EXPECT_NE(key.find(fold(src.explain.text)), std::string::npos) << src.explain.text;
                }
            }
        }
    }
}

// Proves the same input and seed give byte-identical PDFs, and another seed
// gives a different one.
TEST_F(Cli, SameSeedGivesByteIdenticalPdf) {
    ASSERT_EQ(handout("render " + worksheet("split-the-work.yaml") + " --seed 5 -o " + quote(path("a.pdf"))).status, 0);
    ASSERT_EQ(handout("render " + worksheet("split-the-work.yaml") + " --seed 5 -o " + quote(path("b.pdf"))).status, 0);
    ASSERT_EQ(handout("render " + worksheet("split-the-work.yaml") + " --seed 6 -o " + quote(path("c.pdf"))).status, 0);
    EXPECT_EQ(slurp(path("a.pdf")), slurp(path("b.pdf")));
    EXPECT_NE(slurp(path("a.pdf")), slurp(path("c.pdf")));
}

// Proves the PDF is structurally clean (qpdf --check), embeds and subsets
// every font (pdffonts), sets Producer and Title with no clock dates
// (pdfinfo), and extracts without any poppler warning.
TEST_F(Cli, PdfIsCleanWithEmbeddedFontsAndNoDates) {
    const std::string pdf = path("w.pdf");
    ASSERT_EQ(handout("render " + worksheet("parallelism-quiz.yaml") + " -o " + quote(pdf)).status, 0);
    Proc check = run("qpdf --check " + quote(pdf));
    EXPECT_EQ(check.status, 0) << check.out;
    EXPECT_NE(check.out.find("No syntax or stream encoding errors"), std::string::npos) << check.out;
    Proc fonts = run("pdffonts " + quote(pdf));
    ASSERT_EQ(fonts.status, 0);
    std::istringstream lines(fonts.out);
    std::string line;
    int font_rows = 0;
    while (std::getline(lines, line)) {
        if (line.find("CID TrueType") == std::string::npos) continue;
        ++font_rows;
        EXPECT_NE(line.find(" yes yes "), std::string::npos) << "not embedded+subset: " << line;
    }
    EXPECT_GE(font_rows, 2);
    Proc info = run("pdfinfo " + quote(pdf));
    EXPECT_TRUE(std::regex_search(info.out, std::regex("Producer: +handout [0-9]"))) << info.out;
    EXPECT_TRUE(std::regex_search(info.out, std::regex("Title: +Model and Pipeline Parallelism Quiz\n")));
    EXPECT_EQ(info.out.find("CreationDate"), std::string::npos);
    Proc text = run("pdftotext " + quote(pdf) + " /dev/null");
    EXPECT_EQ(text.out, "") << "poppler warned: " << text.out;
}

// Proves non-ASCII text comes back out of the PDF exactly as written.
TEST_F(Cli, NonAsciiTextExtractsExactly) {
    const std::string yaml = path("unicode.yaml");
    std::ofstream(yaml) << "id: unicode\ntitle: \"Grüße — “quotes” · Ω Ж é ß\"\n"
                           "questions:\n  - prompt: \"Which one’s right? ü\"\n    options: [Straße, Страна]\n"
                           "    answer: Straße\n";
    ASSERT_EQ(handout("render " + quote(yaml) + " --seed 0 -o " + quote(path("u.pdf"))).status, 0);
    auto text = pages(path("u.pdf"));
    ASSERT_FALSE(text.empty());
    EXPECT_NE(text[0].find("Grüße — “quotes” · Ω Ж é ß"), std::string::npos) << text[0];
    EXPECT_NE(text[0].find("Which one’s right? ü"), std::string::npos);
    EXPECT_NE(text[0].find("Страна"), std::string::npos);
}

// Proves points read back from the PDF: "2 marks" and "½ mark" beside the
// questions, "Total: / 2½" on the student page, and the key's points and
// total, with the ½ sign extracted exactly.
TEST_F(Cli, PointsAndTheTotalReadBackFromThePdf) {
    const std::string yaml = path("points.yaml");
    std::ofstream(yaml) << "id: points\ntitle: Points\nquestions:\n"
                           "  - {prompt: Pick two., options: [one, two], answer: two, points: 2}\n"
                           "  - {type: truefalse, prompt: Halves exist., answer: true, points: 0.5}\n";
    ASSERT_EQ(handout("render " + quote(yaml) + " --seed 0 -o " + quote(path("p.pdf"))).status, 0);
    auto text = pages(path("p.pdf"));
    ASSERT_EQ(text.size(), 2u);
    EXPECT_NE(text[0].find("2 marks"), std::string::npos) << text[0];
    EXPECT_NE(text[0].find("\u00bd mark"), std::string::npos) << text[0];
    EXPECT_NE(text[0].find("Total: / 2\u00bd"), std::string::npos) << text[0];
    EXPECT_NE(text[1].find("Total: 2\u00bd marks"), std::string::npos) << text[1];
    EXPECT_NE(text[1].find("2 marks"), std::string::npos) << text[1];

    std::ofstream(yaml) << "show_points: false\n";
    std::ofstream(yaml, std::ios::app) << "id: points\ntitle: Points\nquestions:\n"
                                          "  - {prompt: Pick two., options: [one, two], answer: two, points: 2}\n";
    ASSERT_EQ(handout("render " + quote(yaml) + " --seed 0 -o " + quote(path("p.pdf"))).status, 0);
    text = pages(path("p.pdf"));
    ASSERT_EQ(text.size(), 2u);
    EXPECT_EQ(text[0].find("mark"), std::string::npos) << text[0];
    EXPECT_EQ(text[0].find("Total"), std::string::npos) << text[0];
    EXPECT_NE(text[1].find("2 marks"), std::string::npos) << "the key keeps them: " << text[1];
}

// Proves a broken worksheet gets every error at once, located, with hints,
// exit code 1, and no output file.
TEST_F(Cli, BrokenWorksheetReportsEveryErrorAndWritesNothing) {
    const std::string yaml = path("broken.yaml");
    std::ofstream(yaml) << "id: Broken Id\ntitle: Broken\nquestions:\n  - promt: What?\n    options: [a, b]\n"
                           "    answer: a\n  - prompt: Which?\n    options: [one, two]\n    answer: three\n";
    const std::string pdf = path("never.pdf");
    Proc r = handout("render " + quote(yaml) + " -o " + quote(pdf));
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_FALSE(fs::exists(pdf));
    EXPECT_NE(r.out.find(yaml + ":1:5: error:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(yaml + ":4:5: error:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("prompt"), std::string::npos) << "did-you-mean for promt";
    EXPECT_NE(r.out.find(yaml + ":9:13: error:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("hint:"), std::string::npos);
    // `check` reports the same errors and also exits 1.
    Proc c = handout("check " + quote(yaml));
    EXPECT_EQ(c.status, 1);
    EXPECT_NE(c.out.find(yaml + ":4:5: error:"), std::string::npos) << c.out;
}

// Proves a failed run never spoils an existing file, and that a failed
// write (output folder missing) is exit code 3 with nothing left behind.
TEST_F(Cli, FailedRunLeavesAnExistingFileUntouched) {
    const std::string pdf = path("keep.pdf");
    std::ofstream(pdf) << "precious";
    const std::string yaml = path("bad.yaml");
    std::ofstream(yaml) << "id: x\ntitle: X\nquestions: []\n";
    Proc r = handout("render " + quote(yaml) + " -o " + quote(pdf));
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_EQ(slurp(pdf), "precious");
    Proc w = handout("render " + worksheet("split-the-work.yaml") + " -o " + quote(path("no/such/dir/x.pdf")));
    EXPECT_EQ(w.status, 3) << w.out;
    EXPECT_NE(w.out.find("cannot write"), std::string::npos) << w.out;
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 2) << "stray files left";
}

// Proves usage errors are exit code 2 with a message, and a missing file 3.
TEST_F(Cli, UsageErrorsAndMissingFilesHaveTheirExitCodes) {
    EXPECT_EQ(handout("").status, 2);
    EXPECT_EQ(handout("render").status, 2);
    EXPECT_EQ(handout("frobnicate x.yaml").status, 2);
    Proc seed = handout("render " + worksheet("split-the-work.yaml") + " --seed -4");
    EXPECT_EQ(seed.status, 2) << seed.out;
    EXPECT_EQ(handout("render " + worksheet("split-the-work.yaml") + " --seed 4294967296").status, 2);
    EXPECT_EQ(handout("render " + worksheet("split-the-work.yaml") + " --key maybe").status, 2);
    Proc missing = handout("render " + quote(path("nope.yaml")));
    EXPECT_EQ(missing.status, 3) << missing.out;
    EXPECT_NE(missing.out.find("nope.yaml"), std::string::npos);
    EXPECT_EQ(handout("--help").status, 0);
}

// Proves the default output name is <id>-s<seed>.pdf in the current folder,
// and `--key only` / `--key off` give just the key or just the sheet.
TEST_F(Cli, DefaultOutputNameAndKeyModes) {
    Proc r = run("cd " + quote(dir) + " && " + quote(handout_bin) + " render " + worksheet("split-the-work.yaml") + " --seed 3");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(fs::exists(path("split-the-work-s3.pdf")));
    ASSERT_EQ(handout("render " + worksheet("split-the-work.yaml") + " --key only -o " + quote(path("k.pdf"))).status, 0);
    auto key = pages(path("k.pdf"));
    ASSERT_EQ(key.size(), 1u);
    EXPECT_NE(key[0].find("Answer key"), std::string::npos);
    ASSERT_EQ(handout("render " + worksheet("split-the-work.yaml") + " --key off -o " + quote(path("s.pdf"))).status, 0);
    auto sheet = pages(path("s.pdf"));
    ASSERT_EQ(sheet.size(), 1u);
    EXPECT_EQ(sheet[0].find("Answer key"), std::string::npos);
    ASSERT_EQ(handout("render " + worksheet("split-the-work.yaml") + " --duplex -o " + quote(path("d.pdf"))).status, 0);
    EXPECT_EQ(pages(path("d.pdf")).size(), 4u);
}

// Proves `check` validates several files in one run and says which are fine.
TEST_F(Cli, CheckValidatesEveryShippedWorksheet) {
    Proc r = handout("check " + worksheet("split-the-work.yaml") + " " + worksheet("parallelism-quiz.yaml"));
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("split-the-work.yaml: ok"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("parallelism-quiz.yaml: ok"), std::string::npos) << r.out;
}

namespace {

// Splits folded text into words.
std::vector<std::string> words(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

}  // namespace

// Proves a 30-copy batch gives 30 distinct variants, one page each with its
// own sheet code, and a marking pack whose grid agrees, cell by cell, with
// every key page and with the letter each sheet prints beside the correct
// option.
TEST_F(Cli, BatchGridAgreesWithEveryKeyAndEverySheet) {
    const Worksheet ws = load("split-the-work.yaml");
    const std::string sheets = path("class.pdf"), keys = path("keys.pdf");
    Proc r = handout("batch " + worksheet("split-the-work.yaml") + " --copies 30 -o " + quote(sheets) + " --keys " + quote(keys));
    ASSERT_EQ(r.status, 0) << r.out;
    auto sheet_pages = pages(sheets);
    auto key_pages = pages(keys);
    ASSERT_EQ(sheet_pages.size(), 30u);
    ASSERT_EQ(key_pages.size(), 31u);  // the grid fits one page, then 30 keys
    std::set<std::string> distinct(sheet_pages.begin(), sheet_pages.end());
    EXPECT_EQ(distinct.size(), 30u);
    const auto grid = words(key_pages[0]);
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
        const Variant v = make_variant(ws, seed);
        const std::string& sheet = sheet_pages[seed - 1];
        const std::string& key = key_pages[seed];
        EXPECT_NE(sheet.find(v.code), std::string::npos);
        EXPECT_NE(key.find(v.code), std::string::npos);
        // The grid row: number, code (after the start every code shares,
        // printed once above the grid), then one cell per question.
        const std::string stem = v.code.substr(0, v.code.rfind('-', v.code.rfind('-') - 1) + 1);
        EXPECT_NE(key_pages[0].find(stem + "\u2026"), std::string::npos) << stem;
        auto at = std::find(grid.begin(), grid.end(), v.code.substr(stem.size()));
        ASSERT_NE(at, grid.end()) << v.code << " has no grid row";
        EXPECT_EQ(*(at - 1), (seed < 10 ? "0" : "") + std::to_string(seed));
        for (const auto& q : v.sections[0].questions) {
            const std::string cell = *(at + q.number);
            const Question& src = *q.source;
            const std::string n = std::to_string(q.number) + ". ";
            if (src.type() == QuestionType::choice) {
                EXPECT_EQ(cell, letter_before(sheet, q.number, src.prompt.text, src.as<Choice>().options[src.as<Choice>().answer].text))
                    << v.code << " question " << q.number;
                EXPECT_NE(key.find(n + cell + " " + fold(src.as<Choice>().options[src.as<Choice>().answer].text)), std::string::npos);
            } else {
                EXPECT_EQ(cell, src.as<TrueFalse>().truth ? "T" : "F");
                EXPECT_NE(key.find(n + (src.as<TrueFalse>().truth ? "True" : "False")), std::string::npos);
            }
        }
    }
    EXPECT_NE(key_pages[0].find("Where the correct answer falls"), std::string::npos);
}

// Proves a roster run prints each student's name on their sheet, names the
// bookmarks after them, honours a pinned seed, and that --duplex pads every
// sheet to an even page count.
TEST_F(Cli, RosterPrintsNamesAndDuplexPadsEachSheet) {
    const std::string roster = path("class.csv");
    std::ofstream(roster) << "\xEF\xBB\xBFname;class;seed\nAda Lovelace;7B;\n\"Grace Hopper\";7B;42\nZoë Ñúñez;7B;\n";
    const std::string sheets = path("class.pdf");
    Proc r = handout("batch " + worksheet("split-the-work.yaml") + " --roster " + quote(roster) + " --duplex -o " + quote(sheets));
    ASSERT_EQ(r.status, 0) << r.out;
    auto text = pages(sheets);
    ASSERT_EQ(text.size(), 6u);  // three one-page sheets, each padded to two pages
    const Worksheet ws = load("split-the-work.yaml");
    EXPECT_NE(text[0].find("Ada Lovelace"), std::string::npos);
    EXPECT_NE(text[0].find(sheet_code(ws, 1)), std::string::npos);
    EXPECT_NE(text[2].find("Grace Hopper"), std::string::npos);
    EXPECT_NE(text[2].find(sheet_code(ws, 42)), std::string::npos);
    EXPECT_NE(text[4].find("Zoë Ñúñez"), std::string::npos);
    EXPECT_NE(text[4].find(sheet_code(ws, 2)), std::string::npos);
    Proc outline = run("qpdf --json --json-key=outlines " + quote(sheets));
    EXPECT_NE(outline.out.find("02 · Grace Hopper · " + sheet_code(ws, 42)), std::string::npos) << outline.out;
    // A bad roster is located errors, exit 1, and nothing written.
    std::ofstream(roster, std::ios::trunc) << "nmae,seed\nAda,x\n";
    const std::string never = path("never.pdf");
    Proc bad = handout("batch " + worksheet("split-the-work.yaml") + " --roster " + quote(roster) + " -o " + quote(never));
    EXPECT_EQ(bad.status, 1) << bad.out;
    EXPECT_NE(bad.out.find(roster + ":1:1: error:"), std::string::npos) << bad.out;
    EXPECT_FALSE(fs::exists(never));
}

// Proves `key` rebuilds, from the codes alone, keys identical to those in
// the marking pack; refuses an edited worksheet with a clear message; and
// treats a malformed code as a usage error.
TEST_F(Cli, KeyRebuildsFromCodesAndRefusesEditedWorksheets) {
    const Worksheet ws = load("split-the-work.yaml");
    ASSERT_EQ(handout("batch " + worksheet("split-the-work.yaml") + " --copies 5 --first-seed 11 -o " + quote(path("c.pdf")) +
                      " --keys " + quote(path("k.pdf"))).status, 0);
    const std::string a = sheet_code(ws, 12), b = sheet_code(ws, 15);
    Proc r = handout("key " + a + " " + b + " --from " + quote(source_dir + "/worksheets") + " -o " + quote(path("rebuilt.pdf")));
    ASSERT_EQ(r.status, 0) << r.out;
    auto pack = pages(path("k.pdf"));
    auto rebuilt = pages(path("rebuilt.pdf"));
    ASSERT_EQ(rebuilt.size(), 2u);
    EXPECT_EQ(rebuilt[0], pack[1 + 1]);  // after the grid: seed 12 is the second sheet
    EXPECT_EQ(rebuilt[1], pack[1 + 4]);  // and seed 15 the fifth

    // The same worksheet with one option changed: "edited since printing".
    std::string yaml = slurp(source_dir + "/worksheets/split-the-work.yaml");
    const auto at = yaml.find("Nothing at all");
    ASSERT_NE(at, std::string::npos);
    yaml.replace(at, 14, "Nothing at all, ever");
    fs::create_directory(path("edited"));
    std::ofstream(path("edited/split-the-work.yaml")) << yaml;
    Proc edited = handout("key " + a + " --from " + quote(path("edited")) + " -o " + quote(path("e.pdf")));
    EXPECT_EQ(edited.status, 1) << edited.out;
    EXPECT_NE(edited.out.find("edited since"), std::string::npos) << edited.out;
    EXPECT_FALSE(fs::exists(path("e.pdf")));
    Proc unknown = handout("key W1-AAAAAAAAAAAAA-s1 --from " + quote(source_dir + "/worksheets") + " -o " + quote(path("u.pdf")));
    EXPECT_EQ(unknown.status, 1) << unknown.out;
    EXPECT_NE(unknown.out.find("no worksheet"), std::string::npos) << unknown.out;
    EXPECT_EQ(handout("key W1-short-s1 -o " + quote(path("x.pdf"))).status, 2);
}

// Proves `key` tells a mistyped code from an edited worksheet (issue 32):
// one wrong character, two neighbours swapped, a look-alike (5 for S, 8 for
// B, Z for 2 ...) and a wrong seed digit each stop with "has a typo", name
// the character or the seed, and write nothing.
TEST_F(Cli, KeyTellsEachKindOfTypoFromAnEdit) {
    const Worksheet ws = load("split-the-work.yaml");
    const std::string fp = fingerprint(ws);
    const auto code = [](const std::string& f, const std::string& seed, char check) {
        return "W3-" + f.substr(0, 4) + "-" + f.substr(4) + "-" + seed + "-" + std::string(1, check);
    };
    const char check = check_symbol(fp, 12);
    std::string substituted = fp, swapped = fp, look_alike = fp;
    substituted[6] = substituted[6] == 'X' ? 'Y' : 'X';
    std::size_t at = 4;
    while (at + 1 < fp.size() && fp[at] == fp[at + 1]) ++at;
    std::swap(swapped[at], swapped[at + 1]);
    const std::string pairs = "S5G6B8Z2";
    const std::size_t lookalike_at = fp.find_first_of(pairs);
    ASSERT_NE(lookalike_at, std::string::npos) << fp;
    const std::size_t in_pairs = pairs.find(fp[lookalike_at]);
    look_alike[lookalike_at] = pairs[in_pairs ^ 1];
    const std::pair<std::string, std::string> typos[] = {
        {code(substituted, "12", check), "should probably be '" + std::string(1, fp[6]) + "'"},
        {code(swapped, "12", check), "are probably swapped"},
        {code(look_alike, "12", check), "should probably be '" + std::string(1, fp[lookalike_at]) + "'"},
        {code(fp, "21", check), "the seed 21 or that character was mistyped"},
    };
    for (const auto& [typed, said] : typos) {
        Proc r = handout("key " + typed + " --from " + quote(source_dir + "/worksheets") + " -o " + quote(path("t.pdf")));
        EXPECT_EQ(r.status, 1) << typed << ": " << r.out;
        EXPECT_NE(r.out.find("sheet code " + typed + " has a typo"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find(said), std::string::npos) << r.out;
        EXPECT_EQ(r.out.find("edited since"), std::string::npos) << r.out;
        EXPECT_FALSE(fs::exists(path("t.pdf")));
    }
    // The code as printed, and as printed before check characters (W2), still work.
    EXPECT_EQ(handout("key " + code(fp, "12", check) + " W2-" + fp.substr(0, 4) + "-" + fp.substr(4) + "-12 --from " +
                      quote(source_dir + "/worksheets") + " -o " + quote(path("t.pdf"))).status, 0);
}

// Proves `check` suggests `lang:` to a worksheet written in French (or
// German) without one (issue 32), and stays quiet for English worksheets and
// for one that says its language.
TEST_F(Cli, CheckSuggestsTheLangItSees) {
    const std::string french = "id: energie\ntitle: L'énergie\nquestions:\n"
                               "  - prompt: Quelle est l'unité de l'énergie dans le système international ?\n"
                               "    options: [le joule, le watt, le newton]\n    answer: le joule\n"
                               "  - prompt: Quel est le rôle d'une centrale et des turbines dans la production ?\n"
                               "    options: [la chaleur, le mouvement, les deux]\n    answer: les deux\n"
                               "  - type: truefalse\n    prompt: L'énergie d'un système isolé est conservée.\n"
                               "    answer: true\n";
    const std::string german = "id: energie\ntitle: Energie\nquestions:\n"
                               "  - prompt: Welche Einheit hat die Energie, und wie ist sie mit der Leistung verbunden?\n"
                               "    options: [das Joule, das Watt, der Newton]\n    answer: das Joule\n"
                               "  - prompt: Was ist die Leistung eines Motors, der nicht läuft?\n"
                               "    options: [keine, eine Million, die Hälfte]\n    answer: keine\n";
    std::ofstream(path("fr.yaml")) << french;
    std::ofstream(path("fr-lang.yaml")) << "lang: fr\n" << french;
    std::ofstream(path("de.yaml")) << german;
    Proc fr = handout("check " + quote(path("fr.yaml")));
    EXPECT_EQ(fr.status, 0) << fr.out;
    EXPECT_NE(fr.out.find("warning: the worksheet has no 'lang:'"), std::string::npos) << fr.out;
    EXPECT_NE(fr.out.find("add 'lang: fr'"), std::string::npos) << fr.out;
    Proc de = handout("check " + quote(path("de.yaml")));
    EXPECT_NE(de.out.find("add 'lang: de'"), std::string::npos) << de.out;
    Proc said = handout("check " + quote(path("fr-lang.yaml")));
    EXPECT_EQ(said.out.find("warning"), std::string::npos) << said.out;
    for (const char* english : {"split-the-work.yaml", "forces-and-motion.yaml", "newtons-second-law.yaml",
                                "parallelism-quiz.yaml"}) {
        Proc en = handout("check " + worksheet(english));
        EXPECT_EQ(en.out.find("lang"), std::string::npos) << english << ": " << en.out;
    }
}

// Proves `check` suggests Chinese, Japanese or Korean from a worksheet's
// characters (its short words tell nothing there): kana for Japanese, Hangul
// for Korean, Han alone for Chinese, traditional when its common characters
// are in traditional forms; and says nothing once `lang:` is written.
TEST_F(Cli, CheckSuggestsChineseJapaneseOrKoreanFromTheCharacters) {
    const std::string cjk = std::string(HANDOUT_TEST_DATA) + "/cjk/";
    for (const auto& [file, lang] :
         {std::pair{"chinese.yaml", "zh"}, {"japanese.yaml", "ja"}, {"korean.yaml", "ko"}}) {
        Proc r = handout("check " + quote(cjk + file));
        EXPECT_EQ(r.status, 0) << r.out;
        EXPECT_NE(r.out.find(std::string("add 'lang: ") + lang + "'"), std::string::npos)
            << file << ": " << r.out;
        std::ofstream(path(file)) << "lang: " << lang << "\n" << slurp(cjk + file);
        Proc said = handout("check " + quote(path(file)));
        EXPECT_EQ(said.out.find("warning"), std::string::npos) << file << ": " << said.out;
    }
    std::ofstream(path("taiwan.yaml"))
        << "id: zhou-chang\ntitle: 長方形的周長\nquestions:\n"
           "  - prompt: 這個長方形長8公分、寬5公分，它的周長是多少公分？\n"
           "    options: [13公分, 26公分, 40公分]\n    answer: 26公分\n"
           "  - type: truefalse\n    prompt: 兩個周長相等的長方形，長和寬一定也相等。\n"
           "    answer: false\n";
    Proc taiwan = handout("check " + quote(path("taiwan.yaml")));
    EXPECT_NE(taiwan.out.find("add 'lang: zh-Hant'"), std::string::npos) << taiwan.out;
}

// Proves `check` suggests Arabic, Hebrew, Persian, Urdu or Hindi from a
// worksheet's letters (Persian's پ, گ, ی; Urdu's ٹ, ں, ہ, ے besides them)
// and says nothing once `lang:` is written.
TEST_F(Cli, CheckSuggestsArabicHebrewPersianUrduOrHindiFromTheLetters) {
    const std::string shaped = std::string(HANDOUT_TEST_DATA) + "/shaped/";
    for (const auto& [file, lang] : {std::pair{"arabic.yaml", "ar"},
                                     {"hebrew.yaml", "he"},
                                     {"persian.yaml", "fa"},
                                     {"urdu.yaml", "ur"},
                                     {"hindi.yaml", "hi"}}) {
        Proc r = handout("check " + quote(shaped + file));
        EXPECT_NE(r.out.find(std::string("add 'lang: ") + lang + "'"), std::string::npos)
            << file << ": " << r.out;
        std::ofstream(path(file)) << "lang: " << lang << "\n" << slurp(shaped + file);
        Proc said = handout("check " + quote(path(file)));
        EXPECT_EQ(said.out.find("warning"), std::string::npos) << file << ": " << said.out;
    }
}

// Proves every question type reads back from the PDF with pdftotext: each
// printed text (prompts with markup removed, options, match items, order
// items, the word bank, the unit) is on the student pages, the multi tick
// boxes carry the letters the key gives, and the key line of every question
// reads as the variant's key says.
TEST_F(Cli, EveryQuestionTypeReadsBackFromThePdf) {
    const Worksheet ws = load("forces-and-motion.yaml");
    for (std::uint32_t seed : {0u, 5u, 23u}) {
        const std::string pdf = path("fm.pdf");
        Proc r = handout("render " + worksheet("forces-and-motion.yaml") + " --seed " + std::to_string(seed) + " -o " + quote(pdf));
        ASSERT_EQ(r.status, 0) << r.out;
        const Variant v = make_variant(ws, seed);
        std::string sheet, key;
        for (const auto& page : pages(pdf))
            (key.empty() && page.find("Answer key") == std::string::npos ? sheet : key) += page + " ";
        auto on_sheet = [&](const std::string& s) {
            EXPECT_NE(sheet.find(fold(plain_text(s))), std::string::npos) << "seed " << seed << ": missing " << s;
        };
        std::set<QuestionType> seen;
        for (const auto& section : v.sections)
            for (const auto& q : section.questions) {
                const Question& src = *q.source;
                seen.insert(src.type());
                if (!src.prompt.empty()) on_sheet(src.prompt.text);
                for (const auto& o : options_of(src)) on_sheet(o.text);
                if (const auto* match = std::get_if<Match>(&src.body))
                    for (const auto& p : match->pairs) on_sheet(p.left.text), on_sheet(p.right.text);
                if (const auto* order = std::get_if<Order>(&src.body))
                    for (const auto& item : order->items) on_sheet(item.text);
                if (const auto* fill = std::get_if<Fill>(&src.body))
                    for (const auto& d : fill->distractors) on_sheet(d.text);
                if (const auto* numeric = std::get_if<Numeric>(&src.body); numeric && !numeric->unit.empty())
                    on_sheet(numeric->unit.text);
                const std::string n = std::to_string(q.number) + ". ";
                switch (src.type()) {
                    case QuestionType::choice:
                        EXPECT_NE(key.find(n + std::string(1, q.correct_letter()) + " " +
                                           fold(plain_text(src.as<Choice>().options[src.as<Choice>().answer].text))),
                                  std::string::npos);
                        break;
                    case QuestionType::multi: {
                        // The key lists each correct option on its own line: `3. A gravity B friction`.
                        std::string listed = n;
                        for (char c : q.correct_letters()) {
                            const auto& text = options_of(src)[q.option_order()[static_cast<std::size_t>(c - 'A')]].text;
                            EXPECT_EQ(letter_before(sheet, q.number, plain_text(src.prompt.text) + " Fill the box of every answer that applies.", text),
                                      std::string(1, c));
                            listed += (listed == n ? "" : " ") + std::string(1, c) + " " + fold(plain_text(text));
                        }
                        EXPECT_NE(key.find(listed + " "), std::string::npos) << listed << "\n" << key;
                        break;
                    }
                    case QuestionType::fill:
                        for (const auto& part : src.as<Fill>().parts)
                            if (part.gap) on_sheet(part.text);  // in the word bank
                        [[fallthrough]];
                    default:
                        EXPECT_NE(key.find(n + fold(plain_text(q.key_answer()))), std::string::npos)
                            << "seed " << seed << " key line of question " << q.number << ": " << q.key_answer();
                }
            }
        EXPECT_EQ(seen.size(), 8u) << "the worksheet should use every question type";
        EXPECT_EQ(sheet.find("**"), std::string::npos);
    }
}

// `handout mark` is the handout-mark program beside handout: the other
// commands never load the scan engine (no OpenCV, ZXing or poppler in
// handout's libraries), and a handout without it says what is missing.
TEST_F(Cli, MarkRunsTheProgramBesideHandout) {
    const Proc libs = run("ldd " + quote(handout_bin));
    EXPECT_EQ(libs.out.find("opencv"), std::string::npos) << libs.out;
    EXPECT_EQ(libs.out.find("ZXing"), std::string::npos) << libs.out;
    EXPECT_EQ(libs.out.find("poppler"), std::string::npos) << libs.out;

    Proc r = handout("mark " + quote(path("none.pdf")) + " --from " + worksheet("") + " -o " + quote(path("r.csv")));
    EXPECT_EQ(r.status, 3) << r.out;  // handout-mark ran: the missing scan is the command line's mistake
    EXPECT_NE(r.out.find("none.pdf: no such file or folder"), std::string::npos) << r.out;

    const std::string alone = path("handout");
    fs::copy_file(handout_bin, alone);
    r = run(quote(alone) + " mark " + quote(path("none.pdf")) + " -o " + quote(path("r2.csv")));
    EXPECT_EQ(r.status, 3) << r.out;
    EXPECT_NE(r.out.find("cannot run " + path("handout-mark")), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(path("r2.csv")));
}
