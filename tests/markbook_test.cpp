// From scores to the markbook (issue 28): results in the school's own
// format (the roster's separator, BOM, line ends, decimal separator and
// columns), the roster filled in, the spreadsheet, and the grade-book files
// for Moodle and Canvas. Unit tests on results made by hand, and a class
// marked end to end whose files are read back by Python's csv module and
// openpyxl (independent readers).

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "handout/mark.hpp"
#include "handout/roster.hpp"
#include "handout/render.hpp"
#include "support.hpp"

using namespace handout;
using namespace handout::mark;
using handout::test::run;
using handout::test::slurp;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;
const std::string binary = HANDOUT_BINARY;
const std::string scangen = HANDOUT_SCANGEN;

/// A school office's export: BOM, `;`, CRLF, a blank line, a quoted cell
/// holding the separator, a trailing separator on one row.
const std::string office_roster =
    "\xEF\xBB\xBFNachname;Vorname;Klasse;E-Mail;Geburtsdatum\r\n"
    "Lovelace;Ada;7b;ada@example.org;2013-04-01\r\n"
    "\r\n"
    "\"Turing; jr.\";Alan;7b;alan@example.org;2013-05-02;\r\n"
    "Hopper;Grace;7b;grace@example.org;2013-06-03\r\n";

/// A question scored `points` of `max`.
QuestionResult question(int n, std::optional<double> points, double max, Status status = Status::ok) {
    QuestionResult q;
    q.question = n;
    q.points = points;
    q.max.halves = static_cast<int>(max * 2);
    q.status = status;
    return q;
}

/// Results of the office roster: Ada 2.5 of 3, Alan not scanned, Grace with
/// one answer for a person, and a sheet of nobody on the roster.
Results office_results() {
    Results r;
    auto table = std::make_shared<RosterTable>(roster_table(office_roster));
    table->file = "klasse.csv";
    r.roster = table;
    WorksheetInfo ws;
    ws.id = "forces";
    ws.title = "Kräfte";
    for (int i = 0; i < 2; ++i) {
        QuestionInfo qi;
        qi.type = "numeric";
        qi.max.halves = i == 0 ? 2 : 4;
        ws.questions.push_back(qi);
    }
    r.worksheets.push_back(ws);
    const auto sheet = [](std::string code, int row, std::vector<QuestionResult> qs) {
        SheetResult s;
        s.sheet = std::move(code);
        s.seed = static_cast<std::uint32_t>(row + 1);
        s.worksheet = "forces";
        s.roster_row = row;
        s.name = row == 0 ? "Ada Lovelace" : "Grace Hopper";
        s.max.halves = 6;
        s.questions = std::move(qs);
        for (const auto& q : s.questions) s.points += q.points.value_or(0);
        return s;
    };
    r.sheets.push_back(sheet("W3-A", 0, {question(1, 1, 1), question(2, 1.5, 2)}));
    SheetResult absent;
    absent.scanned = false;
    absent.roster_row = 1;
    absent.sheet = "W3-B";
    absent.seed = 2;
    absent.worksheet = "forces";
    absent.max.halves = 6;
    r.sheets.push_back(absent);
    r.sheets.push_back(sheet("W3-C", 2, {question(1, std::nullopt, 1, Status::unclear), question(2, 2, 2)}));
    SheetResult stranger = sheet("W3-D", -1, {question(1, 0, 1, Status::blank), question(2, 0.5, 2)});
    stranger.name = "0042";
    r.sheets.push_back(stranger);
    return r;
}

}  // namespace

