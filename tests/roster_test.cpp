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
    Diagnostics diags;
    const auto students = parse_roster("name\nAlex Kim\nAlex Kim\n", "class.csv", diags);
    ASSERT_TRUE(students.has_value()) << diags.format();
    EXPECT_EQ(names(*students), (std::vector<std::string>{"Alex Kim", "Alex Kim"}));
    EXPECT_EQ(seeds(*students), (std::vector<std::uint32_t>{1, 2}));
    EXPECT_FALSE(diags.has_errors());
    EXPECT_EQ(diags.items().size(), 1u) << diags.format();  // the warning: TheSameNameTwiceIsAWarningNamingBothRows
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

// Proves the headings school offices export, in several languages: first
// and last name columns join into the name (in first-last order whatever
// the columns' order), an ambiguous word ("Name" beside "Vorname", "Nombre"
// beside "Apellidos") is the other part, and the class column in its local
// spelling is read.
TEST(Roster, ReadsFirstAndLastNameColumnsAndClassColumnsInSeveralLanguages) {
    const auto check = [](const std::string& csv, const std::string& name, const std::string& class_name) {
        SCOPED_TRACE(csv);
        const auto students = parse_ok(csv);
        ASSERT_EQ(students.size(), 1u);
        EXPECT_EQ(students[0].name, name);
        EXPECT_EQ(students[0].class_name, class_name);
    };
    check("First name,Last name,Class\nAda,Lovelace,7B\n", "Ada Lovelace", "7B");
    check("Surname,Forename,Form\nLovelace,Ada,7B\n", "Ada Lovelace", "7B");
    check("Nachname;Vorname;Klasse\nMüller;Jörg;7b\n", "Jörg Müller", "7b");
    check("Name;Vorname;Klasse\nMüller;Jörg;7b\n", "Jörg Müller", "7b");
    check("NOM;PRÉNOM;CLASSE\nDurand;Élodie;5e2\n", "Élodie Durand", "5e2");
    check("Nombre,Apellidos,Clase\nLucía,García López,2ºB\n", "Lucía García López", "2ºB");
    check("Cognome,Nome,Classe\nRossi,Giulia,3A\n", "Giulia Rossi", "3A");
    check("Nome,Sobrenome,Turma\nJoão,Silva,8A\n", "João Silva", "8A");
    check("Voornaam,Achternaam,Klas\nSanne,de Vries,2b\n", "Sanne de Vries", "2b");
    check("Imię,Nazwisko,Klasa\nŁucja,Żak,7a\n", "Łucja Żak", "7a");
    check("Фамилия,Имя,Класс\nИванова,Анна,7Б\n", "Анна Иванова", "7Б");
    check("Επώνυμο,Όνομα,Τμήμα\nΠαπαδοπούλου,Ελένη,Α1\n", "Ελένη Παπαδοπούλου", "Α1");
    // A lone ambiguous word, or a full-name column, is the whole name.
    check("Nom,Groupe\nÉlodie Durand,5e2\n", "Élodie Durand", "5e2");
    check("Student,Group\nAda Lovelace,7B\n", "Ada Lovelace", "7B");
    check("Schüler,Klasse\nJörg Müller,7b\n", "Jörg Müller", "7b");
    // Only a first name (a primary class).
    check("First name\nAda\n", "Ada", "");
}

// Proves that columns handout does not read (a date of birth, a second class
// column) are left alone with one warning at the first of them naming them
// all, and the roster reads; an id or e-mail column is not among them (mark's
// results and grade-book files repeat it).
TEST(Roster, LeavesOtherColumnsAloneWithOneNote) {
    Diagnostics diags;
    const auto students = parse_roster("ID,Vorname,Nachname,E-Mail,Klasse,Form,Geburtsdatum\n"
                                       "17,Jörg,Müller,j@example.org,7b,T3,2013-04-01\n",
                                       "class.csv", diags);
    ASSERT_TRUE(students.has_value()) << diags.format();
    EXPECT_EQ(students->at(0).name, "Jörg Müller");
    EXPECT_EQ(students->at(0).class_name, "7b");
    ASSERT_EQ(diags.items().size(), 1u) << diags.format();
    const Diagnostic& note = diags.items()[0];
    EXPECT_EQ(note.severity, Severity::warning);
    EXPECT_EQ(note.loc.line, 1);
    EXPECT_EQ(note.loc.column, 35);
    EXPECT_EQ(note.message, "column(s) not read: 'Form', 'Geburtsdatum'");
    // A second page-style column is left alone too: the first one is read.
    Diagnostics again;
    const auto styled = parse_roster("name,style,needs\nAnn,large,dyslexia\n", "class.csv", again);
    ASSERT_TRUE(styled.has_value());
    EXPECT_EQ(styled->at(0).style, "modified-large-print");
    EXPECT_EQ(again.items().size(), 1u);
}

