// Tests of the PDF painter and the file helpers. The painter tests build
// Documents by hand, paint them, write the PDF to a temporary folder and read
// it back with real tools (poppler-utils: pdftotext, pdffonts, pdfinfo; and
// qpdf), so they check what a reader sees, not what we meant to write.

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <cstdint>
#include <functional>
#include <iterator>
#include <latch>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "support.hpp"
#include "handout/diagnostic.hpp"
#include "handout/fonts.hpp"
#include "handout/io.hpp"
#include "handout/layout.hpp"
#include "handout/pdf.hpp"
#include "pdf/paint.hpp"

namespace fs = std::filesystem;
using namespace handout;
using handout::test::liberation_style;

namespace {

/// A line that exercises typographic punctuation, accents, Greek and
/// Cyrillic: every character must come back out of the PDF unchanged.
const std::string special_line = "Quote ’ “ ” · — é ü ß Ω Ж end";

/// What a command printed (stdout and stderr together) and its exit status.
struct CommandResult {
    int status = -1;
    std::string output;
};

/// Runs `command` through the shell, capturing stdout and stderr.
CommandResult run(const std::string& command) {
    CommandResult result;
    FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    if (pipe == nullptr) return result;
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.output.append(buffer, n);
    const int status = ::pclose(pipe);
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_plain(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

/// Names of the entries of `folder`, sorted.
std::vector<std::string> entries(const fs::path& folder) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

/// Calls `action`, expects it to throw `Exception`, and returns its message
/// (empty, with a test failure, when nothing or something else is thrown).
template <typename Exception>
std::string thrown_message(const std::function<void()>& action) {
    try {
        action();
    } catch (const Exception& e) {
        return e.what();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "threw another exception: " << e.what();
        return {};
    }
    ADD_FAILURE() << "threw nothing";
    return {};
}

TextRun text(double x, double y, std::string s, FontStyle font = FontStyle::regular, double size = 11) {
    TextRun run;
    run.x = x;
    run.y = y;
    run.font = font;
    run.size = size;
    run.text = std::move(s);
    return run;
}

/// Paints `doc` with the faces of `with` in place of the font files it names.
std::string paint_pdf(Document doc, const FontSet& with) {
    doc.fonts = with.files();
    return handout::paint_pdf(doc);
}

/// A one-page document with text in all four faces, a rule, a bubble and a
/// box: what a small worksheet page looks like.
Document sample_document() {
    Document doc;
    doc.title = "Übung 3 — Ω";
    Page page;
    page.items.push_back(text(56, 780, "Fractions", FontStyle::bold, 19));
    page.items.push_back(text(56, 760, special_line));
    page.items.push_back(text(56, 740, "Read the question twice.", FontStyle::italic));
    page.items.push_back(text(56, 720, "1. Which is larger?", FontStyle::bold_italic));
    page.items.push_back(Rule{56, 700, 300, 700, 0.6, 0.55});
    page.items.push_back(Circle{62, 683, 4.5, 0.6, 0.55});
    page.items.push_back(text(72, 680, "two thirds"));
    page.items.push_back(Box{56, 620, 200, 40, 0.6, 0.55});
    TextRun footer = text(270, 30, "page 1 of 1", FontStyle::regular, 8);
    footer.gray = 0.4;
    page.items.push_back(footer);
    doc.pages.push_back(page);
    doc.bookmarks.push_back({"Schüler — Ж", 0});
    return doc;
}

/// Loads the bundled fonts once (the default style's faces, and Liberation
/// Sans for tests that name it) and gives each test its own temporary folder.
class PaintPdf : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        const PageStyle default_style;
        fonts_ = new FontSet(FontSet::load(HANDOUT_SOURCE_DIR "/fonts", default_style));
        liberation_ = new FontSet(FontSet::load(HANDOUT_SOURCE_DIR "/fonts", liberation_style()));
    }
    static void TearDownTestSuite() {
        delete fonts_;
        fonts_ = nullptr;
        delete liberation_;
        liberation_ = nullptr;
    }

    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "handout-pdf-test-XXXXXX").string();
        ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }

    /// The default style's faces (Lato).
    static const FontSet& fonts() { return *fonts_; }
    /// The four Liberation Sans faces.
    static const FontSet& liberation() { return *liberation_; }

    /// Paints `doc` into `name` in the temporary folder; returns its path.
    std::string paint_to_file(const Document& doc, const std::string& name = "out.pdf") {
        return paint_to_file(doc, fonts(), name);
    }
    /// The same, with the faces of `with`.
    std::string paint_to_file(const Document& doc, const FontSet& with, const std::string& name) {
        const fs::path path = dir_ / name;
        write_file_atomically(path.string(), paint_pdf(doc, with));
        return path.string();
    }

    fs::path dir_;

private:
    static inline FontSet* fonts_ = nullptr;
    static inline FontSet* liberation_ = nullptr;
};

// Proves the /ToUnicode fix: poppler extracts the special line exactly and
// prints no warning about the CMap (libharu's own map makes it print
// "Syntax Warning: Invalid 'begincidrange' operator in ToUnicode CMap").
TEST_F(PaintPdf, ExtractsEveryCharacterOfASpecialLineExactlyAndWithoutWarnings) {
    const std::string pdf = paint_to_file(sample_document());
    const CommandResult result = run("pdftotext -layout '" + pdf + "' -");
    ASSERT_EQ(result.status, 0) << result.output;
    EXPECT_NE(result.output.find(special_line), std::string::npos) << result.output;
    EXPECT_NE(result.output.find("Fractions"), std::string::npos);
    EXPECT_NE(result.output.find("page 1 of 1"), std::string::npos);
    EXPECT_EQ(result.output.find("Syntax Error"), std::string::npos) << result.output;
    EXPECT_EQ(result.output.find("Syntax Warning"), std::string::npos) << result.output;
    EXPECT_EQ(result.output.find("Invalid"), std::string::npos) << result.output;
}

// Proves that the replacement map is what gets written: an identity bfrange
// map in blocks of at most 100 lines, with no cidrange and no surrogate rows.
TEST_F(PaintPdf, WritesAnIdentityToUnicodeMapInBlocksOfAtMostAHundredRanges) {
    const std::string pdf = paint_to_file(sample_document());
    const std::string qdf = (dir_ / "qdf.pdf").string();
    ASSERT_EQ(run("qpdf --qdf --object-streams=disable '" + pdf + "' '" + qdf + "'").status, 0);
    const std::string expanded = read_file(qdf);
    EXPECT_NE(expanded.find("100 beginbfrange"), std::string::npos);
    EXPECT_NE(expanded.find("48 beginbfrange"), std::string::npos);
    EXPECT_NE(expanded.find("<0400> <04FF> <0400>"), std::string::npos);
    EXPECT_NE(expanded.find("<2000> <20FF> <2000>"), std::string::npos);
    EXPECT_EQ(expanded.find("<D800>"), std::string::npos);
    EXPECT_EQ(expanded.find("begincidrange"), std::string::npos);
}