// The roster as written: separator, BOM, CRLF, the decimal comma a `;` file
// implies, the headings with what each column holds, and the student rows
// aligned with parse_roster's students (the blank line skipped).
TEST(RosterTable, KnowsHowTheOfficeWroteTheFile) {
    const RosterTable t = roster_table(office_roster);
    EXPECT_EQ(t.separator, ';');
    EXPECT_TRUE(t.bom);
    EXPECT_EQ(t.line_end, "\r\n");
    EXPECT_TRUE(t.final_line_end);
    EXPECT_EQ(t.decimal, ',');
    EXPECT_EQ(t.header,
              (std::vector<std::string>{"Nachname", "Vorname", "Klasse", "E-Mail", "Geburtsdatum"}));
    EXPECT_EQ(t.columns,
              (std::vector<RosterColumn>{RosterColumn::name, RosterColumn::name, RosterColumn::class_name,
                                         RosterColumn::email, RosterColumn::other}));
    ASSERT_EQ(t.rows.size(), 3u);
    EXPECT_EQ(t.cell(1, 0), "Turing; jr.");
    EXPECT_EQ(t.lines.size(), 5u);
    EXPECT_EQ(t.lines[2].student, -1) << "the blank line";
    EXPECT_EQ(t.lines[3].student, 1);
    Diagnostics diags;
    const auto students = parse_roster(office_roster, "klasse.csv", diags);
    ASSERT_TRUE(students) << diags.format();
    ASSERT_EQ(students->size(), t.rows.size());
    EXPECT_EQ(students->at(1).name, "Alan Turing; jr.");
    // A comma-separated roster keeps the full stop; --name-columns decides the name.
    RosterOptions named;
    named.name_columns = {"Vorname"};
    const RosterTable plain = roster_table("Vorname,Nachname,ID\nAda,Lovelace,17", named);
    EXPECT_EQ(plain.decimal, '.');
    EXPECT_FALSE(plain.final_line_end);
    EXPECT_EQ(plain.columns,
              (std::vector<RosterColumn>{RosterColumn::name, RosterColumn::other, RosterColumn::id}));
}

// results.csv follows the roster: BOM, `;`, CRLF, decimal comma, the name,
// class and e-mail columns in the roster's order, then the scores; a
// student with no sheet keeps their row; a sheet of nobody on the roster
// comes last with its name in the first column.
TEST(SchoolFormat, ResultsFollowTheRoster) {
    const std::string csv = results_csv(office_results());
    EXPECT_EQ(csv,
              "\xEF\xBB\xBFNachname;Vorname;Klasse;E-Mail;sheet;seed;points;max;percent;status;Q1;Q2\r\n"
              "Lovelace;Ada;7b;ada@example.org;W3-A;1;2,5;3;83,33;done;1;1,5\r\n"
              "\"Turing; jr.\";Alan;7b;alan@example.org;W3-B;2;;3;;not scanned;;\r\n"
              "Hopper;Grace;7b;grace@example.org;W3-C;3;?;3;;needs a person;?;2\r\n"
              "0042;;;;W3-D;0;0,5;3;16,67;done;;0,5\r\n");
    // A full stop when asked for.
    Results r = office_results();
    auto table = std::make_shared<RosterTable>(*r.roster);
    table->decimal = '.';
    r.roster = table;
    EXPECT_NE(results_csv(r).find(";2.5;3;83.33;done;1;1.5\r\n"), std::string::npos);
}

// "Fill in my roster": every line of the file as written, in its place
// (the blank line too), the scores added; the trailing separator of Alan's
// row does not shift his scores; he is marked "not scanned".
TEST(SchoolFormat, TheRosterIsFilledInLineByLine) {
    EXPECT_EQ(
        filled_roster(office_results()),
        "\xEF\xBB\xBFNachname;Vorname;Klasse;E-Mail;Geburtsdatum;points;max;percent;status;Q1;Q2;sheet\r\n"
        "Lovelace;Ada;7b;ada@example.org;2013-04-01;2,5;3;83,33;done;1;1,5;W3-A\r\n"
        "\r\n"
        "\"Turing; jr.\";Alan;7b;alan@example.org;2013-05-02;;3;;not scanned;;;W3-B\r\n"
        "Hopper;Grace;7b;grace@example.org;2013-06-03;?;3;;needs a person;?;2;W3-C\r\n");
}

// Moodle: the e-mail column to identify users by, the name columns and one
// grade column named after the worksheet; only decided scores. Canvas: its
// five columns, the Points Possible row, the e-mail as the SIS Login ID and
// the class as the section.
TEST(GradeBooks, MoodleAndCanvasFilesNameEachStudentByTheirId) {
    Diagnostics diags;
    EXPECT_EQ(moodle_csv(office_results(), diags),
              "E-Mail,Nachname,Vorname,Kräfte\n"
              "ada@example.org,Lovelace,Ada,2.5\n");
    EXPECT_EQ(canvas_csv(office_results(), diags),
              "Student,ID,SIS User ID,SIS Login ID,Section,Kräfte\n"
              "    Points Possible,,,,,3\n"
              "Ada Lovelace,,,ada@example.org,7b,2.5\n");
    EXPECT_TRUE(diags.items().empty()) << diags.format();
}

