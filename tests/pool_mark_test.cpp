// Pools through marking (issue 35): three classes printed from three
// worksheets that share a bank of tagged questions (two draw from it as
// pools, one prints all of it), filled in by scangen, marked, then taken
// together by `handout stats`. mark finds each sheet's draw from its code:
// a question the sheet did not draw has an empty cell and no response row,
// tags.csv sums each tag's points, and every shared question has one
// history over the three classes, its figures those of scangen's truth.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>

#include "handout/load.hpp"
#include "handout/stats.hpp"
#include "handout/variant.hpp"
#include "support.hpp"

using namespace handout;
using handout::test::read_csv;
using handout::test::run;
using handout::test::slurp;

namespace {

const std::string binary = HANDOUT_BINARY;
const std::string scangen = HANDOUT_SCANGEN;

/// The shared bank: six choice questions, tagged `shared` and easy or hard.
std::string shared_bank() {
    std::string out = "questions:\n";
    for (int i = 1; i <= 6; ++i)
        out += "  - prompt: Shared question " + std::to_string(i) + "?\n    options: [right " +
               std::to_string(i) + ", wrong " + std::to_string(i) + ", other " + std::to_string(i) +
               "]\n    answer: right " + std::to_string(i) + "\n    tags: [shared, " +
               (i % 2 ? "easy" : "hard") + "]\n";
    return out;
}

/// A question of a worksheet's own, tagged `own`.
std::string own_question(const std::string& name) {
    return "      - prompt: Own question of " + name +
           "?\n        options: [yes, no, maybe]\n        answer: yes\n"
           "        tags: [own]\n";
}

struct Class {
    std::string name, worksheet;
    int size = 0;
    std::uint32_t first_seed = 1;
};

}  // namespace