// Proves the file is structurally sound: qpdf finds no errors or warnings.
TEST_F(PaintPdf, PassesQpdfCheckWithoutWarnings) {
    const std::string pdf = paint_to_file(sample_document());
    const CommandResult result = run("qpdf --check '" + pdf + "'");
    EXPECT_EQ(result.status, 0) << result.output;
    EXPECT_NE(result.output.find("No syntax or stream encoding errors"), std::string::npos) << result.output;
    EXPECT_EQ(result.output.find("WARNING"), std::string::npos) << result.output;
}

// Proves every face is embedded as a subset with a Unicode map, so the PDF
// prints the same everywhere and its text can be copied.
TEST_F(PaintPdf, EmbedsEveryFontAsASubsetWithAUnicodeMap) {
    const std::string pdf = paint_to_file(sample_document());
    const CommandResult result = run("pdffonts '" + pdf + "'");
    ASSERT_EQ(result.status, 0) << result.output;
    std::istringstream lines(result.output);
    std::string line;
    int fonts_seen = 0;
    while (std::getline(lines, line)) {
        if (line.find("CID TrueType") == std::string::npos) continue;
        ++fonts_seen;
        EXPECT_NE(line.find(" yes yes yes "), std::string::npos) << "emb sub uni: " << line;
    }
    EXPECT_EQ(fonts_seen, 4) << result.output;
}

// Proves each embedded font file holds only what a renderer reads of a
// CIDFontType2 (no character map, names or PostScript names: /ToUnicode,
// /W and /CIDToGIDMap do their work), that its /Length1 is its length, and
// that poppler still draws and extracts the text; the four faces of the
// sample page then take under 40 KB together (libharu alone: about 85 KB).
TEST_F(PaintPdf, EmbedsSlimFontFilesThatStillPrintAndExtract) {
    const std::string pdf = paint_to_file(sample_document());
    const std::string expanded = read_file(pdf);  // libharu writes no object streams
    const std::regex file_ref("/FontFile2 ([0-9]+) 0 R");
    std::size_t files = 0, packed = 0;
    for (auto it = std::sregex_iterator(expanded.begin(), expanded.end(), file_ref); it != std::sregex_iterator(); ++it) {
        ++files;
        const std::string number = (*it)[1].str();
        const CommandResult data = run("qpdf --show-object=" + number + " --filtered-stream-data '" + pdf + "'");
        ASSERT_EQ(data.status, 0);
        const CommandResult dict = run("qpdf --show-object=" + number + " '" + pdf + "'");
        std::smatch m;
        ASSERT_TRUE(std::regex_search(dict.output, m, std::regex("/Length1 ([0-9]+)"))) << dict.output;
        EXPECT_EQ(std::stoul(m[1].str()), data.output.size());
        packed += run("qpdf --show-object=" + number + " --raw-stream-data '" + pdf + "'").output.size();
        const std::string& f = data.output;
        ASSERT_GT(f.size(), 12u);
        const std::size_t count = static_cast<unsigned char>(f[4]) << 8 | static_cast<unsigned char>(f[5]);
        std::set<std::string> tags;
        for (std::size_t i = 0; i < count; ++i) tags.insert(f.substr(12 + 16 * i, 4));
        for (const char* dropped : {"cmap", "name", "post"}) EXPECT_EQ(tags.count(dropped), 0u) << dropped;
        for (const char* kept : {"glyf", "loca", "head", "hhea", "hmtx", "maxp"}) EXPECT_EQ(tags.count(kept), 1u) << kept;
    }
    EXPECT_EQ(files, 4u);
    EXPECT_LT(packed, 40000u);
    EXPECT_EQ(run("qpdf --check '" + pdf + "'").status, 0);
    const CommandResult text = run("pdftotext '" + pdf + "' - 2>&1");
    EXPECT_EQ(text.output.find("Error"), std::string::npos) << text.output;
}

// Proves faces are loaded on first use: a page in one face embeds one font,
// and the same face used by several runs and pages is embedded once — that
// regular face, Liberation Sans with the Liberation set and Lato Light with
// the default set.
TEST_F(PaintPdf, EmbedsOnlyTheFacesThatPrintText) {
    Document doc;
    for (int i = 0; i < 2; ++i) {
        Page page;
        page.items.push_back(text(56, 700, "only regular text"));
        page.items.push_back(text(56, 680, "more regular text"));
        doc.pages.push_back(page);
    }
    const auto embedded = [&](const FontSet& with, const std::string& name) {
        const CommandResult result = run("pdffonts '" + paint_to_file(doc, with, name) + "'");
        EXPECT_EQ(result.status, 0) << result.output;
        std::istringstream lines(result.output);
        std::string line;
        std::vector<std::string> fonts_seen;
        while (std::getline(lines, line))
            if (line.find("CID TrueType") != std::string::npos) fonts_seen.push_back(line);
        return fonts_seen;
    };

    const std::vector<std::string> liberation_seen = embedded(liberation(), "liberation.pdf");
    ASSERT_EQ(liberation_seen.size(), 1u);
    EXPECT_NE(liberation_seen[0].find("LiberationSans "), std::string::npos) << liberation_seen[0];

    const std::vector<std::string> default_seen = embedded(fonts(), "default.pdf");
    ASSERT_EQ(default_seen.size(), 1u);
    EXPECT_NE(default_seen[0].find("Lato-Light "), std::string::npos) << default_seen[0];
}

// Proves the document information: our Producer, the document's Title in
// UTF-8, the page size, and no clock dates (they would break determinism).
TEST_F(PaintPdf, SetsProducerTitleAndPageSizeButNoDates) {
    const CommandResult result = run("pdfinfo '" + paint_to_file(sample_document()) + "'");
    ASSERT_EQ(result.status, 0) << result.output;
    EXPECT_TRUE(std::regex_search(result.output, std::regex("\nProducer: +handout [0-9]+\\.[0-9]+\\.[0-9]+\n")))
        << result.output;
    EXPECT_NE(result.output.find("Title:           Übung 3 — Ω"), std::string::npos) << result.output;
    EXPECT_NE(result.output.find("Page size:       595.28 x 841.89 pts"), std::string::npos) << result.output;
    EXPECT_EQ(result.output.find("CreationDate"), std::string::npos) << result.output;
    EXPECT_EQ(result.output.find("ModDate"), std::string::npos) << result.output;
}

