// Tests of the roster reader: class lists exported from spreadsheets (comma
// or semicolon, BOM, CRLF, quoting), seed pinning and assignment, and every
// error located. Bad rosters live in tests/data/bad-rosters/, each `x.csv`
// with an `x.expect` listing its diagnostics as `LINE:COL substring`.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "corpus.hpp"
#include "handout/io.hpp"
#include "handout/load.hpp"
#include "handout/roster.hpp"

namespace fs = std::filesystem;
using namespace handout;

namespace {

/// Parses `csv` and fails the test, showing the diagnostics, when it has errors.
std::vector<Student> parse_ok(const std::string& csv) {
    Diagnostics diags;
    auto students = parse_roster(csv, "class.csv", diags);
    EXPECT_TRUE(students.has_value()) << diags.format();
    EXPECT_TRUE(diags.items().empty()) << diags.format();
    return students ? *students : std::vector<Student>{};
}

/// The names of `students`, in order.
std::vector<std::string> names(const std::vector<Student>& students) {
    std::vector<std::string> out;
    for (const auto& s : students) out.push_back(s.name);
    return out;
}

/// The seeds of `students`, in order.
std::vector<std::uint32_t> seeds(const std::vector<Student>& students) {
    std::vector<std::uint32_t> out;
    for (const auto& s : students) out.push_back(s.seed);
    return out;
}

}  // namespace

// ---------------------------------------------------------------------------
// Good rosters
// ---------------------------------------------------------------------------

// Proves the plain case: a comma-separated roster gives one student per row,
// in order, with the class column, each row located, and seeds 1, 2, 3.
TEST(Roster, ReadsACommaSeparatedRosterWithAClassColumn) {
    const auto students = parse_ok("name,class\nAnn Lee,7B\nBob Ray,7C\nCid,7B\n");
    ASSERT_EQ(students.size(), 3u);
    EXPECT_EQ(names(students), (std::vector<std::string>{"Ann Lee", "Bob Ray", "Cid"}));
    EXPECT_EQ(students[0].class_name, "7B");
    EXPECT_EQ(students[1].class_name, "7C");
    EXPECT_EQ(seeds(students), (std::vector<std::uint32_t>{1, 2, 3}));
    EXPECT_EQ(students[1].loc.file, "class.csv");
    EXPECT_EQ(students[1].loc.line, 3);
    EXPECT_EQ(students[1].loc.column, 1);
}

// Proves the optional `style` column (or `needs`): a need reads as the page
// style that meets it (`large` as modified-large-print, `Dyslexia` as
// dyslexia), a page style's name is kept as written in lower case, and an
// empty cell, `standard` or a missing cell keep the class's style ("").
TEST(Roster, ReadsEachStudentsPageStyleFromAStyleOrNeedsColumn) {
    const auto students = parse_ok("name,needs\nAnn,large\nBob,Dyslexia\nCid,\nDan,standard\nEve,Large Print\n"
                                   "Fay,compact\nGus\n");
    ASSERT_EQ(students.size(), 7u);
    std::vector<std::string> styles;
    for (const auto& s : students) styles.push_back(s.style);
    EXPECT_EQ(styles, (std::vector<std::string>{"modified-large-print", "dyslexia", "", "", "large-print", "compact",
                                                ""}));
    EXPECT_EQ(students[1].style_loc.line, 3);
    EXPECT_EQ(students[1].style_loc.column, 5);
    EXPECT_EQ(parse_ok("Name,Style\nAnn,large\n").at(0).style, "modified-large-print");
}

// Proves that a spreadsheet export (BOM, `;`, CRLF, blank and `;;` rows,
// names padded with spaces) reads like a clean file, lines counted right.
TEST(Roster, ReadsASemicolonExportWithBomAndCrlf) {
    const auto students =
        parse_ok("\xEF\xBB\xBFname;class;seed\r\nAnn;7B;\r\n\r\n;;\r\n  Zoë Ünal  ;7C;\r\n");
    ASSERT_EQ(students.size(), 2u);
    EXPECT_EQ(names(students), (std::vector<std::string>{"Ann", "Zoë Ünal"}));
    EXPECT_EQ(students[1].class_name, "7C");
    EXPECT_EQ(students[1].loc.line, 5);
    EXPECT_EQ(students[1].loc.column, 3);
    EXPECT_EQ(seeds(students), (std::vector<std::uint32_t>{1, 2}));
}

// Proves RFC 4180 quoting: separators inside quotes, `""` as a quote, and
// spaces around a quoted cell (the cell is located at its opening quote).
TEST(Roster, ReadsQuotedCellsWithSeparatorsAndDoubledQuotes) {
    const auto students = parse_ok(
        "name,class\n\"Smith, Ann\",7B\n \"Ann \"\"Nan\"\" Lee\" ,\"7;B\"\n"
        "\"Cid\"\n");
    ASSERT_EQ(students.size(), 3u);
    EXPECT_EQ(students[0].name, "Smith, Ann");
    EXPECT_EQ(students[1].name, "Ann \"Nan\" Lee");
    EXPECT_EQ(students[1].loc.column, 2);
    EXPECT_EQ(students[1].class_name, "7;B");
    EXPECT_EQ(students[2].name, "Cid");
}