TEST(PoolMark, ThreeClassesSharingABankGiveEachItemOneHistory) {
    test::TempDir dir("pool-mark");
    const auto at = [&](const std::string& name) { return (dir.path / name).string(); };
    std::filesystem::create_directories(dir.path / "worksheets" / "bank");
    std::ofstream(dir.path / "worksheets" / "bank" / "shared.yaml") << shared_bank();
    std::ofstream(dir.path / "worksheets" / "pool-a.yaml")
        << "id: pool-a\ntitle: Pool A\nsections:\n  - title: From the bank\n    pick: 3\n    include: "
           "bank/shared.yaml\n"
           "  - title: Own\n    questions:\n"
        << own_question("A");
    std::ofstream(dir.path / "worksheets" / "pool-b.yaml")
        << "id: pool-b\ntitle: Pool B\nsections:\n  - title: Own\n    questions:\n"
        << own_question("B")
        << "  - title: From the bank\n    pick: 2\n    points: 2\n    include: bank/shared.yaml\n";
    std::ofstream(dir.path / "worksheets" / "whole-c.yaml")
        << "id: whole-c\ntitle: Whole C\nsections:\n  - title: The bank\n    include: bank/shared.yaml\n";
    const std::vector<Class> classes = {
        {"7a", "pool-a", 8, 1}, {"7b", "pool-b", 7, 1}, {"7c", "whole-c", 6, 1}};

    // Per shared question (its prompt): sheets decided that printed it, and of them right.
    std::map<std::string, std::pair<std::size_t, std::size_t>> figures;
    for (const Class& c : classes) {
        const std::string ws = at("worksheets/" + c.worksheet + ".yaml");
        Diagnostics diags;
        const auto worksheet = load_worksheet(ws, diags);
        ASSERT_TRUE(worksheet) << diags.format();
        ASSERT_EQ(run(binary + " batch " + ws + " --copies " + std::to_string(c.size) + " -o " +
                      at(c.name + ".pdf"))
                      .status,
                  0);
        ASSERT_EQ(run(scangen + " " + at(c.name + "-scan.pdf") + " --class " + at(c.name + ".pdf") +
                      " --from " + ws + " --dpi 150 --hard 0 --seed 5 --truth " + at(c.name + "-truth.csv"))
                      .status,
                  0);
        const auto marked = run(binary + " mark " + at(c.name + "-scan.pdf") + " --from " + at("worksheets") +
                                " -o " + at(c.name + "-results.csv") + " --history " + at("history.sqlite"));
        ASSERT_NE(marked.status, 1) << marked.out;
        std::map<std::pair<std::string, int>, std::vector<std::string>> filled;
        for (const auto& t : read_csv(slurp(at(c.name + "-truth.csv"))))
            if (t.at("expected") == "filled")
                filled[{t.at("sheet"), std::stoi(t.at("question"))}].push_back(t.at("value"));

        std::map<std::string, std::set<int>> responded;  // sheet → questions with a response row
        for (const auto& r : read_csv(slurp(at(c.name + "-responses.csv"))))
            responded[r.at("sheet")].insert(std::stoi(r.at("question")));
        const auto results = read_csv(slurp(at(c.name + "-results.csv")));
        ASSERT_EQ(results.size(), static_cast<std::size_t>(c.size));
        std::map<std::string, std::map<std::string, double>> tag_points;  // sheet → tag → points (truth)
        for (const auto& row : results) {
            const Variant v =
                make_variant(*worksheet, static_cast<std::uint32_t>(std::stoul(row.at("seed"))));
            const std::string& sheet = row.at("sheet");
            std::set<int> printed;
            bool decided = true;
            std::vector<std::pair<std::string, bool>> answers;  // prompt, right
            for (const auto& section : v.sections)
                for (const auto& q : section.questions) {
                    printed.insert(q.source_index);
                    const auto& marks = filled[{sheet, q.source_index}];
                    if (marks.size() > 1) decided = false;
                    const bool right =
                        marks.size() == 1 && q.option_order()[static_cast<std::size_t>(marks[0][0] - 'A')] ==
                                                 q.source->as<Choice>().answer;
                    answers.emplace_back(q.source->prompt.text, right);
                    for (const Text& t : q.source->tags) tag_points[sheet][t.text] += right ? 1 : 0;
                }
            // Undrawn questions: an empty cell, no response row; the maximum is the sheet's own.
            for (int i = 1; i <= static_cast<int>(worksheet->question_count()); ++i) {
                if (!printed.contains(i)) {
                    EXPECT_EQ(row.at("Q" + std::to_string(i)), "") << sheet << " Q" << i;
                }
            }
            EXPECT_EQ(responded[sheet], printed) << sheet;
            EXPECT_EQ(row.at("max"), std::to_string(printed.size())) << sheet;
            if (!decided || row.at("status") != "done") continue;
            for (const auto& [prompt, right] : answers) {
                if (prompt.rfind("Shared", 0) != 0) continue;
                ++figures[prompt].first;
                figures[prompt].second += right ? 1 : 0;
            }
        }
        // tags.csv: each decided sheet's points per tag, as scangen filled it.
        std::size_t tag_rows = 0;
        for (const auto& r : read_csv(slurp(at(c.name + "-tags.csv")))) {
            if (r.at("sheet") == "all") continue;
            ++tag_rows;
            EXPECT_EQ(std::stod(r.at("points")), tag_points[r.at("sheet")][r.at("tag")])
                << r.at("sheet") << " " << r.at("tag");
        }
        EXPECT_GT(tag_rows, static_cast<std::size_t>(c.size));
    }

    const auto stats = run(binary + " stats " + at("7a-responses.csv") + " " + at("7b-responses.csv") + " " +
                           at("7c-responses.csv") + " --from " + at("worksheets") + " -o " + at("stats.csv"));
    ASSERT_EQ(stats.status, 0) << stats.out;
    std::map<std::string, std::size_t> all_rows;  // prompt → its `all` rows
    for (const auto& r : read_csv(slurp(at("stats.csv")))) {
        if (r.at("class") != "all" || r.at("prompt").rfind("Shared", 0) != 0) continue;
        ++all_rows[r.at("prompt")];
        const auto& [sheets, right] = figures[r.at("prompt")];
        EXPECT_EQ(r.at("sheets"), std::to_string(sheets)) << r.at("prompt");
        EXPECT_EQ(r.at("right"), std::to_string(right)) << r.at("prompt");
        // Printed by all three worksheets: its history says where.
        for (const std::string ws : {"pool-a:", "pool-b:", "whole-c:"})
            EXPECT_NE(r.at("where").find(ws), std::string::npos) << r.at("where");
    }
    ASSERT_EQ(all_rows.size(), 6u);
    for (const auto& [prompt, n] : all_rows) EXPECT_EQ(n, 1u) << prompt;

    // The item history that mark --history kept: the same figures, one per item.
    const auto bank = run(binary + " bank " + at("worksheets/bank") + " --history " + at("history.sqlite"));
    ASSERT_EQ(bank.status, 0) << bank.out;
    for (const auto& [prompt, f] : figures) {
        const auto line = bank.out.find(prompt);
        ASSERT_NE(line, std::string::npos) << bank.out;
        const std::string want = "answered by " + std::to_string(f.first) + " students in 3 classes, " +
                                 std::to_string(std::lround(100.0 * static_cast<double>(f.second) /
                                                            static_cast<double>(f.first))) +
                                 " % right";
        EXPECT_EQ(bank.out.find(want, line), bank.out.find('\n', line) + 3) << bank.out;
    }
    // check --history: the worksheet's pool and tags, then each of its 7
    // questions with its history (A's own question: its 8 sheets, one class).
    const auto check =
        run(binary + " check " + at("worksheets/pool-a.yaml") + " --history " + at("history.sqlite"));
    ASSERT_EQ(check.status, 0) << check.out;
    EXPECT_NE(check.out.find("pool \"From the bank\": 3 of 6 questions per sheet"), std::string::npos)
        << check.out;
    EXPECT_NE(check.out.find("tag shared: 6 questions (1, 2, 3, 4, 5, 6)"), std::string::npos) << check.out;
    std::size_t histories = 0;
    for (std::size_t at_ = 0; (at_ = check.out.find("  answered by ", at_)) != std::string::npos; ++at_)
        ++histories;
    EXPECT_EQ(histories, 7u) << check.out;
    EXPECT_NE(check.out.find("Own question of A? [own]\n  answered by 8 students in 1 class"),
              std::string::npos)
        << check.out;
}