// Proves determinism: the same document always gives the same bytes.
TEST_F(PaintPdf, PaintsTheSameDocumentToIdenticalBytesTwice) {
    Document doc = sample_document();
    doc.pages.push_back(doc.pages.front());
    const std::string first = paint_pdf(doc, fonts());
    const std::string second = paint_pdf(doc, fonts());
    EXPECT_GT(first.size(), 1000u);
    EXPECT_TRUE(first == second) << "sizes " << first.size() << " and " << second.size();
}

// Proves bookmarks become outline entries with UTF-8 titles that open the
// page they name.
TEST_F(PaintPdf, WritesBookmarksAsOutlineEntriesThatOpenTheirPages) {
    Document doc = sample_document();
    doc.pages.push_back(doc.pages.front());
    doc.pages.push_back(doc.pages.front());
    doc.bookmarks = {{"Student — Ж", 0}, {"Key ü", 2}};
    const CommandResult result =
        run("qpdf --json --json-key=outlines '" + paint_to_file(doc) + "'");
    ASSERT_EQ(result.status, 0) << result.output;
    const std::string& json = result.output;
    const auto student = json.find("\"title\": \"Student — Ж\"");
    const auto key = json.find("\"title\": \"Key ü\"");
    ASSERT_NE(student, std::string::npos) << json;
    ASSERT_NE(key, std::string::npos) << json;
    // qpdf lists each entry's keys alphabetically: its page comes before its title.
    const auto first_page = json.find("\"destpageposfrom1\": 1");
    const auto third_page = json.find("\"destpageposfrom1\": 3");
    ASSERT_NE(first_page, std::string::npos) << json;
    ASSERT_NE(third_page, std::string::npos) << json;
    EXPECT_LT(first_page, student);
    EXPECT_LT(student, third_page);
    EXPECT_LT(third_page, key);
}

// Proves text runs are placed where layout put them, also when several runs
// share one text object.
TEST_F(PaintPdf, PlacesTextRunsAtTheirCoordinates) {
    Document doc;
    Page page;
    page.items.push_back(text(100, 700, "Alpha"));
    page.items.push_back(text(250, 650, "Beta", FontStyle::bold));
    page.items.push_back(Rule{56, 600, 300, 600});
    page.items.push_back(text(75.5, 500, "Gamma"));
    doc.pages.push_back(page);
    const CommandResult result = run("pdftotext -bbox '" + paint_to_file(doc) + "' -");
    ASSERT_EQ(result.status, 0) << result.output;
    EXPECT_NE(result.output.find("xMin=\"100.000000\""), std::string::npos) << result.output;
    EXPECT_NE(result.output.find("xMin=\"250.000000\""), std::string::npos) << result.output;
    EXPECT_NE(result.output.find("xMin=\"75.500000\""), std::string::npos) << result.output;
}

/// The number after `attribute="` in `text` at or after `from`.
double attribute_after(const std::string& text, const std::string& attribute, std::size_t from) {
    const std::size_t at = text.find(attribute + "=\"", from);
    if (at == std::string::npos) return -1;
    return std::stod(text.substr(at + attribute.size() + 2));
}

// Proves the width table libharu's is cut down to keeps every printed
// character's width: words end where our own font metrics (which layout
// uses) say, and the table lists only the characters printed.
TEST_F(PaintPdf, KeepsTheWidthsOfPrintedCharactersWhenTrimmingTheWidthTable) {
    const std::string word = "Widths—ΩЖé";
    Document doc;
    Page page;
    page.items.push_back(text(100, 700, word, FontStyle::regular, 20));
    doc.pages.push_back(page);
    const std::string pdf = paint_to_file(doc);
    const CommandResult result = run("pdftotext -bbox '" + pdf + "' -");
    ASSERT_EQ(result.status, 0) << result.output;
    const std::size_t at = result.output.find("<word ");
    ASSERT_NE(at, std::string::npos) << result.output;
    // PDF widths are whole thousandths of an em (libharu truncates), so each
    // of the 10 characters may end up to 0.02 pt short at 20 pt.
    EXPECT_NEAR(attribute_after(result.output, "xMax", at), 100 + fonts().width(FontStyle::regular, word, 20),
                10 * 0.02)
        << result.output;

    const std::string qdf = (dir_ / "qdf.pdf").string();
    ASSERT_EQ(run("qpdf --qdf '" + pdf + "' '" + qdf + "'").status, 0);
    const std::string expanded = read_file(qdf);
    const std::size_t table = expanded.find("/W [");
    ASSERT_NE(table, std::string::npos);
    const std::size_t end = expanded.find("\n  ]\n", table);
    const std::string widths = expanded.substr(table, end - table);
    // One group per run of consecutive code points: its first code point,
    // then [widths]. "hi" (104, 105) and "st" (115, 116) are runs of two.
    for (const char* cp : {"87", "100", "104", "115", "233", "937", "1046", "8212"})
        EXPECT_NE(widths.find("\n    " + std::string(cp) + "\n"), std::string::npos) << cp << widths;
    for (const char* cp : {"32", "105", "116", "65"})
        EXPECT_EQ(widths.find("\n    " + std::string(cp) + "\n"), std::string::npos) << cp << widths;
    EXPECT_LT(widths.size(), 400u) << widths;
}

/// Lines in Latin with accents and ß, Greek, Cyrillic and typographic
/// punctuation: characters far apart in a face's character map.
const std::vector<std::string> several_scripts = {
    "Latin: Straße, café, über, naïve",
    "Greek: Γειά σου κόσμε, ΑΒΓΔ Ω",
    "Cyrillic: Съешь же этих мягких булок Ж",
    "Punctuation: ’ “ ” · — end",
};

/// A page with the lines of `several_scripts` once in each style of `styles`.
Document several_scripts_document(const std::vector<FontStyle>& styles) {
    Document doc;
    Page page;
    double y = 800;
    for (const FontStyle style : styles) {
        for (const std::string& line : several_scripts) {
            page.items.push_back(text(56, y, line, style));
            y -= 20;
        }
    }
    doc.pages.push_back(page);
    return doc;
}

const std::vector<FontStyle> all_styles = {FontStyle::regular, FontStyle::bold, FontStyle::italic,
                                           FontStyle::bold_italic, FontStyle::mono};

