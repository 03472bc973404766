// `handout mark`: the answer forms (marked ↔ Response) on every question
// type, and the whole loop end to end: a class set printed by `handout
// batch`, marked and scanned by scangen with planted problems, read back by
// `handout mark`, compared with the truth scangen wrote.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <array>
#include <map>
#include <set>
#include <sstream>

#include "handout/fonts.hpp"
#include "handout/mark.hpp"
#include "handout/render.hpp"
#include "handout/roster.hpp"
#include "mark/answers.hpp"
#include "mark/read.hpp"
#include "synth/synth.hpp"
#include "support.hpp"

using namespace handout;
using namespace handout::mark;
using handout::test::read_csv;
using handout::test::run;
using handout::test::slurp;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;
const std::string binary = HANDOUT_BINARY;
const std::string scangen = HANDOUT_SCANGEN;

Prepared load(const std::string& name) {
    Diagnostics diags;
    auto p = prepare(source_dir + "/worksheets/" + name, "", source_dir, diags);
    EXPECT_TRUE(p) << diags.format();
    return std::move(*p);
}

std::vector<std::string> disagreements(const std::string& responses_csv, const std::string& truth_csv);

scan::Answer group(int question, scan::TargetKind kind, std::string row, scan::AnswerStatus status,
                   std::vector<std::string> marked) {
    scan::Answer a;
    a.question = question;
    a.kind = kind;
    a.group = std::move(row);
    a.status = status;
    a.marked = std::move(marked);
    return a;
}

}  // namespace

// The key's own answer, written as a student's marks, earns every point on
// every machine-marked question of every shipped worksheet, at several seeds;
// and a wrong one earns less.
TEST(MarkAnswers, TheKeyEarnsFullPointsOnEveryType) {
    for (const char* name : {"forces-and-motion.yaml", "split-the-work.yaml", "parallelism-quiz.yaml"}) {
        const Prepared p = load(name);
        std::set<std::string> types;
        for (std::uint32_t seed : {1u, 7u, 123u}) {
            const Variant v = make_variant(p.worksheet, seed);
            for (const auto& section : v.sections) {
                for (const auto& vq : section.questions) {
                    types.insert(type_name(vq.source->type()));
                    std::string error;
                    const auto r = response_of(vq, correct_of(vq), error);
                    ASSERT_TRUE(r) << name << " question " << vq.source_index << ": " << error;
                    EXPECT_DOUBLE_EQ(score(*vq.source, *r), vq.source->points.value())
                        << name << " seed " << seed << " question " << vq.source_index << " marked " << correct_of(vq);
                }
            }
        }
        if (std::string(name) == "forces-and-motion.yaml") {
            EXPECT_GE(types.size(), 7u);
        }
    }
}

TEST(MarkAnswers, PrintedLettersMapThroughTheShuffle) {
    const Prepared p = load("split-the-work.yaml");
    const Variant v = make_variant(p.worksheet, 5);
    for (const auto& vq : v.sections.front().questions) {
        if (vq.source->type() != QuestionType::choice) continue;
        const auto& order = vq.option_order();
        for (std::size_t k = 0; k < order.size(); ++k) {
            std::string error;
            const auto r = response_of(vq, std::string(1, static_cast<char>('A' + k)), error);
            ASSERT_TRUE(r);
            ASSERT_EQ(r->options.size(), 1u);
            EXPECT_EQ(r->options.front(), order[k]);
            EXPECT_EQ(score(*vq.source, *r) > 0, order[k] == vq.source->as<Choice>().answer);
        }
        std::string error;
        EXPECT_FALSE(response_of(vq, "Z", error));
        EXPECT_NE(error.find("not an option"), std::string::npos) << error;
    }
}

// A match whose pairs share right items (five animals, three classes): each
// row's letter is its own class's, the row count is the pairs', the letters
// the classes'; one wrong row loses the question.
TEST(MarkAnswers, AMatchWhosePairsShareARightItemIsMarkedRowByRow) {
    Diagnostics diags;
    auto p = prepare(source_dir + "/tests/data/match/shared.yaml", "", source_dir, diags);
    ASSERT_TRUE(p) << diags.format();
    for (std::uint32_t seed : {1u, 2u, 9u}) {
        const Variant v = make_variant(p->worksheet, seed);
        const VariantQuestion* match = nullptr;
        for (const auto& vq : v.sections.front().questions)
            if (vq.source->type() == QuestionType::match) match = &vq;
        ASSERT_NE(match, nullptr);
        const std::string key = correct_of(*match);
        ASSERT_EQ(key.size(), 9u) << key;  // "A;B;A;C;B": five rows
        EXPECT_EQ(key[0], key[4]) << "frog and newt, one class: " << key;
        EXPECT_EQ(key[2], key[8]) << "eagle and sparrow, one class: " << key;
        std::string error;
        const auto right = response_of(*match, key, error);
        ASSERT_TRUE(right) << error;
        EXPECT_DOUBLE_EQ(score(*match->source, *right), 1.0) << key;
        std::string wrong = key;
        wrong[4] = wrong[4] == 'A' ? 'B' : 'A';  // the newt
        const auto r = response_of(*match, wrong, error);
        ASSERT_TRUE(r) << error;
        EXPECT_DOUBLE_EQ(score(*match->source, *r), 0.0) << wrong;
        EXPECT_FALSE(response_of(*match, "A;B;A;D;B", error)) << "three letters only";
        EXPECT_NE(error.find("is not a letter of this question"), std::string::npos) << error;
        EXPECT_FALSE(response_of(*match, "A;B;C", error)) << "a row per pair";
    }
}

// The same worksheet printed for a class, filled by scangen and read back.
TEST(MarkStyles, AClassWithASharedRightItemMatchIsReadAsFilled) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("handout-mark-shared-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/tests/data/match/shared.yaml";
    ASSERT_EQ(run(binary + " batch " + ws + " --copies 4 -o " + d + "/c.pdf").status, 0);
    ASSERT_EQ(run(scangen + " " + d + "/scan.pdf --class " + d + "/c.pdf --from " + ws +
                  " --dpi 200 --hard 0 --seed 3 --truth " + d + "/truth.csv")
                  .status,
              0);
    const auto marked = run(binary + " mark " + d + "/scan.pdf --from " + ws + " -o " + d + "/r.csv");
    EXPECT_NE(marked.out.find("read 4 of 4 pages"), std::string::npos) << marked.out;
    EXPECT_TRUE(disagreements(slurp(d + "/r-responses.csv"), slurp(d + "/truth.csv")).empty())
        << ::testing::PrintToString(disagreements(slurp(d + "/r-responses.csv"), slurp(d + "/truth.csv")));
    std::filesystem::remove_all(dir);
}