// Proves seed rules: pinned seeds are kept (0 and the largest included),
// and the others get the smallest free seeds from 1 up, in row order.
TEST(Roster, AssignsTheSmallestFreeSeedsAroundPinnedOnes) {
    const auto students = parse_ok(
        "name,seed\nAnn,\nBob,2\nCid\nDan, 4 \nEve,0\nFay,\nGus,4294967295\nHal,\n");
    EXPECT_EQ(seeds(students),
              (std::vector<std::uint32_t>{1, 2, 3, 4, 0, 5, 4294967295u, 6}));
}

// Proves that rows may leave out trailing optional cells, may end with an
// empty extra cell, and that column names ignore case and surrounding spaces.
TEST(Roster, AcceptsShortRowsTrailingSeparatorsAndCapitalisedHeadings) {
    const auto students = parse_ok("Name , Class,SEED\nAnn\nBob,7B\nCid,7C,9,\n");
    ASSERT_EQ(students.size(), 3u);
    EXPECT_EQ(students[0].class_name, "");
    EXPECT_EQ(students[1].class_name, "7B");
    EXPECT_EQ(seeds(students), (std::vector<std::uint32_t>{1, 2, 9}));
}

// Proves that two students with the same name (twins) are both kept, with
// distinct seeds and no diagnostic.
TEST(Roster, KeepsTwoStudentsWithTheSameName) {
    const auto students = parse_ok("name\nAlex Kim\nAlex Kim\n");
    EXPECT_EQ(names(students), (std::vector<std::string>{"Alex Kim", "Alex Kim"}));
    EXPECT_EQ(seeds(students), (std::vector<std::uint32_t>{1, 2}));
}

// Proves that a single-column file without a final line break, and old Mac
// line endings (lone CR), both read.
TEST(Roster, ReadsAFileWithoutAFinalLineBreakOrWithLoneCarriageReturns) {
    EXPECT_EQ(names(parse_ok("name\nAnn\nBob")), (std::vector<std::string>{"Ann", "Bob"}));
    const auto students = parse_ok("name,seed\rAnn,5\rBob\r");
    EXPECT_EQ(names(students), (std::vector<std::string>{"Ann", "Bob"}));
    EXPECT_EQ(students[1].loc.line, 3);
    EXPECT_EQ(seeds(students), (std::vector<std::uint32_t>{5, 1}));
}

// ---------------------------------------------------------------------------
// Bad rosters
// ---------------------------------------------------------------------------

// Proves, for every file of tests/data/bad-rosters, that the reader reports
// exactly the errors its `.expect` file lists (location and message), no
// other, each with a hint and the file name, and returns no students.
TEST(BadRosters, ReportExactlyTheErrorsListedInTheirExpectFiles) {
    const auto files = test::corpus_files(fs::path(HANDOUT_TEST_DATA) / "bad-rosters", ".csv");
    ASSERT_GE(files.size(), 12u);

    for (const auto& path : files) {
        SCOPED_TRACE(path.filename().string());
        fs::path expect_path = path;
        expect_path.replace_extension(".expect");
        const auto expected = test::expectations_in_lines(read_file(expect_path.string()));
        ASSERT_FALSE(expected.empty()) << "no expectations in " << expect_path;

        Diagnostics diags;
        std::optional<std::vector<Student>> students;
        ASSERT_NO_THROW(students = load_roster(path.string(), diags));
        EXPECT_FALSE(students.has_value());
        test::expect_exactly(diags, expected, path.string());
    }
}

// Proves that the empty-roster error's hint names the `name` column the
// teacher must add, and that the diagnostic formats as FILE:1:1.
TEST(BadRosters, AnEmptyFileHasNoHeaderRowAndItsHintNamesTheNameColumn) {
    Diagnostics diags;
    EXPECT_FALSE(parse_roster("", "class.csv", diags).has_value());
    ASSERT_EQ(diags.items().size(), 1u);
    EXPECT_NE(diags.items()[0].hint.find("'name'"), std::string::npos);
    EXPECT_EQ(diags.items()[0].format().rfind("class.csv:1:1: error: the roster has no header row",
                                              0),
              0u);
}

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

// Proves that load_roster reads a file from disk and names it in locations.
TEST(LoadRoster, ReadsARosterFileAndLocatesItsRows) {
    const fs::path path = fs::temp_directory_path() / "handout-roster-test.csv";
    {
        std::ofstream out(path, std::ios::binary);
        out << "name;class\r\nAnn;7B\r\n";
    }
    Diagnostics diags;
    const auto students = load_roster(path.string(), diags);
    fs::remove(path);
    ASSERT_TRUE(students.has_value()) << diags.format();
    ASSERT_EQ(students->size(), 1u);
    EXPECT_EQ((*students)[0].loc.file, path.string());
    EXPECT_EQ((*students)[0].loc.line, 2);
}

// Proves that a missing roster file is an IoError, not a diagnostic.
TEST(LoadRoster, ThrowsIoErrorWhenTheFileIsMissing) {
    Diagnostics diags;
    EXPECT_THROW(load_roster("/nonexistent/handout/class.csv", diags), IoError);
    EXPECT_TRUE(diags.items().empty());
}