/// Every code point of `several_scripts`.
std::set<char32_t> several_scripts_code_points() {
    std::set<char32_t> cps;
    for (const std::string& line : several_scripts) {
        std::u32string decoded;
        EXPECT_TRUE(decode_utf8(line, decoded)) << line;
        cps.insert(decoded.begin(), decoded.end());
    }
    return cps;
}

/// The non-empty lines pdftotext extracts from `pdf`, and whether it warned.
std::vector<std::string> extracted_lines(const std::string& pdf) {
    const CommandResult result = run("pdftotext '" + pdf + "' -");
    EXPECT_EQ(result.status, 0) << result.output;
    EXPECT_EQ(result.output.find("Syntax Error"), std::string::npos) << result.output;
    EXPECT_EQ(result.output.find("Syntax Warning"), std::string::npos) << result.output;
    std::vector<std::string> lines;
    std::istringstream in(result.output);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty() && line != "\f") lines.push_back(line);
    return lines;
}

/// The glyph id that the Unicode character map (platform 3, encoding 1,
/// format 4) of the TrueType file `font` gives each of `cps`, read straight
/// from the file: what a correct /CIDToGIDMap must say.
std::map<char32_t, std::uint16_t> glyph_ids_in_font_file(const std::string& font, const std::set<char32_t>& cps) {
    const std::string data = read_file(font);
    const auto u16 = [&](std::size_t at) -> std::uint16_t {
        if (at + 2 > data.size()) return 0;
        return static_cast<std::uint16_t>(static_cast<unsigned char>(data[at]) << 8 |
                                          static_cast<unsigned char>(data[at + 1]));
    };
    const auto u32 = [&](std::size_t at) -> std::uint32_t { return std::uint32_t{u16(at)} << 16 | u16(at + 2); };
    std::size_t cmap = 0;
    for (std::size_t i = 0, tables = u16(4); i < tables; ++i)
        if (data.compare(12 + 16 * i, 4, "cmap") == 0) cmap = u32(12 + 16 * i + 8);
    std::size_t table = 0;
    for (std::size_t i = 0, records = u16(cmap + 2); i < records; ++i) {
        const std::size_t record = cmap + 4 + 8 * i;
        if (u16(record) == 3 && u16(record + 2) == 1) table = cmap + u32(record + 4);
    }
    std::map<char32_t, std::uint16_t> ids;
    if (cmap == 0 || table == 0 || u16(table) != 4) {
        ADD_FAILURE() << font << " has no format-4 Unicode character map";
        return ids;
    }
    const std::size_t segments = u16(table + 6) / 2;
    const std::size_t ends = table + 14, starts = ends + 2 * segments + 2, deltas = starts + 2 * segments,
                      range_offsets = deltas + 2 * segments;
    for (const char32_t cp : cps) {
        std::uint16_t id = 0;
        for (std::size_t i = 0; i < segments; ++i) {
            if (cp > u16(ends + 2 * i)) continue;
            if (cp >= u16(starts + 2 * i)) {
                const std::uint16_t range_offset = u16(range_offsets + 2 * i);
                std::uint16_t base = static_cast<std::uint16_t>(cp);
                if (range_offset != 0)
                    base = u16(range_offsets + 2 * i + range_offset + 2 * (cp - u16(starts + 2 * i)));
                if (base != 0) id = static_cast<std::uint16_t>(base + u16(deltas + 2 * i));
            }
            break;
        }
        ids[cp] = id;
    }
    return ids;
}

// Proves cutting each face's character map down to the characters printed
// (which makes font setup cheap) loses nothing: lines in several scripts,
// in every face of both bundled styles, extract exactly without warnings,
// and every face is embedded as a subset with a Unicode map.
TEST_F(PaintPdf, ExtractsLinesInSeveralScriptsExactlyFromEveryFace) {
    const std::set<char32_t> cps = several_scripts_code_points();
    for (const FontSet* set : {&fonts(), &liberation()}) {
        std::set<std::string> files;
        for (const FontStyle style : all_styles) {
            const FontFace& face = set->face(style);
            files.insert(face.path());
            for (const char32_t cp : cps)
                ASSERT_TRUE(face.covers(cp)) << face.path() << " lacks U+" << std::hex << std::uppercase
                                             << static_cast<std::uint32_t>(cp);
        }
        const std::string pdf =
            paint_to_file(several_scripts_document(all_styles), *set, fs::path(*files.begin()).stem().string() + ".pdf");

        std::vector<std::string> expected;
        for (std::size_t i = 0; i < all_styles.size(); ++i)
            expected.insert(expected.end(), several_scripts.begin(), several_scripts.end());
        EXPECT_EQ(extracted_lines(pdf), expected) << pdf;

        const CommandResult fonts_listed = run("pdffonts '" + pdf + "'");
        ASSERT_EQ(fonts_listed.status, 0) << fonts_listed.output;
        std::istringstream lines(fonts_listed.output);
        std::string line;
        std::size_t fonts_seen = 0;
        while (std::getline(lines, line)) {
            if (line.find("CID TrueType") == std::string::npos) continue;
            ++fonts_seen;
            EXPECT_NE(line.find(" yes yes yes "), std::string::npos) << "emb sub uni: " << line;
        }
        EXPECT_EQ(fonts_seen, files.size()) << fonts_listed.output;
    }
}

// Proves every printed character still shows its own glyph: in the
// /CIDToGIDMap of each face (the UTF-8 encoder makes a character's code
// point its CID), every character of several scripts maps to the glyph the
// font file's own character map gives it, and no other code does.
TEST_F(PaintPdf, MapsEveryPrintedCharacterToTheGlyphTheFontFileGivesIt) {
    const std::set<char32_t> cps = several_scripts_code_points();
    for (const FontSet* set : {&fonts(), &liberation()}) {
        for (const FontStyle style : all_styles) {
            const std::string font = set->face(style).path();
            SCOPED_TRACE(font);
            const std::string pdf = paint_to_file(several_scripts_document({style}), *set, "one-face.pdf");
            const std::string qdf = (dir_ / "one-face-qdf.pdf").string();
            ASSERT_EQ(run("qpdf --qdf --object-streams=disable '" + pdf + "' '" + qdf + "'").status, 0);
            std::smatch match;
            const std::string expanded = read_file(qdf);
            ASSERT_TRUE(std::regex_search(expanded, match, std::regex("/CIDToGIDMap ([0-9]+) 0 R")));
            const CommandResult map =
                run("qpdf --show-object=" + match[1].str() + " --filtered-stream-data '" + qdf + "'");
            ASSERT_EQ(map.status, 0) << map.output;
            const auto glyph_of_cid = [&](char32_t cid) -> std::uint16_t {
                if (2 * cid + 1 >= map.output.size()) return 0;
                return static_cast<std::uint16_t>(static_cast<unsigned char>(map.output[2 * cid]) << 8 |
                                                  static_cast<unsigned char>(map.output[2 * cid + 1]));
            };

            for (const auto& [cp, id] : glyph_ids_in_font_file(font, cps)) {
                EXPECT_NE(id, 0) << "U+" << std::hex << static_cast<std::uint32_t>(cp);
                EXPECT_EQ(glyph_of_cid(cp), id) << "U+" << std::hex << static_cast<std::uint32_t>(cp);
            }
            std::size_t mapped = 0;
            for (char32_t cid = 0; 2 * cid + 1 < map.output.size(); ++cid)
                if (glyph_of_cid(cid) != 0) ++mapped;
            EXPECT_EQ(mapped, cps.size());
        }
    }
}

