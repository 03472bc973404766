// `handout mark --adjust` (issue 28, item 3): the adjust file's located
// errors, and a 30-student class rescored by an adjust file that voids a
// question, accepts a second answer on another, changes a key and a
// question's points and gives one student a bonus; every score compared with
// a hand computation from scangen's truth (which bubbles were filled), made
// here without the marking code.

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "handout/adjust.hpp"
#include "handout/render.hpp"
#include "handout/roster.hpp"
#include "handout/variant.hpp"
#include "support.hpp"

using namespace handout;
using handout::test::read_csv;
using handout::test::run;
using handout::test::slurp;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;
const std::string binary = HANDOUT_BINARY;
const std::string scangen = HANDOUT_SCANGEN;

/// The first diagnostic of parsing `text`, formatted.
std::string first_error(const std::string& text) {
    Diagnostics diags;
    EXPECT_FALSE(parse_adjustments(text, "adjust.yaml", diags)) << text;
    return diags.items().empty() ? std::string() : diags.items().front().format();
}

}  // namespace

// Each entry reads into its action; a list of option numbers for multi.
TEST(AdjustFile, ReadsEveryAction) {
    Diagnostics diags;
    const auto list = parse_adjustments(
        "- question: 3\n  void: reduce\n"
        "- {question: 4, void: full}\n"
        "- {question: 2, accept: 3}\n"
        "- {question: 5, accept: [1, 3], worksheet: quiz}\n"
        "- {question: 7, key: true}\n"
        "- {question: 6, points: 1.5}\n"
        "- {bonus: 0.5, sheet: W3-A}\n",
        "adjust.yaml", diags);
    ASSERT_TRUE(list) << diags.format();
    ASSERT_EQ(list->size(), 7u);
    using A = Adjustment::Action;
    EXPECT_EQ((*list)[0].action, A::void_reduce);
    EXPECT_EQ((*list)[0].loc.line, 1);
    EXPECT_EQ((*list)[1].action, A::void_full);
    EXPECT_EQ((*list)[2].answer, std::vector<std::string>{"3"});
    EXPECT_EQ((*list)[3].answer, (std::vector<std::string>{"1", "3"}));
    EXPECT_EQ((*list)[3].worksheet, "quiz");
    EXPECT_EQ((*list)[4].answer, std::vector<std::string>{"T"});
    EXPECT_EQ((*list)[5].points.halves, 3);
    EXPECT_EQ((*list)[6].action, A::bonus);
    EXPECT_EQ((*list)[6].sheet, "W3-A");
    EXPECT_EQ((*list)[2].text, "question: 2, accept: 3");
    EXPECT_EQ(accept_line(2, "3"), "- {question: 2, accept: 3}");
}

// Bad entries are errors at FILE:LINE:COL with what to write instead.
TEST(AdjustFile, BadEntriesAreLocatedErrors) {
    EXPECT_EQ(first_error("- question: 3\n  void: maybe\n").substr(0, 35),
              "adjust.yaml:2:9: error: 'void' is r");
    EXPECT_EQ(first_error("- question: three\n  void: full\n").substr(0, 41),
              "adjust.yaml:1:13: error: 'question' must ");
    EXPECT_EQ(first_error("- question: 3\n").substr(0, 50),
              "adjust.yaml:1:3: error: this adjustment has no act");
    EXPECT_EQ(first_error("- {question: 3, void: full, key: 2}\n").substr(0, 45),
              "adjust.yaml:1:29: error: one action per entry");
    EXPECT_EQ(first_error("- {question: 3, points: 0.3}\n").substr(0, 42),
              "adjust.yaml:1:25: error: 'points' must be ");
    Diagnostics typo;
    EXPECT_FALSE(parse_adjustments("- {question: 3, acept: 2}\n", "adjust.yaml", typo));
    EXPECT_NE(typo.format().find("adjust.yaml:1:17: error: "), std::string::npos) << typo.format();
    EXPECT_NE(typo.format().find("accept"), std::string::npos) << "did you mean";
    EXPECT_EQ(first_error("question: 3\n").substr(0, 50),
              "adjust.yaml:1:1: error: an adjust file is a list o");
    EXPECT_EQ(first_error("- {question: 3, void: [full}\n").substr(0, 12), "adjust.yaml:");
}