// Proves --name-columns: the chosen columns join in the order given (any
// case and spacing of the headings), whatever the headings would suggest;
// a heading the header lacks is a located error with a did-you-mean.
TEST(Roster, NameColumnsChoosesTheColumnsOfTheName) {
    RosterOptions options;
    options.name_columns = {"rufname", "FAMILY NAME"};
    Diagnostics diags;
    const auto students =
        parse_roster("Name,Rufname,Family name,Klasse\nAda Augusta King,Ada,Lovelace,7B\n", "class.csv", diags, options);
    ASSERT_TRUE(students.has_value()) << diags.format();
    EXPECT_EQ(students->at(0).name, "Ada Lovelace");
    options.name_columns = {"Rufnme"};
    Diagnostics bad;
    EXPECT_FALSE(parse_roster("Name,Rufname\nAda King,Ada\n", "class.csv", bad, options).has_value());
    ASSERT_TRUE(bad.has_errors());
    EXPECT_NE(bad.format().find("class.csv:1:1: error: the header row has no column 'Rufnme' (--name-columns) "
                                "(did you mean 'rufname'?)"),
              std::string::npos)
        << bad.format();
}

// Proves that a copy-paste from a spreadsheet (tab-separated, names with
// commas unquoted) reads, and that a tab stays a blank in a comma file.
TEST(Roster, ReadsTabSeparatedCopyPaste) {
    const auto students = parse_ok("Name\tClass\tSeed\nSmith, Ann\t7B\t4\nBob Ray\t7C\t\n");
    ASSERT_EQ(students.size(), 2u) << "";
    EXPECT_EQ(students[0].name, "Smith, Ann");
    EXPECT_EQ(students[0].seed, 4u);
    EXPECT_EQ(names(parse_ok("\"Name\"\t\"Class\"\n\"Ann\"\t7B\n")), (std::vector<std::string>{"Ann"}));
    EXPECT_EQ(names(parse_ok("name,class\n\tAnn ,7B\n")), (std::vector<std::string>{"Ann"}));
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

// Proves two students of the same name (issue 32) are warned about at the
// later one's name cell, naming both lines, and are still kept apart: each
// has their own row and seed. The same name in another class is no warning.
TEST(Roster, TheSameNameTwiceIsAWarningNamingBothRows) {
    Diagnostics diags;
    const auto students = parse_roster("name,class\nSam Lee,7b\nAda Ng,7b\nSam Lee,7b\nSam Lee,7c\n", "class.csv", diags);
    ASSERT_TRUE(students.has_value()) << diags.format();
    ASSERT_EQ(students->size(), 4u);
    EXPECT_EQ((*students)[0].name, (*students)[2].name);
    EXPECT_NE((*students)[0].seed, (*students)[2].seed);
    ASSERT_EQ(diags.items().size(), 1u) << diags.format();
    const Diagnostic& d = diags.items()[0];
    EXPECT_EQ(d.severity, Severity::warning);
    EXPECT_EQ(d.loc.line, 4);
    EXPECT_EQ(d.loc.column, 1);
    EXPECT_NE(d.message.find("'Sam Lee' on line 4 has the same name as line 2"), std::string::npos) << d.message;
}

// Proves item 10 of issue 33: rosters that lost names before: a `Prénom`
// heading written with a combining accent (NFD, as macOS writes file
// contents copied from names), Spanish two-surname columns, the Dutch
// particle column, and Greek headings in capitals without accents.
TEST(Roster, ReadsNfdSpanishDutchAndGreekCapitalHeadings) {
    EXPECT_EQ(names(parse_ok("Pre\xcc\x81"
                             "nom,Nom\nLe\xcc\x81"
                             "a,Martin\n")),
              std::vector<std::string>{"Le\xcc\x81"
                                       "a Martin"});
    EXPECT_EQ(names(parse_ok("Nombre,Primer apellido,Segundo apellido\nAna,García,López\nLuis,Pérez,\n")),
              (std::vector<std::string>{"Ana García López", "Luis Pérez"}));
    EXPECT_EQ(names(parse_ok("Voornaam;Tussenvoegsel;Achternaam\nJan;van der;Berg\nEva;;Jansen\n")),
              (std::vector<std::string>{"Jan van der Berg", "Eva Jansen"}));
    EXPECT_EQ(names(parse_ok("ΟΝΟΜΑ,ΕΠΩΝΥΜΟ,ΤΜΗΜΑ\nΜαρία,Παπαδοπούλου,Α1\n")),
              std::vector<std::string>{"Μαρία Παπαδοπούλου"});
    EXPECT_EQ(names(parse_ok("ΟΝΟΜΑΤΕΠΩΝΥΜΟ\nΝίκος Ιωάννου\n")), std::vector<std::string>{"Νίκος Ιωάννου"});
}
