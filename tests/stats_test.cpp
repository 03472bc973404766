// `handout stats` (issue 28, item 5): a question known by its content in
// any worksheet; the figures of hand-written responses files checked against
// a hand computation; bad files are located errors and nothing is written;
// and two classes made with scangen, marked, then taken together, every
// figure compared with scangen's truth (which bubbles were filled).

#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include "handout/load.hpp"
#include "handout/render.hpp"
#include "handout/roster.hpp"
#include "handout/stats.hpp"
#include "handout/variant.hpp"
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

const std::string choice_q =
    "  - prompt: Which strategy splits tensors inside layers?\n"
    "    options: [Pipeline parallelism, Model (tensor) parallelism, Single-device training]\n"
    "    answer: Pipeline parallelism\n";
const std::string quiz_a =
    "id: quiz-a\ntitle: Quiz A\nquestions:\n" + choice_q +
    "  - type: truefalse\n    prompt: Data parallelism copies the model.\n    answer: true\n";
const std::string quiz_b =
    "id: quiz-b\ntitle: Quiz B\nquestions:\n"
    "  - type: truefalse\n    prompt: A pipeline has bubbles.\n    answer: true\n" +
    choice_q;

struct Dir {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("handout-stats-" + std::to_string(getpid()));
    Dir() { std::filesystem::create_directories(path); }
    ~Dir() { std::filesystem::remove_all(path); }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

/// responses.csv rows for one sheet of `ws` (seed `seed`): per question in
/// source order, the source option chosen ("1"… or "T"/"F"), scored against the worksheet's key.
std::string sheet_rows(const Worksheet& ws, std::uint32_t seed, const std::vector<std::string>& answers) {
    const Variant v = make_variant(ws, seed);
    const std::string code = sheet_code(ws, seed);
    std::string out;
    for (const auto& section : v.sections)
        for (const auto& vq : section.questions) {
            const std::string& a = answers[static_cast<std::size_t>(vq.source_index - 1)];
            std::string marked = a, correct, points;
            if (const auto* tf = std::get_if<TrueFalse>(&vq.source->body)) {
                correct = tf->truth ? "T" : "F";
            } else {
                const auto& order = vq.option_order();
                for (std::size_t p = 0; p < order.size(); ++p) {
                    if (std::to_string(order[p] + 1) == a)
                        marked = std::string(1, static_cast<char>('A' + p));
                    if (order[p] == std::get<Choice>(vq.source->body).answer)
                        correct = std::string(1, static_cast<char>('A' + p));
                }
            }
            out += code + ",1," + std::to_string(vq.source_index) + "," + std::to_string(vq.number) + "," +
                   marked + "," + correct + "," + (marked == correct ? "1" : "0") + ",ok\n";
        }
    return out;
}

const std::string header = "sheet,page,question,printed,marked,correct,points,status\n";

}  // namespace

// The same question in another worksheet, at another place, has the same
// id; another option text makes another question.
TEST(StatsId, AQuestionIsKnownByItsContent) {
    Diagnostics diags;
    const auto a = parse_worksheet(quiz_a, "a.yaml", diags), b = parse_worksheet(quiz_b, "b.yaml", diags);
    ASSERT_TRUE(a && b) << diags.format();
    const Question& in_a = a->sections[0].questions[0];
    const Question& in_b = b->sections[0].questions[1];
    EXPECT_EQ(question_id(in_a), question_id(in_b));
    EXPECT_EQ(question_id(in_a).size(), 14u);
    EXPECT_EQ(question_id(in_a).substr(0, 2), "q-");
    EXPECT_NE(question_id(in_a), question_id(a->sections[0].questions[1]));
    std::string changed = quiz_a;
    changed.replace(changed.find("Single-device"), 6, "Double");
    const auto c = parse_worksheet(changed, "c.yaml", diags);
    ASSERT_TRUE(c) << diags.format();
    EXPECT_NE(question_id(c->sections[0].questions[0]), question_id(in_a));
    EXPECT_EQ(class_label("x/7b-responses.csv"), "7b");
    EXPECT_EQ(class_label("7a/responses.csv"), "7a");
}