// Without a column to find students by, each grade-book file is a located
// error at the roster's header that says what to add.
TEST(GradeBooks, ARosterWithoutIdsIsALocatedError) {
    Results r = office_results();
    r.roster = std::make_shared<RosterTable>(roster_table("name;class\nAda;7b\n"));
    auto table = std::make_shared<RosterTable>(*r.roster);
    table->file = "7b.csv";
    r.roster = table;
    Diagnostics diags;
    EXPECT_EQ(moodle_csv(r, diags), "");
    EXPECT_EQ(canvas_csv(r, diags), "");
    ASSERT_EQ(diags.items().size(), 2u);
    EXPECT_EQ(diags.items()[0].format().substr(0, 19), "7b.csv:1:1: error: ");
    EXPECT_NE(diags.items()[0].format().find("Email"), std::string::npos);
    EXPECT_NE(diags.items()[1].format().find("SIS User ID"), std::string::npos);
}

// The spreadsheet is the same bytes for the same results.
TEST(SchoolFormat, TheSpreadsheetIsDeterministic) {
    const std::string a = results_xlsx(office_results()), b = results_xlsx(office_results());
    EXPECT_EQ(a.substr(0, 2), "PK");
    EXPECT_EQ(a, b);
}

// The "done when" of issue 28, item 1: a class printed from a roster
// exported as `Nachname;Vorname;Klasse` with BOM and decimal comma, marked
// from its scans; results.csv, the spreadsheet and the filled-in roster read
// back by Python's csv module and openpyxl: every number a number, every row
// aligned with the roster (a student with no scan keeps their row).
TEST(SchoolFormat, AnOfficeRosterRoundTripsThroughAnIndependentReader) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("handout-markbook-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/worksheets/split-the-work.yaml";
    std::ofstream(d + "/klasse.csv", std::ios::binary)
        << "\xEF\xBB\xBFNachname;Vorname;Klasse\r\nLovelace;Ada;7b\r\nTuring;Alan;7b\r\nHopper;Grace;7b\r\n"
           "Noether;Emmy;7b\r\n";
    ASSERT_EQ(run(binary + " batch " + ws + " --roster " + d + "/klasse.csv -o " + d + "/c.pdf").status, 0);
    ASSERT_EQ(run(scangen + " " + d + "/all.pdf --class " + d + "/c.pdf --from " + ws +
                  " --dpi 150 --hard 0 --seed 4 --truth " + d + "/truth.csv")
                  .status,
              0);
    // Alan's sheet (page 2) never comes back.
    ASSERT_EQ(run("qpdf --empty --pages " + d + "/all.pdf 1,3,4 -- " + d + "/scan.pdf").status, 0);
    const std::string mark =
        binary + " mark " + d + "/scan.pdf --from " + ws + " --roster " + d + "/klasse.csv ";
    const auto csv = run(mark + "-o " + d + "/r.csv --filled-roster " + d + "/filled.csv");
    ASSERT_NE(csv.status, 1) << csv.out;
    const auto xlsx = run(mark + "-o " + d + "/r.xlsx");
    ASSERT_NE(xlsx.status, 1) << xlsx.out;
    const std::string results = slurp(d + "/r.csv");
    EXPECT_NE(results.find(";done;"), std::string::npos) << results;
    EXPECT_NE(results.find("Turing;Alan;7b;"), std::string::npos);
    const auto back = run("/usr/bin/python3 " + source_dir + "/tests/markbook_readback.py " + d +
                          "/klasse.csv " + d + "/r.csv " + d + "/r.xlsx " + d + "/filled.csv");
    EXPECT_EQ(back.status, 0) << back.out;
    EXPECT_EQ(back.out, "ok 4 students\n");
    std::filesystem::remove_all(dir);
}