// Proves painting is safe in parallel, as the batch command paints the
// sheets PDF and the keys PDF at the same time with the same faces: two
// documents painted in two threads at once give the bytes they give when
// painted one after the other.
TEST_F(PaintPdf, PaintsTheSameBytesInParallelThreadsAsOneAfterTheOther) {
    const Document sheets = several_scripts_document(all_styles);
    Document keys = sample_document();
    keys.pages.push_back(keys.pages.front());
    const std::string sheets_alone = paint_pdf(sheets, fonts());
    const std::string keys_alone = paint_pdf(keys, fonts());
    ASSERT_TRUE(sheets_alone != keys_alone);

    for (int round = 0; round < 4; ++round) {
        std::string sheets_bytes, keys_bytes, sheets_error, keys_error;
        std::latch start(2);
        const auto paint_in_thread = [&start](const Document& doc, std::string& out, std::string& error) {
            return std::thread([&doc, &out, &error, &start] {
                start.arrive_and_wait();  // both threads paint at the same time
                try {
                    out = paint_pdf(doc, fonts());
                } catch (const std::exception& e) {
                    error = e.what();
                }
            });
        };
        std::thread sheets_thread = paint_in_thread(sheets, sheets_bytes, sheets_error);
        std::thread keys_thread = paint_in_thread(keys, keys_bytes, keys_error);
        sheets_thread.join();
        keys_thread.join();
        EXPECT_EQ(sheets_error, "");
        EXPECT_EQ(keys_error, "");
        EXPECT_TRUE(sheets_bytes == sheets_alone) << "round " << round;
        EXPECT_TRUE(keys_bytes == keys_alone) << "round " << round;
    }
}

// Proves shapes are stroked with their own width and gray and never filled.
TEST_F(PaintPdf, StrokesRulesCirclesAndBoxesWithoutFillingThem) {
    Document doc;
    Page page;
    page.items.push_back(Rule{56, 600, 300, 600, 0.75, 0.5});
    page.items.push_back(Circle{100, 500, 5, 0.75, 0.5});
    page.items.push_back(Box{56, 400, 100, 50, 1.5, 0.25});
    doc.pages.push_back(page);
    const std::string pdf = paint_to_file(doc);
    const std::string qdf = (dir_ / "qdf.pdf").string();
    ASSERT_EQ(run("qpdf --qdf '" + pdf + "' '" + qdf + "'").status, 0);
    const std::string expanded = read_file(qdf);
    EXPECT_NE(expanded.find("0.75 w\n0.5 G\n56 600 m\n300 600 l\nS\n"), std::string::npos) << expanded;
    EXPECT_NE(expanded.find("1.5 w\n0.25 G\n56 400 100 50 re\nS\n"), std::string::npos);
    for (const char* fill : {"\nf\n", "\nF\n", "\nB\n", "\nb\n", "\nf*\n", "\nB*\n"})
        EXPECT_EQ(expanded.find(fill), std::string::npos) << "fill operator" << fill;
}

// Proves each bubble radius is drawn once per document, as a form XObject
// that every bubble of that radius places; other circles get their own
// form, and a bubble stays stroked with the page's width and gray.
TEST_F(PaintPdf, DrawsEachCircleRadiusOnceAsAFormThatEveryBubblePlaces) {
    Document doc;
    for (int p = 0; p < 3; ++p) {
        Page page;
        for (int i = 0; i < 10; ++i) page.items.push_back(Circle{100.0 + 20 * i, 500, 5, 0.75, 0.5});
        page.items.push_back(Circle{100, 300, 8, 0.75, 0.5});
        doc.pages.push_back(page);
    }
    const std::string pdf = paint_to_file(doc);
    EXPECT_EQ(run("qpdf --check '" + pdf + "'").status, 0);
    const std::string qdf = (dir_ / "qdf.pdf").string();
    ASSERT_EQ(run("qpdf --qdf '" + pdf + "' '" + qdf + "'").status, 0);
    const std::string expanded = read_file(qdf);
    std::size_t forms = 0, curves = 0, placed = 0;
    for (std::size_t at = 0; (at = expanded.find("/Subtype /Form", at)) != std::string::npos; ++at) ++forms;
    for (std::size_t at = 0; (at = expanded.find(" c\n", at)) != std::string::npos; ++at) ++curves;
    for (std::size_t at = 0; (at = expanded.find(" Do\n", at)) != std::string::npos; ++at) ++placed;
    EXPECT_EQ(forms, 2u);
    EXPECT_EQ(curves, 8u);   // four quarter arcs per form
    EXPECT_EQ(placed, 33u);  // every circle of every page
    EXPECT_NE(expanded.find("0.75 w\n0.5 G\nq\n1 0 0 1 100 500 cm\n/X1 Do\nQ\n"), std::string::npos) << expanded;
    EXPECT_NE(expanded.find("-5 0 m\n-5 2.76 -2.76 5 0 5 c\n"), std::string::npos);
}

// Proves the libharu string limit is enforced: a run of 65,535 bytes paints,
// a run one byte longer (which libharu would drop silently) throws.
TEST_F(PaintPdf, ThrowsForATextRunOverSixtyFiveThousandFiveHundredThirtyFiveBytes) {
    Document doc;
    doc.pages.emplace_back();
    doc.pages[0].items.push_back(text(0, 10, std::string(65535, 'a'), FontStyle::regular, 1));
    EXPECT_NO_THROW(paint_pdf(doc, fonts()));

    std::get<TextRun>(doc.pages[0].items[0]).text += 'a';
    const std::string message = thrown_message<PdfError>([&] { paint_pdf(doc, fonts()); });
    EXPECT_NE(message.find("65536 bytes"), std::string::npos) << message;
}