// Class 7a (quiz A, 6 sheets) and 7b (quiz B, 2 sheets) share the choice
// question. By hand: 7a's totals 2, 2, 1, 0, 1, 0 (sheets 1-6); the choice
// question right on sheets 1-3 (3 of 6), options chosen 3, 2, 1; groups of
// 2 (27 % of 6, at least 2): top sheets 1, 2 both right, bottom 4, 6 both
// wrong: +1.00. 7b: 1 of 2, no index (fewer than 6). All 8 sheets, by share
// of the maximum (1, 1, 1, .5, .5, 0, 0, 0: sheets 1, 2, 7b-1, 3, 5, 4, 6,
// 7b-2): 4 of 8 right, chosen 4, 2, 2, top 2 right, bottom 6 and 7b-2 wrong: +1.00.
TEST(StatsFigures, TwoClassesAsByHand) {
    Dir dir;
    std::ofstream(dir / "quiz-a.yaml") << quiz_a;
    std::ofstream(dir / "quiz-b.yaml") << quiz_b;
    Diagnostics diags;
    const auto a = load_worksheet(dir / "quiz-a.yaml", diags), b = load_worksheet(dir / "quiz-b.yaml", diags);
    ASSERT_TRUE(a && b) << diags.format();
    {
        std::ofstream f(dir / "7a-responses.csv");
        f << header;
        const std::vector<std::vector<std::string>> answers{{"1", "T"}, {"1", "T"}, {"1", "F"},
                                                            {"2", "F"}, {"2", "T"}, {"3", "F"}};
        for (std::uint32_t s = 1; s <= 6; ++s) f << sheet_rows(*a, s, answers[s - 1]);
        std::ofstream g(dir / "7b-responses.csv");
        g << header << sheet_rows(*b, 1, {"T", "1"}) << sheet_rows(*b, 2, {"F", "3"});
    }
    const Stats stats =
        class_stats({dir / "7a-responses.csv", dir / "7b-responses.csv"}, {dir.path.string()}, diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    ASSERT_EQ(stats.classes, (std::vector<std::string>{"7a", "7b"}));
    EXPECT_EQ(stats.sheets, (std::vector<std::size_t>{6, 2}));
    ASSERT_EQ(stats.questions.size(), 3u);  // the shared choice, then each true/false
    const QuestionStats& q = stats.questions[0];
    EXPECT_EQ(q.key, std::vector<std::string>{"1"});
    ASSERT_EQ(q.classes.size(), 2u);
    EXPECT_EQ(q.classes[0].right, 3u);
    EXPECT_EQ(q.classes[0].chosen, (std::vector<std::size_t>{3, 2, 1}));
    ASSERT_TRUE(q.classes[0].discrimination);
    EXPECT_DOUBLE_EQ(*q.classes[0].discrimination, 1.0);
    EXPECT_EQ(q.classes[1].right, 1u);
    EXPECT_FALSE(q.classes[1].discrimination);
    EXPECT_EQ(q.all.sheets, 8u);
    EXPECT_EQ(q.all.right, 4u);
    EXPECT_EQ(q.all.chosen, (std::vector<std::size_t>{4, 2, 2}));
    EXPECT_EQ(q.all.where, "quiz-a:1 quiz-b:2");
    ASSERT_TRUE(q.all.discrimination);
    EXPECT_DOUBLE_EQ(*q.all.discrimination, 1.0);
    EXPECT_EQ(stats.questions[1].all.chosen,
              (std::vector<std::size_t>{3, 3}));  // quiz A's T/F: right on 1, 2, 5
    EXPECT_EQ(stats.questions[1].all.right, 3u);
    const std::string csv = stats_csv(stats);
    EXPECT_NE(csv.find("," + std::string("choice,all,quiz-a:1 quiz-b:2,8,4,0.50,+1.00,1,4;2;2,") +
                       "Which strategy splits tensors inside layers?\n"),
              std::string::npos)
        << csv;
    EXPECT_NE(csv.find(",choice,7b,quiz-b:2,2,1,0.50,,1,1;0;1,"), std::string::npos) << csv;
    EXPECT_EQ(stats_csv(class_stats({dir / "7a-responses.csv", dir / "7b-responses.csv"}, {dir.path.string()},
                                    diags)),
              csv)
        << "deterministic";
    const std::string pdf = stats_pdf(stats);
    ASSERT_EQ(pdf.substr(0, 5), "%PDF-");
    std::ofstream(dir / "s.pdf", std::ios::binary) << pdf;
    const std::string text = run("pdftotext -layout " + dir / "s.pdf" + " -").out;
    EXPECT_NE(text.find("2 classes, 8 sheets fully marked"), std::string::npos) << text;
    EXPECT_NE(text.find("7a 50 % (+1.00) · 7b 50 % (—)"), std::string::npos) << text;

    // Bad files: located errors; the command writes nothing.
    std::ofstream(dir / "bad-responses.csv") << header << "W3-NOPE,1,1,1,A,A,1,ok\n"
                                             << sheet_rows(*a, 1, {"1", "T"}) << "x,1,one,1,A,A,1,ok\n"
                                             << "y,1\n";
    std::ofstream(dir / "results.csv") << "sheet,seed,name\n";
    const auto bad = run(binary + " stats " + dir / "7a-responses.csv " + dir / "bad-responses.csv " +
                         dir / "results.csv" + " --from " + dir.path.string() + " -o " + dir / "out.csv");
    EXPECT_EQ(bad.status, 1) << bad.out;
    const std::string f = dir / "bad-responses.csv";
    EXPECT_NE(bad.out.find(f + ":2:1: error: 'W3-NOPE' is not a sheet code"), std::string::npos) << bad.out;
    EXPECT_NE(bad.out.find(f + ":3:1: error: sheet " + sheet_code(*a, 1) + " is also in " +
                           dir / "7a-responses.csv" + " (line 2)"),
              std::string::npos)
        << bad.out;
    EXPECT_NE(bad.out.find(f + ":5:5: error: 'one' is not a question number"), std::string::npos) << bad.out;
    EXPECT_NE(bad.out.find(f + ":6:1: error: a row of responses.csv has 8 cells, this one has 2"),
              std::string::npos)
        << bad.out;
    EXPECT_NE(bad.out.find(dir / "results.csv" + ":1:1: error: this is not a responses.csv"),
              std::string::npos)
        << bad.out;
    EXPECT_NE(bad.out.find("nothing written"), std::string::npos) << bad.out;
    EXPECT_FALSE(std::filesystem::exists(dir / "out.csv"));
}

namespace {

/// One sheet as scangen filled it: per question (source order) the source option chosen, "" when none;
/// `decided` false when a question has two marks (mark leaves it to a person).
struct Truth {
    std::vector<std::string> chosen;
    bool decided = true;
    double share = 0;
};

std::string two(double d, bool sign) {
    char buf[16];
    std::snprintf(buf, sizeof buf, sign ? "%+.2f" : "%.2f", d);
    return buf;
}

}  // namespace

// Two classes of split-the-work (8 and 7 students) printed, filled in by
// scangen, marked, then `handout stats`: each row of stats.csv (each
// question in each class and in all) against the same figures computed from
// scangen's truth file through each sheet's shuffle.
TEST(StatsClasses, TwoScannedClassesAsByHand) {
    Dir dir;
    const std::string ws = source_dir + "/worksheets/split-the-work.yaml";
    Diagnostics diags;
    const auto worksheet = load_worksheet(ws, diags);
    ASSERT_TRUE(worksheet) << diags.format();
    const std::vector<std::pair<std::string, int>> classes{{"7a", 8}, {"7b", 7}};
    std::vector<std::vector<Truth>> truth;  // per class, in results order
    for (std::size_t c = 0; c < classes.size(); ++c) {
        const auto& [name, size] = classes[c];
        {
            std::ofstream roster(dir / (name + ".csv"));
            roster << "name,seed\n";
            for (int i = 1; i <= size; ++i) roster << name << " " << i << "," << 100 * (c + 1) + i << "\n";
        }
        ASSERT_EQ(run(binary + " batch " + ws + " --roster " + dir / (name + ".csv") + " -o " +
                      dir / (name + ".pdf"))
                      .status,
                  0);
        ASSERT_EQ(run(scangen + " " + dir / (name + "-scan.pdf") + " --class " + dir / (name + ".pdf") +
                      " --from " + ws + " --dpi 150 --hard 0 --seed " + std::to_string(21 + c) + " --truth " +
                      dir / (name + "-truth.csv"))
                      .status,
                  0);
        const auto marked =
            run(binary + " mark " + dir / (name + "-scan.pdf") + " --from " + ws + " --roster " +
                dir / (name + ".csv") + " -o " + dir / (name + "-results.csv"));
        ASSERT_NE(marked.status, 1) << marked.out;
        std::map<std::pair<std::string, int>, std::vector<std::string>> filled;
        for (const auto& t : read_csv(slurp(dir / (name + "-truth.csv"))))
            if (t.at("expected") == "filled")
                filled[{t.at("sheet"), std::stoi(t.at("question"))}].push_back(t.at("value"));
        truth.emplace_back();
        for (const auto& row : read_csv(slurp(dir / (name + "-results.csv")))) {
            const Variant v =
                make_variant(*worksheet, static_cast<std::uint32_t>(std::stoul(row.at("seed"))));
            Truth t;
            t.chosen.resize(8);
            int right = 0;
            for (const auto& section : v.sections)
                for (const auto& q : section.questions) {
                    const auto& marks = filled[{row.at("sheet"), q.source_index}];
                    if (marks.size() > 1) t.decided = false;
                    if (marks.size() != 1) continue;
                    std::string& chosen = t.chosen[static_cast<std::size_t>(q.source_index - 1)];
                    if (const auto* tf = std::get_if<TrueFalse>(&q.source->body)) {
                        chosen = marks[0];
                        right += (marks[0] == "T") == tf->truth ? 1 : 0;
                    } else {
                        const std::size_t option =
                            q.option_order()[static_cast<std::size_t>(marks[0][0] - 'A')];
                        chosen = std::to_string(option + 1);
                        right += option == std::get<Choice>(q.source->body).answer ? 1 : 0;
                    }
                }
            t.share = right / 8.0;
            truth.back().push_back(t);
        }
    }
    const auto stats = run(binary + " stats " + dir / "7a-responses.csv " + dir / "7b-responses.csv --from " +
                           ws + " -o " + dir / "stats.csv --pdf " + dir / "stats.pdf");
    ASSERT_EQ(stats.status, 0) << stats.out;
    const auto rows = read_csv(slurp(dir / "stats.csv"));
    ASSERT_EQ(rows.size(), 8u * 3);
    std::size_t decided = 0;
    for (std::size_t row = 0; row < rows.size(); ++row) {
        const auto& r = rows[row];
        const std::size_t q = row / 3, cls = row % 3;  // 7a, 7b, all
        EXPECT_EQ(r.at("class"), cls == 2 ? "all" : classes[cls].first);
        EXPECT_EQ(r.at("where"), "split-the-work:" + std::to_string(q + 1));
        // The hand computation: the decided sheets, strongest first (ties in class and roster order).
        std::vector<const Truth*> sheets;
        for (std::size_t c = 0; c < 2; ++c)
            for (const auto& t : truth[c])
                if (t.decided && (cls == 2 || cls == c)) sheets.push_back(&t);
        std::stable_sort(sheets.begin(), sheets.end(),
                         [](const Truth* a, const Truth* b) { return a->share > b->share; });
        const std::string key =
            worksheet->sections[0].questions[q].type() == QuestionType::truefalse
                ? (worksheet->sections[0].questions[q].as<TrueFalse>().truth ? "T" : "F")
                : std::to_string(worksheet->sections[0].questions[q].as<Choice>().answer + 1);
        const std::vector<std::string> ids = key == "T" || key == "F"
                                                 ? std::vector<std::string>{"T", "F"}
                                                 : std::vector<std::string>{"1", "2", "3"};
        std::map<std::string, int> chosen;
        std::size_t right = 0;
        for (const Truth* t : sheets) {
            ++chosen[t->chosen[q]];
            right += t->chosen[q] == key ? 1 : 0;
        }
        std::string counts;
        for (const auto& id : ids) counts += (counts.empty() ? "" : ";") + std::to_string(chosen[id]);
        const std::size_t n = sheets.size(),
                          group = std::max<std::size_t>(
                              2, static_cast<std::size_t>(std::lround(0.27 * static_cast<double>(n))));
        double top = 0, bottom = 0;
        for (std::size_t j = 0; j < group && n >= 6; ++j) {
            top += sheets[j]->chosen[q] == key ? 1 : 0;
            bottom += sheets[n - 1 - j]->chosen[q] == key ? 1 : 0;
        }
        EXPECT_EQ(r.at("sheets"), std::to_string(n)) << row;
        EXPECT_EQ(r.at("right"), std::to_string(right)) << row;
        EXPECT_EQ(r.at("share_right"), two(static_cast<double>(right) / static_cast<double>(n), false))
            << row;
        EXPECT_EQ(r.at("discrimination"),
                  n >= 6 ? two((top - bottom) / static_cast<double>(group), true) : "")
            << row;
        EXPECT_EQ(r.at("key"), key) << row;
        EXPECT_EQ(r.at("chosen"), counts) << row;
        if (cls == 2) decided = n;
    }
    EXPECT_GE(decided, 12u) << "most of the 15 sheets have every answer decided";
    const std::string info = run("pdfinfo " + dir / "stats.pdf").out;
    EXPECT_NE(info.find("Pages:           1\n"), std::string::npos) << info;
}