// When the strongest students agree on another option, the review page's
// analysis gives the adjust-file line that accepts it; an adjusted question
// names its entries.
TEST(Analysis, KeyMayBeWrongGivesTheAdjustLine) {
    Results r;
    WorksheetInfo ws;
    ws.id = "quiz";
    ws.title = "Quiz";
    for (int i = 0; i < 2; ++i) {
        QuestionInfo qi;
        qi.type = "choice";
        qi.prompt = "Q" + std::to_string(i + 1);
        qi.options = {"a", "b", "c"};
        qi.correct = {"1"};
        qi.max.halves = i == 0 ? 2 : 10;
        ws.questions.push_back(qi);
    }
    ws.questions[1].adjusted = {"question: 2, points: 5"};
    r.worksheets.push_back(ws);
    for (int k = 0; k < 8; ++k) {
        const bool strong = k < 4;
        SheetResult s;
        s.sheet = "W3-" + std::to_string(k);
        s.worksheet = "quiz";
        s.max.halves = 12;
        QuestionResult q1 = question(1, strong ? 0 : 1, 1), q2 = question(2, strong ? 5 : 0, 5);
        q1.chosen = {strong ? "2" : "1"};
        q2.chosen = {strong ? "1" : "3"};
        s.points = *q1.points + *q2.points;
        s.questions = {q1, q2};
        r.sheets.push_back(s);
    }
    const std::string html = review_html(r);
    EXPECT_NE(
        html.find("key may be wrong: most of the strongest students chose option 2. To accept it, add to the "
                  "adjust file (--adjust): - {question: 1, accept: 2}"),
        std::string::npos);
    EXPECT_NE(html.find("adjusted: question: 2, points: 5"), std::string::npos);
}

// The analysis page's figures against a hand computation on a class of 8:
// four strong students (5 points) chose option 2 of Q1 (the key is 1) and
// got Q2 (worth 5) right; four weak ones the other way round. Hand: Q1 and
// Q2 each 50 % right; upper and lower groups of 2 (27 % of 8, at least 2):
// Q1 0 − 1 = −1.00, Q2 1 − 0 = +1.00; totals four 5s and four 1s: mean 3,
// median 3; options of Q1 chosen 4, 4, 0.
TEST(Analysis, ThePageShowsWhatAHandComputationGives) {
    Diagnostics diags;
    auto prepared = prepare(source_dir + "/worksheets/split-the-work.yaml", "", source_dir, diags);
    ASSERT_TRUE(prepared) << diags.format();
    Results r;
    WorksheetInfo ws;
    ws.id = "quiz";
    ws.title = "Quiz";
    ws.prepared = std::make_shared<const Prepared>(std::move(*prepared));
    for (int i = 0; i < 2; ++i) {
        QuestionInfo qi;
        qi.type = "choice";
        qi.options = {"a", "b", "c"};
        qi.correct = {"1"};
        qi.max.halves = i == 0 ? 2 : 10;
        ws.questions.push_back(qi);
    }
    r.worksheets.push_back(ws);
    for (int k = 0; k < 8; ++k) {
        const bool strong = k % 2 == 0;  // interleaved: the page sorts them
        SheetResult s;
        s.sheet = "W3-" + std::to_string(k);
        s.worksheet = "quiz";
        QuestionResult q1 = question(1, strong ? 0 : 1, 1), q2 = question(2, strong ? 5 : 0, 5);
        q1.chosen = {strong ? "2" : "1"};
        q2.chosen = {strong ? "1" : "3"};
        s.points = *q1.points + *q2.points;
        s.questions = {q1, q2};
        r.sheets.push_back(s);
    }
    const std::string pdf = analysis_pdf(r);
    ASSERT_EQ(pdf.substr(0, 5), "%PDF-");
    const auto dir =
        std::filesystem::temp_directory_path() / ("handout-analysis-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "a.pdf", std::ios::binary) << pdf;
    const std::string text = run("pdftotext -layout " + (dir / "a.pdf").string() + " -").out;
    EXPECT_NE(text.find("8 sheets fully marked · mean 3 · median 3 · lowest 1 · highest 5 · of 6"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("-1.00"), std::string::npos) << text;
    EXPECT_NE(text.find("+1.00"), std::string::npos) << text;
    std::size_t fifty = 0;
    for (std::size_t at = 0; (at = text.find("50 %", at)) != std::string::npos; ++at) ++fifty;
    EXPECT_EQ(fifty, 2u) << text;
    const std::string info = run("pdfinfo " + (dir / "a.pdf").string()).out;
    EXPECT_NE(info.find("Pages:           1\n"), std::string::npos) << info;
    std::filesystem::remove_all(dir);
}