// Proves bad input is reported, not painted: a bookmark to a missing page,
// a coordinate that is not a number, and a NUL byte in text.
TEST_F(PaintPdf, ThrowsForBookmarksToMissingPagesAndForUnpaintableItems) {
    Document doc = sample_document();
    doc.bookmarks = {{"Key", 1}};
    EXPECT_NE(thrown_message<PdfError>([&] { paint_pdf(doc, fonts()); }).find("page 2 of a 1-page"),
              std::string::npos);

    doc = sample_document();
    doc.pages[0].items.push_back(Rule{0, 0, std::nan(""), 0});
    EXPECT_NE(thrown_message<PdfError>([&] { paint_pdf(doc, fonts()); }).find("not a number"),
              std::string::npos);

    doc = sample_document();
    doc.pages[0].items.push_back(text(10, 10, std::string("a\0b", 3)));
    EXPECT_NE(thrown_message<PdfError>([&] { paint_pdf(doc, fonts()); }).find("NUL"), std::string::npos);
}

// Proves the painter's own text operators (pdf/content.hpp) are the bytes
// libharu writes: a page of runs in every face, size and gray at scattered
// positions (each "Td" is relative to the last, in libharu's float
// arithmetic), broken by rules and boxes (new text objects), with runs the
// fast path declines (no ASCII letter, beyond the BMP, not UTF-8) between
// the others, paints to the same PDF as with every run given to libharu.
TEST_F(PaintPdf, OwnTextOperatorsAreTheBytesLibharuWrites) {
    const std::vector<std::string> texts = {
        "Fractions", special_line, "3*3 = 9", "70,000 m", "(a)", "x", " leading space", "ΩΣΔ", "Жук", "— · —",
        "\xE2\x80\x8B", "\xF0\x9F\x98\x80 astral", "bad \xC3 end", "tab\there", "Ünïcödé ﬁ ß", "12\xC2\xA0m",
    };
    const std::vector<double> sizes = {11, 9.5, 6.82, 19, 11.5, 24, 8};
    Document doc;
    std::uint32_t state = 12345;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    for (int p = 0; p < 2; ++p) {
        Page page;
        for (int i = 0; i < 160; ++i) {
            const double x = static_cast<double>(next() % 50000) / 97.0 + 20;
            const double y = static_cast<double>(next() % 80000) / 101.0 + 10;
            if (i % 17 == 5) page.items.push_back(Rule{x, y, x + 40, y, 0.5, 0.55});
            if (i % 23 == 7) page.items.push_back(Box{x, y, 30, 12.5, 0.75, 0});
            TextRun run = text(x, y, texts[next() % texts.size()], static_cast<FontStyle>(next() % 4),
                               sizes[next() % sizes.size()]);
            run.gray = (next() % 3 == 0) ? 0.55 : 0;
            page.items.push_back(run);
        }
        doc.pages.push_back(page);
    }
    doc.fonts = fonts().files();
    const std::string own = pdf::paint(doc, /*embed_fonts=*/true, pdf::TextOperators::own);
    const std::string libharu = pdf::paint(doc, /*embed_fonts=*/true, pdf::TextOperators::libharu);
    EXPECT_EQ(own.size(), libharu.size());
    EXPECT_TRUE(own == libharu) << "the painter's own text operators differ from libharu's";
}

// Proves libharu's own errors come back as PdfError after leaving C code:
// a gray level out of range is refused by libharu with its error number.
TEST_F(PaintPdf, TurnsLibharuErrorsIntoPdfErrorWithTheErrorNumber) {
    Document doc;
    doc.pages.emplace_back();
    doc.pages[0].items.push_back(Rule{0, 0, 10, 10, 1, 2.0});
    const std::string message = thrown_message<PdfError>([&] { paint_pdf(doc, fonts()); });
    EXPECT_NE(message.find("libharu failed while setting the stroke gray (error 0x"), std::string::npos)
        << message;
}

// Proves text that is not valid UTF-8 does not crash the painter (checking
// UTF-8 is the caller's job; the result is only mangled text).
TEST_F(PaintPdf, SurvivesTextThatIsNotValidUtf8) {
    Document doc;
    doc.pages.emplace_back();
    doc.pages[0].items.push_back(text(56, 700, "bad \xC3 \xFF\xFE \xE2\x82 end"));
    doc.pages[0].items.push_back(text(56, 680, "\xF0\x9F\x98\x80 astral"));
    std::string bytes;
    try {
        bytes = paint_pdf(doc, fonts());
    } catch (const PdfError&) {
        // Refusing is acceptable too; crashing is not.
    }
    if (!bytes.empty()) {
        EXPECT_EQ(bytes.rfind("%PDF-", 0), 0u);
    }
}

/// A fresh temporary folder for each file test.
class WriteFileAtomically : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "handout-io-test-XXXXXX").string();
        ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    fs::path dir_;
};

// Proves the normal case: the file gets exactly the bytes (also binary ones),
// an existing file is replaced, and no temporary file is left behind.
TEST_F(WriteFileAtomically, ReplacesTheFileWithExactlyTheBytesAndLeavesNoTemporaryFile) {
    const fs::path target = dir_ / "sheet.pdf";
    write_plain(target, "old contents");
    const std::string bytes = std::string("%PDF-1.3\n\0\xff binary", 19);
    write_file_atomically(target.string(), bytes);
    EXPECT_EQ(read_file(target), bytes);
    EXPECT_EQ(entries(dir_), std::vector<std::string>{"sheet.pdf"});
    // Created like an ordinary file: readable by others under the usual umask.
    EXPECT_NE(fs::status(target).permissions() & fs::perms::owner_read, fs::perms::none);
}

// Proves a failure (the target's folder does not exist) throws IoError naming
// the path and the reason, leaves the existing file beside it untouched and
// leaves no temporary file.
TEST_F(WriteFileAtomically, ThrowsAndTouchesNothingWhenTheFolderDoesNotExist) {
    const fs::path existing = dir_ / "sheet.pdf";
    write_plain(existing, "old contents");
    const std::string target = (dir_ / "missing" / "sheet.pdf").string();
    const std::string message =
        thrown_message<IoError>([&] { write_file_atomically(target, "new contents"); });
    EXPECT_EQ(message, "cannot write " + target + ": No such file or directory");
    EXPECT_EQ(read_file(existing), "old contents");
    EXPECT_EQ(entries(dir_), std::vector<std::string>{"sheet.pdf"});
}