// Run on a class: an answer that does not fit its question (option 5 of a
// three-option question, a key on true/false that is not T or F), a
// question past the worksheet's, are located errors; nothing is written.
// Then the 30-student class rescored, every total checked by hand.
TEST(AdjustClass, ThirtyStudentsRescoredAsByHand) {
    const auto dir = std::filesystem::temp_directory_path() / ("handout-adjust-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/worksheets/split-the-work.yaml";
    {
        std::ofstream roster(d + "/class.csv");
        roster << "name\n";
        for (int i = 1; i <= 30; ++i) roster << "Student " << i << "\n";
    }
    ASSERT_EQ(run(binary + " batch " + ws + " --roster " + d + "/class.csv -o " + d + "/c.pdf").status, 0);
    ASSERT_EQ(run(scangen + " " + d + "/scan.pdf --class " + d + "/c.pdf --from " + ws +
                  " --dpi 150 --hard 0 --seed 11 --truth " + d + "/truth.csv")
                  .status,
              0);
    const std::string mark = binary + " mark " + d + "/scan.pdf --from " + ws + " --roster " + d +
                             "/class.csv -o " + d + "/r.csv --slips " + d + "/slips.pdf --reads " + d +
                             "/class.reads";

    std::ofstream(d + "/bad.yaml") << "- {question: 2, accept: 5}\n- {question: 9, void: full}\n";
    const auto bad = run(mark + " --adjust " + d + "/bad.yaml");
    EXPECT_EQ(bad.status, 1) << bad.out;
    EXPECT_NE(
        bad.out.find(
            "bad.yaml:1:25: error: question 2 is choice: a choice question's answer is one option number "
            "from 1 to 3"),
        std::string::npos)
        << bad.out;
    EXPECT_NE(bad.out.find("bad.yaml:2:3: error: worksheet 'split-the-work' has no question 9"),
              std::string::npos)
        << bad.out;
    EXPECT_FALSE(std::filesystem::exists(d + "/r.csv"));

    // Q1 void (max reduced), Q2 also option 3, Q7 (true/false, key false) now
    // true, Q5 worth 2, and half a mark for student 5.
    std::ofstream(d + "/adjust.yaml") << "- {question: 1, void: reduce}\n- {question: 2, accept: 3}\n"
                                         "- {question: 7, key: T}\n- {question: 5, points: 2}\n"
                                         "- {bonus: 0.5, sheet: SHEET5}\n";
    const auto first = read_csv(slurp(d + "/class.csv"));  // (the roster: 30 rows)
    ASSERT_EQ(first.size(), 30u);
    const auto plain = run(mark);
    ASSERT_NE(plain.status, 1) << plain.out;
    EXPECT_EQ(plain.out.find("no scan read again"), std::string::npos) << "the first run reads the scans";
    const std::string results = slurp(d + "/r.csv"), slips_before = slurp(d + "/slips.pdf");
    const auto before = read_csv(results);
    ASSERT_EQ(before.size(), 30u);
    {
        std::string text = slurp(d + "/adjust.yaml");
        text.replace(text.find("SHEET5"), 6, before[4].at("sheet"));
        std::ofstream(d + "/adjust.yaml") << text;
    }
    const auto adjusted = run(mark + " --adjust " + d + "/adjust.yaml");
    ASSERT_NE(adjusted.status, 1) << adjusted.out;
    // Rescored from the pages as read: the scans are not read again.
    EXPECT_NE(adjusted.out.find("the pages as read come from " + d + "/class.reads (no scan read again)"),
              std::string::npos)
        << adjusted.out;
    const auto after = read_csv(slurp(d + "/r.csv"));
    ASSERT_EQ(after.size(), 30u);

    // The hand computation: the filled bubbles of each question, through the
    // sheet's shuffle back to the worksheet's options.
    Diagnostics diags;
    const auto prepared = prepare(ws, "", source_dir, diags);
    ASSERT_TRUE(prepared) << diags.format();
    std::map<std::pair<std::string, int>, std::vector<std::string>>
        filled;  // (sheet, question) → printed values
    for (const auto& t : read_csv(slurp(d + "/truth.csv")))
        if (t.at("expected") == "filled")
            filled[{t.at("sheet"), std::stoi(t.at("question"))}].push_back(t.at("value"));
    std::size_t checked = 0;
    for (std::size_t i = 0; i < after.size(); ++i) {
        const auto& row = after[i];
        const Variant v =
            make_variant(prepared->worksheet, static_cast<std::uint32_t>(std::stoul(row.at("seed"))));
        double expected = i == 4 ? 0.5 : 0, max = 0;
        bool decided = true;
        for (const auto& section : v.sections)
            for (const auto& q : section.questions) {
                const int n = q.source_index;
                const double worth = n == 1 ? 0 : n == 5 ? 2 : 1;
                max += worth;
                const auto& marks = filled[{row.at("sheet"), n}];
                if (marks.size() > 1) decided = false;
                if (marks.size() != 1 || n == 1) continue;
                bool right = false;
                if (const auto* tf = std::get_if<TrueFalse>(&q.source->body)) {
                    (void)tf;
                    right = marks[0] == "T";  // the new key
                } else {
                    const std::size_t option =
                        q.option_order()[static_cast<std::size_t>(marks[0][0] - 'A')] + 1;
                    const std::size_t key = std::get<Choice>(q.source->body).answer + 1;
                    right = option == key || (n == 2 && option == 3);
                }
                expected += right ? worth : 0;
            }
        EXPECT_EQ(row.at("max"), "8") << i;
        EXPECT_DOUBLE_EQ(max, 8);
        if (!decided) {
            EXPECT_EQ(row.at("points"), "?") << row.at("sheet");
            continue;
        }
        ++checked;
        EXPECT_DOUBLE_EQ(std::stod(row.at("points")), expected)
            << row.at("sheet") << " before: " << before[i].at("points");
    }
    EXPECT_GE(checked, 25u) << "most sheets have every answer decided";
    // The adjustments changed something to check: option 3 of Q2 earned a
    // mark it did not before, and Q7's key turned.
    std::size_t accepted = 0, turned = 0;
    for (std::size_t i = 0; i < after.size(); ++i) {
        accepted += before[i].at("Q2") == "" || before[i].at("Q2") == "0" ? after[i].at("Q2") == "1" : 0;
        turned += before[i].at("Q7") != after[i].at("Q7") ? 1 : 0;
    }
    EXPECT_GE(accepted, 3u);
    EXPECT_GE(turned, 20u);
    // The slips name the adjusted items; the sheets were not touched.
    const std::string slips = run("pdftotext -layout " + d + "/slips.pdf -").out;
    EXPECT_NE(slips.find("Adjusted: question: 1, void: reduce"), std::string::npos);
    EXPECT_NE(slips.find("Adjusted: question: 2, accept: 3"), std::string::npos);
    EXPECT_NE(slips.find("(bonus 0.5)"), std::string::npos);
    // Without the adjust file, from the reads file: the first run's bytes.
    const std::string adjusted_results = slurp(d + "/r.csv");
    ASSERT_NE(run(mark).status, 1);
    EXPECT_EQ(slurp(d + "/r.csv"), results);
    EXPECT_EQ(slurp(d + "/slips.pdf"), slips_before);
    EXPECT_NE(adjusted_results, results);
    std::filesystem::remove_all(dir);
}

// Scans added later (issue 28, item 4): with --reads, a second run given only
// the pages scanned since merges them into the same results (the same bytes
// as marking the whole pile at once); a page scanned again in a later run
// replaces the first reading of it, as that scan alone reads it.
TEST(AddScansLater, LaterScansMergeAndARescanReplaces) {
    const auto dir = std::filesystem::temp_directory_path() / ("handout-later-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/worksheets/split-the-work.yaml";
    std::ofstream(d + "/class.csv") << "name\nAda\nAlan\nGrace\nEmmy\nKurt\nMarie\n";
    ASSERT_EQ(run(binary + " batch " + ws + " --roster " + d + "/class.csv -o " + d + "/c.pdf").status, 0);
    for (const char* seed : {"3", "8"})
        ASSERT_EQ(run(scangen + " " + d + "/pile" + seed + ".pdf --class " + d + "/c.pdf --from " + ws +
                      " --dpi 150 --hard 0 --seed " + seed)
                      .status,
                  0);
    ASSERT_EQ(run("qpdf --empty --pages " + d + "/pile3.pdf 1-4 -- " + d + "/monday.pdf").status, 0);
    ASSERT_EQ(run("qpdf --empty --pages " + d + "/pile3.pdf 5-6 -- " + d + "/tuesday.pdf").status, 0);
    ASSERT_EQ(run("qpdf --empty --pages " + d + "/pile8.pdf 2 -- " + d + "/alan-again.pdf").status, 0);
    const std::string base = binary + " mark --from " + ws + " --roster " + d + "/class.csv ";
    ASSERT_NE(run(base + d + "/pile3.pdf -o " + d + "/whole.csv").status, 1);
    ASSERT_NE(run(base + d + "/pile8.pdf -o " + d + "/other.csv").status, 1);

    const std::string mark = base + "--reads " + d + "/class.reads -o " + d + "/r.csv ";
    const auto monday = run(mark + d + "/monday.pdf");
    EXPECT_EQ(monday.status, 4) << monday.out;  // Kurt and Marie not yet scanned
    EXPECT_NE(slurp(d + "/r.csv").find("Kurt,W3-"), std::string::npos);
    const auto tuesday = run(mark + d + "/tuesday.pdf");
    EXPECT_EQ(tuesday.status, 0) << tuesday.out;
    EXPECT_EQ(slurp(d + "/r.csv"), slurp(d + "/whole.csv"));

    const auto again = run(mark + d + "/alan-again.pdf");
    EXPECT_EQ(again.status, 0) << again.out;
    const auto merged = read_csv(slurp(d + "/r.csv")), whole = read_csv(slurp(d + "/whole.csv")),
               other = read_csv(slurp(d + "/other.csv"));
    ASSERT_EQ(merged.size(), 6u);
    for (std::size_t i = 0; i < merged.size(); ++i)
        EXPECT_EQ(merged[i], i == 1 ? other[i] : whole[i]) << merged[i].at("name");
    EXPECT_NE(whole[1], other[1]) << "the two piles mark Alan's sheet differently";
    // A damaged reads file is not used: the scans given are read again.
    const std::string reads = slurp(d + "/class.reads");
    std::ofstream(d + "/class.reads", std::ios::binary) << reads.substr(0, reads.size() / 2);
    const auto damaged = run(mark + d + "/pile3.pdf");
    EXPECT_EQ(damaged.status, 0) << damaged.out;
    EXPECT_EQ(damaged.out.find("no scan read again"), std::string::npos);
    EXPECT_EQ(slurp(d + "/r.csv"), slurp(d + "/whole.csv"));
    std::filesystem::remove_all(dir);
}