// Proves the student-number grid reads as a number only when every column
// holds one clear digit (one column walk for it and for numeric answers):
// a blank, doubled or missing column leaves '?' there and no number.
TEST(MarkAnswers, AStudentNumberReadsOnlyWhenEveryColumnIsClear) {
    using scan::AnswerStatus;
    const auto id = [](const char* column, AnswerStatus s, std::vector<std::string> marked) {
        return group(0, scan::TargetKind::student_id, column, s, std::move(marked));
    };
    const auto all = read_columns({id("1", AnswerStatus::ok, {"1:4"}), id("2", AnswerStatus::ok, {"2:0"}),
                                   id("3", AnswerStatus::ok, {"3:2"})},
                                  3, '?');
    EXPECT_EQ(all.text, "402");
    EXPECT_TRUE(all.every_column);
    const auto blank = read_columns({id("1", AnswerStatus::ok, {"1:4"}), id("2", AnswerStatus::blank, {}),
                                     id("3", AnswerStatus::ok, {"3:2"})},
                                    3, '?');
    EXPECT_EQ(blank.text, "4?2");
    EXPECT_FALSE(blank.every_column);
    const auto doubled = read_columns({id("1", AnswerStatus::ok, {"1:4"}), id("2", AnswerStatus::multiple, {"2:0", "2:5"}),
                                       id("3", AnswerStatus::ok, {"3:2"})},
                                      3, '?');
    EXPECT_EQ(doubled.worst, Status::multiple);
    EXPECT_FALSE(doubled.every_column);
    const auto missing = read_columns({id("1", AnswerStatus::ok, {"1:4"}), id("3", AnswerStatus::ok, {"3:2"})}, 3, '?');
    EXPECT_EQ(missing.text, "4?2");
    EXPECT_FALSE(missing.every_column);
}

TEST(MarkAnswers, ReadingsSayWhatAPersonMustDecide) {
    const Prepared p = load("forces-and-motion.yaml");
    const Variant v = make_variant(p.worksheet, 2);
    for (const auto& section : v.sections) {
        for (const auto& vq : section.questions) {
            const int q = vq.source_index;
            switch (vq.source->type()) {
                case QuestionType::choice: {
                    const auto two = read_question(vq, {group(q, scan::TargetKind::bubble, "", scan::AnswerStatus::multiple, {"A", "C"})});
                    EXPECT_EQ(two.status, Status::multiple);
                    EXPECT_EQ(two.marked, "A;C");
                    const auto none = read_question(vq, {group(q, scan::TargetKind::bubble, "", scan::AnswerStatus::blank, {})});
                    EXPECT_EQ(none.status, Status::blank);
                    EXPECT_TRUE(none.reason.empty());
                    break;
                }
                case QuestionType::numeric: {
                    if (vq.source->as<Numeric>().grid == 0) break;
                    using scan::AnswerStatus;
                    // "1 5": a blank column between digits
                    const auto gap = read_question(vq, {group(q, scan::TargetKind::digit, "1", AnswerStatus::ok, {"1:1"}),
                                                        group(q, scan::TargetKind::digit, "2", AnswerStatus::blank, {}),
                                                        group(q, scan::TargetKind::digit, "3", AnswerStatus::ok, {"3:5"})});
                    EXPECT_EQ(gap.status, Status::unclear);
                    const auto right = read_question(vq, {group(q, scan::TargetKind::digit, "1", AnswerStatus::blank, {}),
                                                          group(q, scan::TargetKind::digit, "2", AnswerStatus::ok, {"2:1"}),
                                                          group(q, scan::TargetKind::digit, "3", AnswerStatus::ok, {"3:5"})});
                    EXPECT_EQ(right.status, Status::ok);
                    EXPECT_EQ(right.marked, "15");
                    break;
                }
                case QuestionType::short_answer: {
                    const auto none = read_question(vq, {group(q, scan::TargetKind::teacher_box, "", scan::AnswerStatus::blank, {})});
                    EXPECT_EQ(none.status, Status::blank);
                    EXPECT_FALSE(none.reason.empty()) << "a blank teacher box needs the teacher";
                    std::string error;
                    EXPECT_FALSE(response_of(vq, "7", error)) << "more than the question's points";
                    EXPECT_FALSE(response_of(vq, "0.3", error)) << "not a half";
                    break;
                }
                case QuestionType::match: {
                    const auto rows = read_question(vq, {group(q, scan::TargetKind::bubble, "1", scan::AnswerStatus::ok, {"1:B"}),
                                                         group(q, scan::TargetKind::bubble, "2", scan::AnswerStatus::blank, {})});
                    EXPECT_EQ(rows.status, Status::ok);
                    EXPECT_EQ(rows.marked.substr(0, 4), "B;-;");
                    break;
                }
                default: break;
            }
        }
    }
}

// ---------------------------------------------------------------------------
// End to end