// Proves a folder is never replaced by a file: writing to a folder's path
// throws IoError, the folder and its contents stay, and no temporary file
// is left in the parent.
TEST_F(WriteFileAtomically, ThrowsAndTouchesNothingWhenThePathIsAFolder) {
    const fs::path folder = dir_ / "out";
    fs::create_directory(folder);
    write_plain(folder / "keep.txt", "kept");
    const std::string message =
        thrown_message<IoError>([&] { write_file_atomically(folder.string(), "new contents"); });
    EXPECT_EQ(message, "cannot write " + folder.string() + ": Is a directory");
    EXPECT_TRUE(fs::is_directory(folder));
    EXPECT_EQ(read_file(folder / "keep.txt"), "kept");
    EXPECT_EQ(entries(dir_), std::vector<std::string>{"out"});
}

// Proves a path whose folder is a file fails cleanly (no temporary file).
TEST_F(WriteFileAtomically, ThrowsWhenAParentOfThePathIsAFile) {
    const fs::path file = dir_ / "plain.txt";
    write_plain(file, "text");
    const std::string target = (file / "sheet.pdf").string();
    const std::string message =
        thrown_message<IoError>([&] { write_file_atomically(target, "new contents"); });
    EXPECT_EQ(message, "cannot write " + target + ": Not a directory");
    EXPECT_EQ(read_file(file), "text");
    EXPECT_EQ(entries(dir_), std::vector<std::string>{"plain.txt"});
}

// Proves where data is looked for: $HANDOUT_DATA_DIR when set and not empty,
// otherwise (a test binary is not installed) the source tree.
TEST(DataDir, PrefersHandoutDataDirAndFallsBackToTheSourceTree) {
    ::setenv("HANDOUT_DATA_DIR", "/opt/handout-data", 1);
    EXPECT_EQ(data_dir(), "/opt/handout-data");
    ::setenv("HANDOUT_DATA_DIR", "", 1);
    EXPECT_EQ(fs::path(data_dir()), fs::path(HANDOUT_SOURCE_DIR));
    ::unsetenv("HANDOUT_DATA_DIR");
    EXPECT_EQ(fs::path(data_dir()), fs::path(HANDOUT_SOURCE_DIR));
    EXPECT_TRUE(fs::is_directory(fs::path(data_dir()) / "fonts"));
}

// ---------------------------------------------------------------------------
// Pictures

/// A `width` × `height` gray image: a diagonal gradient with a black first row.
std::shared_ptr<const GrayImage> gradient_image(std::uint32_t width, std::uint32_t height) {
    auto image = std::make_shared<GrayImage>();
    image->width = width;
    image->height = height;
    for (std::uint32_t y = 0; y < height; ++y)
        for (std::uint32_t x = 0; x < width; ++x)
            image->pixels.push_back(y == 0 ? 0 : static_cast<std::uint8_t>((x * 255 / width + y * 3) % 256));
    return image;
}

/// Pages that each show `image` at (100, 500), 128 × 64 points, between two
/// text runs (so the painter must close a text object before the picture).
Document picture_document(const std::shared_ptr<const GrayImage>& image, std::size_t pages) {
    Document doc;
    for (std::size_t i = 0; i < pages; ++i) {
        Page page;
        page.items.push_back(text(56, 780, "Look at the picture"));
        page.items.push_back(Picture{100, 500, 128, 64, image});
        page.items.push_back(text(56, 480, "What do you see?"));
        doc.pages.push_back(std::move(page));
    }
    return doc;
}

/// One row of `pdfimages -list`.
struct ListedImage {
    int page = 0;
    std::string type, color, object;
    int width = 0, height = 0, components = 0, bits = 0, x_ppi = 0;
};

/// The images `pdfimages -list` finds in `pdf`, one row per use on a page.
std::vector<ListedImage> listed_images(const std::string& pdf) {
    const CommandResult result = run("pdfimages -list '" + pdf + "'");
    EXPECT_EQ(result.status, 0) << result.output;
    std::vector<ListedImage> images;
    std::istringstream in(result.output);
    std::string line;
    for (int header = 0; header < 2 && std::getline(in, line); ++header) {
    }
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        ListedImage image;
        std::string enc, interp, object_number, generation;
        fields >> image.page >> std::ws;
        std::string num;
        fields >> num >> image.type >> image.width >> image.height >> image.color >> image.components >>
            image.bits >> enc >> interp >> object_number >> generation >> image.x_ppi;
        image.object = object_number + " " + generation;
        images.push_back(image);
    }
    return images;
}

// Proves that a picture on three pages is one gray image object, drawn three
// times at the picture's size, and that the file stays sound and
// deterministic.
TEST_F(PaintPdf, PaintsAPictureOnThreePagesAsOneGrayImageObject) {
    const Document doc = picture_document(gradient_image(64, 32), 3);
    const std::string pdf = paint_to_file(doc);

    const CommandResult check = run("qpdf --check '" + pdf + "'");
    EXPECT_EQ(check.status, 0) << check.output;
    EXPECT_NE(check.output.find("No syntax or stream encoding errors"), std::string::npos) << check.output;
    EXPECT_EQ(check.output.find("WARNING"), std::string::npos) << check.output;

    const std::vector<ListedImage> images = listed_images(pdf);
    ASSERT_EQ(images.size(), 3u);
    for (int i = 0; i < 3; ++i) {
        SCOPED_TRACE("page " + std::to_string(i + 1));
        EXPECT_EQ(images[i].page, i + 1);
        EXPECT_EQ(images[i].type, "image");
        EXPECT_EQ(images[i].width, 64);
        EXPECT_EQ(images[i].height, 32);
        EXPECT_EQ(images[i].color, "gray");
        EXPECT_EQ(images[i].components, 1);
        EXPECT_EQ(images[i].bits, 8);
        EXPECT_EQ(images[i].x_ppi, 36);  // 64 pixels over 128 points, 1.78 inches
        EXPECT_EQ(images[i].object, images[0].object);
    }
    EXPECT_EQ(paint_pdf(doc, fonts()), read_file(pdf));

    const CommandResult text = run("pdftotext '" + pdf + "' -");
    EXPECT_NE(text.output.find("What do you see?"), std::string::npos) << text.output;
}

// Proves the picture's position and size: one `w 0 0 h x y cm` before the
// image is drawn, inside q … Q.
TEST_F(PaintPdf, DrawsAPictureScaledIntoItsRectangle) {
    const std::string pdf = paint_to_file(picture_document(gradient_image(64, 32), 1));
    const std::string qdf = (dir_ / "qdf.pdf").string();
    const CommandResult result = run("qpdf --qdf --object-streams=disable '" + pdf + "' '" + qdf + "'");
    ASSERT_EQ(result.status, 0) << result.output;
    const std::string content = read_file(qdf);
    EXPECT_TRUE(std::regex_search(content, std::regex(R"(q\s+128 0 0 64 100 500 cm\s+/\w+ Do\s+Q)"))) << content;
}

// Proves the pixels arrive unchanged: pdfimages gives back exactly the gray
// values of a decoded sample photo.
TEST_F(PaintPdf, EmbedsTheExactPixelsOfADecodedPhoto) {
    const auto photo = std::make_shared<const GrayImage>(decode_image(HANDOUT_TEST_DATA "/images/photo.jpg"));
    const std::string pdf = paint_to_file(picture_document(photo, 1));
    const std::string prefix = (dir_ / "extracted").string();
    const CommandResult result = run("pdfimages '" + pdf + "' '" + prefix + "'");
    ASSERT_EQ(result.status, 0) << result.output;
    // pdfimages writes gray as RGB PPM: each pixel three equal bytes.
    const std::string ppm = read_file(prefix + "-000.ppm");
    const std::string header = "P6\n240 160\n255\n";
    ASSERT_EQ(ppm.substr(0, header.size()), header) << ::testing::PrintToString(entries(dir_));
    std::string expected;
    for (const std::uint8_t gray : photo->pixels) expected.append(3, static_cast<char>(gray));
    EXPECT_TRUE(ppm.compare(header.size(), std::string::npos, expected) == 0);
}

// Proves the cache is by image, not by content: two equal images are two
// objects, one image shown twice on a page is one.
TEST_F(PaintPdf, LoadsEachImageOnceAndDistinctImagesSeparately) {
    const auto first = gradient_image(10, 10), second = gradient_image(10, 10);
    Document doc;
    Page page;
    page.items.push_back(Picture{50, 50, 20, 20, first});
    page.items.push_back(Picture{80, 50, 20, 20, second});
    page.items.push_back(Picture{110, 50, 40, 40, first});
    doc.pages.push_back(page);
    const std::vector<ListedImage> images = listed_images(paint_to_file(doc));
    ASSERT_EQ(images.size(), 3u);
    EXPECT_NE(images[0].object, images[1].object);
    EXPECT_EQ(images[0].object, images[2].object);
}

TEST_F(PaintPdf, ThrowsForPicturesWithoutAnImageOrWithoutASize) {
    auto paints = [&](const Picture& picture) {
        Document doc;
        doc.pages.push_back(Page{{picture}});
        return thrown_message<PdfError>([&] { paint_pdf(doc, fonts()); });
    };
    EXPECT_EQ(paints(Picture{10, 10, 20, 20, nullptr}), "cannot paint a picture without an image");
    EXPECT_EQ(paints(Picture{10, 10, 0, 20, gradient_image(4, 4)}), "cannot paint a picture of zero or negative size");
    EXPECT_EQ(paints(Picture{10, std::nan(""), 20, 20, gradient_image(4, 4)}),
              "cannot paint a picture with a coordinate that is not a number");
    auto short_image = std::make_shared<GrayImage>(*gradient_image(4, 4));
    short_image->pixels.pop_back();
    EXPECT_EQ(paints(Picture{10, 10, 20, 20, short_image}), "cannot paint a picture of 4x4 pixels from 15 bytes");
}

}  // namespace

// Proves the class-set writer: parts become one PDF that qpdf checks, whose
// pages print what each part's pages print (text in order, front parts
// first), whose fonts are embedded once for all parts, whose bookmarks and
// labels count from each part's place, and whose bytes are the same twice.
TEST_F(PaintPdf, StreamsPartsIntoOnePdfWithFontsOnceAndFrontPartsFirst) {
    auto part = [&](const std::string& word, int pages) {
        Document doc;
        doc.fonts = fonts().files();
        for (int p = 0; p < pages; ++p) {
            Page page;
            page.items.push_back(text(56, 780, word + " " + std::to_string(p + 1)));
            page.items.push_back(text(56, 760, "bold " + word, FontStyle::bold));
            page.items.push_back(Circle{62, 683, 4.5, 0.6, 0});
            doc.pages.push_back(std::move(page));
        }
        doc.bookmarks.push_back({word + " mark", 0});
        doc.labels.push_back({0, word + "-"});
        return doc;
    };
    auto write = [&](const std::string& name) {
        std::string bytes;
        PdfStreamWriter writer([&](std::string_view b) { bytes += b; });
        writer.add(part("alpha", 2));
        writer.add(part("beta", 3));
        writer.add(part("grid", 1), /*front=*/true);
        EXPECT_EQ(writer.finish("Class set Ω"), 6u);
        const fs::path path = dir_ / name;
        write_file_atomically(path.string(), bytes);
        return path.string();
    };
    const std::string pdf = write("a.pdf");
    EXPECT_EQ(read_file(pdf), read_file(write("b.pdf")));
    const auto check = run("qpdf --check '" + pdf + "'");
    EXPECT_EQ(check.status, 0) << check.output;
    EXPECT_EQ(check.output.find("WARNING"), std::string::npos) << check.output;

    const auto text_out = run("pdftotext -layout '" + pdf + "' -");
    ASSERT_EQ(text_out.status, 0);
    std::vector<std::string> order;
    for (const char* word : {"grid 1", "alpha 1", "alpha 2", "beta 1", "beta 2", "beta 3"})
        order.push_back(word);
    std::size_t at = 0;
    for (const auto& word : order) {
        const std::size_t found = text_out.output.find(word, at);
        ASSERT_NE(found, std::string::npos) << word << " in order in\n" << text_out.output;
        at = found;
    }
    const auto fonts_out = run("pdffonts '" + pdf + "'");
    std::size_t embedded = 0;
    for (std::size_t pos = 0; (pos = fonts_out.output.find("CID TrueType", pos)) != std::string::npos; ++pos)
        ++embedded;
    EXPECT_EQ(embedded, 2u) << fonts_out.output;  // regular and bold, once each

    const auto json = run("qpdf --json=2 --json-key=outlines --json-key=pagelabels '" + pdf + "'");
    ASSERT_EQ(json.status, 0);
    for (const char* expected : {"\"title\": \"grid mark\"", "\"destpageposfrom1\": 1", "\"title\": \"alpha mark\"",
                                 "\"destpageposfrom1\": 2", "\"title\": \"beta mark\"", "\"destpageposfrom1\": 4",
                                 "\"/P\": \"u:beta-\"", "\"index\": 3"})
        EXPECT_NE(json.output.find(expected), std::string::npos) << expected << "\n" << json.output;
    EXPECT_NE(run("pdfinfo '" + pdf + "'").output.find("Class set \u03a9"), std::string::npos);
}