namespace {

/// What the truth says each question reads as: marked and status.
std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> expected_readings(const std::string& truth) {
    struct Target {
        std::string kind, value, expected;
    };
    std::map<std::pair<std::string, std::string>, std::vector<Target>> by_question;
    for (const auto& t : read_csv(truth))
        if (t.at("kind") != "student_id") by_question[{t.at("sheet"), t.at("question")}].push_back({t.at("kind"), t.at("value"), t.at("expected")});
    std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> out;
    for (const auto& [key, targets] : by_question) {
        std::string marked;
        const bool rows = targets.front().value.find(':') != std::string::npos;
        if (targets.front().kind == "digit") {
            std::map<int, std::string> columns;
            int n = 0;
            for (const auto& t : targets) {
                const int col = std::stoi(t.value);
                n = std::max(n, col);
                if (t.expected == "filled") columns[col] = t.value.substr(t.value.find(':') + 1);
            }
            for (int c = 1; c <= n; ++c) marked += columns.contains(c) ? columns[c] : " ";
            const auto a = marked.find_first_not_of(' ');
            marked = a == std::string::npos ? "" : marked.substr(a, marked.find_last_not_of(' ') - a + 1);
        } else if (rows) {
            std::map<int, std::string> chosen;
            int n = 0;
            for (const auto& t : targets) {
                const int row = std::stoi(t.value);
                n = std::max(n, row);
                if (t.expected == "filled") chosen[row] = t.value.substr(t.value.find(':') + 1);
            }
            if (!chosen.empty())
                for (int r = 1; r <= n; ++r) marked += (r > 1 ? ";" : "") + (chosen.contains(r) ? chosen[r] : "-");
        } else {
            for (const auto& t : targets)
                if (t.expected == "filled") marked += (marked.empty() ? "" : ";") + t.value;
        }
        out[key] = {marked, marked.empty() ? "blank" : "ok"};
    }
    return out;
}

/// Class sizes: small by default, smaller under the sanitizers (every page
/// is rendered, marked, degraded and read there ten times slower);
/// HANDOUT_MARK_COPIES=30 runs the 30-copy scenario (bench/mark-loop.sh).
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t small_class = 2;
#else
constexpr std::size_t small_class = 0;
#endif
std::size_t stw_copies() {
    const char* env = std::getenv("HANDOUT_MARK_COPIES");
    return env ? std::stoul(env) : 10 - small_class;
}
std::size_t fam_copies() {
    const char* env = std::getenv("HANDOUT_MARK_COPIES");
    return env ? std::stoul(env) : 8 - small_class * 2;
}

class MarkLoop : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = std::filesystem::temp_directory_path() / ("handout-mark-" + std::to_string(getpid()));
        std::filesystem::create_directories(dir_);
        const std::string d = dir_.string(), ws = source_dir + "/worksheets/";
        auto ok = [](const std::string& cmd) {
            const auto r = run(cmd);
            ASSERT_EQ(r.status, 0) << cmd << "\n" << r.out;
        };
        ok(binary + " batch " + ws + "split-the-work.yaml --copies " + std::to_string(stw_copies()) + " -o " + d + "/stw.pdf");
        ok(binary + " batch " + ws + "forces-and-motion.yaml --copies " + std::to_string(fam_copies()) +
           " --answer-sheet -o " + d + "/fam.pdf");
        ok(binary + " batch " + ws + "parallelism-quiz.yaml --copies 1 -o " + d + "/other.pdf");
        // Mixed rotations, skew, scale, blur, noise, photocopies, 1-bit and JPEG pages
        // (random defects), plus: page 3 upside down, page 5 unreadable, a page of a
        // worksheet not given to `mark`, page 7 scanned twice.
        ok(scangen + " " + d + "/stw-scan.pdf --class " + d + "/stw.pdf --from " + ws + "split-the-work.yaml --dpi 150 " +
           "--hard 0 --random-defects --seed 11 --upside-down 3 --unreadable 5 --insert " + d + "/other.pdf --duplicate 7 " +
           "--truth " + d + "/stw-truth.csv");
        ok(scangen + " " + d + "/fam-scan.tif --class " + d + "/fam.pdf --from " + ws + "forces-and-motion.yaml --dpi 200 " +
           "--hard 0 --random-defects --seed 12 --truth " + d + "/fam-truth.csv");
    }
    static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

    static std::string path(const std::string& name) { return (dir_ / name).string(); }
    static std::string mark_command(const std::string& out, const std::string& extra = "") {
        const std::string ws = source_dir + "/worksheets/";
        return binary + " mark " + path("stw-scan.pdf") + " " + path("fam-scan.tif") + " --from " + ws +
               "split-the-work.yaml --from " + ws + "forces-and-motion.yaml -o " + path(out) + " " + extra;
    }

    static std::filesystem::path dir_;
};

std::filesystem::path MarkLoop::dir_;

}  // namespace

TEST_F(MarkLoop, ResultsAgreeExactlyWithTheTruth) {
    const auto r = run(mark_command("results.csv", "--report " + path("review.html") + " --jobs 2"));
    ASSERT_EQ(r.status, 4) << r.out;  // planted problems need a person
    auto expected = expected_readings(slurp(path("stw-truth.csv")));
    for (auto& e : expected_readings(slurp(path("fam-truth.csv")))) expected.insert(e);
    const auto responses = read_csv(slurp(path("responses.csv")));
    ASSERT_FALSE(responses.empty());
    std::set<std::string> sheets;
    std::size_t teacher_blanks = 0, compared = 0;
    for (const auto& row : responses) {
        sheets.insert(row.at("sheet"));
        const auto want = expected.find({row.at("sheet"), row.at("question")});
        if (want == expected.end()) {
            EXPECT_EQ(row.at("status"), "unreadable") << row.at("sheet") << " q" << row.at("question");
            continue;
        }
        ++compared;
        EXPECT_EQ(row.at("marked"), want->second.first) << row.at("sheet") << " q" << row.at("question");
        EXPECT_EQ(row.at("status"), want->second.second) << row.at("sheet") << " q" << row.at("question");
        if (row.at("status") == "ok" && row.at("marked") == row.at("correct")) {
            EXPECT_NE(row.at("points"), "0");
        }
        if (row.at("points").empty()) {
            EXPECT_EQ(row.at("status"), "blank") << "only a teacher's blank box is undecided here";
            ++teacher_blanks;
        }
    }
    EXPECT_EQ(sheets.size(), stw_copies() - 1 + fam_copies()) << "the unreadable page's sheet is missing; every other sheet is there";
    EXPECT_GE(compared, (stw_copies() - 1) * 8 + fam_copies() * 9);

    // results.csv: each row's total is the sum of its questions.
    for (const auto& row : read_csv(slurp(path("results.csv")))) {
        if (row.at("points") == "?") continue;
        double sum = 0;
        for (int q = 1; row.contains("Q" + std::to_string(q)); ++q) {
            const std::string& cell = row.at("Q" + std::to_string(q));
            if (!cell.empty()) sum += std::stod(cell);
        }
        EXPECT_NEAR(std::stod(row.at("points")), sum, 0.011) << row.at("sheet");
    }

    // Exactly the planted problems, each once, plus the teacher boxes left blank.
    EXPECT_NE(r.out.find("stw-scan.pdf:5: needs a person: no page code (QR) found"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("printed sheet W3-H904-"), std::string::npos) << r.out;  // parallelism-quiz: not given
    EXPECT_NE(r.out.find("was scanned twice (first as page 7 of"), std::string::npos) << r.out;
    std::size_t needs = 0;
    for (std::size_t at = 0; (at = r.out.find("needs a person:", at)) != std::string::npos; ++at) ++needs;
    EXPECT_EQ(needs, 3u) << r.out;
    const std::string html = slurp(path("review.html"));
    std::size_t items = 0;
    for (const char* item : {"<li class=\"item page\">", "<li class=\"item flag\""})
        for (std::size_t at = 0; (at = html.find(item, at)) != std::string::npos; ++at) ++items;
    EXPECT_EQ(items, 3 + teacher_blanks);
    EXPECT_NE(html.find("Needs a person (" + std::to_string(3 + teacher_blanks) + ")"), std::string::npos);
}

// Rerunning with the same scans gives identical outputs, whatever the
// threads; corrections settle what needed a person and override a reading;
// a correction that is not an answer is a located error and writes nothing.
TEST_F(MarkLoop, CorrectionsSettleWhatNeedsAPersonAndRerunsAreIdentical) {
    ASSERT_EQ(run(mark_command("a.csv", "--report " + path("a.html") + " --jobs 1")).status, 4);
    ASSERT_EQ(run(mark_command("b.csv", "--report " + path("b.html") + " --jobs 2")).status, 4);
    EXPECT_EQ(slurp(path("a.csv")), slurp(path("b.csv")));
    EXPECT_EQ(slurp(path("a-responses.csv")), slurp(path("b-responses.csv")));
    EXPECT_EQ(slurp(path("a.html")), slurp(path("b.html")));

    std::string fixes = "sheet,question,marked\n";
    std::map<std::pair<std::string, std::string>, std::string> want;  // points after the fix
    for (const auto& row : read_csv(slurp(path("a-responses.csv")))) {
        if (row.at("points").empty()) {  // a teacher box left blank: the teacher gives 1 point
            fixes += row.at("sheet") + "," + row.at("question") + ",1\n";
            want[{row.at("sheet"), row.at("question")}] = "1";
        } else if (want.size() < 40 && row.at("status") == "ok" && row.at("marked") != row.at("correct") &&
                   row.at("correct").size() == 1) {  // a single-letter answer read wrong by the student: overridden
            fixes += row.at("sheet") + "," + row.at("question") + "," + row.at("correct") + "\n";
            want[{row.at("sheet"), row.at("question")}] = "+";
        }
    }
    ASSERT_FALSE(want.empty());
    std::ofstream(path("fixes.csv")) << fixes;
    const auto r = run(mark_command("fixed.csv", "--fix " + path("fixes.csv")));
    EXPECT_EQ(r.status, 4) << "the planted pages still need a person\n" << r.out;
    EXPECT_EQ(r.out.find("need a person (status"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("answer needs a person"), std::string::npos) << r.out;
    std::size_t seen = 0;
    for (const auto& row : read_csv(slurp(path("fixed-responses.csv")))) {
        const auto w = want.find({row.at("sheet"), row.at("question")});
        if (w == want.end()) continue;
        ++seen;
        EXPECT_EQ(row.at("status"), "ok");
        if (w->second == "1") {
            EXPECT_EQ(row.at("points"), "1");
        } else {
            EXPECT_EQ(row.at("marked"), row.at("correct"));
            EXPECT_NE(row.at("points"), "0");
            EXPECT_FALSE(row.at("points").empty());
        }
    }
    EXPECT_EQ(seen, want.size());

    const auto& [sheet, question] = want.begin()->first;
    std::ofstream(path("bad-fixes.csv")) << "sheet,question,marked\n" << sheet << "," << question << ",Q9\n";
    const auto bad = run(mark_command("bad.csv", "--fix " + path("bad-fixes.csv")));
    EXPECT_EQ(bad.status, 1) << bad.out;
    EXPECT_NE(bad.out.find("bad-fixes.csv:2:"), std::string::npos) << bad.out;
    EXPECT_FALSE(std::filesystem::exists(path("bad.csv")));
}

TEST_F(MarkLoop, AnEditedWorksheetIsRefused) {
    // The same id, one option changed: another fingerprint.
    std::string text = slurp(source_dir + "/worksheets/split-the-work.yaml");
    const auto at = text.find("options:");
    ASSERT_NE(at, std::string::npos);
    text.insert(text.find('\n', text.find("- ", at)), " (edited)");
    std::ofstream(path("edited.yaml")) << text;
    const auto r = run(binary + " mark " + path("stw-scan.pdf") + " --from " + path("edited.yaml") + " -o " + path("edited.csv"));
    EXPECT_EQ(r.status, 4) << r.out;
    EXPECT_NE(r.out.find("was edited since sheet"), std::string::npos) << r.out;
    EXPECT_EQ(slurp(path("edited.csv")), "sheet,seed,name,points,max,status\n");
}

// Sheets printed with another page style are found in it without being
// named, and read as the truth says; with --template they are read at once.
// Names come from the roster; a roster student with no sheet keeps a row.
TEST(MarkStyles, AnotherPageStyleIsFoundWithoutBeingNamed) {
    const auto dir = std::filesystem::temp_directory_path() / ("handout-mark-style-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/worksheets/split-the-work.yaml";
    std::ofstream(d + "/class.csv") << "name,seed\nAda Lovelace,4\nAlan Turing,9\nGrace Hopper,2\n";
    ASSERT_EQ(run(binary + " batch " + ws + " --roster " + d + "/class.csv --template compact -o " + d + "/c.pdf").status, 0);
    // Only Ada's and Grace's sheets come back.
    ASSERT_EQ(run(scangen + " " + d + "/all.pdf --class " + d + "/c.pdf --from " + ws +
                  " --template compact --dpi 150 --hard 0 --seed 4 --truth " + d + "/truth.csv").status, 0);
    ASSERT_EQ(run("qpdf --empty --pages " + d + "/all.pdf 1,3 -- " + d + "/scan.pdf").status, 0);

    const auto found = run(binary + " mark " + d + "/scan.pdf --from " + ws + " -o " + d + "/r.csv");
    EXPECT_EQ(found.status, 0) << found.out;
    EXPECT_NE(found.out.find("read 2 of 2 pages"), std::string::npos) << found.out;
    EXPECT_TRUE(disagreements(slurp(d + "/r-responses.csv"), slurp(d + "/truth.csv")).empty());

    const auto right = run(binary + " mark " + d + "/scan.pdf --from " + ws + " --template compact --roster " + d +
                           "/class.csv -o " + d + "/r.csv");
    EXPECT_EQ(right.status, 4) << right.out;  // Alan's sheet is missing
    EXPECT_NE(right.out.find("no page of Alan Turing's sheet (row 2 of the roster) was read"), std::string::npos) << right.out;
    const auto rows = read_csv(slurp(d + "/r.csv"));
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].at("name"), "Ada Lovelace");
    EXPECT_EQ(rows[0].at("seed"), "4");
    EXPECT_EQ(rows[0].at("status"), "done");
    EXPECT_EQ(rows[1].at("name"), "Alan Turing");
    EXPECT_EQ(rows[1].at("status"), "not scanned");
    EXPECT_EQ(rows[1].at("points"), "");
    EXPECT_EQ(rows[1].at("Q1"), "");
    EXPECT_EQ(rows[1].at("seed"), "9");
    EXPECT_EQ(rows[1].at("sheet").substr(0, 3), "W3-") << "the sheet code it was printed with";
    EXPECT_EQ(rows[2].at("name"), "Grace Hopper");
    std::filesystem::remove_all(dir);
}

// The outline check: a page read on its own layout passes; the same page
// with every target 4 mm off (another page style) fails.
TEST(MarkStyles, OutlinesMustBeWhereTheLayoutPutsThem) {
    using namespace handout::scan;
    const PageGeometry g = synth::sample_geometry(synth::Paper::a4);
    const Raster page = synth::draw_page(g, page_code_text("W2-TEST-TESTTESTT-1", "1"), 150);
    const Identification id = identify_page(page);
    ASSERT_TRUE(id.ok()) << id.reason;
    const PageReading reading = read_page(page, id, g);
    ASSERT_TRUE(reading.ok()) << reading.reason;
    EXPECT_TRUE(scan::outlines_present(page, reading, g));
    PageGeometry moved = g;
    for (auto& t : moved.targets) {
        t.box.x += 7;
        t.box.y += 9;
    }
    EXPECT_FALSE(scan::outlines_present(page, reading, moved));
}

namespace {

/// Every response that disagrees with the truth (unreadable pages and
/// teacher boxes left blank aside), as "sheet qN: marked (want …)".
std::vector<std::string> disagreements(const std::string& responses_csv, const std::string& truth_csv) {
    const auto expected = expected_readings(truth_csv);
    const auto responses = read_csv(responses_csv);
    std::vector<std::string> out;
    if (responses.empty() || expected.empty()) out.push_back("no responses or no truth to compare");
    for (const auto& row : responses) {
        const auto want = expected.find({row.at("sheet"), row.at("question")});
        if (want == expected.end()) {
            out.push_back(row.at("sheet") + " q" + row.at("question") + ": not in the truth (" + row.at("status") + ")");
        } else if (row.at("marked") != want->second.first || row.at("status") != want->second.second) {
            out.push_back(row.at("sheet") + " q" + row.at("question") + ": " + row.at("marked") + " " + row.at("status") +
                          " (want " + want->second.first + " " + want->second.second + ")");
        }
    }
    return out;
}

}  // namespace

/// A class of the worksheet `source` printed with `lang` for a roster of
/// `names` (seeds 4, 9, 2), scanned by scangen at 150 dpi and marked with
/// the roster: what mark said, and its responses against the truth.
struct MarkedClass {
    std::string said;
    std::vector<std::string> wrong;
    std::vector<std::map<std::string, std::string>> rows;
};

MarkedClass mark_named_class(const std::string& tag, const std::string& lang, const std::string& source,
                             const std::array<std::string, 3>& names) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("handout-mark-" + tag + "-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = d + "/sheet.yaml";
    std::ofstream(ws) << "lang: " << lang << "\n" << slurp(source);
    std::ofstream(d + "/class.csv") << "name,seed\n"
                                    << names[0] << ",4\n"
                                    << names[1] << ",9\n"
                                    << names[2] << ",2\n";
    MarkedClass out;
    EXPECT_EQ(run(binary + " batch " + ws + " --roster " + d + "/class.csv -o " + d + "/c.pdf").status, 0);
    EXPECT_EQ(run(scangen + " " + d + "/scan.pdf --class " + d + "/c.pdf --from " + ws +
                  " --dpi 150 --hard 0 --seed 4 --truth " + d + "/truth.csv")
                  .status,
              0);
    out.said = run(binary + " mark " + d + "/scan.pdf --from " + ws + " --roster " + d + "/class.csv -o " +
                   d + "/r.csv")
                   .out;
    out.wrong = disagreements(slurp(d + "/r-responses.csv"), slurp(d + "/truth.csv"));
    out.rows = read_csv(slurp(d + "/r.csv"));
    std::filesystem::remove_all(dir);
    return out;
}

// A Chinese worksheet with Chinese labels (`lang: zh`: √ and × in the
// true/false bubbles, 姓名, 第1页，共2页) printed for a roster of Chinese and
// Korean names (issue 34) is read back as scangen marked it, each row named
// as the roster writes it: the reader takes the geometry from the laid-out
// document, CJK text or not, and a bubble's printed mark is part of its
// blank look.
TEST(MarkStyles, AChineseClassIsReadAndNamed) {
    for (const CjkFont& font : cjk_fonts)
        if (!std::filesystem::exists(std::filesystem::path(font.dir) / font.file))
            GTEST_SKIP() << font.file << " is not installed";
    MarkedClass marked = mark_named_class("cjk", "zh", source_dir + "/tests/data/cjk/chinese.yaml",
                                          {"王小明", "李华", "김민준"});
    EXPECT_NE(marked.said.find("read 3 of 3 pages"), std::string::npos) << marked.said;
    // Every mark read as scangen made it. The fill question's teacher box
    // (q4) reads right but "unclear", as it does in the same worksheet in
    // English (bench/cjk/english.yaml): not a matter of the script.
    std::erase_if(marked.wrong, [](const std::string& w) {
        const std::size_t q = w.find(" q4: ");
        if (q == std::string::npos || w.find(" unclear (want ") == std::string::npos) return false;
        const std::string value = w.substr(q + 5, w.find(' ', q + 5) - q - 5);
        return w.find("(want " + value + " ok)") != std::string::npos;
    });
    EXPECT_TRUE(marked.wrong.empty()) << ::testing::PrintToString(marked.wrong);
    ASSERT_EQ(marked.rows.size(), 3u);
    EXPECT_EQ(marked.rows[0].at("name"), "王小明");
    EXPECT_EQ(marked.rows[1].at("name"), "李华");
    EXPECT_EQ(marked.rows[2].at("name"), "김민준");
}

// An Arabic worksheet with Arabic labels (`lang: ar`: ص and خ in the
// true/false bubbles, الاسم, صفحة 1 من 1, ورقة الإجابة) printed for a roster of
// Arabic names, with answer sheets, is read back as scangen marked it, each
// row named as the roster writes it: right-to-left labels and shaped text
// leave the bubbles where the laid-out document puts them.
TEST(MarkStyles, AnArabicClassIsReadAndNamed) {
    const CjkFont& face = shaped_fonts[static_cast<std::size_t>(ShapedScript::arabic)];
    if (!std::filesystem::exists(std::filesystem::path(face.dir) / face.file))
        GTEST_SKIP() << face.file << " is not installed (Debian's fonts-noto-core)";
    const MarkedClass marked = mark_named_class("ar", "ar", source_dir + "/tests/data/shaped/arabic.yaml",
                                                {"محمد الأحمد", "فاطمة الزهراء", "يوسف"});
    EXPECT_NE(marked.said.find("read 3 of 3 pages"), std::string::npos) << marked.said;
    EXPECT_EQ(marked.wrong, std::vector<std::string>{});
    ASSERT_EQ(marked.rows.size(), 3u);
    EXPECT_EQ(marked.rows[0].at("name"), "محمد الأحمد");
    EXPECT_EQ(marked.rows[1].at("name"), "فاطمة الزهراء");
    EXPECT_EQ(marked.rows[2].at("name"), "يوسف");
}

/// The misreadings of a class of `copies` sheets of the shipped worksheet
/// `name` written with `head` first (`dir: rtl`), printed with answer
/// sheets, scanned by scangen at 150 dpi and marked; and how many answers
/// mark read, in `read`.
std::vector<std::string> mark_answer_sheets(const std::string& tag, const std::string& head,
                                            const std::string& name, int copies, std::size_t& read) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("handout-mark-" + tag + "-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = d + "/sheet.yaml";
    std::ofstream(ws) << head << slurp(source_dir + "/worksheets/" + name);
    std::filesystem::create_directory_symlink(source_dir + "/worksheets/images", dir / "images");
    EXPECT_EQ(run(binary + " batch " + ws + " --copies " + std::to_string(copies) + " --answer-sheet -o " +
                  d + "/c.pdf")
                  .status,
              0);
    EXPECT_EQ(run(scangen + " " + d + "/scan.pdf --class " + d + "/c.pdf --from " + ws +
                  " --dpi 150 --hard 0 --seed 5 --truth " + d + "/truth.csv")
                  .status,
              0);
    const auto said = run(binary + " mark " + d + "/scan.pdf --from " + ws + " -o " + d + "/r.csv");
    EXPECT_NE(said.out.find(std::to_string(copies) + " sheets"), std::string::npos) << said.out;
    const std::string responses = slurp(d + "/r-responses.csv");
    read = read_csv(responses).size();
    auto wrong = disagreements(responses, slurp(d + "/truth.csv"));
    std::filesystem::remove_all(dir);
    return wrong;
}

// A class whose pages read right to left (`dir: rtl`: numbers and bubbles
// on the right, options right to left, digit grids moved whole) is read
// back by mark from its answer sheets as well as the same class printed
// left to right: every question type, every answer as scangen marked it.
TEST(MarkStyles, ARightToLeftClassIsReadAsWellAsALeftToRightOne) {
    std::size_t ltr_read = 0, rtl_read = 0;
    const auto ltr = mark_answer_sheets("ltr", "", "forces-and-motion.yaml", 3, ltr_read);
    const auto rtl = mark_answer_sheets("rtl", "dir: rtl\n", "forces-and-motion.yaml", 3, rtl_read);
    EXPECT_EQ(ltr, std::vector<std::string>{});
    EXPECT_EQ(rtl, std::vector<std::string>{});
    EXPECT_GT(ltr_read, 20u);
    EXPECT_EQ(rtl_read, ltr_read);
}

// Modified large print on A3 (`--paper a3`, 24 pt): the scans are read on
// the A3 layout when mark is told the paper, and refused with the hint when not.
TEST(MarkStyles, AnA3ClassIsReadOnItsPaper) {
    const auto dir = std::filesystem::temp_directory_path() / ("handout-mark-a3-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/worksheets/forces-and-motion.yaml";
    const std::string style = " --template modified-large-print --paper a3";
    ASSERT_EQ(run(binary + " batch " + ws + " --copies 2 --answer-sheet" + style + " -o " + d + "/c.pdf").status, 0);
    const auto info = run("pdfinfo " + d + "/c.pdf");
    EXPECT_NE(info.out.find("841.89 x 1190.55 pts (A3)"), std::string::npos) << info.out;
    ASSERT_EQ(run(scangen + " " + d + "/scan.pdf --class " + d + "/c.pdf --from " + ws + style +
                  " --dpi 150 --hard 0 --seed 3 --truth " + d + "/truth.csv").status, 0);

    const auto wrong = run(binary + " mark " + d + "/scan.pdf --from " + ws + " --template modified-large-print -o " + d + "/r.csv");
    EXPECT_EQ(wrong.status, 4) << wrong.out;
    EXPECT_NE(wrong.out.find("(the page measures about A3 (297 × 420 mm): printed on another paper or page style? pass "
                             "them with --template and --paper)"), std::string::npos) << wrong.out;

    const auto right = run(binary + " mark " + d + "/scan.pdf --from " + ws + style + " -o " + d + "/r.csv");
    // The answer sheets: two pages each, since some seeds need two (a copy
    // that needs one gets a blank second page, page code and all).
    EXPECT_NE(right.out.find("read 4 of 4 pages: 2 sheets"), std::string::npos) << right.out;
    EXPECT_EQ(read_csv(slurp(d + "/r.csv")).size(), 2u);
    const auto differ = disagreements(slurp(d + "/r-responses.csv"), slurp(d + "/truth.csv"));
    EXPECT_TRUE(differ.empty()) << ::testing::PrintToString(differ);
    std::filesystem::remove_all(dir);
}

// A booklet class (`batch --booklet`: the master copy's questions once, an
// answer sheet per student): each student's answer sheet is told apart by its
// sheet number, named from the roster, and read as the truth says.
TEST(MarkStyles, ABookletClassIsReadSheetBySheet) {
    const auto dir = std::filesystem::temp_directory_path() / ("handout-mark-booklet-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/worksheets/forces-and-motion.yaml";
    std::ofstream(d + "/class.csv") << "name\nAda Lovelace\nAlan Turing\nGrace Hopper\n";
    ASSERT_EQ(run(binary + " batch " + ws + " --roster " + d + "/class.csv --booklet -o " + d + "/b.pdf").status, 0);
    ASSERT_EQ(run(scangen + " " + d + "/scan.pdf --class " + d + "/b.pdf --from " + ws +
                  " --dpi 150 --hard 0 --random-defects --seed 5 --truth " + d + "/truth.csv").status, 0);
    const auto r = run(binary + " mark " + d + "/scan.pdf --from " + ws + " --roster " + d + "/class.csv -o " + d +
                       "/r.csv --slips " + d + "/slips.pdf");
    EXPECT_EQ(r.status, 0) << r.out;
    const auto rows = read_csv(slurp(d + "/r.csv"));
    ASSERT_EQ(rows.size(), 3u) << r.out;
    const char* names[] = {"Ada Lovelace", "Alan Turing", "Grace Hopper"};
    // The slips: one per student in roster order, each with the score
    // results.csv gives (1.5 printed 1½).
    const std::string slips = run("pdftotext -layout " + d + "/slips.pdf -").out;
    std::size_t at = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(rows[i].at("name"), names[i]);
        EXPECT_EQ(rows[i].at("seed"), "0") << "every booklet copy is the master copy";
        EXPECT_NE(rows[i].at("sheet").find("/0" + std::to_string(i + 1)), std::string::npos) << rows[i].at("sheet");
        at = slips.find(names[i], at);
        ASSERT_NE(at, std::string::npos) << names[i] << " in roster order\n" << slips;
        std::string points = rows[i].at("points");
        if (points.ends_with(".5")) points = (points == "0.5" ? "" : points.substr(0, points.size() - 2)) + "\u00bd";
        const std::size_t score = slips.find("Score: " + points + " of 9 marks", at);
        EXPECT_NE(score, std::string::npos) << names[i] << " " << points << "\n" << slips;
        EXPECT_LT(score, slips.find(i + 1 < rows.size() ? names[i + 1] : "\f\f", at)) << "the score is on the student's slip";
    }
    // Every question of each slip: the student's answer; the right one where
    // it did not earn every point.
    std::size_t yours = 0;
    for (std::size_t p = 0; (p = slips.find("Your answer", p)) != std::string::npos; ++p) ++yours;
    EXPECT_EQ(yours, 3u * 9u);
    EXPECT_NE(slips.find("Right answer"), std::string::npos);
    const auto differ = disagreements(slurp(d + "/r-responses.csv"), slurp(d + "/truth.csv"));
    EXPECT_TRUE(differ.empty()) << ::testing::PrintToString(differ);
    std::filesystem::remove_all(dir);
}

// A French and a Russian class: the marking pack `batch --keys` writes (the
// marking grid and every key) and the feedback slips of `mark --slips` read
// back in the worksheet's language, with its plural forms, and not one
// English word of them (issue 13).
TEST(MarkLanguages, TheMarkingPackAndSlipsAreInTheWorksheetsLanguage) {
    struct Case {
        std::string file;
        std::vector<std::string> pack, slips;  // words that must print
    };
    const std::vector<Case> cases = {
        {"forces-fr.yaml",
         {"Grille de correction", "Code de la copie", "Total", "Points", "corrigé",
          "Place de la bonne réponse, par question", "Grille de correction · page 1 sur 1", "Corrigé"},
         {"Bilan · Les forces", "Ta réponse", "Bonne réponse", "Note provisoire : ", "sur 7½ points (reste à corriger : ",
          "ton professeur regardera cette réponse", "corrigée par ton professeur", "? sur 1 point", "sur 2 points",
          "page 1 sur 1"}},
        {"forces-ru.yaml",
         {"Таблица проверки", "Код листа", "Итого", "Баллы", "см. ответы", "Где правильный ответ, по заданиям",
          "Таблица проверки · стр. 1 из 1", "Ответы"},
         {"Результаты · Силы", "Ваш ответ", "Правильный ответ", "Предварительный результат: ",
          "0 баллов из 10½ (ещё не проверено: ", "учитель проверит этот ответ", "проверен учителем", "1 балл из 1",
          "? из 5", "стр. 1 из 1"}},
    };
    const std::vector<std::string> english = {"Marking grid", "Sheet code", "Where the correct", "Answer key",
                                              "Your answer", "Right answer", "Score", "Feedback", "still to be marked",
                                              "your teacher", "page 1 of", " of ", "mark", "True", "False", "Total:"};
    const auto dir = std::filesystem::temp_directory_path() / ("handout-mark-lang-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string();
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        const std::string ws = source_dir + "/tests/data/lang/" + c.file;
        ASSERT_EQ(run(binary + " batch " + ws + " --copies 2 -o " + d + "/c.pdf --keys " + d + "/k.pdf").status, 0);
        // Hard marks throughout: answers decided and answers left to a person.
        ASSERT_EQ(run(scangen + " " + d + "/scan.pdf --class " + d + "/c.pdf --from " + ws +
                      " --dpi 150 --hard 1 --seed 1").status, 0);
        const auto r = run(binary + " mark " + d + "/scan.pdf --from " + ws + " -o " + d + "/r.csv --slips " + d +
                           "/slips.pdf");
        ASSERT_EQ(r.status, 4) << r.out;  // some answers need a person
        // pdftotext -raw, its no-break spaces as spaces.
        const auto text = [](const std::string& pdf) {
            std::string out = run("pdftotext -raw -enc UTF-8 " + pdf + " -").out;
            for (std::size_t at; (at = out.find("\u00a0")) != std::string::npos;) out.replace(at, 2, " ");
            return out;
        };
        const std::string pack = text(d + "/k.pdf"), slips = text(d + "/slips.pdf");
        for (const auto& word : c.pack) EXPECT_NE(pack.find(word), std::string::npos) << word << "\n" << pack;
        for (const auto& word : c.slips) EXPECT_NE(slips.find(word), std::string::npos) << word << "\n" << slips;
        for (const auto& word : english) {
            EXPECT_EQ(pack.find(word), std::string::npos) << word << "\n" << pack;
            EXPECT_EQ(slips.find(word), std::string::npos) << word << "\n" << slips;
        }
    }
    std::filesystem::remove_all(dir);
}

// A class whose roster gives two students their own page style (large
// print, dyslexia): with the roster every sheet is read in its own layout as
// the truth says; without it every page is read right or refused, never read
// on a wrong layout. Used to crash (issue 27).
TEST(MarkStyles, AMixedStyleClassIsReadSheetBySheet) {
    const auto dir = std::filesystem::temp_directory_path() / ("handout-mark-mixed-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/worksheets/forces-and-motion.yaml";
    std::ofstream(d + "/class.csv") << "name,needs\nAda Lovelace,\nAlan Turing,large\nGrace Hopper,\nEmmy Noether,dyslexia\n";
    ASSERT_EQ(run(binary + " batch " + ws + " --roster " + d + "/class.csv --answer-sheet --duplex -o " + d + "/c.pdf").status, 0);
    ASSERT_EQ(run(scangen + " " + d + "/scan.pdf --class " + d + "/c.pdf --from " + ws + " --roster " + d +
                  "/class.csv --dpi 150 --hard 0 --random-defects --seed 8 --truth " + d + "/truth.csv").status, 0);
    const auto r = run(binary + " mark " + d + "/scan.pdf --from " + ws + " --roster " + d + "/class.csv -o " + d +
                       "/r.csv --slips " + d + "/slips.pdf");
    EXPECT_EQ(r.status, 0) << r.out;
    const auto rows = read_csv(slurp(d + "/r.csv"));
    ASSERT_EQ(rows.size(), 4u) << r.out;
    const char* names[] = {"Ada Lovelace", "Alan Turing", "Grace Hopper", "Emmy Noether"};
    // Each slip in its student's page style: Alan's in modified large print
    // (18 pt bold) on pages of its own, between the classic ones.
    const std::string fonts = run("pdffonts " + d + "/slips.pdf").out;
    EXPECT_NE(fonts.find("Bold"), std::string::npos) << fonts;
    const std::string text = run("pdftotext -layout " + d + "/slips.pdf -").out;
    std::size_t at = 0;
    for (const char* name : names) {
        at = text.find(name, at);
        EXPECT_NE(at, std::string::npos) << name << " in roster order";
    }
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(rows[i].at("name"), names[i]);
        EXPECT_EQ(rows[i].at("status"), "done") << names[i];
    }
    EXPECT_TRUE(disagreements(slurp(d + "/r-responses.csv"), slurp(d + "/truth.csv")).empty());

    const auto guessed = run(binary + " mark " + d + "/scan.pdf --from " + ws + " -o " + d + "/g.csv");
    EXPECT_NE(guessed.status, 139) << guessed.out;
    const auto truth = expected_readings(slurp(d + "/truth.csv"));
    for (const auto& row : read_csv(slurp(d + "/g-responses.csv"))) {
        if (row.at("status") == "unreadable") continue;
        const auto want = truth.find({row.at("sheet"), row.at("question")});
        ASSERT_NE(want, truth.end());
        EXPECT_EQ(row.at("marked"), want->second.first) << row.at("sheet") << " q" << row.at("question");
    }
    std::filesystem::remove_all(dir);
}

// The pile's odd pages: a blank duplex back is skipped (not a page for a
// person); a scan that does not exist is the command line's mistake (exit 3,
// nothing written).
TEST(MarkPile, BlankBacksAreSkippedAndAMissingScanIsAnError) {
    const auto dir = std::filesystem::temp_directory_path() / ("handout-mark-pile-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/worksheets/split-the-work.yaml";
    ASSERT_EQ(run(binary + " batch " + ws + " --copies 3 --duplex -o " + d + "/c.pdf").status, 0);
    const auto pages = run("pdfinfo " + d + "/c.pdf").out;
    // Rendered as a scanner would see it: the backs are blank but for the footer.
    const auto r = run(binary + " mark " + d + "/c.pdf --from " + ws + " -o " + d + "/r.csv");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("3 blank (duplex backs)"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("needs a person"), std::string::npos) << r.out;

    const auto missing = run(binary + " mark " + d + "/c.pdf " + d + "/nothere.pdf --from " + ws + " -o " + d + "/m.csv");
    EXPECT_EQ(missing.status, 3) << missing.out;
    EXPECT_NE(missing.out.find("nothere.pdf: no such file or folder"), std::string::npos) << missing.out;
    EXPECT_FALSE(std::filesystem::exists(d + "/m.csv"));
    std::filesystem::remove_all(dir);
}

// Phone photos of a class (12 MP JPEGs: each corner moved up to 8 % of the
// page width, light falling off, shadows, desk around the page), handed in
// as a folder of photos and as one PDF, read by `handout mark` with every
// answer as the truth says.
TEST(MarkPhotos, APhotoFolderAndAPhotoPdfReadAsTheTruth) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("handout-mark-photos-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/worksheets/split-the-work.yaml";
    ASSERT_EQ(run(binary + " batch " + ws + " --copies 4 -o " + d + "/c.pdf").status, 0);
    const std::string photos =
        " --class " + d + "/c.pdf --from " + ws + " --hard 0 --phone --random-defects --perspective 0.08";
    ASSERT_EQ(
        run(scangen + " " + d + "/photos/" + photos + " --seed 21 --truth " + d + "/folder-truth.csv").status,
        0);
    ASSERT_EQ(
        run(scangen + " " + d + "/photos.pdf" + photos + " --seed 22 --truth " + d + "/pdf-truth.csv").status,
        0);
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(d + "/photos"), {}), 4);
    for (const std::string name : {"photos", "photos.pdf"}) {
        const std::string truth = d + (name == "photos" ? "/folder-truth.csv" : "/pdf-truth.csv");
        const auto r = run(binary + " mark " + d + "/" + name + " --from " + ws + " -o " + d + "/r.csv");
        EXPECT_NE(r.out.find("read 4 of 4 pages: 4 sheets"), std::string::npos) << r.out;
        EXPECT_EQ(r.out.find("needs a person"), std::string::npos) << r.out;
        const auto expected = expected_readings(slurp(truth));
        std::size_t compared = 0;
        for (const auto& row : read_csv(slurp(d + "/r-responses.csv"))) {
            const auto want = expected.find({row.at("sheet"), row.at("question")});
            ASSERT_NE(want, expected.end()) << row.at("sheet") << " q" << row.at("question");
            EXPECT_EQ(row.at("marked"), want->second.first)
                << name << " " << row.at("sheet") << " q" << row.at("question");
            EXPECT_EQ(row.at("status"), want->second.second)
                << name << " " << row.at("sheet") << " q" << row.at("question");
            ++compared;
        }
        EXPECT_EQ(compared, expected.size()) << name;
    }
    std::filesystem::remove_all(dir);
}

// A photo whose QR code cannot be seen (coffee over it and two corners) is
// refused saying it shows a page on a desk, never with a paper hint.
TEST(MarkPhotos, APhotoWithoutItsQrCodeSaysWhatItShows) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("handout-mark-photo-qr-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string d = dir.string(), ws = source_dir + "/worksheets/split-the-work.yaml";
    ASSERT_EQ(run(binary + " batch " + ws + " --copies 1 -o " + d + "/c.pdf").status, 0);
    ASSERT_EQ(run(scangen + " " + d + "/photos/ --class " + d + "/c.pdf --from " + ws +
                  " --hard 0 --phone --perspective 0.05 --unreadable 1 --seed 3")
                  .status,
              0);
    const auto r = run(binary + " mark " + d + "/photos --from " + ws + " -o " + d + "/r.csv");
    EXPECT_NE(
        r.out.find(
            "needs a person: no page code (QR) found (the picture shows a page on a desk: the whole page "
            "must be in the photo, its QR code at the foot of the page included)"),
        std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("--paper"), std::string::npos) << r.out;
    std::filesystem::remove_all(dir);
}
